"""Probability tables of the game's 4 dice against brute-force enumeration of all 1296 rolls
and against the engine's own groupings (see test_probability_general.py for 1–6 dice)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from levelwidgets.levelx import probability as prob
from levelwidgets.levelx.moves import groupings_for
from levelwidgets.levelx.rules import ROWS

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


@pytest.mark.parametrize("lucky", [True, False], ids=["lucky", "plain"])
def test_default_tables_equal_the_engine(lucky):
    """The generalised counting gives the engine's answer (``groupings_for``) on every roll."""
    sorted_counts = Counter(tuple(sorted(r)) for r in ROLLS)
    can, groups, sizes = Counter(), {r: Counter() for r in ROWS}, Counter()
    for roll, ways in sorted_counts.items():
        found = groupings_for(roll, lucky)
        sizes[max(len(g.steps) for g in found)] += ways
        for r in ROWS:
            most = max(g.steps.count(r) for g in found)
            can[r] += ways if most else 0
            groups[r][most] += ways
    assert prob.sum_chances(lucky, exact=True) == {r: Fraction(can[r], 1296) for r in ROWS}
    assert prob.group_count_distribution(lucky, exact=True) == {
        r: {k: Fraction(c, 1296) for k, c in sorted(groups[r].items())} for r in ROWS
    }
    assert prob.move_size_distribution(lucky, exact=True) == {
        k: Fraction(sizes[k], 1296) for k in range(5)
    }


def test_keyword_form_of_the_issue():
    five = prob.sum_chances(dice=5, targets=range(5, 11), lucky_loser=False, exact=True)
    assert list(five) == list(ROWS)
    assert all(isinstance(v, Fraction) and v.denominator <= 6**5 for v in five.values())
    assert prob.sum_chances(dice=4, targets=ROWS, exact=True) == prob.sum_chances(exact=True)


def test_roll_table_and_all_rolls_still_work():
    assert prob.N_ROLLS == 1296
    assert prob.ALL_ROLLS.shape == (1296, 4)
    assert [tuple(r) for r in prob.ALL_ROLLS.tolist()] == ROLLS
    for lucky in (True, False):
        table = prob.roll_table(lucky)
        assert table["can_make"].shape == (1296, 6)
        assert table["max_groups"].shape == (1296, 6)
        assert table["max_steps"].shape == (1296,)
        counts = table["can_make"].sum(axis=0)
        assert prob.sum_chances(lucky, exact=True) == {
            r: Fraction(int(c), 1296) for r, c in zip(ROWS, counts, strict=True)
        }
        row = ROLLS.index((1, 1, 1, 5))
        assert table["max_steps"][row] == (3 if lucky else 1)  # 5, 5, 1+6 or just 5


def test_dataframes_for_other_dice_in_percent():
    tables = prob.chances_table(False, dice=2, targets={7, 12}, percent=True)
    assert tables["sum_chances"].to_dict() == pytest.approx({7: 100 / 6, 12: 100 / 36})
    assert abs(tables["move_sizes"].sum() - 100) < 1e-9
    assert list(tables["move_sizes"].index) == [0, 1, 2]
