"""Scrubbing without the kernel (issue 33): the views of a line's steps, sent ahead.

``{"type": "scrub_views"}`` sends the view ``seek(step)`` would publish for every step of the
line (the first whole, then patches), for the viewer of now. Each must be exactly what the seek
publishes (but its number and log, which the browser keeps), working them out must leave the
widget as it was, and a screen that may not see every card gets none.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest

from levelwidgets.level8 import HeuristicBot, Level8
from levelwidgets.levelx import LevelX
from levelwidgets.widgets import Level8Widget, LevelXWidget
from levelwidgets.widgets.patch import apply
from levelwidgets.widgets.scrub import CHUNK

from .test_incremental import Wire


def ask(w: Any, **where: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Ask for views ahead (``first``, ``count``); the message and the views rebuilt from it."""
    wire = Wire(w)
    before = json.dumps(w.view)
    w._handle_message(w, {"type": "scrub_views", **where}, [])
    assert w.error == ""
    assert json.dumps(w.view) == before, "working the views out changed the view"
    scrubs = [(m, b) for m, b in wire.sent if m["content"].get("kind") == "scrub"]
    assert [m["method"] for m, _b in wire.sent] == ["custom"] * len(scrubs)  # nothing else
    if not scrubs:
        return {}, []
    ((msg, buffers),) = scrubs
    chain = json.loads(zlib.decompress(buffers[0]))
    views = [chain[0]]
    for op in chain[1:]:
        views.append(apply(views[-1], op))
    assert len(views) == msg["content"]["count"]
    return msg["content"], views


def same_as_seeks(w: Any, first: int, views: list[dict[str, Any]]) -> None:
    for i, view in enumerate(views):
        w.seek(first + i)
        published = {k: v for k, v in w.view.items() if k not in ("seq", "log", "new")}
        assert json.dumps(published, sort_keys=True) == json.dumps(view, sort_keys=True), i


def test_levelx_views_ahead_are_what_the_seeks_show() -> None:
    w = LevelXWidget(LevelX(["Ann", "Bob", "Cem", "Dia"], seed=3), bots=["greedy"] * 4, bot_delay=0)
    w.run_bots()
    steps = w.view["review"]["steps"]
    w.seek(steps // 2)
    log = list(w._log)
    views = []
    for first in range(0, steps + 1, CHUNK):  # the whole line, a chunk a request
        content, chunk = ask(w, first=first, count=100)
        assert content["key"] == w.view["review"]["scrubKey"] and content["first"] == first
        assert len(chunk) == min(CHUNK, steps + 1 - first) and w._log == log  # the log kept
        views += chunk
    assert ask(w, first=steps + 1) == ({}, [])  # past the end: nothing
    same_as_seeks(w, 0, views)


def test_level8_teacher_gets_views_ahead_a_player_none() -> None:
    game = Level8(["Ann", "Ben"], seed=4, start_levels=[7, 7])
    w = Level8Widget(game, bots=[HeuristicBot(seed=1), HeuristicBot(seed=2)], view="teacher")
    w.bot_delay = 0
    w.run_bots()
    steps = w.view["review"]["steps"]
    w.seek(steps - 10)
    content, views = ask(w)  # around the step shown (near the end: the line's last steps)
    here = steps - 10
    assert len(views) == CHUNK
    assert content["first"] == min(here - CHUNK // 2, steps - CHUNK + 1)
    same_as_seeks(w, content["first"], views)
    w.perspective = "player"  # a player's screen: what it shows depends on who looks
    assert w.view["review"]["scrubKey"] is None
    assert ask(w) == ({}, [])


def test_without_first_the_steps_around_the_position_shown_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("levelwidgets.widgets.scrub.CHUNK", 20)
    w = LevelXWidget(LevelX(["Ann", "Bob", "Cem"], seed=8), bots=["greedy"] * 3, bot_delay=0)
    w.run_bots()
    steps = w.view["review"]["steps"]
    assert steps > 50
    w.seek(steps // 2)
    content, views = ask(w)
    assert len(views) == 20
    assert content["first"] == steps // 2 - 10
    same_as_seeks(w, content["first"], views)


def test_the_key_changes_with_what_the_views_depend_on() -> None:
    w = LevelXWidget(LevelX(["Ann", "Bob"], seed=5), bots=["greedy"] * 2, bot_delay=0)
    w.run_bots()
    w.seek(10)
    keys = [w.view["review"]["scrubKey"]]
    w.seek(12)  # the same line: the same views
    assert w.view["review"]["scrubKey"] == keys[0]
    w._here().comment("a comment")  # the notes in the view change
    keys.append(w.view["review"]["scrubKey"])
    w.language = "de"
    keys.append(w.view["review"]["scrubKey"])
    w.teach = True
    keys.append(w.view["review"]["scrubKey"])
    assert len(set(keys)) == 4
