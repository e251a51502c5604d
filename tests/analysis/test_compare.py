"""compare(): rule variants side by side, with intervals an analyst can trust (checked
against scipy), paired when the studies played the same games, Holm for several variants."""

from __future__ import annotations

from statistics import NormalDist

import matplotlib
import numpy as np
import pandas as pd
import pytest
from scipy import stats

from levelwidgets.analysis import compare, plot_compare, simulate, summary, wilson_interval
from levelwidgets.analysis.arguments import MAX_STUDIES, AnalysisError, AnalysisLimitError
from levelwidgets.analysis.paired import simulate_paired
from levelwidgets.analysis.stats import holm
from levelwidgets.levelx import Rules

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def studies():
    def run(rules):
        return simulate("levelx", ["greedy"] * 2, 300, seed=4, rules=rules, progress=False)

    return {"printed": run(None), "no Lucky Loser": run(Rules(lucky_loser=False))}


def frame_of(turns: list[int], seed0: int = 0) -> pd.DataFrame:
    n = len(turns)
    return pd.DataFrame(
        {"seed": range(seed0, seed0 + n), "turns": turns, "winner_seat": [k % 2 for k in range(n)]}
        | {"bot_0": ["A"] * n, "bot_1": ["B"] * n}
    )


def test_each_row_holds_the_study_figures_and_its_difference_from_the_first(studies):
    table = compare(studies)
    assert list(table.index) == ["printed", "no Lucky Loser"]
    assert table.attrs["paired"] and table.attrs["methods"] == {
        "turns_ci": "t",
        "turns_vs_first": "paired t",
        "turns_vs_first_p_holm": "Holm",
        "first_seat_ci": "Wilson",
    }
    for name, frame in studies.items():
        row, turns = table.loc[name], frame["turns"]
        assert row["games"] == len(frame) and row["mean_turns"] == pytest.approx(turns.mean())
        low, high = stats.t.interval(0.95, len(turns) - 1, turns.mean(), stats.sem(turns))
        assert (row["turns_ci_low"], row["turns_ci_high"]) == pytest.approx((low, high))
        wins = (frame["winner_seat"] == 0).sum() + 0.5 * (
            (frame["winner_seat"] == -1) & frame["winner_seats"].map(lambda s: 0 in s)
        ).sum()
        assert row["first_seat_win_rate"] == pytest.approx(wins / len(frame))
        assert (row["first_seat_ci_low"], row["first_seat_ci_high"]) == pytest.approx(
            wilson_interval(wins, len(frame))
        )
    first, other = table.iloc[0], table.iloc[1]
    assert first["turns_vs_first"] == 0 and pd.isna(first["turns_vs_first_p"])
    assert pd.isna(first["turns_vs_first_p_holm"]) and pd.isna(first["pairs"])
    # the same seeds: game by game differences, as scipy's paired t-test
    a, b = (studies[k]["turns"].astype(float) for k in ("printed", "no Lucky Loser"))
    expected = stats.ttest_rel(b, a)
    assert other["pairs"] == 300 and other["turns_vs_first_df"] == 299
    assert other["turns_vs_first"] == pytest.approx((b - a).mean())
    assert other["turns_vs_first_p"] == pytest.approx(expected.pvalue, rel=1e-6)
    ci = expected.confidence_interval(0.95)
    assert (other["turns_vs_first_ci_low"], other["turns_vs_first_ci_high"]) == pytest.approx(
        (ci.low, ci.high)
    )
    # turning 1s into any face makes sums easier: without it games last longer, clearly
    assert other["turns_vs_first_ci_low"] > 0 and other["turns_vs_first_p"] < 0.01
    assert other["turns_vs_first_p_holm"] == other["turns_vs_first_p"]  # one test: no change


def test_unpaired_studies_use_welch_as_scipy_does(studies):
    table = compare(studies, paired=False)
    assert table.attrs["methods"]["turns_vs_first"] == "Welch t" and not table.attrs["paired"]
    a, b = (studies[k]["turns"].astype(float) for k in ("printed", "no Lucky Loser"))
    expected = stats.ttest_ind(b, a, equal_var=False)
    row = table.iloc[1]
    assert row["turns_vs_first_p"] == pytest.approx(expected.pvalue, rel=1e-6)
    assert row["turns_vs_first_df"] == pytest.approx(expected.df, rel=1e-9)
    ci = expected.confidence_interval(0.95)
    assert (row["turns_vs_first_ci_low"], row["turns_vs_first_ci_high"]) == pytest.approx(
        (ci.low, ci.high)
    )
    # summaries keep no seeds: the same Welch table
    summaries = {k: summary(v) for k, v in studies.items()}
    assert table.equals(compare(summaries))
    with pytest.raises(AnalysisError, match="summary keeps no seeds"):
        compare(summaries, paired=True)
    paired = compare(studies)
    assert paired.iloc[1]["turns_vs_first_ci_high"] - paired.iloc[1]["turns_vs_first_ci_low"] < (
        row["turns_vs_first_ci_high"] - row["turns_vs_first_ci_low"]
    )  # the same dice cancel out of the difference


def test_ten_games_per_study_welch_not_the_normal_approximation():
    """The issue's case: with 10 games a study the normal approximation said p = 0.0013;
    Welch's t says 0.0049 (a 3.7 times larger p-value), on 17.6 degrees of freedom."""
    a = [26, 30, 32, 33, 34, 36, 40, 40, 40, 41]
    b = [20, 22, 24, 28, 29, 31, 31, 31, 32, 34]
    table = compare({"A": frame_of(a), "B": frame_of(b, seed0=100)})
    row = table.loc["B"]
    assert np.isnan(row["pairs"]) and table.attrs["methods"]["turns_vs_first"] == "Welch t"
    diff, se = np.mean(b) - np.mean(a), np.sqrt(np.var(a, ddof=1) / 10 + np.var(b, ddof=1) / 10)
    assert round(2 * (1 - NormalDist().cdf(abs(diff) / se)), 4) == 0.0013  # the old answer
    assert round(row["turns_vs_first_p"], 4) == 0.0049
    expected = stats.ttest_ind(b, a, equal_var=False)
    assert row["turns_vs_first_p"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert row["turns_vs_first_df"] == pytest.approx(expected.df, rel=1e-12)
    half = stats.t.ppf(0.975, expected.df) * se
    assert row["turns_vs_first_ci_high"] - row["turns_vs_first"] == pytest.approx(half)
    m = table.loc["A"]
    assert m["turns_ci_high"] - m["mean_turns"] == pytest.approx(
        stats.t.ppf(0.975, 9) * np.std(a, ddof=1) / np.sqrt(10)
    )


def test_holm_adjusts_several_variants_at_once():
    rng = np.random.default_rng(3)
    base = frame_of(list(rng.integers(20, 40, 30)))
    variants = {"base": base}
    for k, shift in enumerate([0, 2, 4, 8]):
        variants[f"+{shift}"] = frame_of(list(rng.integers(20, 40, 30) + shift), 1000 * (k + 1))
    table = compare(variants)
    p = table["turns_vs_first_p"][1:]
    assert list(table["turns_vs_first_p_holm"][1:]) == pytest.approx(holm(p))
    assert (table["turns_vs_first_p_holm"][1:] >= p).all()
    # Holm by hand: the smallest p times 4, the next times 3 (never below the one before) …
    ordered = sorted(p)
    assert table["turns_vs_first_p_holm"][1:].min() == pytest.approx(min(1, 4 * ordered[0]))
    assert holm([0.01, 0.04, 0.03, float("nan")])[:3] == pytest.approx([0.03, 0.06, 0.06])


def test_a_paired_frame_is_compared_game_by_game():
    variants = {"printed": {}, "no Lucky Loser": {"rules": Rules(lucky_loser=False)}}
    frame = simulate_paired("levelx", variants, 40, seed=2, bots=["greedy", "random"],
                            progress=False)  # fmt: skip
    assert frame["pair"].dtype == np.int64 and frame.attrs["paired"]
    assert list(frame["variant"].unique()) == ["printed", "no Lucky Loser"]
    one, two = (frame[frame["variant"] == v] for v in variants)
    assert (one["seed"].to_numpy() == two["seed"].to_numpy()).all()
    assert (one["bot_0"].to_numpy() == two["bot_0"].to_numpy()).all()
    table = compare(frame)
    assert table.attrs["methods"]["turns_vs_first"] == "paired t"
    diffs = two["turns"].to_numpy(float) - one["turns"].to_numpy(float)
    expected = stats.ttest_rel(two["turns"].astype(float), one["turns"].astype(float))
    assert table.iloc[1]["turns_vs_first"] == pytest.approx(diffs.mean())
    assert table.iloc[1]["turns_vs_first_p"] == pytest.approx(expected.pvalue, rel=1e-6)
    split = compare({v: frame[frame["variant"] == v] for v in variants})
    assert table.equals(split)


def test_refusals():
    with pytest.raises(AnalysisError, match="dict"):
        compare([])
    with pytest.raises(AnalysisError, match="at least one"):
        compare({})
    with pytest.raises(AnalysisLimitError, match="at most"):
        compare(dict.fromkeys(range(MAX_STUDIES + 1)))
    with pytest.raises(AnalysisError, match="confidence"):
        compare({"a": frame_of([1, 2])}, confidence=95)
    with pytest.raises(AnalysisError, match="paired must be"):
        compare({"a": frame_of([1, 2])}, paired="yes")
    with pytest.raises(AnalysisError, match="study 'b' must be a pandas DataFrame"):
        compare({"a": frame_of([1, 2]), "b": [1, 2]})
    with pytest.raises(AnalysisError, match="lacks variant"):
        compare(frame_of([1, 2]))
    with pytest.raises(AnalysisError, match="seed columns differ"):
        compare({"a": frame_of([1, 2]), "b": frame_of([1, 2], 5)}, paired=True)


def test_plot_names_the_methods(studies):
    fig = plot_compare(compare(studies))
    left, right = fig.axes
    assert [t.get_text() for t in left.get_yticklabels()] == list(studies)
    assert "t interval" in left.get_xlabel() and "Wilson" in right.get_xlabel()
    assert "first seat" in right.get_xlabel()
