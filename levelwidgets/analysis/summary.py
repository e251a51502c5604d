"""What an analyst asks first of a pile of bot games: who wins, how sure, does the seat matter,
how long do games last.

Every rate comes with a Wilson interval (:func:`.stats.wilson_interval`). Rates count seats:
a bot that sat in 300 games has 300 trials, whatever seat it had; a tie shares its win
(see :mod:`.results`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._deps import pandas
from .arguments import AnalysisError, check_frame
from .report import summary_html, summary_text
from .results import seat_results
from .stats import MeanInterval, check_confidence, mean_interval, wilson_interval

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

RATE_COLUMNS = ["games", "wins", "ties", "win_rate", "ci_low", "ci_high", "baseline"]


@dataclass(frozen=True, repr=False, eq=False)
class Summary:
    """Win rates with intervals, per bot, per pair of bots and per seat; game lengths.

    - ``per_bot``: bot, games, wins, ties, win_rate, ci_low, ci_high, baseline (the rate
      if all players were equal: the mean of 1/players over its games); best first.
    - ``pairwise``: bot, opponent and the same columns, over the games both sat in.
    - ``seats``: seat (0 plays first) and the same columns, for whoever sat there.
    - ``first_seat``: the seat-0 row, with ``advantage`` = win_rate − baseline.
    - ``lengths``: ``describe()`` of the turns per game; ``turns`` holds them all;
      ``mean_turns``: their mean with its t interval (:class:`~.stats.MeanInterval`).
    - ``ratings``: Plackett–Luce ratings on the Elo scale with intervals, from the finishing
      orders of games of any size (:func:`~.ratings.ratings`); None when only one bot played
      or ``summary(..., ratings=False)``.
    """

    games: int
    ties: int
    unfinished: int
    confidence: float
    per_bot: pd.DataFrame
    pairwise: pd.DataFrame
    seats: pd.DataFrame
    first_seat: pd.Series
    lengths: pd.Series
    turns: pd.Series
    mean_turns: MeanInterval
    ratings: pd.DataFrame | None = None

    def plot(self) -> Figure:
        """Win rates with error bars, the seat bar against its baseline, the length histogram."""
        from .plots import plot_summary

        return plot_summary(self)

    def __repr__(self) -> str:
        return summary_text(self)

    def _repr_html_(self) -> str:
        return summary_html(self)


def summary(frame: pd.DataFrame, confidence: float = 0.95, ratings: bool = True) -> Summary:
    """Summarise a games frame (one row per game; columns in :mod:`.results`).

    Win rates carry Wilson intervals, the mean game length a t interval, the ratings
    (``ratings=True``; score columns ``score_i`` give the finishing order) Wald intervals.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({
    ...     "seed": [1, 2, 3, 4], "turns": [30, 34, 40, 36], "winner_seat": [0, 1, 1, -1],
    ...     "bot_0": ["A", "B", "A", "B"], "bot_1": ["B", "A", "B", "A"],
    ...     "score_0": [9, 5, 3, 7], "score_1": [2, 8, 6, 7]})
    >>> s = summary(frame)
    >>> s.per_bot[["bot", "games", "wins", "ties"]].values.tolist()
    [['A', 4, 2.5, 1], ['B', 4, 1.5, 1]]
    >>> float(s.first_seat.win_rate), float(s.first_seat.baseline)
    (0.375, 0.5)
    """
    check_frame(frame)
    confidence = check_confidence(confidence)
    if not isinstance(ratings, bool):
        raise AnalysisError(f"ratings must be True or False, not {ratings!r}")
    seats, unfinished = seat_results(frame)
    if seats.empty:
        raise AnalysisError("No finished game to summarise (every winner_seat is empty).")
    seats = seats.assign(share=1 / seats["players"])
    per_bot = _rates(seats, ["bot"], confidence)
    per_bot = per_bot.sort_values(["win_rate", "bot"], ascending=[False, True], ignore_index=True)
    by_seat = _rates(seats, ["seat"], confidence)
    first = by_seat.iloc[0].copy()
    first["advantage"] = first["win_rate"] - first["baseline"]
    finished = seats.drop_duplicates("game")
    turns = finished["turns"].reset_index(drop=True).rename("turns")
    return Summary(
        games=len(finished),
        ties=int(finished["game"].isin(seats.loc[seats["tie"], "game"]).sum()),
        unfinished=unfinished,
        confidence=confidence,
        per_bot=per_bot,
        pairwise=_pairwise(seats, confidence),
        seats=by_seat,
        first_seat=first.rename("first seat"),
        lengths=turns.describe(percentiles=[0.05, 0.25, 0.5, 0.75, 0.95]),
        turns=turns,
        mean_turns=mean_interval(turns.astype(float), confidence),
        ratings=_ratings(frame, seats, per_bot, confidence) if ratings else None,
    )


def _ratings(
    frame: pd.DataFrame, seats: pd.DataFrame, per_bot: pd.DataFrame, confidence: float
) -> pd.DataFrame | None:
    """Plackett–Luce ratings, relative to the average bot, for 2 to ``MAX_RATED_BOTS`` bots
    (more: call :func:`~.ratings.ratings` on a part of the frame)."""
    from .arguments import MAX_RATED_BOTS
    from .ratings import rate

    if not 2 <= len(per_bot) <= MAX_RATED_BOTS:
        return None

    return rate(frame, seats, None, confidence)


def _rates(seats: pd.DataFrame, keys: list[str], confidence: float) -> pd.DataFrame:
    """Games, wins, ties, win rate with its interval and the equal-players baseline per key."""
    out = seats.groupby(keys, sort=True).agg(
        games=("credit", "size"),
        wins=("credit", "sum"),
        ties=("tie", "sum"),
        baseline=("share", "mean"),
    )
    return _with_intervals(out.reset_index(), keys, confidence)


def _with_intervals(out: pd.DataFrame, keys: list[str], confidence: float) -> pd.DataFrame:
    """``out`` (keys, games, wins, ties, baseline) with the win rate and its interval."""
    out["win_rate"] = out["wins"] / out["games"]
    bounds = [
        wilson_interval(w, n, confidence) for w, n in zip(out["wins"], out["games"], strict=True)
    ]
    out["ci_low"] = [low for low, _ in bounds]
    out["ci_high"] = [high for _, high in bounds]
    return out[[*keys, *RATE_COLUMNS]]


def _pairwise(seats: pd.DataFrame, confidence: float) -> pd.DataFrame:
    """Each bot's rate in the games it shared with each other bot: for every pair, the bot's
    seats in the games where the other bot sat too.

    Tallied per opponent with ``numpy.bincount`` over a games × bots table of who sat where
    (a pandas merge of every seat with every opponent made 16 rows per 4-player game and
    took seconds per 100,000 games)."""
    import numpy as np

    pd = pandas()
    game, _ = pd.factorize(seats["game"])
    bot, names = pd.factorize(seats["bot"], sort=True)
    n_bots = len(names)
    present = np.zeros((game.max() + 1 if len(game) else 0, n_bots), dtype=bool)
    present[game, bot] = True
    sat_with = present[game]  # per seat: which bots sat in its game
    credit = seats["credit"].to_numpy(dtype=float)
    tie = seats["tie"].to_numpy(dtype=float)
    share = seats["share"].to_numpy(dtype=float)
    tallies = []
    for o in range(n_bots):
        rows = sat_with[:, o]
        b = bot[rows]
        tallies.append(
            [
                np.bincount(b, weights=w, minlength=n_bots)
                for w in (None, credit[rows], tie[rows], share[rows])
            ]
        )
    pairs = []
    for b in range(n_bots):  # (bot, opponent) ascending, as a sorted groupby gives them
        for o in range(n_bots):
            games, wins, ties, shares = (t[b] for t in tallies[o])
            if b != o and games:
                pairs.append(
                    {
                        "bot": names[b],
                        "opponent": names[o],
                        "games": int(games),
                        "wins": float(wins),
                        "ties": round(ties),
                        "baseline": float(shares / games),
                    }
                )
    if not pairs:
        return pd.DataFrame(columns=["bot", "opponent", *RATE_COLUMNS])
    return _with_intervals(pd.DataFrame(pairs), ["bot", "opponent"], confidence)
