"""DiceLab checks every argument before any work (issue 30, item 7).

``DiceLab(targets=range(1, 10**12))`` used to fill memory; now it and every other oversized,
endless or ill-typed argument of the constructor, the properties, the traits, the methods and
the browser's requests is refused before anything is built or changed: the lab's dice, counts,
view and random numbers are exactly as before.
"""

from __future__ import annotations

import copy
import itertools
import sys
import tracemalloc
from collections.abc import Callable, Iterator

import numpy as np
import pytest
import traitlets

from levelwidgets.levelx.probability import MAX_TARGET_ITEMS
from levelwidgets.widgets import DiceLab, dicelab
from levelwidgets.widgets.errors import IntentError

#: Traced memory a refusal may take: its message and a few small objects, nothing built.
SMALL = 64 * 1024


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


def send(lab: DiceLab, **intent: object) -> None:
    lab._handle_message(lab, intent, [])


def snapshot(lab: DiceLab) -> tuple[object, dict]:
    """Everything a refusal must leave alone: dice, settings, counts, both random generators'
    states (the lab's own mark) and the view the browser shows."""
    return lab._state_mark(), copy.deepcopy(lab.view)


def quietly(call: Callable[[], object], error: type[Exception], words: str | None) -> Exception:
    """``call`` raises ``error`` (matching ``words``) with little traced memory."""
    tracemalloc.start()
    try:
        with pytest.raises(error, match=words) as caught:
            call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < SMALL, f"the refusal took {peak:,} bytes"
    assert len(str(caught.value)) < 400
    return caught.value


@pytest.fixture
def lab() -> DiceLab:
    made = DiceLab(seed=5)
    made.roll([1, 1, 4, 6])
    made.simulate(300)
    return made


# --- the constructor --------------------------------------------------------------------------


#: name -> (the constructor's arguments, made afresh for each test; the error; its words)
BAD_CONSTRUCTIONS = {
    "a trillion targets": (lambda: {"targets": range(1, 10**12)}, IntentError, "more than 1,000"),
    "a million targets": (
        lambda: {"targets": list(range(1, 1_000_001))},
        IntentError,
        "more than 1,000",
    ),
    "an endless repeat": (lambda: {"targets": itertools.repeat(5)}, IntentError, "more than 1,000"),
    "an endless count": (lambda: {"targets": itertools.count(1)}, IntentError, "at most 36, so 37"),
    "target 37": (lambda: {"targets": [5, 37]}, IntentError, "at most 36"),
    "target 2.0": (lambda: {"targets": [5, 2.0]}, IntentError, "whole number"),
    "dice 10**30": (lambda: {"dice": 10**30}, IntentError, "dice must be from 1 to 6"),
    "dice 2.0": (lambda: {"dice": 2.0}, IntentError, "dice must be"),
    "lucky text": (
        lambda: {"lucky_loser": "yes"},
        IntentError,
        "lucky_loser must be True or False",
    ),
    "seed text": (lambda: {"seed": "2026"}, IntentError, "seed must be"),
    "seed negative": (lambda: {"seed": -1}, IntentError, "seed must be"),
    "seed 2**128": (lambda: {"seed": 1 << 128}, IntentError, "seed must be"),
    "seed float": (lambda: {"seed": 1.5}, IntentError, "seed must be"),
    "seed generator": (lambda: {"seed": np.random.default_rng(1)}, IntentError, "seed must be"),
    "language": (lambda: {"language": "pt"}, traitlets.TraitError, "language"),
}


@pytest.mark.parametrize("name", BAD_CONSTRUCTIONS)
def test_the_constructor_refuses_before_any_work(name: str, monkeypatch) -> None:
    make, error, words = BAD_CONSTRUCTIONS[name]
    kwargs = make()

    def no_work(*_args: object, **_kw: object) -> None:
        raise AssertionError("the lab started working before its arguments were checked")

    monkeypatch.setattr(dicelab, "_Counts", no_work)
    with pytest.raises(AssertionError, match="started working"):
        DiceLab(seed=1)  # the patch bites: a good lab does build its counts
    quietly(lambda: DiceLab(**kwargs), error, words)


def test_an_endless_generator_is_read_no_further_than_the_limit() -> None:
    same = Counted(itertools.repeat(5))
    quietly(lambda: DiceLab(targets=same), IntentError, "more than 1,000")
    assert same.taken == MAX_TARGET_ITEMS + 1
    counting = Counted(itertools.count(1))
    quietly(lambda: DiceLab(targets=counting), IntentError, "37 cannot be a target")
    assert counting.taken == 37


def test_the_largest_accepted_constructor_arguments() -> None:
    lab = DiceLab(dice=6, targets=[5] * 999 + [36], seed=(1 << 128) - 1)
    assert (lab.dice, lab.targets) == (6, (5, 36))
    assert DiceLab(seed=np.int64(7)).faces == DiceLab(seed=7).faces
    assert DiceLab(seed=[1, 2]).faces == DiceLab(seed=[1, 2]).faces


# --- properties, traits and methods -----------------------------------------------------------


BAD_SETTINGS = [
    ("targets", range(1, 10**12)),
    ("targets", range(10**20)),
    ("targets", [0]),
    ("targets", [37]),
    ("targets", "5-10"),
    ("targets", None),
    ("targets", []),
    ("dice", 7),
    ("dice", 10**30),
    ("dice", 2.0),
    ("dice", True),
    ("lucky_loser", 1),
    ("lucky_loser", None),
    ("speed", 0),
    ("speed", 5),
    ("speed", "2"),
]


@pytest.mark.parametrize(("name", "value"), BAD_SETTINGS)
def test_a_refused_setting_changes_nothing(lab: DiceLab, name: str, value: object) -> None:
    before = snapshot(lab)
    quietly(lambda: setattr(lab, name, value), IntentError, None)
    assert snapshot(lab) == before


def test_an_endless_generator_set_as_targets_changes_nothing(lab: DiceLab) -> None:
    before = snapshot(lab)
    same = Counted(itertools.repeat(6))
    quietly(lambda: setattr(lab, "targets", same), IntentError, "more than 1,000")
    assert same.taken == MAX_TARGET_ITEMS + 1
    assert snapshot(lab) == before


@pytest.mark.parametrize(("name", "value"), [("language", "pt"), ("projector", "yes")])
def test_a_refused_trait_changes_nothing(lab: DiceLab, name: str, value: object) -> None:
    before, old = snapshot(lab), getattr(lab, name)
    with pytest.raises(traitlets.TraitError):
        setattr(lab, name, value)
    assert getattr(lab, name) == old
    assert snapshot(lab) == before


@pytest.mark.parametrize(
    "n",
    [
        10**12,
        dicelab.MAX_SIMULATE + 1,
        pytest.param(10**5000, id="5001 digits"),
        -1,
        1.5,
        True,
        "1000",
        None,
    ],
)
def test_a_refused_simulation_draws_nothing(lab: DiceLab, n: object) -> None:
    before = snapshot(lab)
    exc = quietly(lambda: lab.simulate(n), IntentError, "n must be")
    assert "10,000,000" in str(exc)
    assert snapshot(lab) == before and lab.rolls == 300


def test_the_largest_simulation_is_documented_and_smaller_ones_run(lab: DiceLab) -> None:
    assert dicelab.MAX_SIMULATE == 10_000_000
    lab.simulate(0)
    assert lab.rolls == 300
    lab.simulate(700)
    assert lab.rolls == 1000


@pytest.mark.parametrize(
    ("values", "words"),
    [
        (list(range(10**6)), "rolls 4 dice, not 1000000"),
        (range(10**12), "rolls 4 dice, not 1000000000000"),
        (set(range(10**6)), "list of faces"),
        ("1146", "list of faces"),
        ([1, 1, 4, 7], "from 1 to 6"),
        ([1, 1, 4, 6.0], "from 1 to 6"),
    ],
)
def test_a_refused_roll_changes_nothing(lab: DiceLab, values: object, words: str) -> None:
    before = snapshot(lab)
    quietly(lambda: lab.roll(values), IntentError, words)
    assert snapshot(lab) == before and lab.faces == (1, 1, 4, 6)


@pytest.mark.parametrize(("index", "face"), [(10**30, 3), (0, 10**30), (-1, 3), (0, 2.0)])
def test_a_refused_set_die_changes_nothing(lab: DiceLab, index: object, face: object) -> None:
    before = snapshot(lab)
    quietly(lambda: lab.set_die(index, face), IntentError, None)
    assert snapshot(lab) == before


@pytest.mark.parametrize("kind", ["rows", ["sums"], None, "sums" * 10**5])
def test_frequencies_checks_its_kind_before_pandas(lab: DiceLab, kind: object, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # importing pandas now fails
    exc = quietly(lambda: lab.frequencies(kind), IntentError, '"sums" or "moves"')
    assert isinstance(exc, ValueError)


# --- the browser's requests -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "code"),
    [
        ({"type": "set_targets", "targets": list(range(1, 38))}, "widget.bad_field"),
        ({"type": "set_targets", "targets": [5] * 37}, "widget.bad_field"),
        ({"type": "set_targets", "targets": [5, 10**30]}, "dicelab.target"),
        ({"type": "mc_roll", "n": 10**12}, "dicelab.n"),
        ({"type": "set_dice_count", "count": 10**30}, "dicelab.count"),
        ({"type": "set_die", "index": 10**30, "face": 1}, "dicelab.index"),
        ({"type": "speed", "value": 10**30}, "dicelab.speed"),
    ],
)
def test_an_oversized_request_changes_nothing(lab: DiceLab, intent: dict, code: str) -> None:
    before = snapshot(lab)
    send(lab, **intent)
    assert lab.error_info["code"] == code
    assert "Choose at least one" not in lab.error  # a long list is not asked for more sums
    assert snapshot(lab) == before


def test_the_largest_target_request_is_taken(lab: DiceLab) -> None:
    send(lab, type="set_targets", targets=[5] * 36)
    assert lab.error == "" and lab.targets == (5,)
    send(lab, type="set_targets", targets=list(range(1, 37)))
    assert lab.error == "" and lab.targets == tuple(range(1, 37))
