"""Solver against brute force on random hands, plus concrete checks of its answers."""

from __future__ import annotations

import random

import pytest

from levelwidgets.level8 import (
    ONE_STAR,
    PHASE10,
    TWO_STAR,
    can_lay,
    cards_missing,
    lay_down_ways,
    make_combo,
    parse_level,
    solve,
    solver,
)

from .brute import brute_missing, brute_ways
from .helpers import cs

ALL_LEVELS = list(ONE_STAR.levels) + list(TWO_STAR.levels)


def way_key(way) -> tuple:
    return tuple(sorted((c.kind, len(c.cards), tuple(sorted(c.naturals))) for c in way))


def check_way(hand, level, way) -> None:
    """A lay-down is valid: one combo per requirement, cards from hand, each used once."""
    assert sorted((c.kind, len(c.cards)) for c in way) == sorted(
        (r.kind, r.n) for r in level.requirements
    )
    used = [x for combo in way for x in combo.cards]
    assert len(used) == len(set(used)) and set(used) <= set(hand)
    for combo in way:
        again = make_combo(combo.kind, combo.cards, combo.meanings)
        assert again.meanings == combo.meanings
        assert sorted(again.cards) == sorted(combo.cards)


def random_hand(rng: random.Random, size: int = 11, focused: bool = False) -> list[int]:
    j = rng.randint(0, 3)
    if focused:  # few numbers and colours, so that many levels are (nearly) complete
        nums = rng.sample(range(1, 16), 5)
        cols = rng.sample(range(6), 3)
        pool = [c * 15 + n - 1 for c in cols for n in nums]
    else:
        pool = list(range(90))
    return rng.sample(pool, size - j) + rng.sample(range(90, 97), j)


@pytest.mark.parametrize("focused", [False, True])
def test_solver_matches_brute_force_on_random_hands(focused):
    rng = random.Random(1234 + focused)
    layable = 0
    for _ in range(160):
        hand = random_hand(rng, focused=focused)
        level = rng.choice(ALL_LEVELS)
        expected = brute_ways(hand, level)
        ways = lay_down_ways(hand, level, cap=10**6)
        assert {way_key(w) for w in ways} == expected, (hand, level)
        assert len(ways) == len(expected)  # distinct ways are not repeated
        for w in ways:
            check_way(hand, level, w)
        one = solve(hand, level)
        assert (one is not None) == bool(expected) == can_lay(hand, level)
        if one is not None:
            check_way(hand, level, one)
            layable += 1
    assert layable >= (60 if focused else 5)  # the comparison covered positive cases


def test_cards_missing_matches_brute_force():
    rng = random.Random(99)
    for _ in range(120):
        hand = random_hand(rng, size=rng.choice([8, 9, 10]), focused=rng.random() < 0.5)
        level = rng.choice(ALL_LEVELS)
        miss = cards_missing(hand, level)
        assert miss.count == brute_missing(hand, level), (hand, level)
        assert (miss.count == 0) == can_lay(hand, level)
        # the plan is real: its natural cards are in hand, disjoint, and the open places
        # (filled by own jokers or missing cards) complete it
        plan_cards = [c for part in miss.plan for c in part]
        assert len(plan_cards) == len(set(plan_cards)) and set(plan_cards) <= set(hand)
        assert len(plan_cards) + len(miss.needs) == level.n_cards
        jokers = sum(1 for c in hand if 90 <= c < 97)
        assert miss.count == max(0, len(miss.needs) - jokers)


def test_missing_card_that_matches_a_need_really_helps():
    rng = random.Random(5)
    checked = 0
    for _ in range(80):
        hand = random_hand(rng, size=10, focused=True)
        level = rng.choice(ALL_LEVELS)
        miss = cards_missing(hand, level)
        if miss.count == 0:
            continue
        for card in range(90):
            if card in hand:
                continue
            if miss.useful(card):
                assert cards_missing([*hand, card], level).count == miss.count - 1
                checked += 1
    assert checked > 50


def test_solver_gives_concrete_joker_meanings():
    way = solve(cs("4R 6G J1 9B 10B 11B"), "run 3 + run 3")
    assert way is not None
    run = next(c for c in way if c.cards[0] == cs("4R")[0])
    assert run.meanings == {cs("J1")[0]: 5}


def test_no_wrap_in_solver():
    assert not can_lay(cs("14R 15G 1B 2B"), "run 4")
    assert can_lay(cs("12R 13Y 14R 15G"), "run 4")


def test_cap_on_ways():
    hand = cs("1R 2R 3R 4R 5R 6R 7R J1 J2 J3 J4")
    assert len(lay_down_ways(hand, "run 3 + run 3", cap=7)) == 7
    assert lay_down_ways(hand, "run 3 + run 3", cap=0) == []


def test_missing_describes_needs():
    miss = cards_missing(cs("4R 5G 9B 9Y 1P 11O 13R 15G 2B 7P"), "run 3 + set 3")
    assert miss.count == 2
    text = miss.describe()
    assert text.startswith("2 cards missing") and "a 9 (any colour)" in text
    assert "a 3 (any colour)" in text  # 1P 2B can only become 1-2-3 (no 0, no wrap)
    assert (
        cards_missing(cs("4R 5G 6B 9B 9Y 9P"), "run 3 + set 3")
        .describe()
        .startswith("the level can be laid")
    )


def test_phase10_sequence_is_solvable():
    hand = cs("3R 3G 3B 7R 7G 7B 7Y 7P 7O 1R 2R")
    assert can_lay(hand, PHASE10.levels[0])  # 2 triples
    assert can_lay(hand, PHASE10.levels[8])  # set of 5 + pair
    assert not can_lay(hand, PHASE10.levels[7])  # 7 of one colour
    assert can_lay(hand, parse_level("set 6 + set 3"))


def test_joker_layers_extend_candidate_lists_exactly():
    # cards_missing grows a candidate list by one joker layer per deepening step; that is
    # only the same search if the grown list equals the list built for the higher limit
    rng = random.Random(11)
    for t in range(150):
        k = rng.choice([6, 10, 11, 13])
        hand = rng.sample(range(97), k)
        if t % 3 == 0:  # many cards of few numbers and colours
            hand = list(
                dict.fromkeys(rng.choice(range(0, 90, 15)) + rng.randint(0, 5) for _ in range(k))
            )
        h = solver._Hand(hand)
        for kind in ("run", "set", "colour"):
            for n in (2, 3, 4, 5, 7):
                for lim in range(n):
                    grown = solver._candidates(h, kind, n, lim) + solver._layer(h, kind, n, lim + 1)
                    assert grown == solver._candidates(h, kind, n, lim + 1), (hand, kind, n, lim)


def test_hand_masks_items_and_most_equal_a_direct_count():
    """The Hand's masks by number and colour, its items and its most cards of one kind, as
    counted directly from the sorted natural cards (any order of ids, jokers, skip cards)."""
    rng = random.Random(23)
    for t in range(300):
        hand = rng.sample(range(101), rng.choice([0, 1, 5, 11, 14, 30]))
        if t % 4 == 0:
            hand = tuple(hand)
        h = solver._Hand(hand)
        naturals = sorted(c for c in hand if c < 90)
        assert h.naturals == naturals and h.n_nat == len(naturals)
        by_num = [0] * 17
        by_col = [0] * 6
        for i, c in enumerate(naturals):
            by_num[c % 15 + 1] |= 1 << i
            by_col[c // 15] |= 1 << i
        assert h.num_mask == by_num and h.col_mask == by_col
        assert h.numbers == sum(1 << v for v in range(17) if by_num[v])
        assert h.multi == sum(1 << v for v in range(17) if by_num[v].bit_count() > 1)
        for kind, masks in (("set", by_num), ("colour", by_col)):
            items = [(v, m, m.bit_count()) for v, m in enumerate(masks) if m]
            assert h.items(kind) == items and h.items(kind) == items  # (kept on the hand)
            most = max([k for _v, _m, k in items], default=0)
            assert h.most(kind) == most and h.most(kind) == most


def test_cards_missing_hints_and_joker_swaps_do_not_change_the_answer():
    rng = random.Random(4)
    for _ in range(60):
        hand = rng.sample(range(90), 10)
        for level in ALL_LEVELS:
            miss = cards_missing(hand, level)
            for hint in range(len(miss.needs) + 1):  # any true lower bound gives the same
                assert cards_missing(hand, level, at_least=hint) == miss
            # jokers only fill open places: same plan and needs, fewer cards missing
            more = cards_missing([*hand, 90, 100], level)
            assert (more.plan, more.needs) == (miss.plan, miss.needs)
            assert more.count == max(0, miss.count - 1)


@pytest.mark.parametrize("focused", [False, True])
def test_bot_summary_reads_the_same_as_missing(focused):
    """The HeuristicBot reads a search through ``_summary`` (plan cards, numbers and colours
    that fill an open place) instead of building the Missing: the same answers as
    ``used_cards`` and ``useful`` for every natural card."""
    rng = random.Random(77 + focused)
    for _ in range(80):
        hand = tuple(random_hand(rng, rng.choice([10, 11]), focused))
        for level in ALL_LEVELS:
            miss = cards_missing(hand, level)
            h, total, chosen = solver._missing_search(hand, level, 0)
            assert total == len(miss.needs)
            used, nums, cols = solver._summary(h, chosen)
            assert used == miss.used_cards
            if miss.count:
                for c in range(90):
                    by_bits = bool(nums >> (c % 15 + 1) & 1 or cols >> (c // 15) & 1)
                    assert by_bits == miss.useful(c), (hand, level, c)


def test_bot_evaluations_equal_fresh_searches():
    """A HeuristicBot's kept evaluations (its last discard's, the memo of natural cards, joker
    swaps) give the same Missing as a fresh search, over hands that change card by card."""
    from levelwidgets.level8.bots import HeuristicBot

    rng = random.Random(9)
    for level in ALL_LEVELS:
        bot = HeuristicBot(1)
        deck = list(range(101))
        rng.shuffle(deck)
        hand = [deck.pop() for _ in range(10)]
        for _ in range(40):
            hand.append(deck.pop())  # draw
            for h in (tuple(hand), tuple(reversed(hand))):
                miss = bot._missing(h, level)
                fresh = cards_missing(h, level)
                assert miss == fresh, (h, level)
                assert bot._eval(h, level)[0] == fresh.count
            deck.insert(0, hand.pop(rng.randrange(len(hand))))  # discard
