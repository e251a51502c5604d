"""Speed of whole-game simulation (issue 13). Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/simulation_speed.py``. Single process, one core: times are CPU time of
this process (``time.process_time``) and each rate is the best of several repetitions, so other
work on the machine distorts them as little as possible. Engine and batch simulator are
measured in the same run, on the same kind of game (4 players, random bots, printed rules);
the target of the batch simulator is ``batch_vs_engine_ratio`` ≥ 20. Lookup tables (the
engine's move tables, the batch simulator's tables) are built before timing; their one-time
cost is reported separately.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from levelwidgets.levelx import GreedyBot, RandomBot, play_game
from levelwidgets.levelx.batch import simulate
from levelwidgets.levelx.batch.tables import move_tables, row_tables
from levelwidgets.levelx.rules import DEFAULT_RULES

REPEATS = 3
PLAYERS = 4
TARGET_RATIO = 20
LATER = ("process_pool_games_per_s", "dask_games_per_s", "level8_batch_games_per_s")


def best_rate(run: Callable[[int], int]) -> float:
    """Best games per CPU second over REPEATS runs; ``run(rep)`` plays and returns its games."""
    best = 0.0
    for rep in range(REPEATS):
        start = time.process_time()
        games = run(rep)
        best = max(best, games / (time.process_time() - start))
    return best


def engine_rate(policy: str, games: int) -> float:
    def run(rep: int) -> int:
        for seed in range(rep * games, (rep + 1) * games):
            if policy == "random":
                bots = [RandomBot(10 * seed + p) for p in range(PLAYERS)]
            else:
                bots = [GreedyBot() for _ in range(PLAYERS)]
            play_game(bots, seed=seed)
        return games

    return best_rate(run)


def batch_rate(policy: str, games: int) -> float:
    return best_rate(lambda rep: len(simulate(games, PLAYERS, policy, seed=rep)))


def build_tables_ms() -> float:
    start = time.process_time()
    move_tables(DEFAULT_RULES.lucky_loser)
    row_tables(DEFAULT_RULES, PLAYERS)
    return (time.process_time() - start) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games (smoke test)")
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0

    print(f"batch_tables_build_ms: {build_tables_ms():.0f} ms")
    engine_rate("random", 200)  # warm up: the engine builds its move tables lazily
    simulate(1000, PLAYERS, "random")

    engine = engine_rate("random", int(3000 * scale))
    batch = batch_rate("random", int(100_000 * scale))
    print(f"engine_random_games_per_s: {engine:.0f} games/s")
    print(f"batch_random_games_per_s: {batch:.0f} games/s")
    print(f"batch_vs_engine_ratio: {batch / engine:.1f} (target ≥ {TARGET_RATIO})")

    engine = engine_rate("greedy", int(300 * scale))
    batch = batch_rate("greedy", int(10_000 * scale))
    print(f"engine_greedy_games_per_s: {engine:.0f} games/s")
    print(f"batch_greedy_games_per_s: {batch:.0f} games/s")
    print(f"batch_vs_engine_greedy_ratio: {batch / engine:.1f}")
    for name in LATER:
        print(f"{name}: not built yet")


if __name__ == "__main__":
    main()
