"""A listener that raises does not keep the others (a widget) on an old position (issue 28.8)."""

from __future__ import annotations

import pytest

from levelwidgets._listeners import Listeners
from levelwidgets.level8 import Level8
from levelwidgets.levelx import LevelX
from levelwidgets.widgets import Level8Widget, LevelXWidget


def test_every_listener_is_told_before_the_first_error_is_reported() -> None:
    told: list[str] = []
    listeners = Listeners()

    def broken(what: str) -> None:
        told.append("broken")
        raise ValueError(f"broken on {what}")

    def also_broken(what: str) -> None:
        told.append("also")
        raise KeyError(what)

    listeners.add(broken)
    listeners.add(lambda what: told.append(f"fine {what}"))
    listeners.add(also_broken)
    with pytest.raises(ValueError, match="broken on move") as caught:
        listeners.notify("move")
    assert told == ["broken", "fine move", "also"]
    assert any("1 more listener failed too: KeyError" in n for n in caught.value.__notes__)


def _raise(*_: object) -> None:
    raise RuntimeError("my cell's callback has a bug")


def test_levelx_widget_follows_the_game_when_an_earlier_listener_raises() -> None:
    game = LevelX(seed=3)
    game.on_change(_raise)  # registered before the widget subscribes
    w = LevelXWidget(game)
    with pytest.raises(RuntimeError, match="callback has a bug"):
        game.roll()
    assert w.view["phase"] != "roll" and w.view["dice"] == list(game.dice)


def test_level8_widget_follows_the_game_when_an_earlier_listener_raises() -> None:
    game = Level8(["Ann", "Ben"], seed=5)
    game.on_change(_raise)
    w = Level8Widget(game, view="teacher")
    before = w.view
    with pytest.raises(RuntimeError, match="callback has a bug"):
        game.apply(game.legal_actions()[0])
    assert w.view != before
