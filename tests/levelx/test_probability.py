"""Probability tables against brute-force enumeration of all 1296 rolls."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from levelwidgets.levelx import probability as prob

from .brute import face_choices, step_multisets

ROLLS = list(product(range(1, 7), repeat=4))


@pytest.fixture(scope="module", params=[True, False], ids=["lucky", "plain"])
def brute(request):
    lucky = request.param
    per_roll = {}
    cache = {}
    for roll in ROLLS:
        key = tuple(sorted(roll))
        if key not in cache:
            cache[key] = step_multisets(key, lucky)
        per_roll[roll] = cache[key]
    return lucky, per_roll


def test_sum_chances(brute):
    lucky, per_roll = brute
    chances = prob.sum_chances(lucky, exact=True)
    for s in range(5, 11):
        count = sum(1 for steps in per_roll.values() if any(s in m for m in steps))
        assert chances[s] == Fraction(count, 1296)
    floats = prob.sum_chances(lucky)
    assert all(abs(floats[s] - float(chances[s])) < 1e-12 for s in chances)


def test_group_count_distribution(brute):
    lucky, per_roll = brute
    dist = prob.group_count_distribution(lucky, exact=True)
    for s in range(5, 11):
        counts = Counter(max(m.count(s) for m in steps) for steps in per_roll.values())
        assert dist[s] == {k: Fraction(c, 1296) for k, c in counts.items()}
        assert sum(dist[s].values()) == 1


def test_move_size_distribution(brute):
    lucky, per_roll = brute
    dist = prob.move_size_distribution(lucky, exact=True)
    counts = Counter(max(len(m) for m in steps) for steps in per_roll.values())
    assert {k: v for k, v in dist.items() if v} == {k: Fraction(c, 1296) for k, c in counts.items()}


def test_known_values():
    # 5-5-5-5 is the only way to make four 5s without Lucky Loser.
    assert prob.group_count_distribution(False, exact=True)[5][4] == Fraction(1, 1296)
    # Lucky Loser only helps: every sum is at least as likely with it.
    with_ll, without = prob.sum_chances(True), prob.sum_chances(False)
    assert all(with_ll[s] >= without[s] for s in with_ll)
    assert any(with_ll[s] > without[s] for s in with_ll)


def test_face_choices_keep_a_one():
    assert all(1 in faces for faces in face_choices((1, 1, 3, 4), True))
    assert len(list(face_choices((1, 1, 3, 4), True))) == 11  # 6*6 minus 5*5


def test_dataframes():
    tables = prob.chances_table()
    assert list(tables["sum_chances"].index) == [5, 6, 7, 8, 9, 10]
    assert abs(tables["group_counts"].sum().sum() - 6) < 1e-9
    assert abs(tables["move_sizes"].sum() - 1) < 1e-9
