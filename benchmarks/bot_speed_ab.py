"""Level 8 HeuristicBot games per CPU second, this checkout against another, in one run.

On a busy machine two runs minutes apart differ by more than the few per cent a change
makes, so this script measures both checkouts side by side: one worker process per
checkout, each told in turn to play the next chunk of games (the same seeds on both
sides), so both see the same load. Each worker times its own chunks in CPU time
(``time.process_time``). Printed: games/s of each side (total games ÷ total CPU time),
the median of the per-chunk ratios (this ÷ other, > 1 means this checkout is faster) and
the hash of every game played (actions, shuffles and winners), which must be the same on
both sides when both play the same games.

Games: HeuristicBots, 2 to 6 players, both level sides, seeds fixed. A few untimed games
first warm each worker (the solver's memo of set-only levels fills during the first games
a process plays).

Run: ``python benchmarks/bot_speed_ab.py [--against /path/to/checkout] [--games 400]
[--chunk 10] [--compiled]``. ``--compiled`` builds each checkout's compiled wheel (mypyc,
see ``benchmarks/compiled_solver.py``), installs it into a folder of its own and runs those
(a checkout from before the compiled wheel gets its solver built into a copy, as then).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKER = """
import hashlib, json, sys, time
from levelwidgets.level8 import HeuristicBot, native, play_game


def game(k):
    players = 2 + k % 5
    return play_game(
        [HeuristicBot(seed=k * 10 + i) for i in range(players)],
        seed=f"ab-{k}",
        sides="one" if k % 2 else "two",
    )


def digest(g):
    steps = [h.to_dict() for h in g.history]
    text = json.dumps([steps, list(g.winners)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


for k in range(10_000, 10_000 + int(sys.argv[1])):
    game(k)
print(native.state(), flush=True)
for line in sys.stdin:
    start, count = map(int, line.split())
    games = []
    t = time.process_time()
    for k in range(start, start + count):
        games.append(game(k))
    t = time.process_time() - t
    print(t, " ".join(digest(g) for g in games), flush=True)
"""


class Worker:
    """A process that plays chunks of games with the ``levelwidgets`` found in ``tree``."""

    def __init__(self, tree: Path, *, pure: bool, warm: int) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree), LEVELWIDGETS_PURE="1" if pure else "0")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(warm)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tree,
        )
        self.state = self._line()
        self.seconds = 0.0
        self.hashes: list[str] = []

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            sys.exit("a worker stopped")
        return line.strip()

    def chunk(self, start: int, count: int) -> float:
        """Play games ``start`` … ``start + count - 1``; their CPU seconds."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{start} {count}\n")
        self.proc.stdin.flush()
        seconds, *hashes = self._line().split()
        self.seconds += float(seconds)
        self.hashes += hashes
        return float(seconds)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def compiled_copy(checkout: Path, where: Path) -> Path:
    """``checkout``'s package with its compiled solver, installed in ``where``."""
    if (checkout / "hatch_build.py").is_file():
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from compiled_solver import build

        return build(where, checkout)
    tree = where / "tree"  # (older checkouts compiled in place: native.build())
    shutil.copytree(
        checkout / "levelwidgets",
        tree / "levelwidgets",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "_solver_native.json"),
    )
    code = "from levelwidgets.level8 import native; native.build()"
    env = dict(os.environ, PYTHONPATH=str(tree), LEVELWIDGETS_PURE="1")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, env=env, cwd=tree)
    return tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--chunk", type=int, default=10)
    parser.add_argument("--warm", type=int, default=20, help="untimed games first")
    parser.add_argument("--compiled", action="store_true", help="use the compiled solver")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = [ROOT] + ([args.against.resolve()] if args.against else [])
        if args.compiled:
            trees = [compiled_copy(t, Path(tmp) / str(i)) for i, t in enumerate(trees)]
        workers = [Worker(t, pure=not args.compiled, warm=args.warm) for t in trees]
        want = "compiled" if args.compiled else "source"
        if any(w.state != want for w in workers):
            sys.exit(f"wanted the {want} solver, the workers use {[w.state for w in workers]}")
        ratios = []
        for n, start in enumerate(range(0, args.games, args.chunk)):
            count = min(args.chunk, args.games - start)
            order = workers if n % 2 == 0 else workers[::-1]
            times = {id(w): w.chunk(start, count) for w in order}
            if len(workers) == 2:
                ratios.append(times[id(workers[1])] / times[id(workers[0])])
        for w in workers:
            w.close()
    mode = f"{want} solver"
    names = ["this", "against"]
    for name, w in zip(names, workers, strict=False):
        print(f"level8_heuristic_games_per_s_{name}: {args.games / w.seconds:.1f} ({mode})")
    for name, w in zip(names, workers, strict=False):
        total = hashlib.sha256(" ".join(w.hashes).encode()).hexdigest()
        print(f"games_hash_{name}: {total[:16]} ({args.games} games)")
    if ratios:
        print(f"speed_ratio_this_over_against_median: {statistics.median(ratios):.3f}")
        print(f"speed_ratio_this_over_against_total: {workers[1].seconds / workers[0].seconds:.3f}")
        same = workers[0].hashes == workers[1].hashes
        print(f"same_games: {same}")


if __name__ == "__main__":
    main()
