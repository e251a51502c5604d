"""One undo vocabulary in both engines: undo(n), goto(ply), after(ply), plies, to_svg(viewer)."""

from __future__ import annotations

import inspect

import pytest

from levelwidgets.level8 import HeuristicBot, Level8, UndoError
from levelwidgets.levelx import LevelX, NotationError, NothingToUndoError, RandomBot, Turn


def _game(turns: int, pending: bool) -> LevelX:
    game = LevelX(3, seed=5)
    game.autoplay([RandomBot(5 + p) for p in range(3)], max_turns=turns)
    if pending:
        game.roll()
    return game


@pytest.mark.parametrize("pending", [False, True])
def test_undo_n_equals_n_single_undos(pending):
    game = _game(12, pending)
    total = 2 * 12 + pending
    for n in range(total + 1):
        one_by_one = game.clone()
        firsts = [one_by_one.undo() for _ in range(n)]
        at_once = game.clone()
        heard = []
        at_once.on_change(lambda g, events, heard=heard: heard.append(events))
        undone = at_once.undo(n)
        assert at_once == one_by_one, n
        assert heard == ([[]] if n else [])
        if n:  # the earliest action taken back, as the last single undo() returned it
            last = firsts[-1]
            assert type(undone) is type(last) and undone == last
            assert isinstance(undone, (Turn, tuple))
        else:
            assert undone is None


def test_undo_one_keeps_its_old_meaning():
    game = _game(4, pending=True)
    dice = game.dice
    assert game.undo() == dice and game.dice is None  # an unplayed roll goes first
    undone = game.undo()
    assert isinstance(undone, Turn) and game.dice == undone.dice and game.phase == "play"
    assert game.plies == 3


def test_undo_refuses_too_much_and_bad_counts_without_changing_anything():
    game = _game(3, pending=True)
    before = game.snapshot()
    with pytest.raises(NothingToUndoError, match="7 action"):
        game.undo(8)
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(NotationError):
            game.undo(bad)  # type: ignore[arg-type]
    assert game.snapshot() == before
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        LevelX(2, seed=1).undo()


def test_goto_after_plies_and_rewind_agree():
    game = _game(15, pending=True)
    assert game.plies == 15 == len(game.history)
    positions = [game.after(k) for k in range(16)]
    assert [p.plies for p in positions] == list(range(16))
    for k in (15, 9, 9, 0):
        g = game.clone()
        g.goto(k)
        assert g == positions[k] and g.dice is None  # before the next roll
        h = game.clone()
        h.rewind(k)
        assert h == g
    with pytest.raises(NotationError, match="ply must be between 0 and 15"):
        game.goto(16)
    with pytest.raises(NotationError, match="ply must be between"):
        game.after(-1)


def test_level8_undo_goto_after_plies():
    g = Level8(3, seed=4)
    bots = [HeuristicBot(k) for k in range(3)]
    snaps = [g.snapshot()]
    for _ in range(30):
        p = g.current_player
        g.apply(bots[p].choose(g.observation(p)))
        snaps.append(g.snapshot())
    assert g.plies == 30 == len(g.history) - 1
    assert [g.after(k).snapshot() for k in (0, 7, 30)] == [snaps[0], snaps[7], snaps[30]]
    entry = g.history[-5]
    h = g.clone()
    assert h.undo(5) == entry and h.snapshot() == snaps[25]  # positional n, as before
    assert h.undo(0) is None and h.plies == 25
    h.goto(12)
    assert h.snapshot() == snaps[12]
    h.goto(12)
    assert h.snapshot() == snaps[12]
    h.undo_to(3)  # the old name: history length, the deal included
    assert h.snapshot() == snaps[2]
    for bad in (31, -1, True):
        with pytest.raises(UndoError):
            g.clone().goto(bad)
    with pytest.raises(UndoError, match="since the first deal"):
        g.undo(31)


@pytest.mark.parametrize("name", ["undo", "goto", "after", "plies", "to_svg"])
def test_both_engines_document_the_vocabulary_in_the_same_words(name):
    x = inspect.getdoc(getattr(LevelX, name))
    e = inspect.getdoc(getattr(Level8, name))
    assert x and x == e
    if name != "to_svg":
        assert "a Level X turn" in x or "Level X" in x


def test_signatures_match():
    for name in ("undo", "goto", "after", "to_svg"):
        px = list(inspect.signature(getattr(LevelX, name)).parameters.values())
        p8 = list(inspect.signature(getattr(Level8, name)).parameters.values())
        assert [(p.name, p.default) for p in px] == [(p.name, p.default) for p in p8], name


def test_to_svg_takes_a_viewer_in_both_engines():
    x = _game(3, pending=False)
    assert x.to_svg() == x.to_svg(0) == x.to_svg("teacher") == x._repr_svg_()
    g = Level8(["Ann", "Ben"], seed=2)
    assert "spectator view" in g.to_svg()
    assert g.to_svg() == g.to_svg("spectator") and g.to_svg("teacher") == g._repr_svg_()
