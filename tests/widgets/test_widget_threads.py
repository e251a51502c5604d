"""A widget used from two threads at once (issue 33): a cell on the main thread, the browser's
messages on a subshell's thread (ipykernel 7 routes a comm's messages there).

Views worked out ahead for scrubbing must never move the widget's own game (a cell reading
``w.game`` meanwhile saw another step: view step 101, game step 247), and a public method
called from a cell waits while a message from the browser is being handled.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from levelwidgets.levelx import LevelX
from levelwidgets.record import adapter_for
from levelwidgets.widgets import LevelXWidget
from levelwidgets.widgets.scrub import CHUNK, stand_in

WAIT = 30  # seconds at most for a thread to get where a test waits for it (never reached)


@pytest.fixture
def switchy() -> Iterator[None]:
    """Threads take turns often, so a displaced state (if any) is seen within a few reads."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(before)


def long_game() -> LevelXWidget:
    """A whole four-bot game (some seventy steps), shown at its end."""
    w = LevelXWidget(LevelX(["Ann", "Bob", "Cem", "Dia"], seed=3), bots=["greedy"] * 4, bot_delay=0)
    w.run_bots()
    assert w.view["review"]["steps"] > 3 * CHUNK
    return w


def from_browser(w: Any, intent: dict[str, Any]) -> None:
    """A custom message as ipywidgets hands it to the widget (the comm's entry)."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": intent}}, "buffers": []})


def step_of(w: Any) -> int:
    return adapter_for(w.game).step_count(w.game)


def test_a_cell_never_sees_the_game_moved_by_views_worked_out_ahead(switchy: None) -> None:
    w = long_game()
    here = w.view["review"]["step"]
    assert step_of(w) == here
    before = w.game.snapshot()
    sent: list[dict[str, Any]] = []
    w.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]

    def browser() -> None:  # the review bar asks for the whole line, a chunk at a time
        for first in range(0, here + 1, CHUNK):
            from_browser(w, {"type": "scrub_views", "first": first, "count": CHUNK})

    thread = threading.Thread(target=browser)
    thread.start()
    seen: set[tuple[int, int]] = set()
    reads = 0
    while thread.is_alive() or reads == 0:  # a cell reading the widget meanwhile
        seen.add((w.view["review"]["step"], step_of(w)))
        assert w.game.snapshot() == before, f"the game moved while shown at step {here}"
        reads += 1
    thread.join()
    assert seen == {(here, here)}
    assert [m["first"] for m in sent if m.get("kind") == "scrub"] == list(range(0, here + 1, CHUNK))
    assert w.error == "" and w.game.snapshot() == before and w.view["review"]["step"] == here


def test_the_stand_in_shows_what_the_widget_would_and_leaves_it_alone() -> None:
    w = long_game()
    w.seek(40)
    seq, log, view, before = w._seq, list(w._log), w.view, w.game.snapshot()
    with stand_in(w) as twin:
        assert twin.game is not w.game and twin.game.snapshot() == before
        twin._captured = views = []
        twin.seek(7)
        twin.seek(6)
        assert twin.view is view and len(views) == 2  # it publishes nothing: views are caught
        assert step_of(twin) == 6 and twin._cursor.ply == 6
    assert (w._seq, w._log, w.view, w.game.snapshot()) == (seq, log, view, before)
    assert step_of(w) == w._cursor.ply == 40
    for step, caught in zip((7, 6), views, strict=True):
        w.seek(step)
        assert without_numbers(caught) == without_numbers(w.view)


def without_numbers(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("seq", "log", "new")}


def test_a_cell_waits_while_a_message_from_the_browser_is_handled() -> None:
    w = long_game()
    inside, release = threading.Event(), threading.Event()
    done: list[str] = []

    def hold(_game: object, _events: object) -> None:
        # the browser's seek is halfway (the game restored, the view not yet published)
        if threading.current_thread() is browser and not inside.is_set():
            inside.set()
            release.wait(WAIT)

    w.game.on_change(hold)
    browser = threading.Thread(
        target=lambda: (from_browser(w, {"type": "seek", "step": 10}), done.append("browser"))
    )
    cell = threading.Thread(target=lambda: (w.seek(20), done.append("cell")))
    browser.start()
    assert inside.wait(WAIT)
    cell.start()
    cell.join(0.5)  # time enough for an unguarded seek to run right through
    assert done == []  # the cell's seek waits for the browser's
    release.set()
    browser.join(WAIT)
    cell.join(WAIT)
    assert done == ["browser", "cell"]
    assert w.error == "" and w.view["review"]["step"] == step_of(w) == 20
