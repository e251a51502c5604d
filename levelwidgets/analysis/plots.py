"""Matplotlib pictures of a :class:`~.summary.Summary` (needs the ``[analysis]`` extra).

Each ``plot_*`` draws on ``ax`` when given, else on a new figure. New figures are let go by
pyplot at once: a notebook shows the returned figure once (no second copy from the inline
backend) and nothing piles up in pyplot's list of open figures.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any

from ._deps import pyplot
from .arguments import AnalysisError
from .report import confidence_label, seat_name

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .summary import Summary

_MAX_BINS = 60


def plot_summary(s: Summary, figsize: tuple[float, float] = (13, 3.8)) -> Figure:
    """Three panels: win rate per bot, win rate per seat, game lengths."""
    plt = pyplot()
    fig, axes = plt.subplots(1, 3, figsize=figsize, width_ratios=[1.2, 1, 1.2])
    plt.close(fig)
    plot_win_rates(s, axes[0])
    plot_seats(s, axes[1])
    plot_lengths(s, axes[2])
    label = confidence_label(s.confidence)
    fig.suptitle(f"{s.games} games; whiskers: {label} Wilson intervals", fontsize="medium")
    fig.tight_layout()
    return fig


def plot_win_rates(s: Summary, ax: Axes | None = None) -> Axes:
    """Horizontal bars per bot (best on top) with interval whiskers; dotted: all equal."""
    ax = ax if ax is not None else _new_axes()
    rows = s.per_bot.iloc[::-1]
    ax.barh(list(rows["bot"].astype(str)), rows["win_rate"], xerr=_errors(rows), capsize=4)
    ax.axvline(_mean_baseline(s), color="black", linestyle=":", zorder=3, label="all equal")
    _percent_axis(ax, "x")
    ax.set_title("Win rate per bot")
    ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_seats(s: Summary, ax: Axes | None = None) -> Axes:
    """Win rate of whoever sat in each seat, against the rate if seats did not matter."""
    ax = ax if ax is not None else _new_axes()
    labels = [seat_name(int(seat)) for seat in s.seats["seat"]]
    colours = ["tab:orange"] + ["tab:blue"] * (len(labels) - 1)
    ax.bar(labels, s.seats["win_rate"], yerr=_errors(s.seats), capsize=4, color=colours)
    for x, baseline in enumerate(s.seats["baseline"]):
        label = "all equal" if x == 0 else "_nolegend_"  # one legend entry for every line
        ax.hlines(baseline, x - 0.45, x + 0.45, color="black", linestyle=":", zorder=3, label=label)
    _percent_axis(ax, "y")
    ax.set_xlabel("seat (order of play)")
    ax.set_title("Win rate per seat")
    ax.legend(loc="upper right", fontsize="small")
    return ax


def plot_lengths(s: Summary, ax: Axes | None = None) -> Axes:
    """Histogram of turns per game (one bar per possible length when few), median marked."""
    ax = ax if ax is not None else _new_axes()
    turns = [int(t) for t in s.turns]
    step = gcd(*turns) or 1  # e.g. 2: two-player games always end after whole rounds
    low, high = min(turns), max(turns)
    if (high - low) / step < _MAX_BINS:
        bins = [low - step / 2 + k * step for k in range((high - low) // step + 2)]
        ax.hist(turns, bins=bins, rwidth=0.85)
    else:
        ax.hist(turns, bins="auto")
    median = float(s.lengths["50%"])
    ax.axvline(median, color="black", linestyle="--", label=f"median {median:g}")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(loc="upper right", fontsize="small")
    return ax


def plot_ratings(ratings: Summary | pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Plackett–Luce ratings per bot (best on top) with their Wald intervals; a
    :class:`~.summary.Summary` or a :func:`~.ratings.ratings` table."""
    from .report import RATINGS_NOTE

    table: Any = getattr(ratings, "ratings", ratings)
    if table is None:
        raise AnalysisError("this summary has no ratings (one bot only, or ratings=False)")
    ax = ax if ax is not None else _new_axes()
    rows = table.iloc[::-1]
    rating = rows["rating"]
    ax.errorbar(rating, list(rows["bot"].astype(str)), fmt="o", capsize=4,
                xerr=[rating - rows["ci_low"], rows["ci_high"] - rating])  # fmt: skip
    ax.axvline(0, color="black", linestyle=":", zorder=0)
    ax.set_xlabel("rating (Elo scale)")
    ax.set_title("Ratings", fontsize="medium")
    ax.text(0, -0.2, RATINGS_NOTE, transform=ax.transAxes, fontsize="x-small", wrap=True)
    return ax


def _new_axes() -> Axes:
    plt = pyplot()
    fig, ax = plt.subplots()
    plt.close(fig)
    return ax


def _errors(rows: pd.DataFrame) -> list[list[float]]:
    rate = rows["win_rate"]
    return [list(rate - rows["ci_low"]), list(rows["ci_high"] - rate)]


def _mean_baseline(s: Summary) -> float:
    """1/players averaged over all seats played (0.5 when every game had two players)."""
    b = s.per_bot
    return float((b["baseline"] * b["games"]).sum() / b["games"].sum())


def _percent_axis(ax: Axes, which: str) -> None:
    from matplotlib.ticker import PercentFormatter

    (ax.set_xlim if which == "x" else ax.set_ylim)(0, 1)
    (ax.xaxis if which == "x" else ax.yaxis).set_major_formatter(PercentFormatter(1.0))
