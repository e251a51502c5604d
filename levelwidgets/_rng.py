"""Copies of a game's random generator, shared by the engines."""

from __future__ import annotations

import random


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in ``rng``'s state. Made without seeding it first: a
    ``random.Random()`` reads the system's entropy only for :meth:`~random.Random.setstate` to
    overwrite it at once (every clone of a game, every published view, paid that)."""
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy
