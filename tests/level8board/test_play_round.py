"""The play phase (lay down, add on, discard, discard two), the end of a round, the next
deal by the player who ended it, and the winner (``shared/rules/level8-board.md``, "Turn"
steps 2–3, "End of a round", "End of the game"; the card game's combination rules)."""

from __future__ import annotations

from levelwidgets.level8 import (
    AddOnError,
    GameOverError,
    KeepError,
    LevelMismatchError,
    NotYourTurnError,
    make_combo,
)
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.cards import BOARD_JOKER_IDS, JOKER8
from levelwidgets.level8.combos import is_full
from levelwidgets.level8.errors import ChoiceError

from .helpers import board, c, cs, kinds, land, refused

RUN9 = ["run 9", "set 3 + set 3", "run 4 + set 2"]


# ---------------------------------------------------------------------------- lay down / add on
def test_lay_down_and_add_on_as_in_the_card_game():
    g = board(
        ["5R 5Y 5G 1B 2B 3B 9O 10O 11O 12O", "7R 7Y 7G 1G 2G 3G 5B 13B 14B 15B"],
        "14O",
        "4B 4G",
        towers=[0, 9],
    )
    land(g, 1)
    g.take()
    refused(g, LevelMismatchError, g.lay_down, [("run", cs("1B 2B 3B 4B"))])
    ev = g.lay_down([("set", cs("5R 5Y 5G")), ("run", cs("1B 2B 3B"))])
    assert kinds(ev) == ["lay_down"] and g.laid_down == [True, False]
    ev = g.add_on("4B", 0, 1)  # the same turn: onto the own run
    assert ev[0].data["combo"] == {"kind": "run", "lo": 1, "hi": 4}
    g.discard("12O")
    land(g, 10)
    g.take()  # 4G
    # seat 1 may not add on before laying down their own level
    refused(g, AddOnError, g.add_on, "5B", 0, 0, match="lay down their own level")
    g.lay_down([("set", cs("7R 7Y 7G")), ("run", cs("1G 2G 3G"))])
    g.add_on("5B", 0, 0)  # onto another player's set
    g.add_on("4G", 1, 1)
    assert [len(m.cards) for m in g.melds(0)] == [4, 4]
    assert [len(m.cards) for m in g.melds(1)] == [3, 4]
    ev = g.discard("13B")
    assert kinds(ev) == ["discard"] and g.current_player == 0 and g.phase == "roll"
    g.check_invariants()


# ---------------------------------------------------------------------------- discard two
def test_is_full():
    assert is_full(make_combo("run", range(15)))  # 1R … 15R
    assert not is_full(make_combo("run", range(1, 15)))  # 2–15 can still take a 1
    assert is_full(make_combo("set", cs("5R 5Y 5G 5B 5P 5O")))
    assert is_full(make_combo("set", cs("5R 5Y 5G 5B 5P 5O J1")))
    assert not is_full(make_combo("set", cs("5R 5Y 5G 5B 5P J1")))  # 5O still fits
    assert not is_full(make_combo("set", cs("5R 5Y 5G")))
    assert is_full(make_combo("run", [*range(14), JOKER8], {JOKER8: 15}))  # 1–15 with a joker
    assert not is_full(make_combo("run", [*range(1, 14), JOKER8], {JOKER8: 15}))
    assert is_full(make_combo("colour", range(15)))
    assert not is_full(make_combo("colour", range(14)))


def test_discard_two_when_every_laid_combination_is_full():
    g = board(["5R 5Y 5G 5B 5P 5O 1R 2R 3R 4R", "*"], "14O", "9G", sides=[["set 6"] * 3] * 2)
    land(g, 1)
    g.take()
    assert not g.may_discard_two(0)  # nothing laid yet
    refused(g, ChoiceError, g.discard_two, cs("1R 2R"))
    g.lay_down([("set", cs("5R 5Y 5G 5B 5P 5O"))])
    assert g.may_discard_two(0) and g.observation(0).may_discard_two
    assert any(a.kind == "discard_two" for a in g.legal_actions())
    refused(g, ChoiceError, g.discard_two, cs("1R"))
    refused(g, ChoiceError, g.discard_two, cs("1R 2R 3R"))
    refused(g, ChoiceError, g.discard_two, cs("1R 1R"))
    ev = g.discard_two(cs("2R 1R"))
    assert kinds(ev) == ["discard_two"] and ev[0].data == {"cards": cs("2R 1R")}
    assert g.state_dict()["discards"][0] == cs("2R 1R")  # in the order given
    assert sorted(g.hand(0)) == sorted(cs("3R 4R 9G"))
    assert g.current_player == 1 and g.phase == "roll"


def test_discard_two_refused_while_a_laid_combination_is_not_full():
    g = board(["5R 5Y 5G 5B 5P 1R 2R 3R 4R 6R", "*"], "14O", "5O", sides=[["set 5"] * 3] * 2)
    land(g, 1)
    g.take()
    g.lay_down([("set", cs("5R 5Y 5G 5B 5P"))])
    assert not g.may_discard_two(0)
    refused(g, ChoiceError, g.discard_two, cs("1R 2R"), match="full")
    g.add_on("5O", 0, 0)  # now six of a number: full
    assert g.may_discard_two(0)
    g.discard_two(cs("1R 2R"))


def test_discard_two_only_for_players_who_laid_down_and_only_while_all_are_full():
    g = board(
        ["5R 5Y 5G 5B 5P 5O 1R 2R 3R 4R", "7R 7Y 7G 9Y 10Y 11Y 12Y 13Y 14Y 15Y"],
        "14O",
        "9G 10G 11G",
        sides=[["set 6"] * 3, ["set 3"] * 3],
        towers=[0, 9],
    )
    land(g, 1)
    g.take()
    g.lay_down([("set", cs("5R 5Y 5G 5B 5P 5O"))])
    g.discard("1R")
    land(g, 10)
    g.take()
    assert not g.may_discard_two(1)  # every laid combination is full, but seat 1 has not laid
    refused(g, ChoiceError, g.discard_two, cs("9Y 10Y"))
    g.lay_down([("set", cs("7R 7Y 7G"))])
    assert not g.may_discard_two(1)  # seat 1's own set of 3 is not full
    g.discard("9Y")
    land(g, 3)  # joker: straight on to play
    assert g.phase == "play" and not g.may_discard_two(
        0
    )  # another player's combination is not full
    refused(g, ChoiceError, g.discard_two, cs("2R 3R"))


def test_discard_two_of_the_last_two_cards_ends_the_round():
    g = board(
        ["5R 5Y 5G 5B 5P 5O 1R 2R 3R 4R", "*"],
        "14O",
        "9G",
        sides=[["set 6"] * 3] * 2,
        towers=[0, 9],
    )
    land(g, 3)  # joker: 11 cards
    g.lay_down([("set", cs("5R 5Y 5G 5B 5P 5O"))])
    g.add_on(JOKER8, 0, 0)  # jokers may still be added to a full set
    assert g.may_discard_two(0)
    g.discard_two(cs("1R 2R"))
    land(g, 10)  # seat 1
    g.take()
    g.discard(g.hand(1)[0])
    g.roll(dice=(4, 4))  # seat 0 from field 3, seat 1's field 10 skipped
    assert g.reachable == (7, 12)
    g.move(12)  # joker: J7
    g.add_on("J7", 0, 0)
    assert sorted(g.hand(0)) == cs("3R 4R")
    ev = g.discard_two(cs("3R 4R"))
    assert kinds(ev)[:2] == ["discard_two", "round_end"] and g.levels == [3, 1]
    assert g.phase == "keep" and g.current_player == 1


# ---------------------------------------------------------------------------- round end
def round_end_game() -> Level8Board:
    """Seat 0 and 1 lay down ("run 9"); seat 2 takes a joker; seat 1 goes out."""
    g = board(
        ["1R 2R 3R 4R 5R 6R 7R 8R 9R 15B", "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 14B", "*"],
        "14O",
        "13G 13P 12G",
        sides=RUN9,
        towers=[0, 9, 18],
    )
    land(g, 1)
    g.take()  # 13G
    g.lay_down([("run", cs("1R 2R 3R 4R 5R 6R 7R 8R 9R"))])
    g.discard("15B")
    land(g, 10)
    g.take()  # 13P
    g.lay_down([("run", cs("1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y"))])
    g.discard("14B")
    land(g, 21)  # seat 2: joker J8
    g.discard(min(g.hand(2)))
    land(g, 2)  # seat 0: draw two
    g.take()
    g.take()
    g.discard("13G")
    land(g, 12)  # seat 1: joker J7
    assert sorted(g.hand(1)) == sorted([c("13P"), 96])
    g.add_on("J7", 1, 0)  # the run 1–9 only takes a 10
    return g


def test_round_end_levels_keep_and_the_ender_deals():
    g = round_end_game()
    ev = g.discard("13P")
    assert kinds(ev) == ["discard", "round_end"]
    assert ev[1].player == 1 and ev[1].data["moves"] == [1, 2, 0]
    assert g.levels == [2, 3, 1]
    # every player who did not lay down may keep up to 4 cards (here only seat 2)
    assert g.phase == "keep" and g.current_player == 2
    assert JOKER8 in g.hand(2)
    hand2 = g.hand(2)
    keep = [JOKER8, *[x for x in hand2 if x != JOKER8][:3]]
    refused(g, KeepError, g.keep, [JOKER8, *[x for x in hand2 if x != JOKER8][:4]])
    g.keep(keep)
    # the player who ended the round deals (not the dealer's left neighbour, seat 0)
    assert g.phase == "round_over" and g.current_player == 1
    refused(g, NotYourTurnError, g.next_round, player=0)
    towers = g.towers
    ev = g.next_round()
    assert kinds(ev) == ["deal"]
    d = ev[0].data
    assert d["dealer"] == 1 and d["starts"] == 2 and d["round"] == 2
    assert g.dealer == 1 and g.current_player == g.turn_player == 2 and g.phase == "roll"
    # hands up to 10, kept cards included; the dealer turns up the first discard
    assert [len(g.hand(q)) for q in range(3)] == [10, 10, 10]
    assert set(keep) <= set(g.hand(2))
    assert g.discard_tops == [None, d["first_discard"], None]
    assert g.state_dict()["discards"] == [[], [d["first_discard"]], []]
    # jokers back to the middle (J7 from seat 1's run) except the kept one
    assert g.jokers_left == 7 and sorted(g.state_dict()["middle"]) == sorted(
        set(BOARD_JOKER_IDS) - {JOKER8}
    )
    assert g.laid_down == [False, False, False] and all(not g.melds(q) for q in range(3))
    assert g.towers == towers == [2, 12, 21]  # the movers stay where they are
    assert g.draw_pile_size == 90 - 3 - 26 - 1  # 3 kept number cards stay out
    g.check_invariants()


def test_a_player_who_did_not_lay_down_may_keep_nothing():
    g = round_end_game()
    g.discard("13P")
    g.keep([])
    g.next_round()
    assert g.jokers_left == 8 and all(x < 90 for q in range(3) for x in g.hand(q))


def test_round_end_keep_queue_starts_left_of_the_ender():
    seq = ["run 10"] * 3
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 15B", "*", "*", "*"], "14O", "10R", sides=seq)
    land(g, 1)
    g.take()
    g.lay_down([("run", cs("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R"))])
    g.discard("15B")
    assert g.phase == "keep"
    order = []
    while g.phase == "keep":
        order.append(g.current_player)
        g.keep(g.hand(g.current_player)[:4])
    assert order == [1, 2, 3]
    assert g.current_player == 0
    g.next_round()
    assert [len(g.hand(q)) for q in range(4)] == [10] * 4
    g.check_invariants()


# ---------------------------------------------------------------------------- winner
def test_laying_down_level_8_wins_at_once():
    g = board(["1R 1Y 2R 2Y 2G 3R 3Y 3G 3B 15O", "*"], "14O", "14G", start_levels=[8, 1])
    land(g, 1)
    g.take()
    ev = g.lay_down([("set", cs("1R 1Y")), ("set", cs("2R 2Y 2G")), ("set", cs("3R 3Y 3G 3B"))])
    assert kinds(ev) == ["lay_down", "win"]
    assert ev[1].data == {"winner": 0, "reason": "last_level", "level": 8}
    assert g.is_over and g.winners == [0] and g.phase == "over"
    assert len(g.hand(0)) == 2  # no need to go out
    refused(g, GameOverError, g.discard, "15O")
    refused(g, GameOverError, g.roll)
    assert g.legal_actions() == []
    g.check_invariants()


def lay_seven(start_levels: list[int]) -> Level8Board:
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", "*"], "14O", "15B", start_levels=start_levels)
    land(g, 1)
    g.take()
    g.lay_down([("run", cs("1R 2R 3R 4R 5R 6R 7R"))])
    for x in ("8R", "9R", "10R"):
        g.add_on(x, 0, 0)
    return g


def test_laying_down_level_7_and_ending_the_round_wins():
    g = lay_seven([7, 1])
    assert g.hand(0) == [c("15B")]
    ev = g.discard("15B")
    assert kinds(ev) == ["discard", "round_end", "win"]
    assert ev[2].data == {"winner": 0, "reason": "went_out", "level": 7}
    assert g.is_over and g.winners == [0] and g.levels[0] == 9


def test_laid_level_7_without_ending_the_round_is_no_win():
    g = board(
        ["1R 2R 3R 4R 5R 6R 7R 11G 12G 13G", "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y"],
        "14O",
        "15B 15P",
        start_levels=[7, 7],
        towers=[0, 9],
    )
    land(g, 1)
    g.take()
    g.lay_down([("run", cs("1R 2R 3R 4R 5R 6R 7R"))])
    g.discard("15B")
    land(g, 10)
    g.take()
    g.lay_down([("run", cs("1Y 2Y 3Y 4Y 5Y 6Y 7Y"))])
    for x in ("8Y", "9Y", "10Y"):
        g.add_on(x, 1, 0)
    ev = g.discard("15P")
    assert kinds(ev) == ["discard", "round_end", "win"] and g.winners == [1]
    assert g.levels == [8, 9]  # seat 0 laid level 7 but did not end the round: level 8
