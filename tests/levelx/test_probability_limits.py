"""The probability functions check every argument before any work (issue 30, item 7).

A refused call is a :class:`ProbabilityError` (its ``…TypeError`` twin for a wrong type, its
limit twin for input too large), builds nothing large (traced memory stays small, no cache
grows) and reads an endless generator no further than the limit. The largest accepted sizes
are the ones docs/errors.md gives.
"""

from __future__ import annotations

import itertools
import re
import tracemalloc
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from levelwidgets.errors import GameError, GameLimitError
from levelwidgets.levelx import probability as prob
from levelwidgets.levelx.errors import (
    LevelXLimitError,
    LevelXTypeError,
    ProbabilityError,
    ProbabilityLimitError,
    ProbabilityTypeError,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "errors.md"

#: Traced memory a refusal may take: its message and a few small objects, nothing built.
SMALL = 64 * 1024

#: Every function that takes ``targets``, called with them (and the game's other defaults).
TABLES: dict[str, Callable[[object], object]] = {
    "sum_chances": lambda t: prob.sum_chances(targets=t),
    "group_count_distribution": lambda t: prob.group_count_distribution(targets=t),
    "move_size_distribution": lambda t: prob.move_size_distribution(targets=t),
    "chances_table": lambda t: prob.chances_table(targets=t),
    "roll_table": lambda t: prob.roll_table(targets=t),
    "roll_facts": lambda t: prob.roll_facts(targets=t),
    "groupings": lambda t: prob.groupings((1, 4, 4, 6), t),
    "simulate_rolls": lambda t: prob.simulate_rolls(10, targets=t, seed=1),
}

CACHES = (
    prob._roll_facts,
    prob._roll_table,
    prob._solver,
    prob._groupings,
    prob._groups_of,
    prob._all_rolls,
)


class Counted:
    """An iterator over ``items`` that counts how many were taken from it."""

    def __init__(self, items: Iterator[int]) -> None:
        self.items = items
        self.taken = 0

    def __iter__(self) -> Counted:
        return self

    def __next__(self) -> int:
        item = next(self.items)
        self.taken += 1
        return item


def refused(
    call: Callable[[], object], error: type[Exception], words: str | None = None
) -> Exception:
    """Run ``call``: it must raise ``error`` (matching ``words``) while building nothing: its
    traced memory stays under :data:`SMALL` and no cache of the module grows."""
    before = [c.cache_info().currsize for c in CACHES]
    tracemalloc.start()
    try:
        with pytest.raises(error, match=words) as caught:
            call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < SMALL, f"the refusal took {peak:,} bytes"
    assert [c.cache_info().currsize for c in CACHES] == before
    return caught.value


# --- the error classes --------------------------------------------------------------------------


def test_the_new_errors_are_the_ones_callers_already_catch() -> None:
    assert issubclass(ProbabilityTypeError, ProbabilityError)
    assert issubclass(ProbabilityTypeError, LevelXTypeError)
    assert issubclass(ProbabilityTypeError, TypeError)
    assert issubclass(ProbabilityLimitError, ProbabilityError)
    assert issubclass(ProbabilityLimitError, LevelXLimitError)
    assert issubclass(ProbabilityLimitError, GameLimitError)
    assert issubclass(ProbabilityLimitError, ValueError)
    assert issubclass(ProbabilityError, GameError)


# --- targets ----------------------------------------------------------------------------------


HUGE_TARGETS = {
    "a trillion": lambda: range(1, 10**12),
    "longer than an index": lambda: range(10**20),
    "a million in a list": lambda: list(range(1, 1_000_001)),
    "a million in a set": lambda: set(range(1, 1_000_001)),
    "1,001 repeats": lambda: [5] * 1001,
}


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("huge", HUGE_TARGETS)
def test_too_many_targets_are_refused_unread(name: str, huge: str) -> None:
    targets = HUGE_TARGETS[huge]()
    exc = refused(lambda: TABLES[name](targets), ProbabilityLimitError, "more than 1,000 sums")
    assert "range(5, 11)" in str(exc) and len(str(exc)) < 400


@pytest.mark.parametrize("name", TABLES)
def test_an_endless_generator_is_read_no_further_than_the_limit(name: str) -> None:
    same = Counted(itertools.repeat(5))
    refused(lambda: TABLES[name](same), ProbabilityLimitError, "more than 1,000")
    assert same.taken == prob.MAX_TARGET_ITEMS + 1
    counting = Counted(itertools.count(1))  # 37 is no sum of six dice: refused at once
    refused(lambda: TABLES[name](counting), ProbabilityError, "at most 36, so 37")
    assert counting.taken == 37


def test_the_largest_accepted_targets() -> None:
    assert prob.check_targets([5] * prob.MAX_TARGET_ITEMS) == (5,)
    assert prob.check_targets(range(1, prob.MAX_TARGET + 1)) == tuple(range(1, 37))
    every = prob.sum_chances(False, dice=2, targets=range(1, 37), exact=True)
    assert every[7] == Fraction(6, 36)  # 1+6, 2+5, 3+4 in either order
    assert every[12] > 0 and every[13] == 0 and every[36] == 0
    assert prob.MAX_TARGET == 36 and prob.MAX_TARGET_ITEMS == 1000


def test_a_generator_of_targets_is_read_once_everywhere() -> None:
    table = prob.chances_table(targets=(t for t in range(5, 11)))  # three tables, one read
    assert list(table["sum_chances"].index) == list(range(5, 11))
    assert list(table["group_counts"].columns) == list(range(5, 11))


class Broken:
    """An iterable that fails while it is read."""

    def __iter__(self) -> Iterator[int]:
        yield 5
        raise RuntimeError("the network went away")


@pytest.mark.parametrize(
    ("targets", "error", "words"),
    [
        (Broken(), ProbabilityTypeError, "could not be read"),
        (b"57", ProbabilityTypeError, "targets must be"),
        (5.0, ProbabilityTypeError, "targets must be"),
        ([5, 2.0], ProbabilityTypeError, "whole number, not 2.0"),
        pytest.param([5, 10**5000], ProbabilityError, "about 5001 digits", id="5001 digits"),
        ([5, 37], ProbabilityError, "at most 36"),
    ],
)
def test_bad_targets(targets: object, error: type[Exception], words: str) -> None:
    refused(lambda: prob.sum_chances(targets=targets), error, words)


# --- flags, dice, rolls ------------------------------------------------------------------------

DISTRIBUTIONS = ("sum_chances", "group_count_distribution", "move_size_distribution")


@pytest.mark.parametrize("flag", ["lucky_loser", "exact"])
@pytest.mark.parametrize(
    "name", ["sum_chances", "group_count_distribution", "move_size_distribution"]
)
def test_flags_are_true_or_false(flag: str, name: str) -> None:
    for value in ("yes", 1, None):
        refused(
            lambda value=value: getattr(prob, name)(**{flag: value}),
            ProbabilityTypeError,
            f"{flag} must be True or False",
        )


def test_chances_table_checks_everything_before_pandas() -> None:
    refused(lambda: prob.chances_table(percent="yes"), ProbabilityTypeError, "percent")
    refused(lambda: prob.chances_table(lucky_loser=1), ProbabilityTypeError, "lucky_loser")
    refused(lambda: prob.chances_table(dice=7), ProbabilityError, "dice must be")


def test_dice_are_checked_before_the_cache() -> None:
    assert prob.all_rolls(1).shape == (6, 1)  # now cached under 1, which equals True
    refused(lambda: prob.all_rolls(True), ProbabilityTypeError, "dice must be")
    refused(lambda: prob.all_rolls(10**30), ProbabilityError, "dice must be from 1 to 6")
    refused(lambda: prob.roll_table(dice=2.0), ProbabilityTypeError, "dice must be")


@pytest.mark.parametrize(
    ("roll", "error"),
    [
        ("1146", ProbabilityTypeError),
        (1146, ProbabilityTypeError),
        (range(10**12), ProbabilityError),  # counted, not read
        ([1] * 7, ProbabilityError),
        ([1, 2.0], ProbabilityTypeError),
        ([1, True], ProbabilityTypeError),
        ([0, 3], ProbabilityError),
        ([], ProbabilityError),
    ],
)
def test_rolls_are_checked(roll: object, error: type[Exception]) -> None:
    refused(lambda: prob.groupings(roll), error, r"^A (roll|die) ")
    refused(lambda: prob.roll_ways(roll), error, r"^A (roll|die) ")


def test_groupings_checks_its_flag() -> None:
    refused(
        lambda: prob.groupings((1, 1, 4, 6), lucky_loser="no"), ProbabilityTypeError, "lucky_loser"
    )


# --- simulate_rolls ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n", [10**12, prob.MAX_ROLLS + 1, pytest.param(10**5000, id="5001 digits")]
)
def test_too_many_rolls_are_refused_before_a_die_is_drawn(n: int) -> None:
    rng = np.random.default_rng(5)
    state = rng.bit_generator.state
    exc = refused(lambda: prob.simulate_rolls(n, seed=rng), ProbabilityLimitError, "at most")
    assert "100,000,000" in str(exc) and len(str(exc)) < 300
    assert rng.bit_generator.state == state  # nothing was drawn


def test_the_largest_number_of_rolls_is_accepted() -> None:
    assert prob.check_rolls(prob.MAX_ROLLS) == 100_000_000
    assert prob.simulate_rolls(0, seed=1) == dict.fromkeys(range(5, 11), 0)


@pytest.mark.parametrize(
    ("n", "error"),
    [
        (-1, ProbabilityError),
        (1.5, ProbabilityTypeError),
        (True, ProbabilityTypeError),
        ("10", ProbabilityTypeError),
        (None, ProbabilityTypeError),
    ],
)
def test_bad_numbers_of_rolls(n: object, error: type[Exception]) -> None:
    refused(lambda: prob.simulate_rolls(n), error, "n must be a whole number of rolls")


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (-1, ProbabilityError),
        (1 << 128, ProbabilityError),
        (2.0, ProbabilityTypeError),
        (True, ProbabilityTypeError),
        ("2026", ProbabilityTypeError),
        ([], ProbabilityTypeError),
        ([1, -1], ProbabilityTypeError),
        ([1] * 17, ProbabilityTypeError),
        (object(), ProbabilityTypeError),
    ],
)
def test_bad_seeds_are_refused_before_a_die_is_drawn(seed: object, error: type[Exception]) -> None:
    exc = refused(lambda: prob.simulate_rolls(10**6, seed=seed), error, "seed must be")
    assert "2026" in str(exc)


def test_every_seed_numpy_takes_is_accepted() -> None:
    first = prob.simulate_rolls(1000, seed=3)
    assert prob.simulate_rolls(1000, seed=np.int64(3)) == first
    assert prob.simulate_rolls(1000, seed=np.random.default_rng(3)) == first
    assert prob.simulate_rolls(1000, seed=np.random.SeedSequence(3)) == first
    assert prob.simulate_rolls(1000, seed=[3]) == prob.simulate_rolls(1000, seed=[3])
    assert sum(prob.simulate_rolls(1000, seed=(1 << 128) - 1).values()) > 0
    assert sum(prob.simulate_rolls(1000, seed=None).values()) > 0


def test_the_other_arguments_of_simulate_rolls_come_before_the_work() -> None:
    rng = np.random.default_rng(9)
    state = rng.bit_generator.state
    refused(lambda: prob.simulate_rolls(10, dice=9, seed=rng), ProbabilityError, "dice")
    refused(lambda: prob.simulate_rolls(10, lucky_loser=0, seed=rng), ProbabilityTypeError, "lucky")
    assert rng.bit_generator.state == state


# --- the documented sizes ----------------------------------------------------------------------


def test_docs_give_the_largest_accepted_sizes() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert "## Largest accepted sizes" in text
    section = text.split("## Largest accepted sizes", 1)[1]
    table = re.sub(r"[,_]", "", section)
    for figure in (prob.MAX_TARGET, prob.MAX_TARGET_ITEMS, prob.MAX_ROLLS, prob.MAX_DICE):
        assert str(figure) in table, figure
    for name in ("sum_chances", "roll_table", "groupings", "simulate_rolls", "DiceLab"):
        assert name in section, name
