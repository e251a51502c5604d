"""compare(): rule variants side by side, with intervals an analyst can trust."""

from __future__ import annotations

import math

import matplotlib
import pandas as pd
import pytest

from levelwidgets.analysis import compare, plot_compare, simulate, summary, wilson_interval
from levelwidgets.levelx import Rules

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def studies():
    def run(rules):
        return simulate("levelx", ["greedy"] * 2, 300, seed=4, rules=rules, progress=False)

    return {"printed": run(None), "no Lucky Loser": run(Rules(lucky_loser=False))}


def test_each_row_holds_the_study_figures_and_its_difference_from_the_first(studies):
    table = compare(studies)
    assert list(table.index) == ["printed", "no Lucky Loser"]
    for name, frame in studies.items():
        row, turns = table.loc[name], frame["turns"]
        assert row["games"] == len(frame) and row["mean_turns"] == pytest.approx(turns.mean())
        half = 1.959964 * turns.std() / math.sqrt(len(turns))
        assert row["turns_ci_high"] - row["mean_turns"] == pytest.approx(half, rel=1e-5)
        wins = (frame["winner_seat"] == 0).sum() + 0.5 * (
            (frame["winner_seat"] == -1) & frame["winner_seats"].map(lambda s: 0 in s)
        ).sum()
        assert row["first_seat_win_rate"] == pytest.approx(wins / len(frame))
        assert (row["first_seat_ci_low"], row["first_seat_ci_high"]) == pytest.approx(
            wilson_interval(wins, len(frame))
        )
    first, other = table.iloc[0], table.iloc[1]
    assert first["turns_vs_first"] == 0 and pd.isna(first["turns_vs_first_p"])
    assert other["turns_vs_first"] == pytest.approx(other["mean_turns"] - first["mean_turns"])
    # turning 1s into any face makes sums easier: without it games last longer, clearly
    assert other["turns_vs_first_ci_low"] > 0 and other["turns_vs_first_p"] < 0.01


def test_summaries_give_the_same_table_and_bad_input_is_refused(studies):
    table = compare(studies)
    assert table.equals(compare({k: summary(v) for k, v in studies.items()}))
    with pytest.raises(ValueError, match="dict"):
        compare([])
    fig = plot_compare(table)
    left, right = fig.axes
    assert [t.get_text() for t in left.get_yticklabels()] == list(table.index)
    assert "first seat" in right.get_xlabel()
