"""Exact tables for 1–6 dice and any targets, against brute force over all 6ⁿ ordered rolls
(memoised per sorted roll, but every ordered roll is counted), plus hand-worked 6-dice values.

The brute force here shares no code with the module: Lucky Loser is "every 1 may show any face
as long as one 1 stays a 1", and groups are found by trying every subset of dice by position.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from levelwidgets.errors import GameError
from levelwidgets.levelx import probability as prob
from levelwidgets.levelx.errors import ProbabilityError

TARGET_SETS = {
    "rows": (5, 6, 7, 8, 9, 10),
    "seven": (7,),
    "2-3-12": (2, 3, 12),
    "1-12": tuple(range(1, 13)),
}


def faces_after_turns(roll: tuple[int, ...], lucky: bool) -> set[tuple[int, ...]]:
    """Every (sorted) face vector a roll can show after optional Lucky Loser turns."""
    ones = roll.count(1)
    if not lucky or ones < 2:
        return {tuple(sorted(roll))}
    others = [d for d in roll if d != 1]
    return {
        tuple(sorted(others + list(new))) for new in product(range(1, 7), repeat=ones) if 1 in new
    }


@cache
def most_groups(faces: tuple[int, ...], sums: frozenset[int]) -> int:
    """The most disjoint groups of ``faces`` whose sums are all in ``sums``."""
    if not faces:
        return 0
    first, rest = faces[0], faces[1:]
    best = most_groups(rest, sums)  # the first die left out
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) in sums:
                remain = tuple(d for i, d in enumerate(rest) if i not in chosen)
                best = max(best, 1 + most_groups(remain, sums))
    return best


@cache
def brute_roll(roll: tuple[int, ...], targets: tuple[int, ...], lucky: bool):
    """(most steps, {target: most groups}) of one sorted roll, best over Lucky Loser turns."""
    choices = faces_after_turns(roll, lucky)
    steps = max(most_groups(f, frozenset(targets)) for f in choices)
    groups = {t: max(most_groups(f, frozenset({t})) for f in choices) for t in targets}
    return steps, groups


@cache
def brute_tables(dice: int, targets: tuple[int, ...], lucky: bool):
    """The three tables as exact fractions, counting every ordered roll once."""
    total = 6**dice
    can = Counter()
    groups = {t: Counter() for t in targets}
    sizes = Counter()
    for roll in product(range(1, 7), repeat=dice):
        steps, most = brute_roll(tuple(sorted(roll)), targets, lucky)
        sizes[steps] += 1
        for t in targets:
            can[t] += most[t] > 0
            groups[t][most[t]] += 1
    return (
        {t: Fraction(can[t], total) for t in targets},
        {t: {k: Fraction(c, total) for k, c in sorted(groups[t].items())} for t in targets},
        {k: Fraction(sizes[k], total) for k in range(dice + 1)},
    )


@pytest.mark.parametrize("lucky", [True, False], ids=["lucky", "plain"])
@pytest.mark.parametrize("targets", TARGET_SETS.values(), ids=TARGET_SETS.keys())
@pytest.mark.parametrize("dice", [1, 2, 3, 4, 5, 6])  # 6 is cheap enough here too
def test_tables_equal_brute_force(dice, targets, lucky):
    sums, groups, sizes = brute_tables(dice, targets, lucky)
    kwargs = {"dice": dice, "targets": targets, "lucky_loser": lucky, "exact": True}
    assert prob.sum_chances(**kwargs) == sums
    assert prob.group_count_distribution(**kwargs) == groups
    assert prob.move_size_distribution(**kwargs) == sizes


def test_floats_equal_fractions():
    kwargs = {"dice": 5, "targets": range(2, 9), "lucky_loser": True}
    exact = prob.group_count_distribution(exact=True, **kwargs)
    floats = prob.group_count_distribution(**kwargs)
    assert all(isinstance(v, float) for d in floats.values() for v in d.values())
    assert floats == {t: {k: float(v) for k, v in d.items()} for t, d in exact.items()}


def test_targets_in_any_form_give_the_same_table():
    forms = [range(5, 11), [10, 9, 8, 7, 6, 5], {5, 6, 7, 8, 9, 10}, (5, 6, 7, 8, 9, 10)]
    tables = [prob.sum_chances(targets=t, exact=True) for t in forms]
    assert all(t == tables[0] for t in tables)
    assert list(tables[0]) == [5, 6, 7, 8, 9, 10]
    assert prob.sum_chances(targets=7) == prob.sum_chances(targets={7})
    generator = (t for t in range(5, 11))
    assert prob.simulate_rolls(10, targets=generator, seed=1).keys() == tables[0].keys()


# --- six dice: values worked out by hand -------------------------------------------------------

SIX = 6**6


@pytest.mark.parametrize("lucky", [True, False])
def test_six_dice_ones_are_binomial(lucky):
    # A group of sum 1 is a lone 1; a turned 1 shows 1 at best, so Lucky Loser changes nothing.
    dist = prob.group_count_distribution(lucky, True, dice=6, targets={1})[1]
    assert dist == {k: Fraction(math.comb(6, k) * 5 ** (6 - k), SIX) for k in range(7)}


@pytest.mark.parametrize("lucky", [True, False])
def test_six_dice_twos(lucky):
    # Groups of 2 are a 2 or 1+1. Without Lucky Loser: twos + ones // 2. With it (two or more
    # 1s): one 1 stays, the others may show 2, so twos + ones - 1.
    counts = Counter()
    for ones in range(7):
        for twos in range(7 - ones):
            ways = math.comb(6, ones) * math.comb(6 - ones, twos) * 4 ** (6 - ones - twos)
            most = twos + (ones - 1 if lucky and ones >= 2 else ones // 2)
            counts[most] += ways
    expected = {k: Fraction(c, SIX) for k, c in sorted(counts.items())}
    assert prob.group_count_distribution(lucky, True, dice=6, targets={2})[2] == expected


def test_six_dice_three_sevens():
    # Three 7s from six dice are three pairs 1+6, 2+5, 3+4: all one kind (3 kinds x 6!/3!3!),
    # two of one kind (6 choices x 6!/2!2!), or one of each (6!).
    ways = 3 * 20 + 6 * 180 + 720
    assert prob.group_count_distribution(False, True, dice=6, targets={7})[7][3] == Fraction(
        ways, SIX
    )


@pytest.mark.parametrize("lucky", [True, False])
def test_six_dice_extremes(lucky):
    # 36 needs six 6s (Lucky Loser keeps a 1, so it cannot help).
    assert prob.sum_chances(lucky, True, dice=6, targets={36}) == {36: Fraction(1, SIX)}
    # With targets 1–6 every die is a group of its own.
    assert prob.move_size_distribution(lucky, True, dice=6, targets=range(1, 7))[6] == 1
    # Six dice always make some row: a 5 or 6 alone, else dice ≤ 4 whose running total
    # (at least 6) cannot jump over 5–8.
    assert prob.move_size_distribution(lucky, True, dice=6)[0] == 0
    assert prob.sum_chances(lucky, True, dice=6, targets={1})[1] == 1 - Fraction(5**6, SIX)


def test_four_dice_empty_move_needs_four_ones():
    # Only 1-1-1-1 makes no row; Lucky Loser rescues it.
    assert prob.move_size_distribution(False, True)[0] == Fraction(1, 1296)
    assert prob.move_size_distribution(True, True)[0] == 0


# --- Monte Carlo ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "targets", "lucky", "seed"),
    [(4, (5, 6, 7, 8, 9, 10), True, 1), (6, (7, 12), False, 2), (3, (1, 2, 3, 12), True, 3)],
)
def test_simulation_agrees_with_exact_table(dice, targets, lucky, seed):
    n = 200_000
    observed = prob.simulate_rolls(n, dice=dice, targets=targets, lucky_loser=lucky, seed=seed)
    exact = prob.sum_chances(lucky, dice=dice, targets=targets)
    assert list(observed) == list(exact)
    for t, p in exact.items():
        se = math.sqrt(n * p * (1 - p))
        assert abs(observed[t] - n * p) <= 4 * se + 1e-9, (t, observed[t], n * p)


def test_simulation_is_seeded_and_counts_every_roll():
    first = prob.simulate_rolls(5000, dice=1, targets=range(1, 7), seed=7)
    assert first == prob.simulate_rolls(5000, dice=1, targets=range(1, 7), seed=7)
    assert first != prob.simulate_rolls(5000, dice=1, targets=range(1, 7), seed=8)
    assert sum(first.values()) == 5000  # one die makes exactly one of 1–6


def test_simulation_of_no_rolls():
    assert prob.simulate_rolls(0, seed=1) == dict.fromkeys(range(5, 11), 0)


# --- per ordered roll -------------------------------------------------------------------------


def test_roll_table_for_other_dice():
    table = prob.roll_table(False, dice=3, targets={7, 18})
    rolls = prob.all_rolls(3)
    assert rolls.shape == (216, 3)
    assert tuple(rolls[0]) == (1, 1, 1) and tuple(rolls[1]) == (1, 1, 2)
    assert table["can_make"].shape == (216, 2)
    sixes = [i for i, r in enumerate(rolls.tolist()) if r == [6, 6, 6]]
    assert table["can_make"][sixes[0]].tolist() == [False, True]
    assert table["max_steps"].max() == 1
    assert not table["max_groups"].flags.writeable


# --- arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize("dice", [0, 7, -1, 2.0, True, "4", None])
def test_bad_dice(dice):
    with pytest.raises(ProbabilityError, match="dice must be"):
        prob.sum_chances(dice=dice)


@pytest.mark.parametrize(
    ("targets", "words"),
    [
        ([], "empty"),
        (["5"], "whole number"),
        ([5.0], "whole number"),
        ([True], "whole number"),
        ([0, 5], "at least 1"),
        (-3, "at least 1"),
        ("57", "targets must be"),
        (None, "targets must be"),
    ],
)
def test_bad_targets(targets, words):
    for function in (prob.sum_chances, prob.group_count_distribution, prob.move_size_distribution):
        with pytest.raises(ProbabilityError, match=words):
            function(targets=targets)


def test_bad_flags_and_counts():
    with pytest.raises(ProbabilityError, match="lucky_loser must be True or False"):
        prob.sum_chances(lucky_loser="yes")
    with pytest.raises(ProbabilityError, match="n must be a whole number"):
        prob.simulate_rolls(-1)
    with pytest.raises(ProbabilityError, match="n must be a whole number"):
        prob.simulate_rolls(1.5)
    with pytest.raises(ProbabilityError, match="dice must be"):
        prob.roll_table(dice=7)
    assert issubclass(ProbabilityError, GameError)


def test_import_is_light():
    code = (
        "import sys, levelwidgets.levelx.probability as p;"
        "heavy = [m for m in ('numpy', 'pandas') if m in sys.modules];"
        "print(heavy); sys.exit(1 if heavy else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"importing probability pulled in {result.stdout}"
