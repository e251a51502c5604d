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
from .report import summary_html, summary_text
from .results import seat_results
from .stats import wilson_interval

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
    - ``lengths``: ``describe()`` of the turns per game; ``turns`` holds them all.
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

    def plot(self) -> Figure:
        """Win rates with error bars, the seat bar against its baseline, the length histogram."""
        from .plots import plot_summary

        return plot_summary(self)

    def __repr__(self) -> str:
        return summary_text(self)

    def _repr_html_(self) -> str:
        return summary_html(self)


def summary(frame: pd.DataFrame, confidence: float = 0.95) -> Summary:
    """Summarise a games frame (one row per game; columns in :mod:`.results`).

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
    seats, unfinished = seat_results(frame)
    if seats.empty:
        raise ValueError("No finished game to summarise (every winner_seat is empty).")
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
    )


def _rates(seats: pd.DataFrame, keys: list[str], confidence: float) -> pd.DataFrame:
    """Games, wins, ties, win rate with its interval and the equal-players baseline per key."""
    out = seats.groupby(keys, sort=True).agg(
        games=("credit", "size"),
        wins=("credit", "sum"),
        ties=("tie", "sum"),
        baseline=("share", "mean"),
    )
    out["win_rate"] = out["wins"] / out["games"]
    bounds = [
        wilson_interval(w, n, confidence) for w, n in zip(out["wins"], out["games"], strict=True)
    ]
    out["ci_low"] = [low for low, _ in bounds]
    out["ci_high"] = [high for _, high in bounds]
    return out.reset_index()[[*keys, *RATE_COLUMNS]]


def _pairwise(seats: pd.DataFrame, confidence: float) -> pd.DataFrame:
    """Each bot's rate in the games it shared with each other bot."""
    opponents = seats[["game", "bot"]].rename(columns={"bot": "opponent"}).drop_duplicates()
    pairs = seats.merge(opponents, on="game")
    pairs = pairs[pairs["bot"] != pairs["opponent"]]
    if pairs.empty:
        return pandas().DataFrame(columns=["bot", "opponent", *RATE_COLUMNS])
    return _rates(pairs, ["bot", "opponent"], confidence)
