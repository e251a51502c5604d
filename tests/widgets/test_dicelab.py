"""DiceLab: intents, refusals that change nothing, reproducible Monte Carlo close to the exact
chances, the DataFrame, and groupings equal to the engine's."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from itertools import combinations_with_replacement
from math import sqrt
from pathlib import Path

import pytest

from levelwidgets.analysis.stats import wilson_interval
from levelwidgets.levelx.errors import ProbabilityError
from levelwidgets.levelx.moves import groupings_for
from levelwidgets.levelx.probability import groupings, move_size_distribution, sum_chances
from levelwidgets.widgets import DiceLab
from levelwidgets.widgets.base import IntentError, check_language
from levelwidgets.widgets.dicelab import REFUSALS
from levelwidgets.widgets.intents import IntentWidget

FIXTURE = Path(__file__).resolve().parents[2] / "js" / "test" / "fixtures" / "dicelab_views.json"
PLACEHOLDER = re.compile(r"\{(\w+)(?::[^{}]*)?\}")


def send(lab: DiceLab, **intent: object) -> None:
    lab._handle_message(lab, intent, [])


def test_defaults_and_view() -> None:
    lab = DiceLab(seed=3)
    assert (lab.dice, lab.targets, lab.lucky_loser, lab.rolls) == (4, (5, 6, 7, 8, 9, 10), True, 0)
    v = lab.view
    assert len(v["faces"]) == 4 and all(1 <= f <= 6 for f in v["faces"])
    assert v["targets"] == [5, 6, 7, 8, 9, 10] and v["choices"] == list(range(1, 25))
    assert [b["key"] for b in v["bars"]["sums"]] == [5, 6, 7, 8, 9, 10]
    assert [b["key"] for b in v["bars"]["moves"]] == [0, 1, 2, 3, 4]
    assert v["mc"]["n"] == 0 and v["bars"]["sums"][0]["observed"] is None
    assert json.loads(json.dumps(v)) == v  # plain JSON
    assert isinstance(lab, IntentWidget)
    assert "DiceLab(dice=4, targets=5–10, lucky_loser=True" in repr(lab)


def test_exact_bars_are_the_probability_module() -> None:
    lab = DiceLab(dice=3, targets=[4, 7, 11], lucky_loser=False)
    exact = sum_chances(False, exact=True, dice=3, targets=[4, 7, 11])
    for bar in lab.view["bars"]["sums"]:
        assert bar["fraction"] == str(exact[bar["key"]])
        assert bar["exact"] == pytest.approx(float(exact[bar["key"]]))
    moves = move_size_distribution(False, dice=3, targets=[4, 7, 11])
    assert [b["exact"] for b in lab.view["bars"]["moves"]] == pytest.approx(list(moves.values()))


def test_intents_change_the_lab() -> None:
    lab = DiceLab(seed=1)
    send(lab, type="set_die", index=2, face=6)
    assert lab.faces[2] == 6 and lab.view["faces"][2] == 6 and lab.error == ""
    send(lab, type="roll")
    twin = DiceLab(seed=1)  # the same seed rolls the same dice
    twin.roll()
    assert lab.faces == twin.faces and lab.view["faces"] == list(twin.faces)
    kept = lab.faces
    send(lab, type="set_dice_count", count=6)
    assert lab.dice == 6 and len(lab.view["faces"]) == 6 and lab.faces[:4] == kept
    send(lab, type="set_targets", targets=[7, 3])
    assert lab.targets == (3, 7) and lab.view["targets"] == [3, 7]
    send(lab, type="lucky_loser", on=False)
    assert lab.lucky_loser is False and lab.view["luckyLoser"] is False
    send(lab, type="mc_roll", n=1000)
    assert lab.rolls == 1000 and lab.view["mc"]["n"] == 1000 and len(lab.view["mc"]["last"]) == 6
    send(lab, type="speed", value=4)
    assert lab.speed == 4 and lab.view["mc"]["batch"] == 500
    send(lab, type="mc_reset")
    assert lab.rolls == 0 and lab.view["mc"]["n"] == 0
    assert lab.error == "" and lab.error_id == 0


def test_a_new_experiment_starts_the_counts_afresh() -> None:
    lab = DiceLab(seed=2)
    lab.simulate(500)
    lab.roll([1, 2, 3, 4])  # the dice on the table are not the experiment
    assert lab.rolls == 500
    for change in (
        lambda: setattr(lab, "lucky_loser", False),
        lambda: setattr(lab, "targets", [5, 6]),
        lambda: setattr(lab, "dice", 3),
    ):
        lab.simulate(100)
        change()
        assert lab.rolls == 0 and all(b["count"] == 0 for b in lab.view["bars"]["sums"])


def test_a_roll_keeps_the_chance_tables_and_every_change_renews_them() -> None:
    """A roll of the dice on the table sends the same bars and group counts (their diff is one
    identity check); a simulation and every setting make them anew, equal to fresh ones."""
    lab = DiceLab(seed=3)
    bars, counts = lab.view["bars"], lab.view["groupCounts"]
    lab.roll()
    assert lab.view["bars"] is bars and lab.view["groupCounts"] is counts
    for change in (
        lambda: lab.simulate(50),
        lambda: setattr(lab, "lucky_loser", False),
        lambda: setattr(lab, "targets", [5, 6]),
        lambda: setattr(lab, "dice", 3),
        lambda: lab.simulate(20),
        lab.reset,
    ):
        before = lab.view["bars"]
        change()
        assert lab.view["bars"] == lab._make_bars() and lab.view["bars"] is not before
        assert lab.view["groupCounts"] == lab._make_group_counts()
        assert sum(b["count"] for b in lab.view["bars"]["moves"]) == lab.rolls


BAD_INTENTS = [
    ({"type": "set_die", "index": 4, "face": 3}, "dicelab.index"),
    ({"type": "set_die", "index": 0, "face": 7}, "dicelab.face"),
    ({"type": "set_die", "index": 0, "face": "6"}, "dicelab.face"),
    ({"type": "set_die", "index": True, "face": 2}, "dicelab.index"),
    ({"type": "set_dice_count", "count": 0}, "dicelab.count"),
    ({"type": "set_dice_count", "count": 7}, "dicelab.count"),
    ({"type": "set_dice_count", "count": 2.0}, "dicelab.count"),
    ({"type": "set_targets", "targets": []}, "dicelab.targets"),
    ({"type": "set_targets", "targets": "5-10"}, "dicelab.targets"),
    ({"type": "set_targets", "targets": [5, 37]}, "dicelab.target"),
    ({"type": "set_targets", "targets": [5, 0]}, "dicelab.target"),
    ({"type": "lucky_loser", "on": 1}, "dicelab.lucky_type"),
    ({"type": "lucky_loser"}, "dicelab.lucky_type"),
    ({"type": "mc_roll", "n": 0}, "dicelab.n"),
    ({"type": "mc_roll", "n": 100_001}, "dicelab.n"),
    ({"type": "mc_roll", "n": "1000"}, "dicelab.n"),
    ({"type": "speed", "value": 5}, "dicelab.speed"),
    ({"type": "explode"}, "widget.unknown_request"),
    ({"n": 3}, "widget.unknown_request"),
]


@pytest.mark.parametrize(("intent", "code"), BAD_INTENTS)
def test_a_refused_intent_changes_nothing(intent: dict, code: str | None) -> None:
    lab = DiceLab(seed=5)
    lab.simulate(300)
    view = copy.deepcopy(lab.view)
    state = (lab.faces, lab.dice, lab.targets, lab.lucky_loser, lab.rolls, lab.speed)
    send(lab, **intent)
    assert lab.error and lab.error_id == 1
    assert lab.error_info["code"] == code
    assert lab.view == view
    assert (lab.faces, lab.dice, lab.targets, lab.lucky_loser, lab.rolls, lab.speed) == state
    send(lab, type="refresh")  # the next good intent clears the refusal
    assert lab.error == "" and lab.error_info == {}


def test_not_an_object_is_refused() -> None:
    lab = DiceLab(seed=5)
    lab._handle_message(lab, ["roll"], [])
    assert "must be an object" in lab.error


def test_constructor_and_api_checks() -> None:
    for kwargs in (
        {"dice": 0},
        {"dice": 7},
        {"targets": []},
        {"targets": [40]},
        {"lucky_loser": 1},
    ):
        with pytest.raises(IntentError):
            DiceLab(**kwargs)
    with pytest.raises(Exception, match="language"):
        DiceLab(language="pt")
    lab = DiceLab(seed=1)
    with pytest.raises(IntentError, match="rolls 4 dice"):
        lab.roll([1, 2, 3])
    with pytest.raises(IntentError):
        lab.simulate(-1)
    with pytest.raises(ValueError, match="sums"):
        lab.frequencies("rows")
    assert check_language("de") == "de"  # still importable from base


def test_monte_carlo_is_reproducible_under_a_seed() -> None:
    a, b, c = DiceLab(seed=11), DiceLab(seed=11), DiceLab(seed=12)
    for lab in (a, b, c):
        lab.simulate(5000)
    assert a.frequencies().equals(b.frequencies())
    assert a.faces == b.faces
    assert not a.frequencies()["count"].equals(c.frequencies()["count"])
    # batches add up to the same as one call of the same size
    d = DiceLab(seed=11)
    d.simulate(2000)
    d.simulate(3000)
    assert d.rolls == 5000


@pytest.mark.parametrize(
    ("dice", "targets", "lucky"),
    [(4, range(5, 11), True), (4, range(5, 11), False), (2, [7], True)],
)
def test_monte_carlo_is_within_four_standard_errors(dice, targets, lucky) -> None:
    n = 20_000
    lab = DiceLab(dice=dice, targets=targets, lucky_loser=lucky, seed=2024)
    lab.simulate(n)
    for kind in ("sums", "moves"):
        for row in lab.frequencies(kind).itertuples():
            se = sqrt(row.exact * (1 - row.exact) / n)
            assert abs(row.observed - row.exact) <= 4 * se + 1e-12, (kind, row)


def test_frequencies_dataframe_and_wilson_band() -> None:
    lab = DiceLab(seed=9)
    frame = lab.frequencies()
    assert frame.shape == (6, 7)
    assert list(frame.columns) == ["sum", "exact", "fraction", "count", "observed", "low", "high"]
    assert frame["observed"].isna().all()  # nothing rolled yet
    lab.simulate(1000)
    frame = lab.frequencies()
    assert frame["count"].sum() > 0 and (frame["count"] <= 1000).all()
    for row in frame.itertuples():
        assert (row.low, row.high) == pytest.approx(wilson_interval(row.count, 1000))
        assert row.low <= row.observed <= row.high
    moves = lab.frequencies("moves")
    assert moves.shape == (5, 7) and moves["count"].sum() == 1000


def test_groupings_agree_with_the_engine_for_four_dice() -> None:
    for lucky in (True, False):
        for roll in combinations_with_replacement(range(1, 7), 4):
            assert groupings(roll, range(5, 11), lucky) == groupings_for(roll, lucky), roll
    lab = DiceLab(seed=1)
    lab.roll([4, 1, 6, 1])
    assert lab.groupings == groupings_for((1, 1, 4, 6), True)
    assert lab.view["groupingCount"] == len(lab.groupings)
    shown = lab.view["groupings"][0]
    first = lab.groupings[0]
    assert shown["groups"] == [list(g) for g in first.groups]
    assert shown["sums"] == [sum(g) for g in first.groups]


def test_groupings_for_other_dice_and_targets() -> None:
    assert groupings([3, 4], [7]) == groupings((4, 3), 7)
    found = {g.groups for g in groupings([3, 4], [3, 4, 7])}
    assert found == {(), ((3,),), ((4,),), ((3,), (4,)), ((3, 4),)}
    many = groupings([1] * 6, range(5, 11), True)
    lab = DiceLab(dice=6, seed=1)
    lab.roll([1] * 6)
    assert lab.view["groupingCount"] == len(many) > len(lab.view["groupings"])
    with pytest.raises(ProbabilityError):
        groupings([0, 3], [3])
    with pytest.raises(ProbabilityError):
        groupings([1] * 7, [3])


def test_can_make_marks_the_sums_of_the_roll() -> None:
    lab = DiceLab(seed=1)
    lab.roll([5, 5, 5, 5])
    assert lab.can_make == {5: 4, 6: 0, 7: 0, 8: 0, 9: 0, 10: 2}
    assert lab.view["canMake"] == [4, 0, 0, 0, 0, 2]
    lab.roll([1, 1, 2, 2])  # Lucky Loser: a 1 turned to 6 makes 6+1 = 7 ...
    with_lucky = dict(lab.can_make)
    lab.lucky_loser = False
    assert sum(lab.can_make.values()) < sum(with_lucky.values())


def test_the_js_fixture_has_the_views_keys() -> None:
    """js/test/fixtures/dicelab_views.json stands for real views: same keys as DiceLab's."""
    fixture = json.loads(FIXTURE.read_text())
    view = DiceLab(seed=1).view

    def keys(d: dict) -> set:
        return set(d) | {f"mc.{k}" for k in d.get("mc", {})}

    for name, sample in fixture.items():
        assert keys(sample) == keys(view), name


def test_every_refusal_has_english_and_german_in_the_browser() -> None:
    """Each code of REFUSALS has a sentence in js/src/dicelab/i18n.js in both languages, the
    English one the same as Python's, with only the placeholders Python fills."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the JS checks need Node.js 18+.", pytrace=False)
    script = (
        "const m = await import('./src/dicelab/i18n.js'); console.log(JSON.stringify(m.t.tables));"
    )
    result = subprocess.run(
        [node, "--input-type=module", "-e", script],
        cwd=FIXTURE.parents[2],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    tables = json.loads(result.stdout)
    for code, template in REFUSALS.items():
        params = set(PLACEHOLDER.findall(template))
        assert tables["en"][code] == template
        assert set(PLACEHOLDER.findall(tables["de"][code])) <= params, code
    used = {k for lang in ("en", "de") for k in tables[lang] if k.startswith("dicelab.")}
    assert used == set(REFUSALS)
