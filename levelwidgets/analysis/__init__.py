"""Statistics for bot games of either game: win rates with intervals, seats, game lengths.

>>> from levelwidgets.analysis import wilson_interval
>>> [round(x, 3) for x in wilson_interval(5, 10)]
[0.237, 0.763]

``summary(frame)`` takes one row per game (:mod:`.results` lists the columns;
``levelwidgets.analysis.games_frame`` makes one from Level X games) and needs pandas; its
``plot()`` needs matplotlib: ``pip install 'levelwidgets[analysis]'``.
"""

from __future__ import annotations

from .compare import compare, plot_compare
from .elo import elo
from .games import load_game
from .levelx_frames import games_frame, turns_frame
from .paired import simulate_paired
from .plots import plot_lengths, plot_ratings, plot_seats, plot_summary, plot_win_rates
from .ratings import ratings
from .seats import rotate_seats
from .simulate import SimulationStopped, game_seed, simulate
from .stats import holm, mean_interval, paired_t, welch, wilson_interval, z_value
from .summary import Summary, summary

__all__ = [
    "SimulationStopped",
    "Summary",
    "compare",
    "elo",
    "game_seed",
    "games_frame",
    "holm",
    "load_game",
    "mean_interval",
    "paired_t",
    "plot_compare",
    "plot_lengths",
    "plot_ratings",
    "plot_seats",
    "plot_summary",
    "plot_win_rates",
    "ratings",
    "rotate_seats",
    "simulate",
    "simulate_paired",
    "summary",
    "turns_frame",
    "welch",
    "wilson_interval",
    "z_value",
]
