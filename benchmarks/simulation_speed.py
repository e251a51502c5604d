"""Speed of whole-game simulation (issue 13). Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/simulation_speed.py``. Single process, one core: times are CPU time of
this process (``time.process_time``) and each rate is the best of several repetitions, so other
work on the machine distorts them as little as possible.

Level X, engine against the numpy batch simulator (issue 30, item 2), for every policy the
batch plays (``levelwidgets.analysis.batch.POLICIES``: random, greedy; ``--policies random``
times only some) at 2, 3 and 4 players, printed rules:
``levelx_<policy>_<n>p_engine_games_per_s`` (``play_game`` with RandomBots or GreedyBots,
playing the first games of the study below with its dice and bot seeds),
``levelx_<policy>_<n>p_batch_games_per_s`` (``batch.simulate_outcome``: the simulator,
without building a frame) and their ratio ``levelx_<policy>_<n>p_batch_vs_engine``;
``batch_vs_engine_min_ratio`` is the smallest of them, target ≥ 20. Engine and batch
repetitions alternate (5 of each, ``LEVELX_REPEATS``), so a busy machine slows both alike.
Lookup tables (the engine's move tables, the batch simulator's tables) are built before
timing; their one-time cost is
reported separately (``batch_tables_build_ms``). Where :func:`levelwidgets.analysis.simulate`
takes ``engine="batch"``, ``levelx_<policy>_<n>p_study_batch_games_per_s`` is the rate of
the whole study, frame included, and ``levelx_<policy>_<n>p_study_batch_vs_engine`` its
ratio to the engine's rate (``study_batch_vs_engine_min_ratio``: the smallest; target ≥ 20):
those games are the engine's own: every die drawn from the game's ``random.Random`` (seeded
in numpy), every RandomBot choice from the bot's own generator (computed from its seed and
the turn, nothing to seed).

The study figures use :func:`levelwidgets.analysis.simulate`, the analysts' entry point:

- ``process_pool_scaling``: wall time of one study in-process ÷ the same study with
  ``executor="processes"`` (all cores); target ≥ 0.8 × cores.
- ``dask_overhead_ms_per_game``: (wall time of the study on a local Dask cluster with one
  single-threaded worker process − wall time in-process) ÷ games; the cluster's start-up is
  printed apart (``dask_cluster_start_s``). Target ≤ 1 ms.
- ``level8_heuristic_games_per_s``: 4 HeuristicBots, CPU time, best of repetitions (each a
  study of 40 games with its own seed) after a first study, whose rate is printed apart as
  ``level8_heuristic_first_study_games_per_s``: the solver's memo of set-only levels fills
  during the first ~100 games a process plays. The line says whether the card solver ran
  from the sources or compiled (the compiled wheel, installed: ``python -m
  levelwidgets.level8.fast build DIR``; ``benchmarks/compiled_solver.py`` measures both).
- ``peak_rss_mb_per_million_rows``: in a fresh process, the peak resident memory added while
  a million rows go through the same collector ``simulate`` uses, in chunks of 200 as workers
  send them (rows of real games, repeated: playing a million games here would take hours; the
  games themselves are dropped as they finish, so the rows are what grows). Target ≤ 300.
- ``summary_ms_per_1000_games``: CPU time of :func:`levelwidgets.analysis.summary` on a
  synthetic frame of 250,000 four-player games between four bots (no target; it was 9 ms
  before its head-to-head table was tallied with numpy).
"""

from __future__ import annotations

import argparse
import inspect
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from levelwidgets.analysis import simulate as study
from levelwidgets.analysis.batch import POLICIES, simulate_outcome
from levelwidgets.analysis.batch.tables import greedy_tables, move_tables, row_tables
from levelwidgets.levelx import GreedyBot, RandomBot, play_game
from levelwidgets.levelx.rules import DEFAULT_RULES

REPEATS = 3
#: Repetitions of each Level X figure: its rate is the best of them, and its ratio compares two
#: bests, so a busy machine needs more tries to find both near their own speed (with 3, a
#: ratio swung by half between runs at load average 7 on 2 cores).
LEVELX_REPEATS = 5
PLAYERS = 4
TARGET_RATIO = 20
STUDY_BOTS = ["random"] * PLAYERS
LEVELX_PLAYERS = (2, 3, 4)
#: Games per repetition (before ``--quick`` scales them): about half a second each.
ENGINE_GAMES = {"random": 1500, "greedy": 150}
BATCH_GAMES = {"random": 50_000, "greedy": 10_000}


def best_rate(run: Callable[[int], int]) -> float:
    """Best games per CPU second over REPEATS runs; ``run(rep)`` plays and returns its games."""
    best = 0.0
    for rep in range(REPEATS):
        best = max(best, timed_rate(run, rep))
    return best


def timed_rate(run: Callable[[int], int], rep: int) -> float:
    start = time.process_time()
    games = run(rep)
    return games / (time.process_time() - start)


def engine_run(policy: str, players: int, games: int) -> Callable[[int], int]:
    """``run(rep)``: ``games`` engine games of ``policy`` bots: games ``0 … games - 1`` of the
    study the batch figures time with seed ``rep`` (the same dice and bot seeds, so engine
    and batch play the very same games), seeds computed before the clock starts."""
    import numpy as np

    from levelwidgets.analysis.simulate import game_seeds

    ks = np.arange(games)
    seeds = {
        rep: (
            game_seeds(rep, ks).tolist(),
            [game_seeds(rep, ks, s).tolist() for s in range(players)],
        )
        for rep in range(LEVELX_REPEATS)
    }

    def run(rep: int) -> int:
        dice, seats = seeds[rep]
        for k in range(games):
            if policy == "random":
                bots = [RandomBot(seats[s][k]) for s in range(players)]
            else:
                bots = [GreedyBot() for _ in range(players)]
            play_game(bots, seed=dice[k])
        return games

    return run


def batch_run(policy: str, players: int, games: int) -> Callable[[int], int]:
    def run(rep: int) -> int:
        return simulate_outcome(games, players, policy, seed=rep).turns.size

    return run


def study_batch_run(policy: str, players: int, games: int) -> Callable[[int], int] | None:
    """The analysts' entry point on the batch simulator, if it offers one."""
    if "engine" not in inspect.signature(study).parameters:
        return None
    bots = [policy] * players

    def run(rep: int) -> int:
        frame = study("levelx", bots, games, seed=rep, progress=False, engine="batch")
        return len(frame)

    return run


def levelx_rates(policy: str, players: int, scale: float) -> dict[str, float]:
    """Engine and batch games/s of one policy and player count, repetitions alternating."""
    runs = {
        "engine": engine_run(policy, players, max(10, int(ENGINE_GAMES[policy] * scale))),
        "batch": batch_run(policy, players, max(100, int(BATCH_GAMES[policy] * scale))),
    }
    study_run = study_batch_run(policy, players, max(100, int(BATCH_GAMES[policy] * scale)))
    if study_run is not None:
        runs["study_batch"] = study_run
    best = dict.fromkeys(runs, 0.0)
    for rep in range(LEVELX_REPEATS):
        for name, run in runs.items():
            best[name] = max(best[name], timed_rate(run, rep))
    return best


def levelx_speed(scale: float, policies: Sequence[str] = tuple(POLICIES)) -> None:
    """Print engine and batch rates and their ratio per policy and player count."""
    ratios, study_ratios = [], []
    for policy in policies:
        for players in LEVELX_PLAYERS:
            rates = levelx_rates(policy, players, scale)
            name = f"levelx_{policy}_{players}p"
            ratio = rates["batch"] / rates["engine"]
            ratios.append(ratio)
            print(f"{name}_engine_games_per_s: {rates['engine']:.0f} games/s")
            print(f"{name}_batch_games_per_s: {rates['batch']:.0f} games/s")
            print(f"{name}_batch_vs_engine: {ratio:.1f} (target ≥ {TARGET_RATIO})")
            if "study_batch" in rates:
                study_ratio = rates["study_batch"] / rates["engine"]
                print(f"{name}_study_batch_games_per_s: {rates['study_batch']:.0f} games/s")
                print(f"{name}_study_batch_vs_engine: {study_ratio:.1f} (target ≥ {TARGET_RATIO})")
                study_ratios.append(study_ratio)
    print(f"batch_vs_engine_min_ratio: {min(ratios):.1f} (target ≥ {TARGET_RATIO})")
    if study_ratios:
        least = min(study_ratios)
        print(f"study_batch_vs_engine_min_ratio: {least:.1f} (target ≥ {TARGET_RATIO})")


def build_tables_ms() -> float:
    start = time.process_time()
    move_tables(DEFAULT_RULES.lucky_loser)
    move_tables(not DEFAULT_RULES.lucky_loser)
    for players in LEVELX_PLAYERS:
        row_tables(DEFAULT_RULES, players)
        greedy_tables(DEFAULT_RULES, players)
    return (time.process_time() - start) * 1e3


def wall(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def process_pool_scaling(games: int) -> tuple[float, float, float]:
    """(serial s, all cores s, ratio) for one Level X study of greedy bots (a few seconds of
    work: random games take 0.1 ms, too little to measure a pool by)."""
    bots = ["greedy"] * PLAYERS
    serial = wall(lambda: study("levelx", bots, games, seed=1, progress=False))
    pooled = wall(
        lambda: study("levelx", bots, games, seed=1, progress=False, executor="processes")
    )
    return serial, pooled, serial / pooled


def dask_overhead(games: int) -> tuple[float, float] | None:
    """(cluster start s, overhead ms per game) on one single-threaded worker process."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        return None
    start = time.perf_counter()
    with (
        LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        started = time.perf_counter() - start
        pool = client.get_executor()
        study("levelx", STUDY_BOTS, 50, seed=9, progress=False, executor=pool)  # warm worker
        on_dask = wall(
            lambda: study("levelx", STUDY_BOTS, games, seed=2, progress=False, executor=pool)
        )
    here = wall(lambda: study("levelx", STUDY_BOTS, games, seed=2, progress=False))
    return started, (on_dask - here) / games * 1e3


def level8_heuristic_rate(games: int) -> tuple[float, float]:
    """(best, first): games/s of 4-HeuristicBot studies of ``games`` games. ``first`` is the
    process's first such study, while the solver's memo of set-only levels fills
    (:mod:`levelwidgets.level8.patterns`); ``best`` the best of ``REPEATS`` studies after it,
    each with a new seed (as the later chunks of a long study)."""
    import levelwidgets.level8.bots  # noqa: F401 (imported before the clock starts)

    start = time.process_time()
    study("level8", ["heuristic"] * 4, games, seed=100, progress=False)
    first = games / (time.process_time() - start)
    best = best_rate(
        lambda rep: len(study("level8", ["heuristic"] * 4, games, seed=rep, progress=False))
    )
    return best, first


ROWS_SCRIPT = """
import re
from levelwidgets.analysis.collect import RowCollector
from levelwidgets.analysis.simulate import _study, play_one
study = _study("levelx", ["random"] * 4, 20, 0, None, None, False)
rows = [play_one(study, k) for k in range(20)]
warm = RowCollector(study.labels)  # pandas' first DataFrame and concat, before measuring
warm.add([dict(r) for r in rows])
warm.frame()
collector = RowCollector(study.labels)
def peak_kb():  # VmHWM: this process's own peak (ru_maxrss would count the parent's, via fork)
    return int(re.search(r"VmHWM:\\s+(\\d+)", open("/proc/self/status").read()).group(1))
base = peak_kb()
for chunk in range(5000):
    part = [dict(rows[i % 20], game_index=chunk * 200 + i) for i in range(200)]
    for row in part:  # a fresh tuple per row, as unpickled from a worker
        row["winner_seats"] = tuple(list(row["winner_seats"]))
    collector.add(part)
frame = collector.frame()
assert len(frame) == 1_000_000
print((peak_kb() - base) / 1024)
"""


def peak_rss_mb_per_million_rows() -> float:
    out = subprocess.run(
        [sys.executable, "-c", ROWS_SCRIPT], capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip())


def summary_ms_per_1000_games(games: int = 250_000) -> float:
    """CPU ms per 1000 games of summary() on a frame of four bots rotating over four seats."""
    import numpy as np
    import pandas as pd

    from levelwidgets.analysis import summary

    rng = np.random.default_rng(0)
    names = np.array(["Heuristic", "Search", "Random", "Greedy"], dtype=object)
    seats = np.arange(games)[:, None] + np.arange(4)[None, :]
    frame = pd.DataFrame(
        {"seed": np.arange(games), "turns": rng.integers(20, 90, games)}
        | {"winner_seat": rng.integers(0, 4, games)}
        | {f"bot_{s}": names[seats[:, s] % 4] for s in range(4)}
    )
    summary(frame.head(1000))  # imports and first calls
    start = time.process_time()
    summary(frame)
    return (time.process_time() - start) / games * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games (smoke test)")
    parser.add_argument(
        "--levelx", action="store_true", help="only the Level X engine and batch figures"
    )
    parser.add_argument(
        "--policies",
        default=",".join(POLICIES),
        help="Level X policies to time, comma-separated (default: all the batch plays)",
    )
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0
    policies = [p for p in args.policies.split(",") if p]
    if not policies or any(p not in POLICIES for p in policies):
        parser.error(f"--policies takes some of {', '.join(POLICIES)}, not {args.policies!r}")

    print(f"batch_tables_build_ms: {build_tables_ms():.0f} ms")
    for players in LEVELX_PLAYERS:  # warm up: the engine builds its move tables lazily
        engine_run("random", players, 50)(0)  # seeds as the timed runs' (rep 0's first games)
        for policy in policies:
            simulate_outcome(1000, players, policy)
    levelx_speed(scale, policies)
    if args.levelx:
        return

    cores = os.cpu_count() or 1
    serial, pooled, ratio = process_pool_scaling(int(4000 * scale))
    print(f"process_pool_serial_s: {serial:.2f} s")
    print(f"process_pool_all_cores_s: {pooled:.2f} s ({cores} cores)")
    print(f"process_pool_scaling: {ratio:.2f} (target ≥ {0.8 * cores:.1f})")
    dask = dask_overhead(int(3000 * scale))
    if dask is None:
        print("dask_overhead_ms_per_game: needs the [scale] extra (dask[distributed])")
    else:
        print(f"dask_cluster_start_s: {dask[0]:.1f} s")
        print(f"dask_overhead_ms_per_game: {dask[1]:.3f} ms (target ≤ 1)")
    games = max(4, int(40 * scale))
    rate, first = level8_heuristic_rate(games)
    print(f"level8_heuristic_first_study_games_per_s: {first:.0f} games/s ({games} games)")
    from levelwidgets.level8 import native

    solver = native.state()  # "compiled" with the compiled wheel installed (fast build DIR)
    print(
        f"level8_heuristic_games_per_s: {rate:.0f} games/s "
        f"(4 players, {solver} solver; target ≥ 200)"
    )
    rss = peak_rss_mb_per_million_rows()
    print(f"peak_rss_mb_per_million_rows: {rss:.0f} MB (target ≤ 300)")
    print(f"summary_ms_per_1000_games: {summary_ms_per_1000_games(int(250_000 * scale)):.1f} ms")


if __name__ == "__main__":
    main()
