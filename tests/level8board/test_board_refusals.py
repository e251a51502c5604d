"""Illegal steps are refused with a specific Level8Error subclass, in every phase, and change
nothing: the snapshot (state, RNG, history) stays equal and no listener is called (the
contract on all games: ``tests/protocol/test_illegal.py``)."""

from __future__ import annotations

import pytest

from levelwidgets.level8 import (
    Action,
    AddOnError,
    CardError,
    CardNotInHandError,
    GameOverError,
    IllegalActionError,
    KeepError,
    LevelMismatchError,
    NotYourTurnError,
    UndoError,
    WrongPhaseError,
)
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.errors import ChoiceError, ConfigTypeError, MoveError

from .helpers import board, cs, land, refused

HANDS3 = [
    "1R 2R 3R 4R 6R 8R 9R 10R 11R 12R",
    "5Y 7Y 7G 1Y 2Y 3Y 4Y 6Y 8Y 9Y",
    "5G 7B 1B 2B 3B 4B 6B 8B 9B 10B",
]


def at_roll():
    return board(HANDS3, "14O", "13P 14P 15P", towers=[5, 0, 0])


def at_move():
    g = at_roll()
    g.roll(dice=(1, 2))
    return g


def at_take():
    g = at_roll()
    land(g, 6)
    return g


def at_swap():
    g = board(HANDS3, "14O", "13P 14P 15P", towers=[4, 0, 0])
    land(g, 5)
    return g


def at_ask():
    g = at_roll()
    g.roll(dice=(4, 4))  # 9 (choose) and 13 (ask)
    g.move(13)
    return g


def at_give():
    g = at_ask()
    g.ask(7, direction="left")
    return g


def at_show():
    g = at_roll()
    land(g, 7)
    return g


def at_steal():
    g = at_show()
    g.show(cs("1Y 2Y 3Y"), player=1)
    g.show(cs("1B 2B 3B"), player=2)
    return g


def at_choose():
    g = at_roll()
    land(g, 9)
    return g


def at_play():
    g = at_take()
    g.take()
    return g


def at_keep():
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 15B", "*"], "14O", "10R", sides=["run 10"] * 3)
    land(g, 1)
    g.take()
    g.lay_down([("run", cs("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R"))])
    g.discard("15B")
    assert g.phase == "keep" and g.current_player == 1
    return g


def at_round_over():
    g = at_keep()
    g.keep([])
    return g


def at_over():
    g = board(["1R 1Y 2R 2Y 2G 3R 3Y 3G 3B 15O", "*"], "14O", "14G", start_levels=[8, 1])
    land(g, 1)
    g.take()
    g.lay_down([("set", cs("1R 1Y")), ("set", cs("2R 2Y 2G")), ("set", cs("3R 3Y 3G 3B"))])
    return g


PHASES = {
    "roll": at_roll,
    "move": at_move,
    "take": at_take,
    "swap": at_swap,
    "ask": at_ask,
    "give": at_give,
    "show": at_show,
    "steal": at_steal,
    "choose": at_choose,
    "play": at_play,
    "keep": at_keep,
    "round_over": at_round_over,
    "over": at_over,
}


def any_card(g: Level8Board) -> int:
    hand = g.hand(g.current_player)
    return hand[0] if hand else 0


#: Every step of the board game, called by the player who must act now.
STEPS = {
    "roll": lambda g: g.roll(dice=(1, 2)),
    "move": lambda g: g.move(1),
    "take": lambda g: g.take(),
    "swap": lambda g: g.swap([any_card(g)]),
    "ask": lambda g: g.ask(5, direction="left"),
    "give": lambda g: g.give(any_card(g)),
    "show": lambda g: g.show([any_card(g)]),
    "steal": lambda g: g.steal(any_card(g)),
    "choose": lambda g: g.choose("draw1"),
    "play": lambda g: g.discard(any_card(g)),
    "lay_down": lambda g: g.lay_down([("run", g.hand(g.current_player)[:3])]),
    "add_on": lambda g: g.add_on(any_card(g), 0, 0),
    "discard_two": lambda g: g.discard_two(g.hand(g.current_player)[:2]),
    "keep": lambda g: g.keep([]),
    "round_over": lambda g: g.next_round(),
    "draw": lambda g: g.apply(Action("draw", g.current_player)),  # the card game's draw step
}
PLAY_STEPS = ("play", "lay_down", "add_on", "discard_two")


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_phase_refuses_the_steps_of_other_phases(phase):
    g = PHASES[phase]()
    assert g.phase == phase
    for step, call in STEPS.items():
        if step == phase or (phase == "play" and step in PLAY_STEPS):
            continue
        error = GameOverError if phase == "over" else WrongPhaseError
        if step == "draw":
            error = IllegalActionError  # not a step of this game at all
        refused(g, error, call, g)
    # the board game has no skip cards at all: not even the methods (built from parts)
    assert not hasattr(g, "skip") and not hasattr(g, "skip_turn") and not hasattr(g, "draw")


@pytest.mark.parametrize("phase", [p for p in PHASES if p != "over"])
def test_every_phase_refuses_the_wrong_player(phase):
    g = PHASES[phase]()
    p = g.current_player
    for other in {*range(g.num_players), 7, -1} - {p}:
        refused(g, NotYourTurnError, g.roll, player=other)
        refused(g, NotYourTurnError, g.discard, any_card(g), player=other)
        refused(g, NotYourTurnError, g.take, player=other)
        refused(g, NotYourTurnError, g.next_round, player=other)


def test_bool_is_not_a_seat():
    g = board(["*", "*"], "14O")
    land(g, 1)
    g.take()
    g.discard(g.hand(0)[0])
    assert g.current_player == 1
    refused(g, NotYourTurnError, g.roll, player=True)
    refused(g, NotYourTurnError, g.roll, player=False)


@pytest.mark.parametrize(
    "dice", [(0, 3), (1, 7), (True, 2), (1.0, 2), "12", (1, 2, 3), (4,), [3, "4"], 7, (-1, 2)]
)
def test_roll_bad_dice(dice):
    g = at_roll()
    refused(g, MoveError, g.roll, dice)


@pytest.mark.parametrize("field", [99, 28, -1, 0, 3, True, "1", 1.0, None])
def test_move_bad_fields(field):
    g = at_move()
    assert g.reachable == (6, 7)
    refused(g, MoveError, g.move, field)


def test_take_bad_sources():
    g = at_take()
    for bad in (3, -1, True, 1.5, "Nobody", [1]):
        refused(g, IllegalActionError, g.take, bad)
    refused(g, ChoiceError, g.take, 0, match="empty")  # seat 0's own pile is empty
    refused(g, ChoiceError, g.take, 1, match="empty")


def test_swap_bad_cards():
    g = at_swap()
    hand = g.hand(0)
    refused(g, ChoiceError, g.swap, [])
    refused(g, ChoiceError, g.swap, hand[:4])
    refused(g, ChoiceError, g.swap, [hand[0], hand[0]])
    refused(g, CardNotInHandError, g.swap, cs("5Y"))
    refused(g, CardNotInHandError, g.swap, [101])  # J8 lies in the middle
    refused(g, CardError, g.swap, ["ZZ"])
    refused(g, CardError, g.swap, [99])  # a skip card: not in this game
    refused(g, CardError, g.swap, [True])
    refused(g, CardError, g.swap, [102])


def test_ask_bad_questions():
    g = at_ask()
    refused(g, ChoiceError, g.ask)
    refused(g, ChoiceError, g.ask, 5, "R")
    for number in (0, 16, -3, True, "5", 5.0):
        refused(g, ChoiceError, g.ask, number)
    for colour in (6, -1, "pink", True, 2.0, "Z"):
        refused(g, ChoiceError, g.ask, colour=colour)
    for direction in ("up", "", None, "LEFT", 1):
        refused(g, ChoiceError, g.ask, 5, direction=direction)


def test_give_bad_cards():
    g = at_give()
    assert g.current_player == 1
    refused(g, NotYourTurnError, g.give, "7Y", player=0)
    refused(g, NotYourTurnError, g.give, "7Y", player=2)
    refused(g, ChoiceError, g.give, "5Y")  # held, but not a 7
    refused(g, CardNotInHandError, g.give, "7B")  # a 7, not held
    refused(g, CardError, g.give, "ZZ")


def test_show_bad_cards():
    g = at_show()
    assert g.current_player == 1
    refused(g, ChoiceError, g.show, [])
    refused(g, ChoiceError, g.show, cs("1Y 2Y 3Y 4Y"))
    refused(g, ChoiceError, g.show, cs("1Y 2Y"), match="exactly 3")
    refused(g, ChoiceError, g.show, cs("1Y 1Y 2Y"))
    refused(g, CardNotInHandError, g.show, cs("1Y 2Y 1B"))  # seat 2's card
    refused(g, CardError, g.show, ["ZZ"])
    refused(g, NotYourTurnError, g.show, cs("1B"), player=2)
    refused(g, NotYourTurnError, g.show, cs("1Y"), player=0)


def test_steal_bad_cards():
    g = at_steal()
    refused(g, ChoiceError, g.steal, "4Y")  # held by seat 1, not shown
    refused(g, ChoiceError, g.steal, "5B")
    refused(g, ChoiceError, g.steal, "1R")  # the active player's own card
    refused(g, ChoiceError, g.steal, 101)
    refused(g, CardError, g.steal, "ZZ")
    refused(g, NotYourTurnError, g.steal, "1Y", player=1)


def test_choose_bad_actions():
    g = at_choose()
    for bad in ("choose", "fly", "", None, 3, "DRAW1"):
        refused(g, ChoiceError, g.choose, bad)
    h = board(["*"] * 4, "14O", towers=[5, 4, 13, 22])
    land(h, 9)
    refused(h, ChoiceError, h.choose, "ask", match="occupied")


def test_play_bad_steps():
    g = at_play()
    refused(g, CardNotInHandError, g.discard, "5Y")
    refused(g, CardNotInHandError, g.discard, 101)
    refused(g, CardError, g.discard, "ZZ")
    refused(g, CardError, g.discard, 99)  # a skip card is not in this game
    refused(g, CardError, g.discard, True)
    refused(g, ChoiceError, g.discard_two, cs("1R 2R"))
    refused(g, LevelMismatchError, g.lay_down, [("run", cs("1R 2R 3R"))])
    refused(g, AddOnError, g.add_on, "1R", 0, 0)
    refused(g, IllegalActionError, g.apply, Action("skip", 0, card=99, target=1))
    refused(g, IllegalActionError, g.apply, Action("draw", 0))
    refused(g, IllegalActionError, g.apply, Action("skip_turn", 0))
    refused(g, IllegalActionError, g.apply, Action("fly", 0))
    refused(g, IllegalActionError, g.apply, "discard")


def test_keep_bad_cards():
    g = at_keep()
    hand = g.hand(1)
    refused(g, KeepError, g.keep, hand[:5])
    refused(g, KeepError, g.keep, [hand[0], hand[0]])
    refused(g, KeepError, g.keep, cs("1R"))  # not in seat 1's hand
    refused(g, NotYourTurnError, g.keep, [], player=0)


def test_round_over_only_the_ender_deals():
    g = at_round_over()
    assert g.current_player == 0
    refused(g, NotYourTurnError, g.next_round, player=1)


def test_undo_and_setup_refusals():
    g = at_play()
    refused(g, UndoError, g.undo, g.plies + 1)
    refused(g, UndoError, g.undo, -1)
    refused(g, UndoError, g.undo, True)
    refused(g, UndoError, g.goto, g.plies + 1)
    refused(g, UndoError, g.after, -1)
    with pytest.raises(ConfigTypeError):  # set-up positions exist now (test_position.py)
        Level8Board.from_position(hands="1R 2R")
