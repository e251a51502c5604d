"""A seat called "You" reads "Du" in German everywhere a widget shows it: the published view
(seat rows, status, log) and the offline picture; and "Du" reads "You" in English."""

from __future__ import annotations

import json
import re

import pytest

from levelwidgets.names import shown_name, shown_names
from levelwidgets.widgets.base import GameWidget
from levelwidgets.widgets.level8 import Level8Widget
from levelwidgets.widgets.level8_board import Level8BoardWidget
from levelwidgets.widgets.levelx import LevelXWidget

YOU = re.compile(r"\bYou\b")
DU = re.compile(r"\bDu\b")
WIDGETS = [Level8Widget, Level8BoardWidget, LevelXWidget]


def _make(cls: type[GameWidget], name: str, language: str) -> GameWidget:
    return cls(players=[name, "Ann"], bots=[None, None], seed=3, language=language)


def test_shown_name() -> None:
    assert shown_name("You", "de") == "Du" and shown_name(" you ", "de") == "Du"
    assert shown_name("Du", "en") == "You" and shown_name("Youssef", "de") == "Youssef"
    assert shown_names(["Ann", "YOU"], "de") == ["Ann", "Du"]


@pytest.mark.parametrize("cls", WIDGETS, ids=lambda c: c.__name__)
def test_a_german_widget_never_writes_you(cls: type) -> None:
    w = _make(cls, "You", "de")
    view = json.dumps(w.view, ensure_ascii=False)
    assert w.view["names"][0] == "Du"
    assert not YOU.search(view), YOU.search(view)
    svg = w._static_svg()
    assert DU.search(svg) and not YOU.search(svg)
    # switching the language republishes the names and the picture
    w.language = "en"
    assert w.view["names"][0] == "You" and YOU.search(w._static_svg())
    assert not DU.search(json.dumps(w.view["names"]))


@pytest.mark.parametrize("cls", WIDGETS, ids=lambda c: c.__name__)
def test_after_some_turns_the_log_moves_and_lines_say_du(cls: type[GameWidget]) -> None:
    bot = "greedy" if cls is LevelXWidget else "heuristic"
    w = cls(players=["You", "Ann"], bots=[bot, bot], seed=4, language="de", bot_delay=0)
    for _ in range(12):
        assert w.advance()
    view = json.dumps(w.view, ensure_ascii=False)
    assert w.view["review"]["lines"][0]["text"].startswith("Du: ")
    assert not YOU.search(view), view[max(0, YOU.search(view).start() - 80) :][:160]


@pytest.mark.parametrize("cls", WIDGETS, ids=lambda c: c.__name__)
def test_an_english_widget_calls_du_you(cls: type) -> None:
    w = _make(cls, "Du", "en")
    assert w.view["names"][0] == "You"
    assert not DU.search(w._static_svg())
    assert w.game.names[0] == "Du"  # the engine keeps the name it was given
