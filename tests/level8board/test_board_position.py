"""Positions a teacher sets up (``Level8Board.from_position``) and the deck helper
(``stack_board_deck``): every step, checked like a loaded record, kept in the record, and
the printed steal rule for a hand of fewer than three cards. Any position reached in play,
set up again, plays on identically: ``tests/level8/test_position.py`` (both games)."""

from __future__ import annotations

import json

import pytest

from levelwidgets.level8 import ConfigError, CorruptStateError
from levelwidgets.level8.board import Level8Board, stack_board_deck
from levelwidgets.level8.cards import JOKER8
from levelwidgets.level8.errors import ChoiceError, ConfigTypeError

from .helpers import c, cs, kinds, refused

ANN = "1R 2R 3R 4R 5R 6R 7R 8R 9R 10R"
BEN = "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y"
NAMES = ["Ann", "Ben", "Cem"]


def lesson(**kw) -> Level8Board:
    args = dict(hands=[ANN, BEN, "1B 2B"], discards=[["14O"], [], []], towers=[7, 3, 12])
    args.update(kw)
    return Level8Board.from_position(NAMES, seed=3, **args)


def round_trip(g: Level8Board) -> Level8Board:
    h = Level8Board.from_json(g.to_json())
    assert h == g and h.phase == g.phase and h.pending == g.pending
    assert h.current_player == g.current_player and h.config == g.config
    return h


def test_a_steal_with_cards_shown_and_a_player_holding_fewer_than_three():
    """„Hat ein Mitspieler keine 3 Handkarten mehr, legt er eben weniger offen aus.“"""
    g = lesson(phase="show", shown={1: "3Y 4Y 5Y"}, middle=5)
    assert (g.turn_player, g.current_player, g.phase) == (0, 2, "show")
    assert g.pending == {"action": "steal", "shown": {1: cs("3Y 4Y 5Y")}, "queue": [2]}
    assert g.jokers_left == 5 and g.draw_pile_size == 90 - 23 + 3  # 3 jokers shuffled in
    for v in (0, 1, 2, "spectator"):  # face up for the whole table
        assert dict(g.observation(v).shown) == {1: tuple(cs("3Y 4Y 5Y"))}
    refused(g, ChoiceError, g.show, "1B", match="exactly 2")  # Cem holds 2: shows both
    assert [a.cards for a in g.legal_actions()] == [tuple(cs("1B 2B"))]
    round_trip(g)
    g.show("1B 2B")
    assert g.phase == "steal" and g.current_player == 0
    ev = g.steal("2B")
    assert kinds(ev) == ["steal", "draw"] and len(g.hand(2)) == 2
    round_trip(g)


def test_hands_jokers_draw_pile_discards_middle_towers_levels_and_melds():
    hands = ["J8 J1 5G", "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y"]
    melds = [[("set", cs("7R 7G 7B")), ("run", cs("1R 2R 3R"))], []]
    discards = [["14O", "13O"], ["12O"]]
    placed = {x for h in hands for x in cs(h)} | set(cs("7R 7G 7B 1R 2R 3R 14O 13O 12O"))
    placed |= {c("J2"), c("J3")}
    rest = [x for x in range(90) if x not in placed] + cs("J4 J5 J6 J7")
    draw = cs("11G 12G") + [x for x in rest if x not in cs("11G 12G")]
    g = Level8Board.from_position(
        ["Ann", "Ben"],
        hands=hands,
        melds=melds,
        discards=discards,
        draw_pile=draw,
        middle=["J2", "J3"],
        levels=[1, 2],
        towers=[0, 5],
        turn=0,
        phase="roll",
        seed=1,
    )
    assert g.hand(0) == [JOKER8, c("J1"), c("5G")] and g.laid_down == [True, False]
    assert g.jokers_left == 2 and g.levels == [1, 2] and g.towers == [0, 5]
    assert g.discard_tops == [c("13O"), c("12O")]
    assert list(g.observation("teacher").table.draw_pile) == draw  # top first
    g.check_invariants()
    g.roll(dice=(1, 1))
    assert g.reachable == (1, 2)
    g.move(1)  # draw1
    g.take()
    assert g.hand(0)[-1] == c("11G")
    round_trip(g)


@pytest.mark.parametrize(
    ("phase", "field", "extra", "expect"),
    [
        ("roll", 0, {}, ("roll", {})),
        ("move", 0, {"dice": (2, 3)}, ("move", {})),
        ("take", 2, {"takes": 1}, ("take", {"action": "draw2", "takes": 1})),
        ("take", 2, {}, ("take", {"action": "draw2", "takes": 2})),
        ("take", 6, {}, ("take", {"action": "draw_again", "takes": 1})),
        ("swap", 5, {}, ("swap", {"action": "swap"})),
        ("ask", 4, {}, ("ask", {"action": "ask"})),
        ("choose", 9, {}, ("choose", {"action": "choose"})),
        ("play", 8, {}, ("play", {})),
    ],
)
def test_every_step_can_be_set_up(phase, field, extra, expect):
    g = lesson(towers=[field, 3, 12], phase=phase, **extra)
    assert (g.phase, g.pending) == expect and g.current_player == 0
    if phase == "move":
        assert g.reachable == (2, 4)  # field 3 is skipped
    if field == 6:
        assert g.extra_turns == 1  # the draw-again field gave it already
    assert g.legal_actions()
    round_trip(g)
    g.apply(g.legal_actions()[0])  # and play goes on


def test_a_question_waiting_for_its_card():
    g = lesson(
        hands=[ANN, "7Y 7G 1Y 2Y", "7B 1B"],
        towers=[4, 3, 12],
        phase="give",
        ask={"number": 7, "direction": "left"},
    )
    assert g.current_player == 1 and g.turn_player == 0
    assert sorted(a.card for a in g.legal_actions()) == cs("7Y 7G")
    round_trip(g)
    g.give("7G")
    assert c("7G") in g.hand(0) and g.phase == "play"
    with pytest.raises(ConfigError, match="exactly one matching card"):
        lesson(towers=[4, 3, 12], phase="give", ask={"number": 7, "direction": "right"})
    with pytest.raises(ConfigError, match="nobody to the left"):
        lesson(towers=[4, 3, 12], phase="give", ask={"colour": "purple"})


@pytest.mark.parametrize(
    ("kw", "error", "match"),
    [
        ({"hands": [ANN, ANN, "1B"]}, ConfigError, "placed twice"),
        ({"draw_pile": "11G"}, ConfigError, "98 cards"),
        ({"middle": ["5G"]}, ConfigError, "only jokers"),
        ({"middle": 9}, ConfigError, "cannot lie in the middle"),
        ({"hands": [ANN, BEN, "S1"]}, ConfigError, "no card S1"),
        ({"towers": [3, 3, 12]}, ConfigError, "same field"),
        ({"phase": "draw"}, ConfigError, "phase must be one of"),
        ({"phase": "move"}, ConfigError, "needs the dice"),
        ({"dice": (1, 2)}, ConfigError, "not rolled yet"),
        ({"phase": "swap"}, ConfigError, "step of the swap action"),
        ({"phase": "show", "towers": [7, 3, 12], "shown": {2: "1B 2B"}}, ConfigError, "turn"),
        ({"phase": "show", "shown": {1: "3Y 4Y"}}, ConfigError, "exactly 3"),
        ({"phase": "show", "shown": {1: "3Y 4Y 1R"}}, ConfigError, "must be in Ben's hand"),
        ({"phase": "steal", "shown": {1: "3Y 4Y 5Y"}}, ConfigError, "Cem must show"),
        ({"phase": "take", "towers": [1, 3, 12], "takes": 2}, ConfigError, "takes"),
        ({"phase": "take", "towers": [3, 4, 12]}, ConfigError, "joker field"),
        ({"phase": "play", "hands": ["", BEN, "1B 2B"]}, ConfigError, "holds no card"),
        ({"turn": 1.0}, ConfigTypeError, "turn"),
        ({"shown": {1: "1Y 2Y 3Y"}}, ConfigError, "only for phases"),
    ],
)
def test_bad_positions_are_refused_with_a_clear_error(kw, error, match):
    with pytest.raises(error, match=match):
        lesson(**kw)


def test_a_set_up_record_cannot_lie():
    g = lesson(phase="show", shown={1: "3Y 4Y 5Y"})
    data = json.loads(g.to_json())
    data.pop("check")
    data["config"]["position"]["shown"] = [[1, cs("3Y 4Y 6Y")]]
    with pytest.raises(CorruptStateError):
        Level8Board.from_json(json.dumps(data))


def test_undo_cannot_go_before_the_set_up():
    g = lesson(phase="roll")
    g.roll(dice=(1, 1))
    g.undo(1)
    assert g.phase == "roll" and g.plies == 0
    with pytest.raises(Exception, match="undo"):
        g.undo(1)


def test_stack_board_deck_deals_chosen_hands_from_the_number_cards():
    deck = stack_board_deck([ANN, BEN], "14O", "13P 12P")
    assert len(deck) == 90 and sorted(deck) == list(range(90))
    g = Level8Board(["Ann", "Ben"], seed=1, deck=deck)
    assert g.hand(0) == cs(ANN) and g.hand(1) == cs(BEN)
    assert g.discard_tops == [None, c("14O")] and g.jokers_left == 8
    g.roll(dice=(1, 1))
    g.move(1)  # draw1
    g.take()
    assert g.hand(0)[-1] == c("13P")
    with pytest.raises(ConfigError, match="J1 is not dealt"):
        stack_board_deck(["J1 " + ANN[3:], BEN], "14O")
