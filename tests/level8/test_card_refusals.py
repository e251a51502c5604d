"""The card game's own refusals: each rule's illegal action raises its Level8Error subclass
with a clear message and changes nothing (the contract on all games:
``tests/protocol/test_illegal.py``)."""

from __future__ import annotations

import pytest

from levelwidgets.level8 import (
    Action,
    AddOnError,
    CardError,
    CardNotInHandError,
    ConfigError,
    EmptyPileError,
    GameOverError,
    IllegalActionError,
    InvalidCombinationError,
    KeepError,
    LayDownError,
    Level8,
    Level8Error,
    LevelMismatchError,
    NotYourTurnError,
    SkipError,
    UndoError,
    WrongPhaseError,
)

from .helpers import cs, stacked


def refused(game: Level8, error: type, match: str, fn, *args, **kwargs) -> None:
    before = game.snapshot()
    with pytest.raises(error, match=match) as info:
        fn(*args, **kwargs)
    assert isinstance(info.value, Level8Error)
    assert game.snapshot() == before
    game.check_invariants()


@pytest.fixture
def laid_game() -> Level8:
    """Seat 0 has drawn and laid down level 1; seat 1 has not laid down."""
    g = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*", "*"], "14O", "10G 15R 15Y")
    g.draw()
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    return g


def test_draw_phase_refusals():
    g = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*"], "14O", "10G")
    refused(g, WrongPhaseError, "must draw a card", g.discard, "1R")
    refused(g, WrongPhaseError, "'draw' phase", g.lay_down, [("run", cs("1R 2R 3R"))])
    refused(g, WrongPhaseError, "draw", g.skip, 1)
    refused(g, WrongPhaseError, "draw", g.skip_turn)
    refused(g, WrongPhaseError, "draw", g.keep, [])
    refused(g, WrongPhaseError, "draw", g.next_round)
    refused(g, EmptyPileError, "discard pile: it is empty", g.draw, 0)
    refused(g, IllegalActionError, "is not a player", g.draw, 7)
    refused(g, NotYourTurnError, "it is Player 1's turn", g.draw, player=1)


def test_play_phase_refusals(laid_game):
    g = laid_game
    refused(g, WrongPhaseError, "lay down your level", g.draw)
    refused(
        g,
        LayDownError,
        "already laid down",
        g.lay_down,
        [("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))],
    )
    refused(g, CardNotInHandError, "not in their hand", g.discard, "9B")
    refused(g, CardError, "not a card code", g.discard, "ZZ")
    refused(g, CardError, "out of range", g.discard, 101)
    refused(g, AddOnError, "does not fit the run 1–3", g.add_on, "8G", 0, 0)
    refused(g, AddOnError, "no laid combination #5", g.add_on, "8G", 0, 5)
    refused(g, AddOnError, "has no laid combination", g.add_on, "8G", 1, 0)
    refused(g, AddOnError, "skip card", g.add_on, "S1", 0, 1)
    refused(g, AddOnError, "either end", g.add_on, "J1", 0, 1)
    refused(g, SkipError, "themself", g.skip, 0)
    refused(g, SkipError, "not a skip card", g.skip, 1, "8G")
    refused(g, IllegalActionError, "not a player", g.skip, 9)
    refused(g, NotYourTurnError, "turn", g.discard, "8G", player=2)


def test_lay_down_refusals():
    g = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*"], "14O", "10G")
    g.draw()
    refused(
        g, LevelMismatchError, "needs exactly 2 runs of 3", g.lay_down, [("run", cs("1R 2R 3R"))]
    )
    refused(
        g,
        LevelMismatchError,
        "offered: run of 4 \\+ run of 3",
        g.lay_down,
        [("run", cs("1R 2R 3R J1"), {"J1": 4}), ("run", cs("5G 6G 7G"))],
    )
    refused(
        g,
        InvalidCombinationError,
        "not a set",
        g.lay_down,
        [("set", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))],
    )
    refused(
        g,
        InvalidCombinationError,
        "skip cards can never",
        g.lay_down,
        [("run", cs("1R 2R S1")), ("run", cs("5G 6G 7G"))],
    )
    refused(
        g,
        InvalidCombinationError,
        "used twice",
        g.lay_down,
        [("run", cs("1R 2R 3R")), ("run", cs("1R 2R 3R"))],
    )
    refused(
        g,
        CardNotInHandError,
        "does not hold 4R",
        g.lay_down,
        [("run", cs("2R 3R 4R")), ("run", cs("5G 6G 7G"))],
    )
    refused(
        g,
        InvalidCombinationError,
        "ambiguous",
        g.lay_down,
        [("run", cs("5G 6G J1")), ("run", cs("1R 2R 3R"))],
    )
    refused(g, InvalidCombinationError, "not a combination", g.lay_down, [42])


def test_must_keep_a_card_to_discard():
    g = stacked(["1R 2R 3R 5G 6G 7G 4R 8G 9G 11G", "*"], "14O", "10G")
    g.draw()
    refused(g, LevelMismatchError, "offered: nothing", g.lay_down, [])
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    for code, idx in (("4R", 0), ("8G", 1), ("9G", 1), ("10G", 1)):
        g.add_on(code, 0, idx)
    assert g.hand(0) == cs("11G")
    refused(g, AddOnError, "keep one card", g.add_on, "11G", 0, 1)


def test_skip_refusals_and_game_over():
    g = stacked(["S1 S2 2R 3R 4R 5R 6R 7R 8R 9R", "*", "*"], "11O", "1Y 1G 1B")
    g.draw()
    g.skip(1, "S1")
    refused(g, WrongPhaseError, "you are skipped", g.draw)
    g.skip_turn()
    g.draw()
    g.discard(g.hand(2)[0])
    g.draw()
    g.skip(2, "S2")
    g.draw()  # seat 1 holds no skip card
    refused(g, SkipError, "holds no skip card", g.skip, 0)
    g2 = stacked(["4R 4G 9R 9G 9B 2R 2G 2B 2Y 11O", "*"], "14O", "12P", start_levels=[8, 1])
    g2.draw()
    g2.lay_down([("set", cs("4R 4G")), ("set", cs("9R 9G 9B")), ("set", cs("2R 2G 2B 2Y"))])
    assert g2.legal_actions() == []
    refused(g2, GameOverError, "game is over", g2.discard, "11O")
    refused(g2, GameOverError, "Player 1 won", g2.draw)


def test_keep_refusals():
    g = stacked(
        ["1R 2R 3R 4R 5G 6G 7G 8G 9G 10G", "J1 J2 3Y 9B 9P 12R 12Y 13R 13Y 14R"],
        "14O",
        "11G",
        sides="two",
        start_levels=[1, 6],
    )
    g.draw()
    g.lay_down([("run", cs("1R 2R 3R 4R")), ("run", cs("5G 6G 7G 8G"))])
    g.add_on("9G", 0, 1)
    g.add_on("10G", 0, 1)
    g.discard("11G")
    refused(g, KeepError, "at most 4", g.keep, cs("J1 J2 3Y 9B 9P"))
    refused(g, KeepError, "named twice", g.keep, cs("J1 J1"))
    refused(g, KeepError, "not in their hand", g.keep, cs("4R"))
    refused(g, NotYourTurnError, "turn", g.keep, [], player=0)
    refused(g, WrongPhaseError, "choose up to 4", g.next_round)


def test_apply_rejects_malformed_actions(laid_game):
    g = laid_game
    refused(g, IllegalActionError, "not an Action", g.apply, "discard 8G")
    refused(g, IllegalActionError, "not an action a player can take", g.apply, Action("deal", 0))
    refused(g, AddOnError, "needs a card", g.apply, Action("add_on", 0))
    refused(g, SkipError, "needs a target", g.apply, Action("skip", 0))


def test_undo_refusals(laid_game):
    refused(laid_game, UndoError, "only 2 action", laid_game.undo, 3)
    refused(laid_game, UndoError, "non-negative", laid_game.undo, -1)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"players": 1}, "2 to 6 players"),
        ({"players": 7}, "2 to 6 players"),
        ({"players": ["Ann", "Ann"]}, "different"),
        ({"players": ["Ann", ""]}, "non-empty"),
        ({"players": "Ann"}, "number 2–6"),
        ({"players": 2, "sides": "three"}, "invalid sides"),
        ({"players": 2, "sides": ["one", "two", "one"]}, "3 entries for 2 players"),
        ({"players": 2, "seed": 1.5}, "seed"),
        ({"players": 2, "dealer": 2}, "dealer"),
        ({"players": 2, "start_levels": [1, 9]}, "start level 9"),
        ({"players": 2, "deck": [1, 2, 3]}, "each of the 101 cards"),
    ],
)
def test_bad_configuration(kwargs, match):
    with pytest.raises(ConfigError, match=match):
        Level8(**kwargs)
