"""summary() reports Plackett–Luce ratings with intervals for 2–6 seats, and names every
interval's method."""

from __future__ import annotations

import pytest
from scipy import stats

from levelwidgets.analysis import simulate, summary
from levelwidgets.analysis.ratings import ratings

from .test_ratings import pl_frame


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_ratings_for_every_table_size(seats):
    worths = {"A": 1.0, "B": 0.5, "C": 0.0, "D": -0.5, "E": -1.0, "F": 0.2}
    frame = pl_frame(worths, 400, (seats,), seed=seats)
    s = summary(frame)
    table = s.ratings
    assert table is not None and table.equals(ratings(frame))
    assert (table["ci_low"] < table["rating"]).all() and (table["rating"] < table["ci_high"]).all()
    assert table["bot"].iloc[0] == "A" and table["bot"].iloc[-1] == "E"
    text, html = repr(s), s._repr_html_()
    assert "Ratings (Plackett–Luce on finishing orders" in text and "Wald" in text
    assert "Plackett–Luce" in html and "Wald" in html
    top = table.iloc[0]
    assert f"{top['rating']:+.0f} [{top['ci_low']:+.0f}, {top['ci_high']:+.0f}]" in text


def test_mean_length_has_a_t_interval_and_methods_are_named():
    frame = simulate("levelx", ["greedy", "random", "random", "random"], 30, seed=3,
                     progress=False)  # fmt: skip
    s = summary(frame)
    turns = frame["turns"].astype(float)
    low, high = stats.t.interval(0.95, len(turns) - 1, turns.mean(), stats.sem(turns))
    assert (s.mean_turns.low, s.mean_turns.high) == pytest.approx((low, high))
    assert s.mean_turns.method == "t" and s.mean_turns.df == 29
    text = repr(s)
    assert "Wilson for win rates, t for the mean length" in text
    assert f"[{low:.1f}, {high:.1f}] (t interval)" in text
    assert s.ratings["bot"].iloc[0] == "Greedy"  # Greedy beats three random bots
    assert summary(frame, ratings=False).ratings is None
    lonely = frame.assign(bot_1="Greedy", bot_2="Greedy", bot_3="Greedy", bot_0="Greedy")
    assert summary(lonely).ratings is None  # one bot: nothing to rate against


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"confidence": 1.5}, "confidence"), ({"ratings": "yes"}, "ratings must be")],
)
def test_summary_refuses_bad_arguments_first(kwargs, message):
    with pytest.raises(ValueError, match=message):
        summary(pl_frame({"A": 0.0, "B": 1.0}, 5, (2,), seed=1), **kwargs)


def test_plot_ratings_draws_each_bot_with_its_interval():
    import matplotlib

    matplotlib.use("Agg")
    from levelwidgets.analysis import plot_ratings

    s = summary(pl_frame({"A": 1.0, "B": 0.0, "C": -1.0}, 200, (3,), seed=4))
    ax = plot_ratings(s)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["C", "B", "A"]  # best on top
    assert "Elo scale" in ax.get_xlabel()
    with pytest.raises(ValueError, match="no ratings"):
        plot_ratings(summary(pl_frame({"A": 1.0, "B": 0.0}, 20, (2,), seed=4), ratings=False))


def test_frames_beyond_the_row_limit_are_refused_before_reading(monkeypatch):
    from levelwidgets.analysis import arguments, compare, elo
    from levelwidgets.analysis.arguments import AnalysisLimitError

    frame = pl_frame({"A": 0.0, "B": 1.0}, 5, (2,), seed=1)
    monkeypatch.setattr(arguments, "MAX_ROWS", 4)
    for call in (summary, ratings, elo, lambda f: compare({"a": f})):
        with pytest.raises(AnalysisLimitError, match="at most 4 games"):
            call(frame)
