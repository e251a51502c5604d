"""What a refused call must leave alone, for the hardening tests of every engine (issue 14).

``tests/`` is on ``sys.path``, so each game's tests import this as ``refusals``.
"""

from __future__ import annotations

import json
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


def accepted_or_refused_cleanly(
    watched: Watched,
    action: Callable[[Any, object], object],
    value: object,
    base: type[GameError],
    label: object,
) -> bool:
    """``action(game, value)`` on the watched game: True if it was accepted; else it must
    have raised a ``base`` error that changed nothing, with a short message and params the
    browser can read. Any other exception fails the test."""
    try:
        action(watched.game, value)
    except base as exc:
        assert watched.unchanged(), label
        assert len(str(exc)) < 600, "a message never writes the input out in full"
        json.dumps(exc.params)  # the browser can always be told
        return False
    except Exception as exc:  # pragma: no cover - the failure being looked for
        pytest.fail(f"{label}: {type(exc).__name__}: {exc}")
    return True
