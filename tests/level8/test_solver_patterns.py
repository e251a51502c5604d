"""The kept answers of set-only levels (:mod:`levelwidgets.level8.patterns`) against the search.

A kept answer must be exactly what the search would return — the same masks, joker counts,
numbers, requirement indices and order — and leave the same ``_LAST_WAY`` (``solve`` reuses
it), for any ``at_least`` (too high ones included) and for hands that only share the pattern.
"""

from __future__ import annotations

import random

import pytest

from levelwidgets.level8 import parse_level, solver
from levelwidgets.level8 import patterns as P

from .helpers import random_hand, recorded_searches

SET_LEVELS = [
    "set 2 + set 3 + set 3",
    "set 3 + set 3",
    "set 4 + set 4",
    "set 2 + set 2 + set 2 + set 2",
    "set 5 + set 3",
    "set 2 + set 3 + set 4",
    "set 2 + set 2",
    "set 3 + set 2",
    "set 4 + set 2 + set 2",
    "set 5 + set 5",
    "set 3 + set 3 + set 3",
]


def _hand_key(h) -> tuple:
    return (h.naturals, h.jokers, h.num_mask, h.nj)


def _last_way() -> tuple | None:
    last = solver._LAST_WAY[0]
    if last is None:
        return None
    hand, lv, h, total, lims, chosen = last
    return (hand, lv, _hand_key(h), total, type(lims), lims, chosen)


def _same_as_search(hand, lv, at_least: int) -> int:
    """Call the kept-answer search and the plain one; assert equal results and _LAST_WAY."""
    solver._LAST_WAY[0] = None
    h, total, chosen = solver._missing_search_uncached(hand, lv, at_least)
    want = (_hand_key(h), total, chosen), _last_way()
    solver._LAST_WAY[0] = None
    h, total, chosen = solver._missing_search(hand, lv, at_least)
    got = (_hand_key(h), total, chosen), _last_way()
    assert got == want, (hand, lv.spec(), at_least)
    return total


def test_random_set_hands_match_the_search() -> None:
    P._forget()
    rng = random.Random(8)
    levels = [parse_level(spec) for spec in SET_LEVELS]
    for _ in range(3000):
        lv = rng.choice(levels)
        hand = random_hand(rng, 8)
        total = solver._missing_search_uncached(hand, lv, 0)[1]
        bounds = list(range(total + 3))  # true lower bounds, and too high ones
        rng.shuffle(bounds)
        if rng.random() < 0.5:
            P._forget()  # so that the first answer kept may come from a too high bound
        for at_least in bounds:
            _same_as_search(hand, lv, at_least)
            _same_as_search(hand, lv, at_least)  # a kept answer now
        # an equal level built anew shares the answers of its shape
        _same_as_search(hand, parse_level(lv.spec()), rng.randint(0, total))


def test_forgetting_keeps_results(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(P, "_ANSWER_LIMIT", 5)  # forget every few answers
    P._forget()
    rng = random.Random(9)
    levels = [parse_level(spec) for spec in SET_LEVELS[:4]]
    for _ in range(300):
        lv = rng.choice(levels)
        hand = random_hand(rng, 8)
        _same_as_search(hand, lv, 0)
        _same_as_search(hand, lv, 0)
        assert P._KEPT[0] <= 5
    P._forget()


def test_bot_game_searches_match() -> None:
    calls = recorded_searches(list(range(4)))
    assert any(P._set_memo(lv) is not None for _h, lv, _a in calls)
    P._forget()
    for hand, level, hint in calls:
        _same_as_search(hand, level, hint)


def test_local_bits_round_trip() -> None:
    mask = 0b1011_0100_1001
    subs = [0b1011_0000_0000, 0b1000_0100_0001, 0b0001_0000_1000, mask]
    for sub in subs:
        assert P._spread(mask, P._local(mask, sub)) == sub
    # the map keeps the order of bits, hence the decreasing order of submasks
    ranked = sorted(subs[:3], reverse=True)
    assert sorted([P._local(mask, s) for s in ranked], reverse=True) == [
        P._local(mask, s) for s in ranked
    ]


@pytest.mark.parametrize(
    ("spec", "kept"),
    [
        ("set 2 + set 3 + set 3", True),
        ("set 4 + set 4", True),
        ("set 4", False),  # one requirement: the search's own fast path
        ("run 4 + set 2", False),
        ("colour 4 + colour 4", False),
    ],
)
def test_which_levels_keep_answers(spec: str, kept: bool) -> None:
    lv = parse_level(spec)
    assert (P._set_memo(lv) is not None) == kept
