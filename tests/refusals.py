"""What a refused call must leave alone, for the hardening tests of every engine (issue 14).

``tests/`` is on ``sys.path``, so each game's tests import this as ``refusals``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from levelwidgets.errors import GameError


class Watched:
    """A game and everything a refusal must leave alone: its record, snapshot and random
    generator (plus ``extra(game)``, e.g. Level X's dice) and its listeners."""

    def __init__(self, game: Any, extra: Callable[[Any], tuple[Any, ...]] = lambda g: ()) -> None:
        self.game = game
        self.extra = extra
        self.heard: list[Any] = []
        game.on_change(lambda g, events: self.heard.append(events))
        self.before = self.state()

    def state(self) -> tuple[Any, ...]:
        g = self.game
        return (g.to_json(), g.snapshot(), g._rng.getstate(), *self.extra(g))

    def unchanged(self) -> bool:
        return self.state() == self.before and not self.heard


def refused(
    game: Any,
    action: Callable[[Any], object],
    error: type[Exception],
    base: type[GameError],
    extra: Callable[[Any], tuple[Any, ...]] = lambda g: (),
) -> Any:
    """``action(game)`` raises ``error`` (a ``base``, the engine's error base) and changes
    nothing at all; returns the error."""
    watched = Watched(game, extra)
    with pytest.raises(error) as info:
        action(game)
    assert isinstance(info.value, base), type(info.value)
    assert watched.unchanged(), "a refused call must leave the game exactly as it was"
    return info.value
