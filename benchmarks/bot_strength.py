"""Strength of every bot of each game: pairwise win rates with 95 % intervals, and Elo.

Every pair of a game's bots plays two-player games through ``levelwidgets.analysis.simulate``
(seats rotated, seeded, all cores), so the table is reproducible. Output, one line per figure::

    <game> <bot> vs <opponent>: <win rate> % [<low>, <high>] of <n> games
    <game>_elo: <bot> <rating>, ... (Bradley–Terry maximum likelihood, Random = 0)

Run: ``python benchmarks/bot_strength.py`` (``--quick`` for a smoke run). The search bots are
slow by design (they play games in their heads), so their pairings use fewer games; the
intervals say how much that costs.
"""

from __future__ import annotations

import argparse
import itertools
import time

import pandas as pd

from levelwidgets.analysis import elo, simulate, summary

BOTS = {
    "levelx": ["random", "greedy", "expectimax"],
    "level8": ["random", "heuristic", "search"],
    "level8board": ["random", "heuristic"],
}
GAMES = {"levelx": 400, "level8": 200, "level8board": 100}
SLOW = {"expectimax": 200, "search": 60}  # games for a pairing with a slow bot


def pairing_games(game: str, pair: tuple[str, str], scale: float) -> int:
    n = min([GAMES[game], *(SLOW.get(bot, GAMES[game]) for bot in pair)])
    return max(4, int(n * scale) // 2 * 2)  # even: each bot sits first equally often


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few games per pairing")
    parser.add_argument("--game", choices=sorted(BOTS), action="append", help="only these games")
    args = parser.parse_args()
    scale = 0.05 if args.quick else 1.0
    for game in args.game or BOTS:
        frames = []
        for k, pair in enumerate(itertools.combinations(BOTS[game], 2)):
            n = pairing_games(game, pair, scale)
            start = time.perf_counter()
            frame = simulate(game, list(pair), n, seed=100 + k, executor="processes",
                             progress=False)  # fmt: skip
            seconds = time.perf_counter() - start
            row = summary(frame).pairwise.set_index(["bot", "opponent"]).iloc[0]
            print(
                f"{game} {row.name[0]} vs {row.name[1]}: {100 * row.win_rate:.1f} % "
                f"[{100 * row.ci_low:.1f}, {100 * row.ci_high:.1f}] of {n} games "
                f"({seconds / n:.2f} s per game)",
                flush=True,
            )
            frames.append(frame)
        ratings = elo(pd.concat(frames, ignore_index=True), anchor="Random")
        text = ", ".join(f"{bot} {rating:.0f}" for bot, rating in ratings.items())
        print(f"{game}_elo: {text}", flush=True)


if __name__ == "__main__":
    main()
