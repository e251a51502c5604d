"""Every action of the board and each of its choices, with the spec's examples
(``shared/rules/level8-board.md``, "Board (action fields)")."""

from __future__ import annotations

import pytest

from levelwidgets.level8 import CardNotInHandError, WrongPhaseError
from levelwidgets.level8.board import ACTIONS, Level8Board
from levelwidgets.level8.cards import JOKER8
from levelwidgets.level8.errors import ChoiceError, NotYourTurnError

from .helpers import board, c, cs, kinds, land, refused

DRAW = 90 - 2 * 10 - 1  # the draw pile of a fresh two-player deal


# ---------------------------------------------------------------------------- draw1
def test_draw1_takes_the_top_card_of_the_draw_pile():
    g = board(["*", "*"], "14O", "10G 11G")
    ev = land(g, 1)
    assert kinds(ev) == ["move"] and ev[0].data == {"field": 1, "action": "draw1"}
    assert g.towers == [1, 0]
    assert g.phase == "take" and g.pending == {"action": "draw1", "takes": 1}
    ev = g.take()
    assert kinds(ev) == ["draw"] and ev[0].data == {"source": "pile", "card": c("10G")}
    assert len(g.hand(0)) == 11 and c("10G") in g.hand(0)
    assert g.draw_pile_size == DRAW - 1
    assert g.phase == "play" and g.current_player == 0


def test_draw1_takes_the_top_card_of_another_players_discard_pile():
    g = board(["*", "*", "*"], "14O", "10G")  # seat 2 dealt and turned up 14O
    land(g, 1)
    ev = g.take(2)
    assert ev[0].data == {"source": 2, "card": c("14O")}
    assert c("14O") in g.hand(0) and g.discard_tops == [None, None, None]
    assert g.draw_pile_size == 90 - 30 - 1
    assert g.phase == "play"


def test_draw1_may_take_from_ones_own_discard_pile():
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", "*"], "14O", "10G 11G")
    land(g, 6)  # draw again: a second turn in which the own pile has a card
    g.take()
    g.discard("4R")
    assert g.current_player == 0 and g.phase == "roll"
    land(g, 10)
    assert g.pending == {"action": "draw1", "takes": 1}
    ev = g.take(0)
    assert ev[0].data == {"source": 0, "card": c("4R")}
    assert c("4R") in g.hand(0) and g.discard_tops[0] is None


# ---------------------------------------------------------------------------- draw2
def test_draw2_looks_at_the_first_card_then_must_take_a_second():
    g = board(["*", "*"], "14O", "10G 11G")
    land(g, 2)
    assert g.pending == {"action": "draw2", "takes": 2}
    g.take(1)  # the dealer's 14O
    assert g.phase == "take" and g.pending == {"action": "draw2", "takes": 1}
    assert c("14O") in g.observation(0).hand  # looked at before the second take
    assert g.observation(0).takes_left == 1
    # the second take is not optional: no discard, no lay-down before it
    refused(g, WrongPhaseError, g.discard, "14O")
    refused(g, WrongPhaseError, g.lay_down, [("set", cs("14O 14O 14O"))])
    ev = g.take()
    assert ev[0].data == {"source": "pile", "card": c("10G")}
    assert len(g.hand(0)) == 12 and g.phase == "play"


def test_draw2_may_take_twice_from_the_same_pile():
    g = board(["*", "*"], "14O", "10G 11G")
    land(g, 2)
    g.take()
    g.take()
    assert {c("10G"), c("11G")} <= set(g.hand(0))
    assert g.draw_pile_size == DRAW - 2 and g.phase == "play"


def test_draw2_twice_from_the_same_discard_pile():
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", "*"], "14O", "10G 11G 12G")
    land(g, 6)  # draw again: seat 0 discards twice before seat 1 plays
    g.take()
    g.discard("3R")
    land(g, 10)
    g.take()
    g.discard("9R")
    assert g.current_player == 1
    land(g, 2)
    g.take(0)
    g.take(0)
    assert {c("3R"), c("9R")} <= set(g.hand(1)) and g.discard_tops[0] is None


# ---------------------------------------------------------------------------- draw again
def test_draw_again_gives_a_complete_extra_turn_and_again_when_landed_on_again():
    # seat 1's tower on field 10 is skipped, so the double 4 reaches the next draw-again field
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", "*"], "14O", "10G 11G 12G", towers=[0, 10])
    ev = land(g, 6)
    assert kinds(ev) == ["move", "extra_turn_won"] and g.extra_turns == 1
    assert g.pending == {"action": "draw_again", "takes": 1}
    g.take()
    ev = g.discard("1R")
    assert kinds(ev) == ["discard", "extra_turn"]
    assert g.current_player == g.turn_player == 0 and g.phase == "roll" and g.extra_turns == 0
    g.roll(dice=(4, 4))
    assert g.reachable == (11, 15)
    ev = g.move(15)
    assert kinds(ev) == ["move", "extra_turn_won"] and g.extra_turns == 1
    g.take()
    ev = g.discard("2R")
    assert kinds(ev) == ["discard", "extra_turn"] and g.current_player == 0
    land(g, 19)  # a plain field: the turn ends normally
    g.take()
    ev = g.discard("3R")
    assert kinds(ev) == ["discard"]
    assert g.current_player == g.turn_player == 1 and g.phase == "roll"


def test_draw_again_extra_turn_is_lost_when_the_first_turn_ends_the_round():
    seq = ["run 10", "set 3 + set 3", "run 4 + set 2"]
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 15B", "*"], "14O", "10R", sides=seq)
    land(g, 6)
    g.take()
    g.lay_down([("run", cs("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R"))])
    ev = g.discard("15B")
    assert kinds(ev)[:3] == ["discard", "extra_turn_lost", "round_end"]
    assert ev[1].data == {"count": 1}
    assert g.extra_turns == 0 and g.levels == [3, 1]
    assert g.phase == "keep" and g.current_player == 1  # seat 1 did not lay down
    g.keep([])
    assert g.phase == "round_over" and g.current_player == 0
    g.next_round()
    assert g.current_player == g.turn_player == 1  # not seat 0's lost extra turn
    assert g.extra_turns == 0


# ---------------------------------------------------------------------------- swap
@pytest.mark.parametrize("k", [1, 2, 3])
def test_swap_discards_k_cards_in_order_then_draws_k_plus_one_from_the_draw_pile(k):
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", "*"], "14O", "10G 11G 12G 13G 14G")
    land(g, 5)
    assert g.phase == "swap" and g.pending == {"action": "swap"}
    out = ["8R", "3R", "5R"][:k]
    ev = g.swap(out)
    assert kinds(ev) == ["swap"] + ["draw"] * (k + 1)
    assert ev[0].data == {"cards": cs(" ".join(out))}
    assert [e.data for e in ev[1:]] == [
        {"source": "pile", "card": x} for x in cs("10G 11G 12G 13G 14G")[: k + 1]
    ]
    assert g.state_dict()["discards"][0] == cs(" ".join(out))  # one by one: the last on top
    assert g.discard_tops == [cs(out[-1])[0], c("14O")]  # the other piles are untouched
    assert len(g.hand(0)) == 11 and not set(cs(" ".join(out))) & set(g.hand(0))
    assert g.phase == "play"


# ---------------------------------------------------------------------------- all draw
def test_all_draw_active_player_first_then_the_others_in_turn_order():
    g = board(["*", "*", "*"], "14O", "1R 2R 3R 4R", dealer=0)  # seat 1 starts
    assert g.current_player == 1
    ev = land(g, 8)
    draws = [e for e in ev if e.kind == "draw"]
    assert [(e.player, e.data["card"]) for e in draws] == [(1, c("1R")), (2, c("2R")), (0, c("3R"))]
    assert [len(g.hand(q)) for q in range(3)] == [11, 11, 11]
    assert g.draw_pile_size == 90 - 31 - 3
    assert g.phase == "play" and g.current_player == 1


# ---------------------------------------------------------------------------- joker
def test_joker_takes_a_joker_from_the_middle():
    g = board(["*", "*"], "14O")
    assert g.jokers_left == 8
    ev = land(g, 3)
    assert kinds(ev) == ["move", "joker"] and ev[1].data == {"card": JOKER8, "left": 7}
    assert JOKER8 in g.hand(0) and g.jokers_left == 7 and len(g.hand(0)) == 11
    assert g.phase == "play"


def test_joker_with_none_left_takes_the_top_card_of_any_pile():
    layout = ["choose"] + ["joker"] * 11
    g = board(["*", "*"], "14O", "10G", layout=layout)
    for turn in range(8):
        p = g.current_player
        land(g, next(f for f in range(1, 12) if f not in g.towers))
        g.discard(min(x for x in g.hand(p) if x < 90))  # the joker stays in the hand
        assert g.jokers_left == 7 - turn
    p = g.current_player
    ev = land(g, next(f for f in range(1, 12) if f not in g.towers))
    assert kinds(ev) == ["move", "no_joker"]
    assert g.phase == "take" and g.pending == {"action": "joker", "takes": 1}
    ev = g.take(1 - p)  # any pile: here the other player's discard pile
    assert ev[0].data["source"] == 1 - p and g.phase == "play"
    g.check_invariants()


# ---------------------------------------------------------------------------- ask
ASK_HANDS = [
    "1R 2R 3R 4R 6R 8R 9R 10R 11R 12R",  # seat 0 asks; no 5, 7, 13
    "5Y 7Y 7G 1Y 2Y 3Y 4Y 6Y 8Y 9Y",  # left of seat 0: one 5, two 7s, one green
    "5G 7B 1B 2B 3B 4B 6B 8B 9B 10B",  # right of seat 0: one 5, blue cards
]


def ask_game() -> Level8Board:
    g = board(ASK_HANDS, "14O", "13P 14P")
    land(g, 4)
    assert g.phase == "ask" and g.pending == {"action": "ask"}
    return g


@pytest.mark.parametrize(("direction", "giver", "card"), [("left", 1, "5Y"), ("right", 2, "5G")])
def test_ask_number_one_matching_card_is_given_at_once(direction, giver, card):
    g = ask_game()
    ev = g.ask(number=5, direction=direction)
    assert kinds(ev) == ["ask", "give", "draw"]
    assert ev[0].data == {"number": 5, "colour": None, "direction": direction}
    assert ev[1].player == giver and ev[1].data == {"card": c(card), "to": 0}
    assert ev[2].player == giver and ev[2].data == {"source": "pile", "card": c("13P")}
    assert c(card) in g.hand(0) and c(card) not in g.hand(giver)
    assert c("13P") in g.hand(giver) and len(g.hand(giver)) == 10
    assert g.phase == "play" and g.current_player == 0


def test_ask_several_matching_cards_the_giver_chooses():
    g = ask_game()
    ev = g.ask(7, direction="left")
    assert kinds(ev) == ["ask"]
    assert g.phase == "give" and g.current_player == 1 and g.turn_player == 0
    assert g.pending == {"action": "ask", "giver": 1, "number": 7, "colour": None}
    view = g.observation(1)
    assert view.asked == (7, None) and view.giver == 1
    assert {a.card for a in view.legal_actions} == set(cs("7Y 7G"))
    refused(g, NotYourTurnError, g.give, "7G", player=0)
    refused(g, ChoiceError, g.give, "5Y", match="not what was asked")
    ev = g.give("7G", player=1)
    assert kinds(ev) == ["give", "draw"] and ev[0].data == {"card": c("7G"), "to": 0}
    assert c("7G") in g.hand(0) and c("7Y") in g.hand(1) and c("13P") in g.hand(1)
    assert g.phase == "play" and g.current_player == 0


@pytest.mark.parametrize("colour", ["G", 2, "green"])
def test_ask_colour_goes_to_the_first_holder_in_the_direction(colour):
    g = ask_game()
    ev = g.ask(colour=colour, direction="left")  # seat 1 holds one green: 7G (seat 2: 5G)
    assert ev[0].data == {"number": None, "colour": 2, "direction": "left"}
    assert ev[1].player == 1 and ev[1].data["card"] == c("7G")


def test_ask_colour_passes_players_without_one():
    g = ask_game()
    g.ask(colour="B", direction="left")  # seat 1 has no blue card: seat 2 must give
    assert g.phase == "give" and g.current_player == 2


def test_ask_nobody_has_one_take_the_top_card_of_any_pile():
    g = ask_game()
    ev = g.ask(number=13, direction="right")
    assert kinds(ev) == ["ask", "ask_none"]
    assert g.phase == "take" and g.pending == {"action": "ask", "takes": 1}
    ev = g.take(2)
    assert ev[0].data == {"source": 2, "card": c("14O")} and g.phase == "play"
    assert [len(g.hand(q)) for q in range(3)] == [11, 10, 10]


@pytest.mark.parametrize("question", [{"number": 13}, {"colour": "P"}])
def test_ask_jokers_never_match(question):
    g = board(["1R 2R 3R 4R 6R 8R 9R 10R 11R 12R", "*"], "14O", "13P 14P")
    land(g, 3)  # seat 0 takes a joker and keeps it
    g.discard("1R")
    land(g, 4)  # seat 1 asks for what only a joker could stand for
    assert JOKER8 in g.hand(0)
    ev = g.ask(**question, direction="left")
    assert kinds(ev) == ["ask", "ask_none"] and JOKER8 in g.hand(0)
    assert g.phase == "take"


# ---------------------------------------------------------------------------- steal
STEAL_HANDS = [
    "1R 2R 3R 4R 5R 6R 7R 8R 9R 10R",
    "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y",
    "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B",
]


def test_steal_every_other_player_shows_three_then_the_active_player_takes_one():
    """„Alle Mitspieler müssen, reihum im Uhrzeigersinn, drei Karten aus ihrer Hand offen vor
    sich auslegen. Der Spieler am Zug muss sich von allen offengelegten Karten eine aussuchen
    … der „bestohlene“ Mitspieler erhält … die oberste Karte vom Nachziehstapel.“"""
    g = board(STEAL_HANDS, "14O", "13P 14P", towers=[4, 0, 0])
    ev = land(g, 7)
    assert kinds(ev) == ["move"]
    assert g.phase == "show" and g.current_player == 1 and g.turn_player == 0
    assert g.pending["queue"] == [1, 2]
    ev = g.show(["3Y", "4Y", "5Y"], player=1)
    assert kinds(ev) == ["show"]
    assert ev[0].data["cards"] == cs("3Y 4Y 5Y") and ev[0].data["count"] == 3
    assert g.phase == "show" and g.current_player == 2
    g.show(["9B", "10B", "1B"])
    assert g.phase == "steal" and g.current_player == 0
    assert g.pending["shown"] == {1: cs("3Y 4Y 5Y"), 2: cs("9B 10B 1B")}
    assert {(a.card, a.target) for a in g.legal_actions()} == {
        (c(x), 1) for x in ("3Y", "4Y", "5Y")
    } | {(c(x), 2) for x in ("9B", "10B", "1B")}
    ev = g.steal("4Y")
    assert kinds(ev) == ["steal", "draw"]
    assert ev[0].data == {"card": c("4Y"), "from": 1}
    assert ev[1].player == 1 and ev[1].data == {"source": "pile", "card": c("13P")}
    assert c("4Y") in g.hand(0) and len(g.hand(0)) == 11
    # „Auch die anderen offengelegten Karten werden … wieder auf die Hand zurückgenommen.“
    assert {c("3Y"), c("5Y")} <= set(g.hand(1)) and c("9B") in g.hand(2)
    assert [len(g.hand(q)) for q in range(3)] == [11, 10, 10]
    assert g.phase == "play" and g.current_player == 0 and "shown" not in g.pending


def test_steal_shows_go_round_in_turn_order_from_the_active_player():
    g = board(["*", "*", "*", "*"], "14O", dealer=0, towers=[0, 4, 0, 0])  # seat 1 starts
    land(g, 7)
    assert g.pending["queue"] == [2, 3, 0] and g.current_player == 2
    for q in (2, 3, 0):
        assert g.current_player == q
        g.show(g.hand(q)[:3])
    assert g.phase == "steal" and g.current_player == 1


def test_steal_each_player_shows_exactly_three_of_their_hand_cards():
    """„drei Karten aus ihrer Hand“: not one, not two, not four (a player with a full hand
    chooses which three)."""
    g = board(STEAL_HANDS, "14O", towers=[4, 0, 0])
    land(g, 7)
    refused(g, ChoiceError, g.show, [], player=1)
    refused(g, ChoiceError, g.show, cs("1Y"), player=1, match="exactly 3")
    refused(g, ChoiceError, g.show, cs("1Y 2Y"), player=1, match="exactly 3")
    refused(g, ChoiceError, g.show, cs("1Y 2Y 3Y 4Y"), player=1)
    refused(g, ChoiceError, g.show, cs("1Y 1Y 2Y"), player=1)
    refused(g, CardNotInHandError, g.show, cs("1R 1Y 2Y"), player=1)
    refused(g, NotYourTurnError, g.show, cs("1B 2B 3B"), player=2)
    assert {len(a.cards) for a in g.legal_actions()} == {3}
    assert len(g.legal_actions()) == 120  # 10 choose 3
    g.show(cs("1Y 2Y 3Y"), player=1)
    g.show("1B 2B 3B", player=2)
    refused(g, ChoiceError, g.steal, "4Y", match="not shown")
    refused(g, ChoiceError, g.steal, "1R", match="not shown")  # the stealer's own card


# ---------------------------------------------------------------------------- choose
def test_choose_moves_to_the_next_free_field_of_the_named_action():
    g = board(["*", "*"], "14O", towers=[5, 0])
    ev = land(g, 9)
    assert kinds(ev) == ["move"] and g.phase == "choose"
    assert set(g.choosable()) == set(ACTIONS) - {"choose"}
    ev = g.choose("ask")
    assert kinds(ev) == ["choose"] and ev[0].data == {"action": "ask", "field": 13}
    assert g.towers[0] == 13 and g.phase == "ask" and g.pending == {"action": "ask"}


def test_choose_skips_an_occupied_field_and_wraps_the_circuit():
    g = board(["*", "*"], "14O", towers=[5, 13])
    land(g, 9)
    g.choose("ask")
    assert g.towers[0] == 22
    h = board(["*", "*"], "14O", towers=[25, 10])
    land(h, 27)
    assert h.phase == "choose"
    h.choose("draw1")  # 1 is the next draw1 field clockwise of 27
    assert h.towers[0] == 1 and h.phase == "take"


def test_choose_every_field_of_the_action_occupied_is_refused_choose_another():
    g = board(["*", "*", "*", "*"], "14O", towers=[5, 4, 13, 22])
    land(g, 9)
    assert "ask" not in g.choosable() and "swap" in g.choosable()
    refused(g, ChoiceError, g.choose, "ask", match="occupied")
    g.choose("swap")
    assert g.towers[0] == 14 and g.phase == "swap"


@pytest.mark.parametrize("bad", ["choose", "fly", "", 5, None])
def test_choose_itself_and_unknown_actions_cannot_be_chosen(bad):
    g = board(["*", "*"], "14O", towers=[5, 0])
    land(g, 9)
    refused(g, ChoiceError, g.choose, bad)


def test_choose_draw_again_gives_an_extra_turn():
    g = board(["*", "*"], "14O", towers=[5, 0])
    land(g, 9)
    ev = g.choose("draw_again")
    assert kinds(ev) == ["choose", "extra_turn_won"] and g.towers[0] == 15
    g.take()
    g.discard(g.hand(0)[0])
    assert g.current_player == 0 and g.phase == "roll"


def test_the_start_field_is_a_choose_field():
    g = board(["*", "*"], "14O", towers=[25, 5])
    g.roll(dice=(3, 5))
    assert g.reachable == (0, 2)
    ev = g.move(0)
    assert ev[0].data == {"field": 0, "action": "choose"} and g.phase == "choose"
