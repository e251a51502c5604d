"""Speed of the exact probability tables. Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/probability_speed.py``. Times are CPU time (``time.process_time``) so
other work on the machine distorts them as little as possible. A *cold* figure is measured in
a fresh interpreter (``subprocess``), where nothing is cached yet, and is the best of several
such processes; the import figure is the time of the import statement alone, i.e. above a bare
interpreter's start-up. Fresh interpreters read compiled bytecode from a temporary
``PYTHONPYCACHEPREFIX`` (as an installed package would), whatever ``PYTHONDONTWRITEBYTECODE``
says; ``import_levelx_uncompiled_ms`` shows the import with ``PYTHONDONTWRITEBYTECODE=1``
and no prefix, where this package is compiled from source on every start (unless the checkout
has ``__pycache__`` folders) while the standard library and numpy keep their bytecode.

- ``exact_tables_4_dice_cold_ms``: the three exact tables (sum chances, group counts, move
  sizes; ``exact=True``, default rules) after ``import levelwidgets.levelx.probability``.
- ``exact_tables_6_dice_cold_ms``: the same for 6 dice.
- ``import_levelx_ms``: ``import levelwidgets.levelx.probability``; for comparison
  ``import_levelx_package_ms`` is ``import levelwidgets.levelx`` alone (the package's eager
  imports: engine, bots, SVG), which the first figure includes.
- ``import_levelx_uncompiled_ms``: the first import figure without this package's bytecode.
- ``advisor_ms``: :func:`~levelwidgets.levelx.advisor.advise` for one position and roll (every
  legal move with its exact expected value over all 1,296 next rolls), median and slowest of
  about 50 seeded positions from play (0 to 60 turns, 2 to 4 players, dice rolled); the
  per-roll move table it builds once per process is built before timing.
- ``monte_carlo_rolls_per_s``: :func:`~levelwidgets.levelx.probability.simulate_rolls`, best
  of several batches, tables already built.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TABLES = """
import time
import levelwidgets.levelx.probability as p
start = time.process_time()
p.sum_chances(exact=True, dice={dice})
p.group_count_distribution(exact=True, dice={dice})
p.move_size_distribution(exact=True, dice={dice})
print(time.process_time() - start)
"""

IMPORT = """
import time
start = time.process_time()
import {module}
print(time.process_time() - start)
"""


def fresh_env(bytecode: bool, cache_dir: str) -> dict[str, str]:
    """The environment of a fresh interpreter: with bytecode cached in ``cache_dir``, or
    compiling every module from source."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if bytecode:
        env["PYTHONPYCACHEPREFIX"] = cache_dir
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # stdlib and numpy keep their own bytecode
    return env


def cold_ms(code: str, runs: int, env: dict[str, str]) -> tuple[float, float]:
    """Best and median milliseconds printed by ``code`` over ``runs`` fresh interpreters (after
    one unmeasured run that fills the bytecode cache)."""
    times = []
    for _ in range(runs + 1):
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        )
        times.append(float(result.stdout.strip()) * 1e3)
    return min(times[1:]), statistics.median(times[1:])


def rolls_per_s(rolls: int, dice: int, repeats: int) -> float:
    from levelwidgets.levelx.probability import simulate_rolls

    simulate_rolls(1000, dice=dice, seed=0)  # builds the per-roll table
    best = float("inf")
    for seed in range(repeats):
        start = time.process_time()
        simulate_rolls(rolls, dice=dice, seed=seed)
        best = min(best, time.process_time() - start)
    return rolls / best


def advisor_ms(positions: int) -> tuple[float, float, int]:
    """Median and slowest milliseconds of one ``advise`` call over seeded positions (games
    already over at the chosen turn are skipped), and how many were timed."""
    import random

    from levelwidgets.levelx import GreedyBot, LevelX, RandomBot
    from levelwidgets.levelx.advisor import advise

    times = []
    for seed in range(positions):
        rng = random.Random(seed)
        players = rng.choice([2, 3, 4])
        game = LevelX(players, seed=seed)
        bots = [RandomBot(seed + p) if rng.random() < 0.5 else GreedyBot() for p in range(players)]
        game.autoplay(bots, max_turns=rng.randrange(0, 60))
        if game.is_over:
            continue
        game.roll()
        advise(game)  # the first call of the process builds the per-roll table
        start = time.process_time()
        advise(game)
        times.append((time.process_time() - start) * 1e3)
    return statistics.median(times), max(times), len(times)


def _line(name: str, figures: tuple[float, float], unit: str = "ms") -> str:
    best, median = figures
    return f"{name}: {best:.1f} {unit} (median {median:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke test)")
    args = parser.parse_args()
    runs = 3 if args.quick else 9
    rolls = 1_000_000 if args.quick else 10_000_000

    with tempfile.TemporaryDirectory() as cache_dir:
        env = fresh_env(True, cache_dir)
        tables = {d: cold_ms(TABLES.format(dice=d), runs, env) for d in (4, 6)}
        print(_line("exact_tables_4_dice_cold_ms", tables[4]))
        print(_line("exact_tables_6_dice_cold_ms", tables[6]))
        probability = IMPORT.format(module="levelwidgets.levelx.probability")
        print(_line("import_levelx_ms", cold_ms(probability, runs, env)))
        package = IMPORT.format(module="levelwidgets.levelx")
        print(_line("import_levelx_package_ms", cold_ms(package, runs, env)))
        uncompiled = cold_ms(probability, runs, fresh_env(False, cache_dir))
        print(_line("import_levelx_uncompiled_ms", uncompiled))
    median, slowest, timed = advisor_ms(50)
    print(f"advisor_ms: {median:.1f} ms (median of {timed} positions; slowest {slowest:.1f})")
    print(f"monte_carlo_rolls_per_s: {rolls_per_s(rolls, 4, 3):.3g} rolls/s (4 dice)")
    print(f"monte_carlo_rolls_per_s_6_dice: {rolls_per_s(rolls, 6, 3):.3g} rolls/s")


if __name__ == "__main__":
    main()
