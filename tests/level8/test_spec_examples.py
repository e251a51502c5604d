"""The rule spec's examples and rules, played through the engine on stacked deals."""

from __future__ import annotations

import pytest

from levelwidgets.level8 import (
    ONE_STAR,
    TWO_STAR,
    AddOnError,
    Combo,
    InvalidCombinationError,
    KeepError,
    Level8,
    LevelMismatchError,
    NotYourTurnError,
    SkipError,
    WrongPhaseError,
    make_combo,
)
from levelwidgets.level8.combos import Meld

from .helpers import c, cs, kinds, stacked

# A hand that does not matter: ten number cards nobody else in the set-up uses.
OTHER = OTHER2 = "*"


def meld(kind: str, codes: str, jokers: dict | None = None) -> Meld:
    return Meld(0, make_combo(kind, cs(codes), jokers))


# ---------------------------------------------------------------- add-on examples (rulebook)
def test_run_of_three_grows_at_both_ends():
    m = meld("run", "4R 5G 6B")
    assert m.options(c("7Y")) == (7,)
    assert m.options(c("3Y")) == (3,)
    assert m.options(c("8Y")) == ()  # not before the 7
    m.add(c("7Y"), 7)
    assert m.options(c("8Y")) == (8,)
    m.add(c("3Y"), 3)
    assert m.options(c("2O")) == (2,)
    assert (m.lo, m.hi) == (3, 7)
    assert m.is_valid()


def test_four_pairs_take_their_numbers():
    pairs = [meld("set", "2R 2G"), meld("set", "3R 3G"), meld("set", "6R 6G"), meld("set", "6B 6Y")]
    for code in ("2B", "3O", "6P"):
        assert any(m.options(c(code)) for m in pairs)
    assert not any(m.options(c("4R")) for m in pairs)


def test_run_of_four_and_two_pairs_example():
    run, p3, p9 = meld("run", "8R 9G 10B 11Y"), meld("set", "3R 3G"), meld("set", "9B 9Y")
    assert run.options(c("7P")) == (7,) and run.options(c("12P")) == (12,)
    assert run.options(c("6P")) == ()
    run.add(c("7P"), 7)
    assert run.options(c("6P")) == (6,)
    run.add(c("12P"), 12)
    assert run.options(c("13P")) == (13,)
    assert p3.options(c("3O")) == (3,) and p9.options(c("9O")) == (9,)
    assert p9.options(c("3O")) == ()


def test_colour_group_takes_its_colour_and_jokers_take_declared_meaning():
    grp = meld("colour", "1G 7G 9G 12G")
    assert grp.options(c("3G")) == (2,)  # colour index of G
    assert grp.options(c("3R")) == ()
    assert grp.options(c("J1")) == (2,)
    run = meld("run", "4R 5G 6B")
    assert run.options(c("J1")) == (3, 7)
    assert meld("run", "13R 14G 15B").options(c("J1")) == (12,)
    assert meld("run", "1R 2G 3B").options(c("J1")) == (4,)
    assert run.options(c("S1")) == ()


# ---------------------------------------------------------------- runs never wrap
def test_no_wrap_from_fifteen_to_one():
    with pytest.raises(InvalidCombinationError, match="15 is never followed by 1"):
        make_combo("run", cs("14R 15G 1B"))
    with pytest.raises(InvalidCombinationError):
        make_combo("run", cs("15R J1 2B"), {"J1": 1})
    with pytest.raises(InvalidCombinationError, match="1–15"):
        make_combo("run", cs("14R 15G J1"), {"J1": 16})
    m = meld("run", "13R 14G 15B")
    assert m.options(c("1Y")) == ()
    full = meld("run", " ".join(f"{n}R" for n in range(1, 16)))
    assert full.options(c("J1")) == ()


def test_add_on_wrap_rejected_in_game():
    g = stacked(["13R 14G 15B 4R 5G 6B 7Y 9P 9O 11O", OTHER2], "1B", "1Y")
    g.draw()
    g.lay_down([("run", cs("13R 14G 15B")), ("run", cs("4R 5G 6B"))])
    with pytest.raises(AddOnError, match="no wrap"):
        g.add_on("1Y", 0, 0)
    g.add_on("7Y", 0, 1)
    assert g.melds(0)[1].cards == tuple(cs("4R 5G 6B 7Y"))


# ---------------------------------------------------------------- sets may repeat numbers
def test_sets_in_one_level_may_share_a_number():
    # one-star level 6 = 1 pair + 2 triples, laid as 5-5, 3-3-3, 3-3-3
    g = stacked(["5R 5G 3R 3Y 3G 3B 3P 3O 9P 11O", OTHER], "1B", "10B", start_levels=[6, 1])
    g.draw()
    events = g.lay_down([("set", cs("5R 5G")), ("set", cs("3R 3Y 3G")), ("set", cs("3B 3P 3O"))])
    assert kinds(events) == ["lay_down"]
    assert g.laid_down == [True, False]
    # the rulebook's own "4 pairs" example 2-2, 3-3, 6-6, 6-6
    g = stacked(["2R 2G 3R 3G 6R 6G 6B 6Y 9P 11O", OTHER], "1B", "10B", start_levels=[2, 1])
    g.draw()
    g.lay_down([("set", cs(p)) for p in ("2R 2G", "3R 3G", "6R 6G", "6B 6Y")])
    assert len(g.melds(0)) == 4


# ---------------------------------------------------------------- jokers
def test_jokers_need_a_declared_meaning_and_are_never_swapped():
    with pytest.raises(InvalidCombinationError, match="ambiguous"):
        make_combo("run", cs("4R 5G J1"))
    combo = make_combo("run", cs("4R J1 6B"))  # the gap fixes the joker: 5
    assert combo.meanings == {c("J1"): 5}
    g = stacked(["4R J1 6B 8G 9G 10G 5Y 9P 11O 12O", OTHER], "1B", "2B")
    g.draw()
    g.lay_down([("run", cs("4R J1 6B")), ("run", cs("8G 9G 10G"))])
    # the natural 5 the joker stands for cannot replace it (no swap) and does not fit the run
    with pytest.raises(AddOnError):
        g.add_on("5Y", 0, 0)
    assert g.melds(0)[0] == Combo("run", tuple(cs("4R J1 6B")), ((c("J1"), 5),))
    assert not hasattr(g, "swap")


def test_joker_add_on_needs_declared_end_when_both_are_open():
    g = stacked(["4R 5G 6B 8G 9G 10G J1 J2 9P 11O", OTHER], "1B", "2B")
    g.draw()
    g.lay_down([("run", cs("4R 5G 6B")), ("run", cs("8G 9G 10G"))])
    with pytest.raises(AddOnError, match="either end"):
        g.add_on("J1", 0, 0)
    with pytest.raises(AddOnError, match="can only be 3 or 7"):
        g.add_on("J1", 0, 0, number=8)
    g.add_on("J1", 0, 0, number=3)
    assert g.melds(0)[0].meanings == {c("J1"): 3}
    assert g.melds(0)[0].cards[0] == c("J1")


def test_all_joker_combination_is_allowed_with_declared_meaning():
    combo = make_combo("set", cs("J1 J2"), {"J1": 9, "J2": 9})
    assert combo.value == 9
    g = stacked(["J1 J2 J3 J4 J5 J6 5R 5G 9P 11O", OTHER], "1B", "2B")
    g.draw()
    g.lay_down(
        [
            ("run", cs("J1 J2 J3"), {"J1": 1, "J2": 2, "J3": 3}),
            ("run", cs("J4 J5 J6"), {"J4": 7, "J5": 8, "J6": 9}),
        ]
    )
    assert g.laid_down[0]


# ---------------------------------------------------------------- turn structure
def test_draw_from_any_discard_pile_and_dealer_rotation():
    g = stacked(["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", OTHER, OTHER2], "11O", "1Y 1G")
    assert g.dealer == 2 and g.current_player == 0
    assert g.discard_tops == [None, None, c("11O")]
    assert g.draw_pile_size == 101 - 31
    events = g.draw(2)  # the dealer's turned-up card
    assert events[0].data["card"] == c("11O")
    g.discard("11O")
    g.draw()  # seat 1 takes the draw pile's top: 1Y
    assert c("1Y") in g.hand(1)
    g.discard("1Y")
    g.draw(0)  # seat 2 takes seat 0's discard
    assert c("11O") in g.hand(2)


def test_lay_down_must_be_exactly_the_level():
    g = stacked(["1R 2R 3R 4R 5G 6G 7G 8G 9P 11O", OTHER], "1B", "2B")
    g.draw()
    with pytest.raises(LevelMismatchError, match="2 runs of 3"):
        g.lay_down([("run", cs("1R 2R 3R 4R")), ("run", cs("5G 6G 7G"))])
    with pytest.raises(LevelMismatchError):
        g.lay_down([("run", cs("1R 2R 3R"))])
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    g.add_on("4R", 0, 0)  # the "extra" card goes on as an add-on the same turn
    g.add_on("8G", 0, 1)
    assert g.melds(0)[0].cards == tuple(cs("1R 2R 3R 4R"))


def test_add_on_to_others_combinations_same_turn_and_later():
    g = stacked(
        ["1R 2R 3R 5G 6G 7G 4Y 9Y 12O 11O", "1G 2G 3G 8B 9B 10B 4B 12B 12P 11P"], "14O", "8Y 13O 7O"
    )
    g.draw()  # 8Y
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    g.add_on("8Y", 0, 1)
    g.discard("12O")
    g.draw()  # seat 1 draws 13O
    g.lay_down([("run", cs("1G 2G 3G")), ("run", cs("8B 9B 10B"))])
    g.add_on("4B", 0, 0)  # onto seat 0's run, same turn as laying down
    g.discard("13O")
    g.draw()  # seat 0 draws 7O
    g.add_on("7O", 1, 1)  # later turn, onto seat 1's run 8-10
    assert g.melds(1)[1].cards[0] == c("7O")
    assert g.melds(0)[0].cards == tuple(cs("1R 2R 3R 4B"))


def test_add_on_before_laying_down_is_refused():
    g = stacked(
        ["1R 2R 3R 5G 6G 7G 4Y 9Y 12O 11O", "1G 2G 3G 8B 9B 10B 4B 12B 12P 11P"], "14O", "8Y 13O"
    )
    g.draw()
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    g.discard("12O")
    g.draw()
    with pytest.raises(AddOnError, match="must lay down their own level"):
        g.add_on("4B", 0, 0)


# ---------------------------------------------------------------- skip cards
def test_skip_card_and_skipped_turn():
    g = stacked(["S1 1R 2R 3R 4R 5R 6R 7R 8R 9R", OTHER, OTHER2], "11O", "1Y 1G 1B")
    g.draw()
    events = g.skip(1)
    assert events[0].data["effect"] is True
    assert g.current_player == 1 and g.phase == "skipped"
    with pytest.raises(NotYourTurnError):
        g.skip_turn(player=0)
    with pytest.raises(WrongPhaseError, match="skipped"):
        g.draw()
    events = g.skip_turn()
    assert kinds(events) == ["skip_turn"]
    assert g.current_player == 2 and g.phase == "draw"
    assert g.observation("teacher").under_count == 1
    assert len(g.hand(1)) == 10  # the skipped player neither drew nor discarded


def test_skip_only_on_a_player_without_one_and_not_oneself():
    g = stacked(["S1 S2 2R 3R 4R 5R 6R 7R 8R 9R", OTHER, OTHER2], "11O", "1Y 1G 1B")
    g.draw()
    with pytest.raises(SkipError, match="themself"):
        g.skip(0)
    g.skip(1, "S1")
    g.skip_turn()  # seat 1
    g.draw()  # seat 2
    g.discard("1G")
    g.draw()  # seat 0 again
    g.skip(2, "S2")
    g.draw()  # seat 1
    g.discard(g.hand(1)[0])
    g.skip_turn()  # seat 2 puts it under
    assert g.current_player == 0
    assert g.observation("teacher").under_count == 2


def test_skip_target_already_skipped_is_refused():
    g = stacked(
        ["S1 2R 3R 4R 5R 6R 7R 8R 9R 10R", "S2 13R 13Y 13G 13B 14R 14Y 14G 14B 15R", OTHER2],
        "11O",
        "1Y 1G 1B",
    )
    g.draw()
    g.skip(2)
    g.draw()  # seat 1
    with pytest.raises(SkipError, match="already has a skip card"):
        g.skip(2)
    g.skip(0)


def test_skip_card_as_last_card_has_no_effect():
    g = stacked(["1R 2R 3R 5G 6G 7G 4R 8G 9G S1", OTHER], "14O", "10G")
    g.draw()  # 10G
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    for code, idx in (("4R", 0), ("8G", 1), ("9G", 1), ("10G", 1)):
        g.add_on(code, 0, idx)
    assert g.hand(0) == [c("S1")]
    events = g.skip(1)
    assert kinds(events) == ["skip", "round_end"]
    assert events[0].data["effect"] is False
    assert g.observation("teacher").skipped == (False, False)
    assert g.phase == "round_over"
    assert g.levels == [3, 1]  # +2 for going out, seat 1 had not laid down
    g.next_round()
    assert g.phase == "draw"  # nobody is skipped in the new round


# ---------------------------------------------------------------- round end and winning
def test_round_end_moves_two_one_and_zero_levels_and_rotates_dealer():
    g = stacked(
        ["1R 2R 3R 5G 6G 7G 4R 8G 9G 12O", "1Y 2Y 3Y 5B 6B 7B 13R 13Y 14R 14Y", OTHER2],
        "14O",
        "10G 15R 15Y",
    )
    g.draw()  # seat 0: 10G
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    g.discard("12O")
    g.draw()  # seat 1: 15R
    g.lay_down([("run", cs("1Y 2Y 3Y")), ("run", cs("5B 6B 7B"))])
    g.discard("15R")
    g.draw()  # seat 2: 15Y
    g.discard("15Y")
    g.draw(2)  # seat 0 takes 15Y back
    for code, idx in (("4R", 0), ("8G", 1), ("9G", 1), ("10G", 1)):
        g.add_on(code, 0, idx)
    events = g.discard("15Y")
    assert kinds(events) == ["discard", "round_end"]
    assert events[-1].data["moves"] == [2, 1, 0]
    assert g.levels == [3, 2, 1]
    assert g.phase == "round_over" and not g.is_over
    g.next_round()
    assert g.dealer == 0 and g.current_player == 1 and g.round == 2
    assert g.discard_tops[0] is not None and [len(g.hand(q)) for q in range(3)] == [10] * 3
    assert g.laid_down == [False, False, False]
    g.check_invariants()


def test_level_seven_and_going_out_wins():
    g = stacked(["7R 7G 7B 1Y 2Y 3Y 4Y 5Y 6Y 8Y", OTHER], "14O", "7O", start_levels=[7, 3])
    g.draw()  # 7O
    g.lay_down([("set", cs("7R 7G 7B")), ("colour", cs("1Y 2Y 3Y 4Y 5Y"))])
    g.add_on("7O", 0, 0)
    g.add_on("6Y", 0, 1)
    events = g.discard("8Y")
    assert kinds(events) == ["discard", "round_end", "win"]
    assert g.is_over and g.winners == [0] and g.phase == "over"
    assert g.levels == [9, 3]
    g.check_invariants()


def test_laying_down_level_eight_wins_at_once():
    g = stacked(["4R 4G 9R 9G 9B 2R 2G 2B 2Y 11O", OTHER], "14O", "12P", start_levels=[8, 1])
    g.draw()
    events = g.lay_down([("set", cs("4R 4G")), ("set", cs("9R 9G 9B")), ("set", cs("2R 2G 2B 2Y"))])
    assert kinds(events) == ["lay_down", "win"]
    assert g.is_over and g.winners == [0]
    assert len(g.hand(0)) == 2  # no need to empty the hand
    g.check_invariants()


def test_final_level_may_use_every_card():
    seq = ["run 3 + run 3", "set 2 + set 2 + set 3 + set 4"]  # 11 cards is too many...
    with pytest.raises(Exception, match="at most 10"):
        Level8(2, seed=1, sides=seq)


def test_two_star_keep_four_rule():
    g = stacked(
        ["1R 2R 3R 4R 5G 6G 7G 8G 9G 10G", "J1 J2 3Y 9B 9P 12R 12Y 13R 13Y 14R"],
        "14O",
        "11G",
        sides="two",
        start_levels=[1, 5],
    )
    g.draw()  # 11G
    g.lay_down([("run", cs("1R 2R 3R 4R")), ("run", cs("5G 6G 7G 8G"))])
    g.add_on("9G", 0, 1)
    g.add_on("10G", 0, 1)
    events = g.discard("11G")
    assert kinds(events)[-1] == "round_end"
    assert g.phase == "keep" and g.current_player == 1
    with pytest.raises(KeepError, match="at most 4"):
        g.keep(cs("J1 J2 3Y 9B 9P"))
    with pytest.raises(KeepError, match="not in their hand"):
        g.keep(cs("1R"))
    g.keep(cs("J1 J2 9B 9P"))
    assert g.phase == "round_over"
    g.check_invariants()  # kept cards are counted among the 101
    g.next_round()
    hand = g.hand(1)
    assert len(hand) == 10 and set(cs("J1 J2 9B 9P")) <= set(hand)
    assert g.levels == [3, 5]
    g.check_invariants()


def test_keep_rule_only_for_two_star_players_on_levels_five_to_eight():
    hands = ["1R 2R 3R 4R 5G 6G 7G 8G 9G 10G", OTHER, OTHER2]
    g = stacked(hands, "14O", "11G", sides=["two", "one", "two"], start_levels=[1, 5, 4])
    g.draw()
    g.lay_down([("run", cs("1R 2R 3R 4R")), ("run", cs("5G 6G 7G 8G"))])
    g.add_on("9G", 0, 1)
    g.add_on("10G", 0, 1)
    g.discard("11G")
    # seat 1 is one-star, seat 2 is two-star but on level 4: nobody may keep
    assert g.phase == "round_over"


def test_rebuild_draw_pile_when_it_runs_out():
    g = Level8(3, seed=5)
    g.draw()
    g.discard(g.hand(0)[0])
    # teacher surgery: move all but one draw-pile card under seat 1's discard pile
    moved = g._draw[:-1]
    g._draw = g._draw[-1:]
    g._discards[1] = moved + g._discards[1]
    g.check_invariants()
    g.draw()  # seat 1 draws the last face-down card
    events = g.history[-1].events
    assert kinds(events) == ["draw", "rebuild"]
    assert events[-1].data["skip_surfaced"] is False
    assert g.draw_pile_size == len(moved) - 1  # the top of every discard pile stays
    assert all(len(d) <= 1 for d in g._discards)
    assert len(g.history[-1].chance) == 1
    g.check_invariants()


def test_rebuild_when_a_skip_card_surfaces():
    g = stacked(["S1 1R 2R 3R 4R 5R 6R 7R 8R 9R", OTHER, OTHER2], "11O", "1Y 1G 1B")
    g.draw()
    g.skip(1)
    g.skip_turn()  # S1 lies face up under the draw pile
    g.draw()  # seat 2
    g.discard(g.hand(2)[0])
    moved = g._draw[:-1]
    g._draw = g._draw[-1:]
    g._discards[0] = moved + g._discards[0]
    g.draw()  # seat 0 draws the last face-down card: the skip card surfaces
    events = g.history[-1].events
    assert kinds(events) == ["draw", "rebuild"]
    assert events[-1].data["skip_surfaced"] is True
    assert c("S1") in g.observation("teacher").draw_pile
    assert g.observation("teacher").under_count == 0
    g.check_invariants()


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_deal_for_two_to_six_players(n):
    g = Level8(
        n,
        seed=n,
        sides=["one", "two", "one", "two", "one", "two"][:n],
    )
    assert [len(g.hand(q)) for q in range(n)] == [10] * n
    assert g.draw_pile_size == 101 - 10 * n - 1
    assert g.discard_tops[g.dealer] is not None
    assert [s.name for s in g.sides] == ["one", "two", "one", "two", "one", "two"][:n]
    assert g.sides[1] is TWO_STAR and g.sides[0] is ONE_STAR
    g.check_invariants()
