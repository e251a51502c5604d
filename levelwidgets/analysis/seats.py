"""Seat rotation for simulations: the same bots, a different seating order each game.

Sitting first can help; a bot that always sits first would get credit for the seat. Rotating
by the game's seed puts every bot in every seat equally often over ``players`` games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def rotate_seats(make_bots: Callable[[int], Sequence[T]]) -> Callable[[int], list[T]]:
    """Wrap ``make_bots(seed)`` so the game with seed ``s`` seats its bots rotated by ``s``.

    Bots keep their names, so results stay per bot whatever seat each one had.

    >>> seating = rotate_seats(lambda seed: ["A", "B", "C"])
    >>> seating(0), seating(1), seating(5)
    (['A', 'B', 'C'], ['B', 'C', 'A'], ['C', 'A', 'B'])
    """

    def rotated(seed: int) -> list[T]:
        bots = list(make_bots(seed))
        if not bots:
            return bots
        shift = seed % len(bots)
        return bots[shift:] + bots[:shift]

    return rotated
