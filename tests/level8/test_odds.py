"""Exact Level 8 odds (levelwidgets.level8.odds) against brute-force enumeration, and the
seat-view rule: two games that differ only in cards a seat cannot see give it the same odds."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from levelwidgets.level8 import Level8, can_lay, cards_missing, parse_level
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.cards import BOARD_IDS, parse_cards
from levelwidgets.level8.odds import (
    DrawOdds,
    NeededKind,
    OddsError,
    OddsTypeError,
    complete_within,
    draw_odds,
    kind_label,
    unseen_cards,
)


def brute_unordered(hand, level, unseen: Counter, draws: int) -> Fraction:
    """Every unordered set of ``draws`` unseen cards, each equally likely."""
    cards = sorted(unseen.elements())
    draws = min(draws, len(cards))
    good = total = 0
    for pick in combinations(range(len(cards)), draws):
        total += 1
        good += can_lay(tuple(hand) + tuple(cards[i] for i in pick), level)
    return Fraction(good, total)


def brute_ordered(hand, level, unseen: Counter, draws: int) -> Fraction:
    """Every ordered sequence of ``draws`` unseen cards, each equally likely."""
    cards = sorted(unseen.elements())
    good = total = 0
    for seq in permutations(cards, draws):
        total += 1
        good += can_lay(tuple(hand) + seq, level)
    return Fraction(good, total)


LEVELS = ["set 3 + set 3", "run 4", "set 3 + colour 4", "colour 4", "run 3 + set 2"]


@pytest.mark.parametrize("spec", LEVELS)
def test_complete_within_matches_unordered_enumeration(spec):
    rng = random.Random(spec)
    level = parse_level(spec)
    nonzero = 0
    for _ in range(4):
        deck = rng.sample(range(101), 24)  # number cards, jokers and skip cards
        hand, unseen = deck[:6], Counter([*deck[6:], 90, 91])
        for draws in (0, 1, 2, 3):
            got = complete_within(hand, level, unseen, draws)
            assert got == brute_unordered(hand, level, unseen, draws), (hand, draws)
            nonzero += got > 0
    assert nonzero  # the small decks do reach the level sometimes (the test is not all zeros)


@pytest.mark.parametrize("spec", ["set 2 + set 3", "run 3 + colour 3"])
def test_complete_within_matches_ordered_enumeration(spec):
    rng = random.Random(7)
    for _ in range(3):
        deck = rng.sample(range(97), 14)
        hand, unseen = deck[:4], Counter([*deck[4:], 95])
        for draws in (1, 2):
            assert complete_within(hand, spec, unseen, draws) == brute_ordered(
                hand, parse_level(spec), unseen, draws
            )


def test_complete_within_known_figures():
    # 5 5 5 and 7 7 need one more 7 for "set 3 + set 3"; two 7s among 10 unseen cards
    hand = parse_cards("5R 5G 5B 7R 7G")
    unseen = Counter(parse_cards("7B 7Y 1R 2R 3R 4R 9R 10R 11R 12R"))
    assert complete_within(hand, "set 3 + set 3", unseen, 1) == Fraction(2, 10)
    # within two draws: 1 - P(no 7 in two) = 1 - (8/10)(7/9)
    assert complete_within(hand, "set 3 + set 3", unseen, 2) == 1 - Fraction(8 * 7, 10 * 9)
    # a complete hand is certain with no draw; drawing more than the cards draws them all
    assert complete_within([*hand, parse_cards("7Y")[0]], "set 3 + set 3", Counter(), 3) == 1
    assert complete_within(hand, "set 3 + set 3", Counter(parse_cards("1R 7B 2R")), 6) == 1
    # six draws of ten: fails only when both 7s stay among the four left, C(8,2)/C(10,4)
    assert complete_within(hand, "set 3 + set 3", unseen, 6) == 1 - Fraction(28, 210)


def test_skip_cards_never_help_and_jokers_do():
    hand = parse_cards("5R 5G 7R 7G 7B")
    assert complete_within(hand, "set 3 + set 3", Counter(parse_cards("S1 S2")), 2) == 0
    assert complete_within(hand, "set 3 + set 3", Counter(parse_cards("S1 J1")), 1) == Fraction(
        1, 2
    )


# ---------------------------------------------------------------------- games and views
def table() -> Level8:
    """Seat 0 (level 1, "run 3 + run 3") misses one card: a 6, 9, 12 or 13 (or a joker)."""
    return Level8.from_position(
        hands=[
            "3R 4G 5B 7R 8Y 10G 11B 1O 14P 15P",
            "2R 2G 6B 6Y 9P 13R 13G 1Y 15O 14O",
        ],
        discards=[["1R", "2B"], ["3G"]],
        draw_pile=None,
        seed=4,
    )


def test_unseen_cards_is_what_the_observation_does_not_show():
    g = table()
    unseen = unseen_cards(g, 0)
    hand0 = set(g.hand(0))
    assert not hand0 & set(unseen)
    assert set(parse_cards("2B 3G")).isdisjoint(unseen)  # the discard tops are seen
    assert parse_cards("1R")[0] in unseen  # buried under 2B: not in the observation
    assert set(g.hand(1)) <= set(unseen)  # the other hand is hidden
    assert sum(unseen.values()) == 101 - 10 - 2
    assert set(unseen.values()) == {1}


def test_draw_odds_against_single_draw_enumeration():
    g = table()
    odds = draw_odds(g, 0)
    unseen = unseen_cards(g, 0)
    hand = tuple(g.hand(0))
    level = g.current_level(0)
    m = cards_missing(hand, level).count
    cards = list(unseen.elements())
    completes = sum(can_lay((*hand, c), level) for c in cards)
    improves = sum(cards_missing((*hand, c), level).count < m for c in cards)
    assert odds == DrawOdds(
        level="run 3 + run 3",
        missing=m,
        unseen=len(cards),
        complete=Fraction(completes, len(cards)),
        improve=Fraction(improves, len(cards)),
        needed=odds.needed,
    )
    assert m == 1 and completes > 0
    assert sum(k.unseen for k in odds.needed) == improves
    assert {k.label for k in odds.needed} == {"6", "9", "12", "13", "joker"}
    d = odds.to_dict()
    assert d["complete"] == pytest.approx(completes / len(cards))
    assert d["needed"][0] == {"label": odds.needed[0].label, "unseen": odds.needed[0].unseen}
    assert isinstance(odds.needed[0], NeededKind)


def test_paired_hidden_cards_give_the_same_odds():
    """Two games that differ only in the other seat's hand and the draw pile's order."""
    a = table()
    b = Level8.from_position(
        hands=[
            "3R 4G 5B 7R 8Y 10G 11B 1O 14P 15P",
            "9R 12G J1 J2 6Y 9P 13R 13G 1Y 15O",  # holds the cards seat 0 hopes for
        ],
        discards=[["1R", "2B"], ["3G"]],
        draw_pile=None,
        seed=99,
    )
    assert a.hand(1) != b.hand(1)
    assert unseen_cards(a, 0) == unseen_cards(b, 0)
    assert draw_odds(a, 0) == draw_odds(b, 0)
    for draws in (1, 2):
        u = unseen_cards(a, 0)
        assert complete_within(a.hand(0), a.current_level(0), u, draws) == complete_within(
            b.hand(0), b.current_level(0), unseen_cards(b, 0), draws
        )
    # what the seat does see changes them: another discard top
    c = Level8.from_position(
        hands=[
            "3R 4G 5B 7R 8Y 10G 11B 1O 14P 15P",
            "2R 2G 6B 6Y 9P 13R 13G 1Y 15O 14O",
        ],
        discards=[["1R", "9B"], ["3G"]],
        draw_pile=None,
        seed=4,
    )
    assert draw_odds(c, 0).unseen == draw_odds(a, 0).unseen
    assert draw_odds(c, 0).complete != draw_odds(a, 0).complete


def test_no_odds_after_laying_down():
    g = Level8.from_position(
        hands=["3R 4G 5B 7R 8Y 9G 1O 14P 15P", "2R 2G 6B 6Y 9P 13R 13G 1Y 15O 14O"],
        melds=[[("run", ["10R", "11R", "12R"]), ("run", ["4O", "5O", "6O"])], []],
        laid=[True, False],
        draw_pile=None,
        seed=1,
    )
    assert draw_odds(g, 0) is None
    assert draw_odds(g, 1) is not None
    assert set(parse_cards("10R 11R 12R 4O 5O 6O")).isdisjoint(unseen_cards(g, 1))


def test_board_game_counts_the_jokers_in_the_middle_as_seen():
    g = Level8Board(2, seed=3)
    unseen = unseen_cards(g, 0)
    obs = g.observation(0)
    in_hand = len(obs.table.hand)
    tops = sum(t is not None for t in obs.table.discard_tops)
    assert sum(unseen.values()) == len(BOARD_IDS) - in_hand - tops - obs.jokers_left
    assert draw_odds(g, 0) is not None


def test_kind_labels_follow_the_level():
    seven_red = parse_cards("7R")[0]
    assert kind_label(seven_red, "set 3 + set 3") == "7"
    assert kind_label(seven_red, "colour 4") == "red"
    assert kind_label(seven_red, "run 3 + colour 4") == "red 7"
    assert kind_label(parse_cards("J1")[0], "run 7") == "joker"


def test_refusals():
    hand = parse_cards("5R 5G")
    u = Counter(parse_cards("5B 6B"))
    with pytest.raises(OddsError, match="draws must be"):
        complete_within(hand, "set 3", u, -1)
    with pytest.raises(OddsTypeError, match="draws must be a whole number"):
        complete_within(hand, "set 3", u, 1.0)
    with pytest.raises(OddsTypeError, match="unseen must be a Counter"):
        complete_within(hand, "set 3", [1, 2], 1)
    with pytest.raises(OddsError, match="no card id"):
        complete_within([500], "set 3", u, 1)
    with pytest.raises(OddsError, match="count of card"):
        complete_within(hand, "set 3", Counter({5: -1}), 1)
    with pytest.raises(OddsTypeError, match="level must be"):
        complete_within(hand, 3, u, 1)
    with pytest.raises(OddsTypeError, match="seat must be"):
        unseen_cards(table(), "0")
    assert isinstance(OddsError("x"), ValueError)
    assert isinstance(OddsTypeError("x"), TypeError)


def test_the_cards_that_lower_the_count_match_the_solver_card_by_card():
    """odds reads the lowering cards from the lay-downs of the hand plus jokers; the solver,
    asked once per card, must agree (every level of both sides, random hands)."""
    from levelwidgets.level8 import ONE_STAR, TWO_STAR
    from levelwidgets.level8.odds import _lowers, _roles

    rng = random.Random(11)
    levels = [lv for seq in (ONE_STAR, TWO_STAR) for lv in seq.levels]
    checked = 0
    for n in range(60):
        level = levels[n % len(levels)]
        hand = tuple(sorted(rng.sample(range(97), 10)))
        m = cards_missing(hand, level).count
        if m == 0:
            continue
        roles = _roles(hand, m, level, ("test", hand))
        assert roles is not None
        for c in range(101):
            if c not in hand:
                lowers = cards_missing((*hand, c), level).count < m
                assert _lowers(c, roles) == lowers, (level.spec(), hand, c)
                checked += 1
    assert checked > 1000


def test_the_lay_down_reading_path_matches_enumeration_too(monkeypatch):
    """Small decks have few kinds, where odds asks the solver kind by kind; force the path
    that reads the lowering cards from lay-downs (used for levels with many kinds)."""
    from levelwidgets.level8 import odds

    monkeypatch.setattr(odds, "_FEW_KINDS", 0)
    odds._WITHIN.clear()  # (answers kept from the other path would hide this one)
    rng = random.Random(5)
    try:
        for spec in ("set 3 + colour 4", "run 3 + set 2", "run 4"):
            for _ in range(3):
                deck = rng.sample(range(101), 20)
                hand, unseen = deck[:6], Counter([*deck[6:], 92])
                for draws in (1, 2, 3):
                    got = complete_within(hand, spec, unseen, draws)
                    assert got == brute_unordered(hand, parse_level(spec), unseen, draws)
    finally:
        odds._WITHIN.clear()
