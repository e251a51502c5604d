"""Exact probabilities of dice rolls in Level X, for lessons and for analysts.

Every figure is exact: it counts the sorted rolls (the 126 multisets of 4 dice, 462 of 6) with
their multinomial weights ``n! / (c1! c2! … c6!)``, which is the same as counting all 6ⁿ equally
likely ordered rolls, only faster. Results are floats by default or :class:`fractions.Fraction`
with ``exact=True``. The defaults are the game's: 4 dice, target sums 5–10 (the rows), Lucky
Loser on; ``dice=1..6`` and any set of ``targets`` (sums 1 to 36, any iterable) are allowed
too. Every argument is checked before any work (see "Largest accepted sizes" in
docs/errors.md): at most 1,000 targets are read, so an endless generator is refused, and
:func:`simulate_rolls` rolls at most 100,000,000 times a call.

- :func:`sum_chances`: the chance that a roll *can* make each target (one group of that sum).
- :func:`group_count_distribution`: per target, the distribution of the largest number of
  disjoint groups of that sum one roll can make (e.g. 5-5-5-5 makes four 5s).
- :func:`move_size_distribution`: the distribution of the size of the largest move, i.e. the
  most disjoint groups a roll can make when each group may hit any target (the most steps).
- :func:`chances_table`: the three as pandas tables (needs ``pandas``), as chances or percent.
- :func:`simulate_rolls`: a vectorised Monte Carlo count (needs ``numpy``), to check the above.
- :func:`groupings`: every distinct grouping of one roll into target sums (for showing a roll).

Groups: a group is one or more dice, a die is in at most one group, dice may be left out, and a
group counts only if its sum is a target.

Lucky Loser with any number of dice, taken literally from the rules ("if two, three or four
dice show a 1, the player may turn every 1 but one to any face"): when **two or more** of the n
dice show a 1, all of those 1s but one may each be turned to any face 1–6, each turn optional.
So a roll with ``c ≥ 2`` ones is worth its other faces, one 1 that stays a 1, and ``c - 1``
free dice showing any face. For 4 dice and targets 5–10 this is exactly what the engine allows
(:func:`levelwidgets.levelx.moves.groupings_for`); the tests check that.

Nothing heavy is imported with this module: numpy (for :func:`roll_table`,
:func:`simulate_rolls`, :data:`ALL_ROLLS`), pandas (for :func:`chances_table`) and
:mod:`fractions` (for ``exact=True``) are imported when first needed.
"""

from __future__ import annotations

import sys
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING, Any

from ..extras import require
from .checks import is_int, show
from .errors import ProbabilityError, ProbabilityLimitError, ProbabilityTypeError
from .rules import ROWS

if TYPE_CHECKING:
    from fractions import Fraction

    import numpy as np

    from .moves import Grouping

FACES = 6
MAX_DICE = 6
DEFAULT_DICE = 4
#: Ordered rolls of the game's 4 dice.
N_ROLLS = FACES**DEFAULT_DICE
#: The largest target sum: six sixes. No roll makes a larger one, so none is taken.
MAX_TARGET = FACES * MAX_DICE
#: Most items read from ``targets``, repeats included: an endless generator stops here.
MAX_TARGET_ITEMS = 1_000
#: Most rolls one :func:`simulate_rolls` call draws (about ten seconds with six dice).
MAX_ROLLS = 100_000_000
#: Whole-number seeds are below ``2**MAX_SEED_BITS`` (a fresh SeedSequence's entropy) …
MAX_SEED_BITS = 128
#: … and a list seed has at most this many of them.
MAX_SEED_WORDS = 16

SortedRoll = tuple[int, ...]
#: Per sorted roll: (the roll, its number of orderings, most steps, most groups per target).
RollFacts = tuple[SortedRoll, int, int, tuple[int, ...]]


# ---------------------------------------------------------------------------------------------
# Arguments: every one is checked before any work, so a refusal is quick and builds nothing.


def check_dice(dice: object) -> int:
    """The number of dice, checked: a whole number from 1 to 6."""
    if not is_int(dice):
        raise ProbabilityTypeError(
            f"dice must be a whole number of dice from 1 to {MAX_DICE}, not {show(dice)}."
        )
    if not 1 <= dice <= MAX_DICE:  # type: ignore[operator]
        raise ProbabilityError(
            f"dice must be from 1 to {MAX_DICE} (the tables are exact, not sampled), "
            f"not {show(dice)}."
        )
    return dice  # type: ignore[return-value]


def _size(items: object) -> int | None:
    """``len(items)`` of a collection that knows it cheaply (a range of a trillion numbers
    does), ``MAX_TARGET_ITEMS + 1`` for one too long to count, None for other iterables."""
    if not hasattr(items, "__len__"):
        return None
    try:
        return len(items)
    except OverflowError:  # range(10**20): longer than a Python int index
        return MAX_TARGET_ITEMS + 1
    except Exception:  # a broken __len__: read the items instead (still bounded)
        return None


def _too_many_targets(targets: object) -> ProbabilityLimitError:
    return ProbabilityLimitError(
        f"targets has more than {MAX_TARGET_ITEMS:,} sums ({show(targets)}); a roll of up to "
        f"{MAX_DICE} dice makes only the sums 1 to {MAX_TARGET}, so give those you ask about, "
        "e.g. range(5, 11)."
    )


def check_targets(targets: object) -> tuple[int, ...]:
    """The target sums, checked, sorted and without repeats. A single number is one target.

    Any iterable works (read once). At most :data:`MAX_TARGET_ITEMS` items are read, so an
    endless generator is refused, not followed; a sum above :data:`MAX_TARGET` is refused
    because no roll makes it.
    """
    if is_int(targets):
        targets = (targets,)
    if isinstance(targets, (str, bytes, bytearray)) or not isinstance(targets, Iterable):
        raise ProbabilityTypeError(
            f"targets must be whole numbers such as range(5, 11) or {{7}}, not {show(targets)}."
        )
    size = _size(targets)
    if size is not None and size > MAX_TARGET_ITEMS:
        raise _too_many_targets(targets)
    found: set[int] = set()
    try:
        items = iter(targets)
    except Exception:
        raise ProbabilityTypeError(
            f"targets must be whole numbers such as range(5, 11), not {show(targets)}."
        ) from None
    for read, t in enumerate(_read(items, targets)):
        if read == MAX_TARGET_ITEMS:
            raise _too_many_targets(targets)
        if isinstance(t, bool) or not isinstance(t, int):  # is_int, spelt out for mypy
            raise ProbabilityTypeError(f"Every target must be a whole number, not {show(t)}.")
        if t < 1:
            raise ProbabilityError(
                f"A group of dice sums to at least 1, so {show(t)} cannot be a target."
            )
        if t > MAX_TARGET:
            raise ProbabilityError(
                f"Six dice make at most {MAX_TARGET}, so {show(t)} cannot be a target."
            )
        found.add(t)
    if not found:
        raise ProbabilityError("targets is empty: give at least one sum, e.g. range(5, 11).")
    return tuple(sorted(found))


def _read(items: Iterator[object], source: object) -> Iterator[object]:
    """The items of ``items``; an iterator that fails while read is refused like any value."""
    while True:
        try:
            item = next(items)
        except StopIteration:
            return
        except Exception:
            raise ProbabilityTypeError(
                f"targets could not be read ({show(source)}): give whole numbers such as "
                "range(5, 11)."
            ) from None
        yield item


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ProbabilityTypeError(f"{name} must be True or False, not {show(value)}.")
    return value


def check_rolls(n: object, most: int = MAX_ROLLS) -> int:
    """A number of rolls to simulate: a whole number from 0 to ``most``."""
    if not is_int(n) or n < 0:  # type: ignore[operator]
        error = ProbabilityError if is_int(n) else ProbabilityTypeError
        raise error(f"n must be a whole number of rolls from 0 to {most:,}, not {show(n)}.")
    if n > most:  # type: ignore[operator]
        raise ProbabilityLimitError(
            f"n must be at most {most:,} rolls in one call (that many take seconds already), "
            f"not {show(n)}: simulate in several calls and add the counts."
        )
    return n  # type: ignore[return-value]


def _seed_number(value: object) -> int | None:
    """A whole-number seed as an int (numpy's integers too), None if it is no whole number."""
    if is_int(value):
        return value  # type: ignore[return-value]
    np = sys.modules.get("numpy")  # a numpy integer exists only once numpy is imported
    if np is not None and isinstance(value, np.integer):
        return int(value)
    return None


def check_seed(seed: object, *, generators: bool = True) -> Any:
    """A seed :func:`numpy.random.default_rng` takes: None, a whole number from 0 to
    ``2**128 - 1``, a list of up to :data:`MAX_SEED_WORDS` such numbers, or (with
    ``generators``) a numpy ``SeedSequence``, ``BitGenerator`` or ``Generator``."""
    lists = f"a list of up to {MAX_SEED_WORDS} such numbers"
    allowed = f"None, a whole number from 0 to 2**{MAX_SEED_BITS} - 1 such as 2026, " + (
        f"{lists}, or a numpy Generator" if generators else f"or {lists}"
    )
    if seed is None:
        return None
    number = _seed_number(seed)
    if number is not None:
        if not 0 <= number < 1 << MAX_SEED_BITS:
            raise ProbabilityError(f"seed must be {allowed}, not {show(seed)}.")
        return number
    np = sys.modules.get("numpy")
    if (
        generators
        and np is not None
        and isinstance(seed, (np.random.SeedSequence, np.random.BitGenerator, np.random.Generator))
    ):
        return seed
    if isinstance(seed, (list, tuple)) and 1 <= len(seed) <= MAX_SEED_WORDS:
        words = [_seed_number(w) for w in seed]
        if all(w is not None and 0 <= w < 1 << MAX_SEED_BITS for w in words):
            return words
    raise ProbabilityTypeError(f"seed must be {allowed}, not {show(seed)}.")


# ---------------------------------------------------------------------------------------------
# Counting over sorted rolls


def _after_lucky_loser(roll: SortedRoll, lucky_loser: bool) -> tuple[SortedRoll, int]:
    """The fixed faces and the number of free dice (turnable 1s) of a sorted roll."""
    ones = roll.count(1)
    if lucky_loser and ones >= 2:
        return roll[ones - 1 :], ones - 1  # sorted: the 1s come first; one of them stays
    return roll, 0


def _orderings(roll: SortedRoll) -> int:
    """How many ordered rolls show this multiset of faces: n! / (c1! … c6!)."""
    return factorial(len(roll)) // prod(factorial(roll.count(f)) for f in set(roll))


def roll_ways(values: object) -> tuple[int, int]:
    """How many of all ordered rolls show these faces, and of how many: (1, 1, 2, 6) -> (12, 1296).

    A teacher reads the exact chance of the roll just made next to the dice.
    """
    roll = check_roll(values)
    return _orderings(roll), FACES ** len(roll)


@cache
def _splits(rest: SortedRoll) -> tuple[tuple[int, SortedRoll], ...]:
    """Every distinct sub-multiset of the sorted dice ``rest`` as (its sum, the dice that
    remain), smallest sum first."""
    if not rest:
        return ((0, ()),)
    face = rest[0]
    copies = rest.count(face)
    out = [
        (sub_sum + k * face, (face,) * (copies - k) + remain)
        for sub_sum, remain in _splits(rest[copies:])
        for k in range(copies + 1)
    ]
    out.sort(key=lambda split: split[0])
    return tuple(out)


class _Solver:
    """Most groups of a set of dice (fixed faces plus free dice), memoised per target set.

    ``best(fixed, free)`` is ``(most groups hitting any target, most groups of target 0, of
    target 1, …)``. The first die is either left out or grouped with some of the others; a
    group with fixed sum ``s`` and ``k`` free dice can make every sum from ``s + k`` to
    ``s + 6k``, so it hits the targets in that interval.
    """

    def __init__(self, targets: tuple[int, ...]) -> None:
        self.targets = targets
        self.memo: dict[tuple[SortedRoll, int], tuple[int, ...]] = {}
        self.zero = (0,) * (len(targets) + 1)

    def best(self, fixed: SortedRoll, free: int) -> tuple[int, ...]:
        key = (fixed, free)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._solve(fixed, free)
        return found

    def _solve(self, fixed: SortedRoll, free: int) -> tuple[int, ...]:
        if fixed:
            first, rest, rest_free, first_free = fixed[0], fixed[1:], free, 0
        elif free:
            first, rest, rest_free, first_free = 0, (), free - 1, 1
        else:
            return self.zero
        targets, top = self.targets, self.targets[-1]
        best = list(self.best(rest, rest_free))  # the first die left out
        for sub_sum, remain in _splits(rest):
            base = first + sub_sum
            if base + first_free > top:
                break  # the splits come smallest sum first
            for j in range(rest_free + 1):
                k = first_free + j
                lo, hi = base + k, base + FACES * k
                if lo > top:
                    break
                i0, i1 = bisect_left(targets, lo), bisect_right(targets, hi)
                if i0 == i1:
                    continue
                after = self.best(remain, rest_free - j)
                if after[0] >= best[0]:
                    best[0] = after[0] + 1
                for i in range(i0 + 1, i1 + 1):
                    if after[i] >= best[i]:
                        best[i] = after[i] + 1
        return tuple(best)


@lru_cache(maxsize=64)
def _solver(targets: tuple[int, ...]) -> _Solver:
    return _Solver(targets)


def roll_facts(
    dice: int = DEFAULT_DICE, targets: Iterable[int] = ROWS, lucky_loser: bool = True
) -> tuple[RollFacts, ...]:
    """Per sorted roll, in lexicographic order: ``(roll, orderings, most steps, most groups
    per target)``, the targets sorted. The basis of every table here."""
    return _checked(dice, targets, lucky_loser)[2]


def _checked(
    dice: object, targets: object, lucky_loser: object
) -> tuple[int, tuple[int, ...], tuple[RollFacts, ...]]:
    """Checked dice and targets (read once, so any iterable works) and their facts."""
    dice, targets, lucky_loser = _arguments(dice, targets, lucky_loser)
    return dice, targets, _roll_facts(dice, targets, lucky_loser)


def _arguments(
    dice: object, targets: object, lucky_loser: object
) -> tuple[int, tuple[int, ...], bool]:
    """The three arguments every table takes, checked (no work done yet)."""
    return check_dice(dice), check_targets(targets), _check_bool("lucky_loser", lucky_loser)


@lru_cache(maxsize=64)
def _roll_facts(dice: int, targets: tuple[int, ...], lucky_loser: bool) -> tuple[RollFacts, ...]:
    solver = _solver(targets)
    out = []
    for roll in combinations_with_replacement(range(1, FACES + 1), dice):
        best = solver.best(*_after_lucky_loser(roll, lucky_loser))
        out.append((roll, _orderings(roll), best[0], best[1:]))
    return tuple(out)


def _chance(count: int, total: int, exact: bool) -> Fraction | float:
    if exact:
        from fractions import Fraction

        return Fraction(count, total)
    return count / total


# ---------------------------------------------------------------------------------------------
# The groupings of one roll


def check_roll(values: object) -> SortedRoll:
    """A roll of 1 to 6 dice, checked and sorted."""
    if isinstance(values, (str, bytes, bytearray)) or not isinstance(values, Sequence):
        raise ProbabilityTypeError(
            f"A roll is a list of dice faces like (1, 4, 4, 6), not {show(values)}."
        )
    if not 1 <= len(values) <= MAX_DICE:
        raise ProbabilityError(f"A roll has 1 to {MAX_DICE} dice, not {len(values)}.")
    faces = tuple(values)
    for face in faces:
        if not is_int(face):
            raise ProbabilityTypeError(
                f"A die shows a whole number from 1 to {FACES}, not {show(face)}."
            )
        if not 1 <= face <= FACES:
            raise ProbabilityError(
                f"A die shows a whole number from 1 to {FACES}, not {show(face)}."
            )
    return tuple(sorted(faces))


def groupings(
    values: Sequence[int], targets: Iterable[int] = ROWS, lucky_loser: bool = True
) -> tuple[Grouping, ...]:
    """Every distinct grouping of the roll ``values`` into groups whose sums are targets: the
    groups, the dice left out and the faces 1s were turned to (Lucky Loser as above). No group
    at all is one grouping too. Fewest turns first, then most groups.

    For 4 dice and targets 5–10 this is the engine's list
    (:func:`levelwidgets.levelx.moves.groupings_for`), for any number of dice and targets.
    """
    roll, targets = check_roll(values), check_targets(targets)
    return _groupings(roll, targets, _check_bool("lucky_loser", lucky_loser))


@lru_cache(maxsize=512)
def _groupings(
    roll: SortedRoll, targets: tuple[int, ...], lucky_loser: bool
) -> tuple[Grouping, ...]:
    from .moves import Grouping

    have = Counter(roll)
    _fixed, free = _after_lucky_loser(roll, lucky_loser)
    found: dict[tuple, Grouping] = {}
    for m in range(free + 1):  # m of the 1s turned (sorted: the 1s come first)
        for new in combinations_with_replacement(range(2, FACES + 1), m):
            for canonical in _groups_of(tuple(sorted(roll[m:] + new)), targets):
                used = Counter(f for g in canonical for f in g)
                # the turns the groups really need (a turned die may be left out)
                turned = tuple(sorted((+(used - have)).elements()))
                key = (canonical, turned)
                if key not in found:
                    left = have - used
                    left[1] -= len(turned)
                    found[key] = Grouping(canonical, tuple(sorted(left.elements())), turned)
    return tuple(
        sorted(found.values(), key=lambda g: (len(g.turned), -len(g.groups), g.steps, g.groups))
    )


@lru_cache(maxsize=4096)
def _groups_of(faces: SortedRoll, targets: tuple[int, ...]) -> frozenset[tuple[SortedRoll, ...]]:
    """Every way to put some of the sorted ``faces`` into groups with target sums, each group
    sorted and the groups in canonical order (by sum, then faces); memoised per multiset."""
    if not faces:
        return frozenset({()})
    first, rest = faces[0], faces[1:]
    found = set(_groups_of(rest, targets))  # the first die left out
    wanted = set(targets)
    for sub_sum, remain in _splits(rest):
        if first + sub_sum > targets[-1]:
            break  # the splits come smallest sum first
        if first + sub_sum in wanted:
            group = (first, *sorted((Counter(rest) - Counter(remain)).elements()))
            for others in _groups_of(remain, targets):
                found.add(tuple(sorted((group, *others), key=lambda g: (sum(g), g))))
    return frozenset(found)


# ---------------------------------------------------------------------------------------------
# Public tables


def sum_chances(
    lucky_loser: bool = True,
    exact: bool = False,
    *,
    dice: int = DEFAULT_DICE,
    targets: Iterable[int] = ROWS,
) -> dict[int, Fraction | float]:
    """``{target: chance}`` that one roll can make a group of that sum."""
    exact = _check_bool("exact", exact)
    dice, targets, facts = _checked(dice, targets, lucky_loser)
    counts = [0] * len(targets)
    for _roll, weight, _steps, groups in facts:
        for i, g in enumerate(groups):
            if g:
                counts[i] += weight
    total = FACES**dice
    return {t: _chance(c, total, exact) for t, c in zip(targets, counts, strict=True)}


def group_count_distribution(
    lucky_loser: bool = True,
    exact: bool = False,
    *,
    dice: int = DEFAULT_DICE,
    targets: Iterable[int] = ROWS,
) -> dict[int, dict[int, Fraction | float]]:
    """``{target: {k: chance}}``: the chance that the most disjoint groups of that sum is k
    (only the k that happen)."""
    exact = _check_bool("exact", exact)
    dice, targets, facts = _checked(dice, targets, lucky_loser)
    counts = [[0] * (dice + 1) for _ in targets]
    for _roll, weight, _steps, groups in facts:
        for i, g in enumerate(groups):
            counts[i][g] += weight
    total = FACES**dice
    return {
        t: {k: _chance(c, total, exact) for k, c in enumerate(row) if c}
        for t, row in zip(targets, counts, strict=True)
    }


def move_size_distribution(
    lucky_loser: bool = True,
    exact: bool = False,
    *,
    dice: int = DEFAULT_DICE,
    targets: Iterable[int] = ROWS,
) -> dict[int, Fraction | float]:
    """``{k: chance}`` that the largest move a roll allows has k groups (steps), k = 0..dice."""
    exact = _check_bool("exact", exact)
    dice, _targets, facts = _checked(dice, targets, lucky_loser)
    counts = [0] * (dice + 1)
    for _roll, weight, steps, _groups in facts:
        counts[steps] += weight
    total = FACES**dice
    return {k: _chance(c, total, exact) for k, c in enumerate(counts)}


def chances_table(
    lucky_loser: bool = True,
    *,
    dice: int = DEFAULT_DICE,
    targets: Iterable[int] = ROWS,
    percent: bool = False,
) -> dict[str, Any]:
    """The three tables as pandas objects: ``"sum_chances"`` (Series by sum),
    ``"group_counts"`` (DataFrame, groups × sum) and ``"move_sizes"`` (Series by steps).

    ``percent=True`` gives percentages (0–100) instead of chances (0–1). Needs pandas (the
    ``[analysis]`` extra).
    """
    dice, targets, lucky_loser = _arguments(dice, targets, lucky_loser)  # read once
    scale = 100.0 if _check_bool("percent", percent) else 1.0
    pd = require("pandas", "analysis", "chance tables")
    chances = sum_chances(lucky_loser, dice=dice, targets=targets)
    sums = pd.Series(chances, name="can make").rename_axis("sum")
    counts = group_count_distribution(lucky_loser, dice=dice, targets=targets)
    groups = pd.DataFrame(counts).fillna(0.0)
    groups.index.name, groups.columns.name = "groups", "sum"
    largest = move_size_distribution(lucky_loser, dice=dice, targets=targets)
    sizes = pd.Series(largest, name="largest move")
    return {
        "sum_chances": sums * scale,
        "group_counts": groups.sort_index() * scale,
        "move_sizes": sizes.rename_axis("steps") * scale,
    }


# ---------------------------------------------------------------------------------------------
# Per ordered roll (numpy, imported on use)


def all_rolls(dice: int = DEFAULT_DICE) -> np.ndarray:
    """All ``6**dice`` ordered rolls, shape ``(6**dice, dice)``, in ``itertools.product``
    order (the first die changes slowest). Read-only."""
    return _all_rolls(check_dice(dice))  # checked first: the cache would take True for 1


@lru_cache(maxsize=MAX_DICE)
def _all_rolls(dice: int) -> np.ndarray:
    import numpy as np

    codes = np.arange(FACES**dice)
    powers = FACES ** np.arange(dice - 1, -1, -1)
    rolls = (codes[:, None] // powers % FACES + 1).astype(np.int8)
    rolls.flags.writeable = False
    return rolls


@lru_cache(maxsize=MAX_DICE)
def _sorted_index(dice: int) -> np.ndarray:
    """For every ordered roll (by its base-6 code), the index of its sorted roll in
    :func:`roll_facts` (which lists them in lexicographic order)."""
    import numpy as np

    ordered = np.sort(_all_rolls(dice), axis=1).astype(np.int64) - 1
    powers = FACES ** np.arange(dice - 1, -1, -1)
    codes = ordered @ powers
    multiset_codes = np.array(
        [
            sum((f - 1) * p for f, p in zip(roll, powers.tolist(), strict=True))
            for roll in combinations_with_replacement(range(1, FACES + 1), dice)
        ],
        dtype=np.int64,
    )
    return np.searchsorted(multiset_codes, codes)


def roll_table(
    lucky_loser: bool = True, *, dice: int = DEFAULT_DICE, targets: Iterable[int] = ROWS
) -> dict[str, np.ndarray]:
    """Per-roll facts, aligned with :func:`all_rolls` (:data:`ALL_ROLLS` for 4 dice).

    ``can_make`` (6ⁿ, T) bool: the roll can make each target (sorted).
    ``max_groups`` (6ⁿ, T) int: the most disjoint groups of each target.
    ``max_steps`` (6ⁿ,) int: the most steps (groups hitting any target) in one move.
    Read-only arrays, cached.
    """
    dice, targets, lucky_loser = _arguments(dice, targets, lucky_loser)
    return _roll_table(lucky_loser, dice, targets)


@lru_cache(maxsize=8)
def _roll_table(lucky_loser: bool, dice: int, targets: tuple[int, ...]) -> dict[str, np.ndarray]:
    import numpy as np

    facts = _roll_facts(dice, targets, lucky_loser)
    index = _sorted_index(dice)
    groups = np.array([f[3] for f in facts], dtype=np.int8)[index]
    table = {
        "can_make": groups > 0,
        "max_groups": groups,
        "max_steps": np.array([f[2] for f in facts], dtype=np.int8)[index],
    }
    for array in table.values():
        array.flags.writeable = False
    return table


def simulate_rolls(
    n: int,
    dice: int = DEFAULT_DICE,
    targets: Iterable[int] = ROWS,
    lucky_loser: bool = True,
    seed: Any = None,
) -> dict[int, int]:
    """Roll ``dice`` dice ``n`` times at random and count, per target, the rolls that can
    make it: ``{target: count}``. A Monte Carlo check of :func:`sum_chances` (numpy).

    ``n`` is at most :data:`MAX_ROLLS` (add the counts of several calls for more). ``seed``
    is None, a whole number, a list of them or a numpy ``Generator`` (see :func:`check_seed`).
    Dice are drawn in chunks, so memory stays small for any ``n``.
    """
    n = check_rolls(n)
    dice, targets, lucky_loser = _arguments(dice, targets, lucky_loser)
    seed = check_seed(seed)

    import numpy as np

    can_make = _roll_table(lucky_loser, dice, targets)["can_make"]
    rng = np.random.default_rng(seed)
    per_roll = np.zeros(FACES**dice, dtype=np.int64)
    chunk = 1 << 21
    for start in range(0, n, chunk):
        faces = rng.integers(0, FACES, size=(min(chunk, n - start), dice), dtype=np.uint8)
        code = faces[:, 0].astype(np.uint16)
        for i in range(1, dice):
            code *= FACES
            code += faces[:, i]
        per_roll += np.bincount(code, minlength=FACES**dice)
    counts = per_roll @ can_make.astype(np.int64)
    return {t: int(c) for t, c in zip(targets, counts, strict=True)}


def __getattr__(name: str) -> Any:
    """``ALL_ROLLS`` (all 1296 ordered rolls of 4 dice) is built on first use."""
    if name == "ALL_ROLLS":
        return all_rolls(DEFAULT_DICE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
