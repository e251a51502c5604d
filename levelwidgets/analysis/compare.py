"""Rule variants and bot line-ups side by side: game length and first-seat advantage, each
with its interval, and how far each study is from the first one.

>>> import pandas as pd
>>> a = pd.DataFrame({"seed": [1, 2, 3, 4], "turns": [30, 34, 40, 36],
...     "winner_seat": [0, 1, 0, 0], "bot_0": ["A"] * 4, "bot_1": ["B"] * 4})
>>> b = a.assign(turns=[20, 24, 22, 26], winner_seat=[1, 1, 0, 1])
>>> table = compare({"printed": a, "variant": b})
>>> table[["games", "mean_turns", "first_seat_win_rate"]].values.tolist()
[[4.0, 35.0, 0.75], [4.0, 23.0, 0.25]]
>>> float(table.loc["variant", "turns_vs_first"]), table.attrs["methods"]["turns_vs_first"]
(-12.0, 'paired t')

(The two studies have the same seeds, so they are compared game by game.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ._deps import pandas, pyplot
from .arguments import AnalysisError, check_choice, check_frame, check_studies
from .stats import HOLM, PAIRED, WELCH, WILSON, T, check_confidence, holm, paired_t, welch
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
    "turns_vs_first_df",
    "turns_vs_first_p_holm",
    "pairs",
]
_DIFFERENCE = COLUMNS[-7:]


def compare(
    studies: Mapping[str, pd.DataFrame | Summary] | pd.DataFrame,
    confidence: float = 0.95,
    paired: bool | None = None,
) -> pd.DataFrame:
    """One row per study (a games frame or its :func:`summary`), in the order given.

    ``studies``: a dict ``{name: games frame or summary}``, or one frame of
    :func:`~.paired.simulate_paired` (``simulate(..., paired=True)``; columns ``variant`` and
    ``pair``), one study per variant.

    Game length: the mean turns with its t interval, and the difference of the means from
    the first study with its interval, two-sided p-value and degrees of freedom:

    - **paired t** on the game-by-game differences when the studies played the same games
      (a paired frame, or frames whose ``seed`` columns hold the same seeds; ``pairs`` counts
      the games both finished), which cancels the luck they share;
    - **Welch t** otherwise (``paired=False`` forces it; ``paired=True`` refuses studies that
      cannot be paired).

    ``turns_vs_first_p_holm`` corrects the p-values for testing several variants at once
    (Holm). First seat: its win rate with the Wilson interval, the rate if the seat did not
    matter (``baseline``) and the difference (``advantage``). The first study's difference
    columns are NaN except ``turns_vs_first`` = 0. ``table.attrs["methods"]`` names each
    interval's method.
    """
    confidence = check_confidence(confidence)
    check_choice("paired", paired, (None, True, False))
    studies = _split_paired(studies)
    studies = check_studies(studies)
    for name, study in studies.items():
        if not isinstance(study, Summary):
            check_frame(study, f"study {name!r}")
    keys = _pair_keys(studies, paired)
    summaries = {str(k): v if isinstance(v, Summary) else summary(v, confidence, ratings=False)
                 for k, v in studies.items()}  # fmt: skip
    frames = list(studies.values())
    first = next(iter(summaries.values()))
    rows: dict[str, dict[str, Any]] = {}
    for i, (name, s) in enumerate(summaries.items()):
        m, seat = s.mean_turns, s.first_seat
        row = {
            "games": s.games,
            "mean_turns": m.mean,
            "turns_ci_low": m.low,
            "turns_ci_high": m.high,
            "median_turns": s.turns.median(),
            "first_seat_win_rate": seat["win_rate"],
            "first_seat_ci_low": seat["ci_low"],
            "first_seat_ci_high": seat["ci_high"],
            "first_seat_baseline": seat["baseline"],
            "first_seat_advantage": seat["advantage"],
        }
        nan = float("nan")
        if i == 0:  # the reference itself: no difference to estimate
            row |= dict.fromkeys(_DIFFERENCE, nan) | {"turns_vs_first": 0.0}
        else:
            if keys is None:
                d = welch(s.turns, first.turns, confidence)
                pairs = nan
            else:
                diffs = _paired_differences(frames[0], frames[i], keys)
                d, pairs = paired_t(diffs, confidence), len(diffs)
            row |= {
                "turns_vs_first": d.diff,
                "turns_vs_first_ci_low": d.low,
                "turns_vs_first_ci_high": d.high,
                "turns_vs_first_p": d.p,
                "turns_vs_first_df": d.df,
                "pairs": pairs,
            }
        rows[name] = row
    table = pandas().DataFrame.from_dict(rows, orient="index", columns=COLUMNS).astype(float)
    table.loc[table.index[1:], "turns_vs_first_p_holm"] = holm(table["turns_vs_first_p"][1:])
    table.attrs.update(
        confidence=confidence,
        paired=keys is not None,
        methods={
            "turns_ci": T,
            "turns_vs_first": WELCH if keys is None else PAIRED,
            "turns_vs_first_p_holm": HOLM,
            "first_seat_ci": WILSON,
        },
    )
    return table


def _split_paired(studies: object) -> object:
    """A paired frame (columns ``variant`` and ``pair``) as ``{variant: its games}``."""
    pd = pandas()
    if not isinstance(studies, pd.DataFrame):
        return studies
    missing = [c for c in ("variant", "pair") if c not in studies.columns]
    if missing:
        raise AnalysisError(
            "compare() takes a dict {name: games frame or summary}, or one frame of "
            f"simulate(..., paired=True); this frame lacks {', '.join(missing)}"
        )
    order = studies.attrs.get("variants") or list(pd.unique(studies["variant"]))
    return {v: studies[studies["variant"] == v] for v in order}


def _pair_keys(studies: Mapping[Any, Any], paired: bool | None) -> str | None:
    """The column that pairs games across studies (``pair`` or ``seed``), or None."""
    if paired is False:
        return None
    frames = list(studies.values())
    reason = None
    if any(not isinstance(f, pandas().DataFrame) for f in frames):
        reason = "a summary keeps no seeds: pass the games frames"
    else:
        for key in ("pair", "seed"):
            if all(key in f.columns and f[key].is_unique for f in frames):
                first = set(frames[0][key])
                if all(set(f[key]) == first for f in frames[1:]):
                    return key
        reason = "their seed columns differ (they did not play the same games)"
    if paired is True:
        raise AnalysisError(f"these studies cannot be paired: {reason}")
    return None


def _paired_differences(first: pd.DataFrame, other: pd.DataFrame, key: str) -> list[float]:
    """Turns of ``other`` minus turns of ``first``, game by game, where both have a result."""
    done = [f.loc[f["winner_seat"].notna(), [key, "turns"]] for f in (first, other)]
    both = done[1].merge(done[0], on=key, suffixes=("", "_first"))
    return list((both["turns"].astype(float) - both["turns_first"].astype(float)).to_numpy())


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
    methods = table.attrs.get("methods", {})
    left.set(yticks=list(ys), yticklabels=names,
             xlabel=f"turns per game (mean, {methods.get('turns_ci', T)} interval)")  # fmt: skip
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
    right.set(
        yticks=list(ys),
        yticklabels=[""] * len(names),
        xlabel=f"first seat wins ({methods.get('first_seat_ci', WILSON)} interval)",
    )
    right.xaxis.set_major_formatter(PercentFormatter(1.0))
    right.invert_yaxis()
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig
