"""Rule variants and bot line-ups side by side: game length and first-seat advantage, each
with its interval, and how far each study is from the first one.

>>> import pandas as pd
>>> a = pd.DataFrame({"seed": [1, 2, 3, 4], "turns": [30, 34, 40, 36],
...     "winner_seat": [0, 1, 0, 0], "bot_0": ["A"] * 4, "bot_1": ["B"] * 4})
>>> b = a.assign(turns=[20, 24, 22, 26], winner_seat=[1, 1, 0, 1])
>>> table = compare({"printed": a, "variant": b})
>>> table[["games", "mean_turns", "first_seat_win_rate"]].values.tolist()
[[4.0, 35.0, 0.75], [4.0, 23.0, 0.25]]
>>> float(table.loc["variant", "turns_vs_first"])
-12.0
"""

from __future__ import annotations

from collections.abc import Mapping
from math import sqrt
from statistics import NormalDist
from typing import TYPE_CHECKING

from ._deps import pandas, pyplot
from .stats import z_value
from .summary import Summary, summary

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

COLUMNS = [
    "games",
    "mean_turns",
    "turns_ci_low",
    "turns_ci_high",
    "median_turns",
    "first_seat_win_rate",
    "first_seat_ci_low",
    "first_seat_ci_high",
    "first_seat_baseline",
    "first_seat_advantage",
    "turns_vs_first",
    "turns_vs_first_ci_low",
    "turns_vs_first_ci_high",
    "turns_vs_first_p",
]


def compare(
    studies: Mapping[str, pd.DataFrame | Summary], confidence: float = 0.95
) -> pd.DataFrame:
    """One row per study (a games frame or its :func:`summary`), in the order given.

    Game length: the mean turns with a normal-approximation interval, and the difference of
    the means from the first study with its (Welch) interval and two-sided p-value, so "does
    this rule make games shorter?" has an answer with a margin. First seat: its win rate with
    the Wilson interval, the rate if the seat did not matter (``baseline``) and the
    difference (``advantage``). The first study's ``turns_vs_first`` is 0 and its interval
    and p-value are empty (NaN).
    """
    if not isinstance(studies, Mapping) or not studies:
        raise ValueError("compare() takes a dict {name: games frame or summary}, one or more")
    z = z_value(confidence)
    summaries = {str(k): v if isinstance(v, Summary) else summary(v, confidence)
                 for k, v in studies.items()}  # fmt: skip
    rows = {}
    first = next(iter(summaries.values())).turns
    for i, (name, s) in enumerate(summaries.items()):
        turns = s.turns.astype(float)
        mean, half = turns.mean(), z * _stderr(turns)
        diff = mean - first.mean()
        spread = sqrt(_stderr(turns) ** 2 + _stderr(first.astype(float)) ** 2)
        p = 2 * (1 - NormalDist().cdf(abs(diff) / spread)) if spread > 0 else float(diff == 0)
        seat = s.first_seat
        rows[name] = {
            "games": s.games,
            "mean_turns": mean,
            "turns_ci_low": mean - half,
            "turns_ci_high": mean + half,
            "median_turns": turns.median(),
            "first_seat_win_rate": seat["win_rate"],
            "first_seat_ci_low": seat["ci_low"],
            "first_seat_ci_high": seat["ci_high"],
            "first_seat_baseline": seat["baseline"],
            "first_seat_advantage": seat["advantage"],
            "turns_vs_first": diff,
            "turns_vs_first_ci_low": diff - z * spread,
            "turns_vs_first_ci_high": diff + z * spread,
            "turns_vs_first_p": p,
        }
        if i == 0:  # the reference itself: no difference to estimate
            rows[name].update(dict.fromkeys(COLUMNS[-3:], float("nan")))
    return pandas().DataFrame.from_dict(rows, orient="index", columns=COLUMNS).astype(float)


def plot_compare(
    table: pd.DataFrame, figsize: tuple[float, float] = (11, 3.6), title: str | None = None
) -> Figure:
    """Two panels from a :func:`compare` table: mean game length and first-seat win rate,
    each with its interval (dotted: the rate if the seat did not matter)."""
    from matplotlib.ticker import PercentFormatter

    plt = pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=figsize)
    plt.close(fig)
    names = list(table.index)
    ys = range(len(names))
    mean = table["mean_turns"]
    left.errorbar(mean, ys, xerr=[mean - table["turns_ci_low"], table["turns_ci_high"] - mean],
                  fmt="o", capsize=4)  # fmt: skip
    left.set(yticks=list(ys), yticklabels=names, xlabel="turns per game (mean)")
    left.invert_yaxis()
    rate = table["first_seat_win_rate"]
    right.errorbar(
        rate,
        ys,
        xerr=[rate - table["first_seat_ci_low"], table["first_seat_ci_high"] - rate],
        fmt="o",
        capsize=4,
    )
    for y, base in zip(ys, table["first_seat_baseline"], strict=True):
        right.plot([base, base], [y - 0.3, y + 0.3], ":", color="grey")
    right.set(yticks=list(ys), yticklabels=[""] * len(names), xlabel="first seat wins")
    right.xaxis.set_major_formatter(PercentFormatter(1.0))
    right.invert_yaxis()
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def _stderr(values: pd.Series) -> float:
    n = len(values)
    return float(values.std(ddof=1) / sqrt(n)) if n > 1 else 0.0
