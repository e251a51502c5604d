"""What ``levelwidgets.analysis.simulate`` costs on top of the games it plays (issue 30, item 2).

Run: ``python benchmarks/simulate_overhead.py [--rows 1000000] [--games 3000]``. Prints one
``name: value unit`` line per figure, all measured in the same run:

- ``batch_frame_peak_mb_per_million_rows``: tracemalloc's peak (numpy and pandas allocations
  included) while ``simulate(..., engine="batch")`` plays ``--rows`` cheap Level X games
  (4 random bots) into its frame, scaled to a million rows. Goal ≤ 150: the frame is
  allocated once, column by column, and filled block by block.
- ``batch_frame_held_mb_per_million_rows``: what is still allocated once the frame is
  returned (the frame: its text columns point to a few shared names, which
  ``memory_usage(deep=True)`` would count once per row), per million rows.
- ``engine_loop_ms_per_game`` / ``simulate_engine_ms_per_game``: CPU time per game of the bare
  engine loop (``play_game`` with two seeded RandomBots, nothing kept) and of
  ``simulate(..., engine="engine")`` on the same kind of game, best of several repetitions.
- ``simulate_overhead_ratio``: the second ÷ the first. Goal ≤ 1.3 (it was 2.6: the
  SeedSequence seeds, computed one by one, cost more than a cheap game).
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from levelwidgets.analysis import simulate
from levelwidgets.levelx import RandomBot, play_game

REPEATS = 5


def batch_memory(rows: int) -> tuple[float, float]:
    """(peak MB, held MB) per million rows of a batch study of ``rows`` games."""
    simulate("levelx", ["random"] * 4, 200, progress=False, engine="batch")  # tables built
    tracemalloc.start()
    frame = simulate("levelx", ["random"] * 4, rows, seed=1, progress=False, engine="batch")
    held, peak = tracemalloc.get_traced_memory()  # what the frame holds; the most at once
    tracemalloc.stop()
    assert len(frame) == rows
    scale = 1e6 / rows / 2**20
    return peak * scale, held * scale


def overhead(games: int) -> tuple[float, float]:
    """(bare loop, simulate) CPU ms per game, best of REPEATS, on the same games' kind."""

    def bare(rep: int) -> None:
        base = rep * games
        for k in range(base, base + games):
            play_game([RandomBot(2 * k), RandomBot(2 * k + 1)], seed=k)

    def study(rep: int) -> None:
        simulate("levelx", ["random", "random"], games, seed=rep, progress=False, engine="engine")

    best_bare = best_study = float("inf")
    study(0)  # imports, tables
    for rep in range(REPEATS):  # interleaved, so a busy machine slows both alike
        start = time.process_time()
        bare(rep)
        best_bare = min(best_bare, time.process_time() - start)
        start = time.process_time()
        study(rep)
        best_study = min(best_study, time.process_time() - start)
    return best_bare / games * 1e3, best_study / games * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000, help="games in the memory study")
    parser.add_argument("--games", type=int, default=3000, help="games per overhead timing")
    args = parser.parse_args()
    peak, held = batch_memory(args.rows)
    print(f"batch_frame_peak_mb_per_million_rows: {peak:.1f} MB (rows {args.rows})")
    print(f"batch_frame_held_mb_per_million_rows: {held:.1f} MB")
    bare, study = overhead(args.games)
    print(f"engine_loop_ms_per_game: {bare:.3f} ms")
    print(f"simulate_engine_ms_per_game: {study:.3f} ms")
    print(f"simulate_overhead_ratio: {study / bare:.2f}")


if __name__ == "__main__":
    main()
