"""Exact probabilities of Level X rolls, for lessons and for analysts.

Every figure is computed over all 6⁴ = 1296 equally likely ordered rolls, with or without the
Lucky Loser rule, from the same grouping enumeration the engine uses. Results are floats by
default or exact :class:`fractions.Fraction` with ``exact=True``.

- :func:`sum_chances`: the chance that a roll *can* make each sum 5–10 (one group of that sum).
- :func:`group_count_distribution`: per sum, the distribution of the largest number of
  disjoint groups of that sum one roll can make (e.g. 5-5-5-5 makes four 5s).
- :func:`move_size_distribution`: the distribution of the largest move (number of steps) a
  roll allows.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np

from .moves import groupings_for
from .rules import ROWS

N_ROLLS = 6**4
#: All ordered rolls, shape (1296, 4).
ALL_ROLLS = np.array(list(product(range(1, 7), repeat=4)), dtype=np.int8)


@lru_cache(maxsize=2)
def roll_table(lucky_loser: bool = True) -> dict[str, np.ndarray]:
    """Per-roll facts, aligned with :data:`ALL_ROLLS`.

    ``can_make`` (1296, 6) bool: the roll can make each sum 5..10.
    ``max_groups`` (1296, 6) int: the most disjoint groups of each sum.
    ``max_steps`` (1296,) int: the most steps in one move.
    """
    sorted_rolls = np.sort(ALL_ROLLS, axis=1)
    unique, inverse = np.unique(sorted_rolls, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    per_unique_groups = np.zeros((len(unique), len(ROWS)), dtype=np.int8)
    per_unique_steps = np.zeros(len(unique), dtype=np.int8)
    for u, dice in enumerate(unique):
        for grouping in groupings_for(tuple(int(d) for d in dice), lucky_loser):
            steps = grouping.steps
            per_unique_steps[u] = max(per_unique_steps[u], len(steps))
            for row in set(steps):
                i = row - ROWS[0]
                per_unique_groups[u, i] = max(per_unique_groups[u, i], steps.count(row))
    max_groups = per_unique_groups[inverse]
    table = {
        "can_make": max_groups > 0,
        "max_groups": max_groups,
        "max_steps": per_unique_steps[inverse],
    }
    for array in table.values():
        array.flags.writeable = False
    return table


def _chance(count: int, exact: bool) -> Fraction | float:
    return Fraction(count, N_ROLLS) if exact else count / N_ROLLS


def sum_chances(lucky_loser: bool = True, exact: bool = False) -> dict[int, Fraction | float]:
    """``{sum: chance}`` that one roll can make a group of that sum (5–10)."""
    counts = roll_table(lucky_loser)["can_make"].sum(axis=0)
    return {row: _chance(int(counts[i]), exact) for i, row in enumerate(ROWS)}


def group_count_distribution(
    lucky_loser: bool = True, exact: bool = False
) -> dict[int, dict[int, Fraction | float]]:
    """``{sum: {k: chance}}``: the chance that the most disjoint groups of that sum is k."""
    max_groups = roll_table(lucky_loser)["max_groups"]
    out: dict[int, dict[int, Fraction | float]] = {}
    for i, row in enumerate(ROWS):
        counts = np.bincount(max_groups[:, i], minlength=5)
        out[row] = {k: _chance(int(c), exact) for k, c in enumerate(counts) if c}
    return out


def move_size_distribution(
    lucky_loser: bool = True, exact: bool = False
) -> dict[int, Fraction | float]:
    """``{k: chance}`` that the largest move a roll allows has k steps (0 to 4)."""
    counts = np.bincount(roll_table(lucky_loser)["max_steps"], minlength=5)
    return {k: _chance(int(c), exact) for k, c in enumerate(counts)}


def chances_table(lucky_loser: bool = True):
    """All three tables as one pandas DataFrame per figure (needs the ``[analysis]`` extra)."""
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "chances_table needs pandas: pip install 'levelwidgets[analysis]'"
        ) from exc
    sums = pd.Series(sum_chances(lucky_loser), name="can make").rename_axis("sum")
    groups = pd.DataFrame(group_count_distribution(lucky_loser)).fillna(0.0)
    groups.index.name, groups.columns.name = "groups", "sum"
    sizes = pd.Series(move_size_distribution(lucky_loser), name="largest move").rename_axis("steps")
    return {"sum_chances": sums, "group_counts": groups.sort_index(), "move_sizes": sizes}
