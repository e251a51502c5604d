"""The Level 8 solver compiled with mypyc: the same games, and how much faster.

The compiled wheel holds the card solver's modules and the bots' fit tables compiled by the
build hook (``hatch_build.py``, see ``levelwidgets.level8.native``). This script builds that
wheel from this checkout into a build folder with ``python -m levelwidgets.level8.fast build
DIR`` (pip fetches mypy and setuptools into the build environment; a C compiler and the
Python headers must be there), installs it into a folder of its own with ``pip install
--target`` (the checkout stays as it is) and runs that install both ways: compiled, and with
``LEVELWIDGETS_PURE=1`` (the sources). Then:

- ``--check N`` plays N seeded HeuristicBot games (2, 3 and 4 players, both level sides)
  both ways and exits 1 unless every game record is the same and the compiled run really
  used the compiled solver. The test suite runs it.
- Without ``--check`` it prints ``level8_heuristic_games_per_s`` both ways, measured by
  ``simulation_speed.py``'s own ``level8_heuristic_rate`` (a first study of 40 four-player
  games, then the best of three more), each in a fresh process.

Run: ``python benchmarks/compiled_solver.py [--check N] [--build-dir D] [--opt 0-3]``
(``--opt``: the C optimisation level, default 3 as shipped; the tests use 0, which compiles
faster from the same C).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GAMES = """
import hashlib
from levelwidgets.level8 import HeuristicBot, native, play_game
for k in range({n}):
    players = 2 + k % 3
    game = play_game(
        [HeuristicBot(seed=k * 10 + i) for i in range(players)],
        seed=f"compiled-{{k}}",
        sides="one" if k % 2 else "two",
    )
    print(hashlib.sha256(game.to_json().encode()).hexdigest())
print(native.state())
"""

RATE = """
import sys
sys.path.insert(0, {benchmarks!r})
from simulation_speed import level8_heuristic_rate
from levelwidgets.level8 import native
print(level8_heuristic_rate(40)[0], native.state())
"""


def build(where: Path, checkout: Path = ROOT, opt: str = "3") -> Path:
    """``checkout``'s compiled wheel, built into ``where / "dist"`` and installed into
    ``where / "tree"`` (returned)."""
    tree, dist = where / "tree", where / "dist"
    for folder in (tree, dist):
        shutil.rmtree(folder, ignore_errors=True)
    env = dict(os.environ, PYTHONPATH=str(checkout), LEVELWIDGETS_MYPYC_OPT=opt)
    command = [sys.executable, "-m", "levelwidgets.level8.fast", "build", str(dist)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=checkout)
    if done.returncode:
        sys.exit(f"building the compiled wheel failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    (wheel,) = dist.glob("levelwidgets-*.whl")
    install = ["-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(tree)]
    subprocess.run([sys.executable, *install, str(wheel)], check=True, capture_output=True)
    return tree


def run_in(tree: Path, code: str, *, pure: bool) -> str:
    """``code``'s output, run by this Python with ``tree`` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree), LEVELWIDGETS_PURE="1" if pure else "0")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tree
    )
    if done.returncode:
        sys.exit(f"a run in {tree} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done.stdout


def check(tree: Path, n: int) -> int:
    """Exit status 0 when the compiled solver plays the same ``n`` games as the sources."""
    source = run_in(tree, GAMES.format(n=n), pure=True).split()
    compiled = run_in(tree, GAMES.format(n=n), pure=False).split()
    if source[-1] != "source" or compiled[-1] != "compiled":
        print(f"not compared: the runs used the {source[-1]} and the {compiled[-1]} solver")
        return 1
    same = sum(a == b for a, b in zip(source[:-1], compiled[:-1], strict=True))
    print(f"compiled_solver_same_games: {same} of {n}")
    return 0 if same == n else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", type=int, metavar="N", help="compare N games, no timing")
    parser.add_argument("--build-dir", type=Path, help="where to build (default: a temp dir)")
    parser.add_argument("--opt", choices=list("0123"), default="3", help="C optimisation level")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tree = build(args.build_dir or Path(tmp), opt=args.opt)
        if args.check is not None:
            sys.exit(check(tree, args.check))
        rate = RATE.format(benchmarks=str(ROOT / "benchmarks"))
        source, _ = run_in(tree, rate, pure=True).split()
        compiled, used = run_in(tree, rate, pure=False).split()
        if used != "compiled":
            sys.exit("the compiled solver was not used")
        print(f"level8_heuristic_games_per_s_source: {float(source):.0f} games/s")
        print(f"level8_heuristic_games_per_s_compiled_solver: {float(compiled):.0f} games/s")
        print(f"compiled_solver_speedup: {float(compiled) / float(source):.2f}")


if __name__ == "__main__":
    main()
