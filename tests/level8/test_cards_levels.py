"""Cards (101, stable ids, codes) and levels (built-in sides, custom sequences)."""

from __future__ import annotations

import pytest

from levelwidgets.level8 import (
    CARDS,
    ONE_STAR,
    PHASE10,
    TWO_STAR,
    Card,
    CardError,
    Level8,
    LevelSpecError,
    Requirement,
    parse_level,
    parse_levels,
)
from levelwidgets.level8.board import BOARD_CARDS
from levelwidgets.level8.cards import ALL_IDS, BOARD_IDS


def test_one_hundred_and_one_distinct_cards():
    deck = [CARDS[i] for i in ALL_IDS]
    assert len(deck) == 101
    assert len({c.code for c in deck}) == 101
    kinds = [c.kind for c in deck]
    assert kinds.count("number") == 90 and kinds.count("joker") == 7 and kinds.count("skip") == 4
    numbers = {(c.number, c.colour) for c in deck if c.kind == "number"}
    assert numbers == {(n, col) for n in range(1, 16) for col in range(6)}


def test_cards_is_the_card_games_printed_material_of_101_cards():
    """The card game's box: 90 number cards, 7 jokers, 4 skip cards (seeds 003/004)."""
    assert len(CARDS) == 101 and [c.id for c in CARDS] == list(ALL_IDS)
    assert len({c.code for c in CARDS}) == 101 and "J8" not in {c.code for c in CARDS}


def test_the_board_game_has_ninety_numbers_and_eight_jokers():
    """„90 Zahlenkarten (je 1 — 15 in 6 Farben), 8 Joker“: the board game's own material."""
    kinds = [c.kind for c in BOARD_CARDS]
    assert len(BOARD_CARDS) == len(set(BOARD_CARDS)) == 98
    assert [c.id for c in BOARD_CARDS] == list(BOARD_IDS)
    assert kinds.count("number") == 90 and kinds.count("joker") == 8 and "skip" not in kinds
    # ids are append-only: the eighth joker is 101, every card game id keeps its meaning
    j8 = Card.from_code("J8")
    assert j8.id == 101 and j8.is_joker and not j8.is_skip and j8 == BOARD_CARDS[-1]
    assert [c.code for c in BOARD_CARDS[90:]] == [f"J{k}" for k in range(1, 9)]


def test_card_ids_and_codes_are_stable():
    assert Card.from_code("7R").id == 6 and Card.from_code("1Y").id == 15
    assert Card.from_code("15O").id == 89
    assert Card.from_code("J1").id == 90 and Card.from_code("S4").id == 100
    assert str(CARDS[44]) == "15G" and repr(CARDS[44]) == "Card(15G)"
    assert CARDS[90].is_joker and CARDS[97].is_skip and CARDS[3].number == 4
    assert CARDS[20].to_dict() == {
        "id": 20,
        "code": "6Y",
        "kind": "number",
        "number": 6,
        "colour": 1,
    }
    for bad in ("16R", "0R", "7X", "J9", "S5", ""):
        with pytest.raises(CardError):
            Card.from_code(bad)
    with pytest.raises(CardError):
        Card(102)


def test_one_star_levels_match_the_rulebook():
    assert [lv.describe() for lv in ONE_STAR.levels] == [
        "2 runs of 3",
        "4 pairs",
        "1 run of 3 + 4 cards of one colour",
        "1 run of 6 + 1 pair",
        "1 run of 7",
        "1 pair + 2 triples",
        "1 triple + 5 cards of one colour",
        "1 pair + 1 triple + 1 quad",
    ]
    assert not ONE_STAR.reconstruction and not ONE_STAR.keep_levels


def test_two_star_levels_are_a_labelled_reconstruction():
    assert TWO_STAR.reconstruction
    assert TWO_STAR.keep_levels == {5, 6, 7, 8}
    assert "reconstruction" in TWO_STAR.label and "reconstruction" not in ONE_STAR.label
    assert TWO_STAR.levels[1].describe() == "1 run of 4 + 2 pairs"  # the rulebook example
    assert len(TWO_STAR) == 8


def test_parse_level_forms():
    assert parse_level("run 4 + set 2 + set 2").requirements == (
        Requirement("run", 4),
        Requirement("set", 2),
        Requirement("set", 2),
    )
    assert parse_level("2x run 3").spec() == "run 3 + run 3"
    assert parse_level("pair + triple + quad").spec() == "set 2 + set 3 + set 4"
    assert parse_level("Color 5 + RUN 3").spec() == "colour 5 + run 3"
    assert parse_level([("run", 4), "set 2", Requirement("set", 2)]).spec() == (
        "run 4 + set 2 + set 2"
    )


@pytest.mark.parametrize(
    "spec, match",
    [
        ("run", "cannot read"),
        ("run 1", "at least 2"),
        ("blob 3", "unknown combination kind"),
        ("run 4 +", "empty combination"),
        ("set 5 + set 5 + pair", "needs 12 cards"),
        ("", "at least one combination"),
        ([("run", "4")], "whole number"),
        ([("run", 4, 1)], "not a combination"),
        (42, "not a level"),
        ("set 14", "impossible"),
    ],
)
def test_bad_level_specs_have_clear_errors(spec, match):
    with pytest.raises(LevelSpecError, match=match):
        parse_level(spec)


def test_phase10_style_sequence():
    seq = parse_levels(
        "set 3 + set 3; set 3 + run 4; set 4 + run 4; run 7; run 8; run 9; "
        "set 4 + set 4; colour 7; set 5 + set 2; set 5 + set 3",
        name="p10",
    )
    assert len(seq) == 10 and seq.levels == PHASE10.levels
    assert seq.level(8).describe() == "7 cards of one colour"
    with pytest.raises(LevelSpecError, match="level 3: a run needs at least 2"):
        parse_levels(["run 3", "set 2", "run 1"])
    with pytest.raises(LevelSpecError, match="keep level"):
        parse_levels(["run 3"], keep_levels=[2])
    with pytest.raises(LevelSpecError, match="at least one level"):
        parse_levels([])


def test_game_accepts_custom_sequences_in_every_form():
    g = Level8(3, seed=1, sides=PHASE10)
    assert all(len(s) == 10 for s in g.sides)
    g = Level8(2, seed=1, sides=["run 3 + run 3", "4x pair"])
    assert len(g.sides[0]) == 2 and g.sides[0].levels[1].spec() == "set 2 + set 2 + set 2 + set 2"
    g = Level8(2, seed=1, sides=["one", PHASE10])
    assert g.sides[1] is PHASE10 and g.sides[0] is ONE_STAR
    g = Level8(2, seed=1, sides=[["run 3", "run 4"], ["set 3", "set 4"]])
    assert g.sides[1].levels[0].spec() == "set 3"
    g = Level8(2, seed=1, sides=[("run", 7), [("set", 2), ("set", 3)]])  # one sequence
    assert g.sides[0] is g.sides[1] and g.sides[0].levels[0].spec() == "run 7"


def test_a_stored_sequence_read_twice_is_one_object_and_a_boolean_keep_level_is_still_refused():
    from levelwidgets.level8.levels import LevelSequence, LevelSpecError

    stored = dict(ONE_STAR.to_dict(), keep_levels=[1])
    first = LevelSequence.from_dict(stored)
    assert LevelSequence.from_dict(dict(stored)) is first  # parsed once per distinct text
    assert first.keep_levels == frozenset({1})
    with pytest.raises(LevelSpecError):  # True == 1 and hashes alike: the cache must not hide it
        LevelSequence.from_dict(dict(stored, keep_levels=[True]))
