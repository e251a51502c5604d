"""Idle work (levelwidgets/widgets/idle.py): what the next click asks for is worked out while the
person looks, on the kernel's event loop, without changing anything a view or the game shows."""

from __future__ import annotations

import asyncio
import random
import threading
from concurrent.futures import ThreadPoolExecutor

from levelwidgets.levelx import Rules
from levelwidgets.widgets import LevelXWidget
from levelwidgets.widgets import levelx as lx_widget
from levelwidgets.widgets.idle import IDLE_DELAY_S, IdleWork, running_loop


def _run(main) -> None:
    """``asyncio.run(main())`` in a thread of its own (as tests/widgets/test_picture.py does): a
    test process may hold a running loop in its main thread (a browser driver's)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def test_idle_work_runs_once_on_the_loop_and_a_newer_one_replaces_it() -> None:
    ran: list[str] = []

    async def main() -> None:
        work = IdleWork()
        assert work.schedule(lambda: ran.append("old"), delay=0.01)
        assert work.schedule(lambda: ran.append("new"), delay=0.01)  # replaces the waiting one
        assert work.waiting
        await asyncio.sleep(0.05)
        assert not work.waiting
        work.schedule(lambda: ran.append("dropped"), delay=0.01)
        work.cancel()
        work.schedule(lambda: 1 / 0, delay=0.0)  # a failure is swallowed: a cache left cold
        await asyncio.sleep(0.05)

    _run(main)
    assert ran == ["new"]


def test_without_a_running_loop_nothing_is_scheduled() -> None:
    """A thread without an event loop (a script, a cell's thread) schedules nothing; nor does
    another thread than the loop's. (Run in threads of their own: a test process may hold a
    loop in its main thread, e.g. a browser driver's.)"""
    out: list[object] = []

    def bare() -> None:
        out.extend([running_loop(), IdleWork().schedule(lambda: None)])

    t = threading.Thread(target=bare)
    t.start()
    t.join()
    assert out == [None, False]

    async def main() -> None:
        t = threading.Thread(target=lambda: out.append(IdleWork().schedule(lambda: None)))
        t.start()
        t.join()

    out.clear()
    _run(main)
    assert out == [False]


def _play_a_game(w: LevelXWidget, seed: int, on_a_loop: bool) -> list[dict]:
    """Roll and play a random legal move until the game ends: the views after each click. On a
    loop (as in a kernel) the idle work runs between the clicks."""
    rng = random.Random(seed)
    views: list[dict] = []

    def click() -> None:
        w.roll()
        views.append(w.view)
        w.play(rng.choice(w.game.legal_moves()))
        views.append(w.view)

    async def main() -> None:
        while w.game.phase != "over":
            click()
            await asyncio.sleep(IDLE_DELAY_S + 0.005)

    if on_a_loop:
        _run(main)
    else:
        while w.game.phase != "over":
            click()
    return views


def _without_ids(views: list[dict]) -> list[dict]:
    """The views less the review's scrubKey (it names the widget's own record by its id)."""
    return [{**v, "review": {**v["review"], "scrubKey": None}} for v in views]


def test_the_warm_up_changes_no_view_and_not_the_dice(monkeypatch) -> None:
    """A game played with the next roll worked out ahead shows exactly the views of the same
    game played without (the seed's dice included); and each roll found its previews ready."""
    lucky = Rules(lucky_loser=True)
    for seed in (2, 7):
        w = LevelXWidget(seed=seed, rules=lucky)
        worked: list[bool] = []  # per preview worked out: on the widget's own game (not a copy)?
        computed = lx_widget.preview_moves

        def counting(game, _worked=worked, _w=w, _computed=computed):
            _worked.append(game is _w.game)
            return _computed(game)

        monkeypatch.setattr(lx_widget, "preview_moves", counting)
        lx_widget._PREVIEWS.clear()
        ahead = _play_a_game(w, seed, on_a_loop=True)
        monkeypatch.setattr(lx_widget, "preview_moves", computed)
        lx_widget._PREVIEWS.clear()
        plain = _play_a_game(LevelXWidget(seed=seed, rules=lucky), seed, on_a_loop=False)
        assert _without_ids(ahead) == _without_ids(plain)
        # each roll's previews were worked out once: the first roll's by the roll itself (no
        # idle time before it), every later one's ahead, on a copy of the game; a roll that
        # found them cold would add one on the widget's own game
        assert worked == [True] + [False] * (len(plain) // 2 - 1)
        assert any(v.get("preview") for v in ahead)


def test_no_warm_up_for_a_bot_or_while_the_widget_is_busy(monkeypatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(lx_widget, "_previews", lambda game: calls.append(1) or {})

    async def bot_next() -> None:
        w = LevelXWidget(seed=3, bots=[None, "greedy"], bot_delay=500)
        w.roll()
        calls.clear()  # (the person's roll shows its previews)
        w.play(w.game.legal_moves()[0])  # the bot is to roll next: its moves are not previewed
        assert w._idle is not None and not w._idle.waiting
        await asyncio.sleep(IDLE_DELAY_S + 0.02)

    _run(bot_next)
    assert calls == []

    async def busy() -> None:
        w = LevelXWidget(seed=3)
        w.roll()
        calls.clear()
        w.play(w.game.legal_moves()[0])
        assert w._idle is not None and w._idle.waiting
        held = threading.Event()
        release = threading.Event()

        def hold() -> None:
            with w._lock:
                held.set()
                release.wait(5)

        t = threading.Thread(target=hold)
        t.start()
        held.wait(5)
        await asyncio.sleep(IDLE_DELAY_S + 0.02)  # the idle work finds the widget busy
        release.set()
        t.join()
        assert calls == [] and not w._idle.waiting
        w._ponder()  # (the next view would schedule it again)
        await asyncio.sleep(IDLE_DELAY_S + 0.02)

    _run(busy)
    assert calls == [1]  # skipped while busy; then worked out once the widget was free


def test_the_lab_works_out_the_next_rolls_groupings_without_changing_its_dice() -> None:
    """DiceLab on a loop: the groupings of the roll the seed gives next are ready when Roll is
    clicked (no roll of a warmed lab finds them cold after its first), and the lab shows
    exactly the views of a lab rolled without idle time (the seed's dice included)."""
    from levelwidgets.levelx import probability
    from levelwidgets.widgets import DiceLab

    cold_rolls: list[int] = []
    views: dict[str, list[dict]] = {"ahead": [], "plain": []}

    async def main() -> None:
        probability._groupings.cache_clear()
        lab = DiceLab(seed=12, dice=5)
        for _ in range(25):
            await asyncio.sleep(IDLE_DELAY_S + 0.01)  # the class looks at the roll
            misses = probability._groupings.cache_info().misses
            lab.roll()
            cold_rolls.append(probability._groupings.cache_info().misses - misses)
            views["ahead"].append(lab.view)
        lab.close()
        assert lab._idle is not None and not lab._idle.waiting  # closed: nothing left to run

    _run(main)
    probability._groupings.cache_clear()
    plain = DiceLab(seed=12, dice=5)  # no loop: nothing is worked out ahead
    for _ in range(25):
        plain.roll()
        views["plain"].append(plain.view)
    assert views["ahead"] == views["plain"]
    assert cold_rolls == [0] * 25, cold_rolls
    assert len({tuple(v["faces"]) for v in views["plain"]}) > 15  # (rolls that differ)
