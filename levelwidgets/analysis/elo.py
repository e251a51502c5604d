"""Elo ratings from head-to-head games: one number per bot, on the chess scale.

Fitted by maximum likelihood under the Bradley–Terry model (the model behind Elo): bot ``i``
beats bot ``j`` with probability ``1 / (1 + 10 ** ((R_j - R_i) / 400))``. The fit uses every
game at once (unlike Elo's running updates, the order of games does not matter), by Newton's
method on the strictly concave log-likelihood; a tie counts as half a win for each side. A
rating difference of 200 means the stronger bot wins about 76 % of their games.

>>> import pandas as pd
>>> games = pd.DataFrame({"seed": range(4), "turns": [9] * 4, "winner_seat": [0, 0, 0, 1],
...                       "bot_0": ["A", "B", "A", "B"], "bot_1": ["B", "A", "B", "A"]})
>>> ratings = elo(games, anchor="B")
>>> ratings.round(1).to_dict()  # 3 of 4: 190.8 without the prior's half-win shrinkage
{'A': 164.8, 'B': 0.0}
"""

from __future__ import annotations

from math import e, log10
from typing import TYPE_CHECKING

import numpy as np

from ._deps import pandas
from .arguments import AnalysisError, check_frame, check_whole
from .results import seat_results

if TYPE_CHECKING:
    import pandas as pd

_PRIOR = 0.5  # half a win and half a loss against an average bot: finite ratings for 100 %


def elo(frame: pd.DataFrame, anchor: str | None = None, iterations: int = 100) -> pd.Series:
    """Ratings per bot from two-player games (a games frame), highest first.

    Every bot also gets half a win and half a loss against a virtual bot rated 0 (a mild
    pull towards 0, so a bot that won every game still has a finite rating); ratings are on
    that scale unless ``anchor`` names the bot to rate 0 instead.

    Games of three to six seats: :func:`~.ratings.ratings` (Plackett–Luce, which is this
    model for two seats, with intervals).
    """
    check_frame(frame)
    if anchor is not None and not isinstance(anchor, str):
        raise AnalysisError(f"anchor must be a bot's name (a string) or None, not {anchor!r}")
    check_whole("iterations", iterations, 1, 10_000)
    seats, _ = seat_results(frame)
    if seats.empty:
        raise AnalysisError("No finished game to rate.")
    if (seats["players"] != 2).any():
        raise AnalysisError(
            "Elo ratings need two-player games (head-to-head results); ratings() rates games "
            "of any size."
        )
    games = seats.pivot(index="game", columns="seat", values=["bot", "credit"])
    bots = sorted(set(seats["bot"]))
    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    wins = [_PRIOR] * n
    meetings = [[0.0] * n for _ in range(n)]
    for (a, b), credit in zip(
        games["bot"].itertuples(index=False), games["credit"][0], strict=True
    ):
        i, j = index[a], index[b]
        wins[i] += credit
        wins[j] += 1 - credit
        meetings[i][j] += 1
        meetings[j][i] += 1
    theta = _newton(np.array(wins), np.array(meetings), iterations)
    ratings = pandas().Series({b: 400 * log10(e) * theta[index[b]] for b in bots}, name="elo")
    if anchor is not None:
        if anchor not in index:
            raise AnalysisError(f"anchor {anchor!r} is not one of the bots: {', '.join(bots)}")
        ratings -= ratings[anchor]
    return ratings.sort_values(ascending=False)


def _newton(wins: np.ndarray, meetings: np.ndarray, iterations: int) -> np.ndarray:
    """Natural-log strengths maximising the Bradley–Terry likelihood with the prior game
    against a virtual opponent of strength 0; converges in a handful of steps."""
    theta = np.zeros(len(wins))
    for _ in range(iterations):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
        p0 = 1 / (1 + np.exp(-theta))  # against the virtual opponent
        grad = wins - (meetings * p).sum(axis=1) - 2 * _PRIOR * p0
        w = meetings * p * p.T
        hess = w - np.diag(w.sum(axis=1) + 2 * _PRIOR * p0 * (1 - p0))
        step = np.clip(np.linalg.solve(hess, -grad), -2.0, 2.0)  # damped: no overshoot
        theta += step
        if np.abs(step).max() < 1e-12:
            break
    return theta
