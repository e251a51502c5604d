"""How many fewer games the paired design needs: variance ratios for Level X studies.

A paired study plays every variant on the same seeds (``simulate(..., paired=True)``, i.e.
``levelwidgets.analysis.paired.simulate_paired``): game ``i`` of each variant starts from the
same dice and seats. The difference of two variants is then measured game by game, and the
luck both share cancels. For ``n`` games per variant the interval of the difference has
half-width ``t·√(v/n)`` with

- ``v = s_A² + s_B²`` when the variants play independent games (Welch), and
- ``v = s_d²`` (the variance of the per-game differences) when they are paired,

so ``ratio = (s_A² + s_B²) / s_d²`` is how many times more games the independent design
needs for the same interval width. Output, one line per study and measure::

    <study> | <measure>: ratio <r> (paired needs <100/r> % of the games); half-width at
    <n> games: independent <w_i>, paired <w_p>; difference <d>

Run: ``python benchmarks/paired_design.py`` (``--quick`` for a smoke run, ``--games N``).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pandas as pd
from scipy import stats

from levelwidgets.analysis.paired import simulate_paired
from levelwidgets.levelx import Rules

LUCKY = {"printed": {}, "no Lucky Loser": {"rules": Rules(lucky_loser=False)}}
STUDIES = {
    "Level X, 2 greedy, Lucky Loser on/off": (LUCKY, {"bots": ["greedy", "greedy"]}),
    "Level X, 4 greedy, Lucky Loser on/off": (LUCKY, {"bots": ["greedy"] * 4}),
    "Level X, 2 random, Lucky Loser on/off": (LUCKY, {"bots": ["random", "random"]}),
    "Level X, greedy vs random / vs greedy": (
        {"vs random": {"bots": ["greedy", "random"]}, "vs greedy": {"bots": ["greedy", "greedy"]}},
        {},
    ),
    "Level X, 4 seats: greedy + 3 random / 2 greedy + 2 random": (
        {
            "1 greedy": {"bots": ["greedy", "random", "random", "random"]},
            "2 greedy": {"bots": ["greedy", "random", "greedy", "random"]},
        },
        {},
    ),
}


def first_bot_points(frame: pd.DataFrame) -> np.ndarray:
    """Points of the line-up's first bot: seats rotate by the game index, so it sits in seat
    ``(-k) mod players`` of game ``k``."""
    seat = (-frame["game_index"].to_numpy()) % frame["players"].to_numpy()
    scores = frame[[f"score_{s}" for s in range(int(frame["players"].max()))]].to_numpy(float)
    return scores[np.arange(len(frame)), seat]


MEASURES = {"turns": lambda f: f["turns"].to_numpy(float), "first bot's points": first_bot_points}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="200 games per variant")
    parser.add_argument("--games", type=int, default=2000, help="games per variant")
    args = parser.parse_args()
    n = 200 if args.quick else args.games
    for study, (variants, kw) in STUDIES.items():
        start = time.perf_counter()
        frame = simulate_paired("levelx", variants, n, seed=2026, progress=False, **kw)
        a, b = (frame[frame["variant"] == v].reset_index(drop=True) for v in variants)
        for measure, read in MEASURES.items():
            ya, yb = read(a), read(b)
            d = yb - ya
            independent = ya.var(ddof=1) + yb.var(ddof=1)
            paired = d.var(ddof=1)
            ratio = independent / paired if paired > 0 else float("inf")
            t = stats.t.ppf(0.975, n - 1)
            print(
                f"{study} | {measure}: ratio {ratio:.2f} (paired needs {100 / ratio:.0f} % of the "
                f"games); half-width at {n} games: independent {t * np.sqrt(independent / n):.3f}"
                f", paired {t * np.sqrt(paired / n):.3f}; difference {d.mean():+.3f}"
            )
        print(f"  ({2 * n} games in {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
