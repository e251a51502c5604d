"""What importing the widgets costs, next to ``import anywidget`` in the same run.

Run: ``python benchmarks/import_cost.py [--quick] [--runs N] [--no-instructions]``.

Each import runs in a fresh interpreter (nothing cached in ``sys.modules``), timed inside it
around the import statement only (not the interpreter's start), with the byte code cache on
as in an installed package (``PYTHONDONTWRITEBYTECODE`` is dropped). A round imports every
statement once, in a shuffled order, and each statement's ratio is taken against the
``import anywidget`` of the same round, so a busy machine slows both sides of a ratio alike;
the figures are medians over the rounds. Prints one ``name: value unit`` line per figure:

- ``import_anywidget_ms``: ``import anywidget`` (the baseline every widget pays);
- ``import_widgets_ms`` / ``_ratio``: ``import levelwidgets.widgets`` (loads no widget yet);
- ``import_levelx_widget_ms`` / ``_ratio``: ``from levelwidgets.widgets import LevelXWidget``
  (anywidget, the Level X engine and the record; no card game, numpy or pandas); the same
  for ``level8_widget``, ``board_widget`` and ``dicelab``. Target: every ratio <= 1.2;
- ``..._cpu_ratio``: the same ratio in CPU time (``time.process_time``), which a loaded
  machine disturbs less than the wall clock;
- ``..._instructions_ratio`` (when ``valgrind`` is installed): instructions counted by
  cachegrind (``PYTHONHASHSEED=0``; the interpreter's own start subtracted), the steadiest
  figure; about a minute;
- then ``-X importtime``'s ten costliest modules (own time) of the board widget's import.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STATEMENTS = {
    "anywidget": "import anywidget",
    "widgets": "import levelwidgets.widgets",
    "levelx_widget": "from levelwidgets.widgets import LevelXWidget",
    "level8_widget": "from levelwidgets.widgets import Level8Widget",
    "board_widget": "from levelwidgets.widgets import Level8BoardWidget",
    "dicelab": "from levelwidgets.widgets import DiceLab",
}

TIMED = (
    "import time; t = time.perf_counter(); c = time.process_time(); {stmt}; "
    "print(time.perf_counter() - t, time.process_time() - c)"
)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the byte code cache, as an installed package
    return env


def import_seconds(stmt: str) -> tuple[float, float]:
    """Wall and CPU seconds one fresh interpreter spends on ``stmt``."""
    out = subprocess.run(
        [sys.executable, "-c", TIMED.format(stmt=stmt)],
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
        cwd=ROOT,
    )
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def rounds(runs: int, seed: int = 0) -> dict[str, dict[str, list[float]]]:
    """Per statement: its wall and CPU milliseconds and its ratios to the same round's
    ``import anywidget``, over ``runs`` rounds of every statement in a shuffled order."""
    for stmt in STATEMENTS.values():  # once each first: byte code written, files in cache
        import_seconds(stmt)
    rng = random.Random(seed)
    out: dict[str, dict[str, list[float]]] = {
        name: {"ms": [], "ratio": [], "cpu_ratio": []} for name in STATEMENTS
    }
    for _ in range(runs):
        order = list(STATEMENTS)
        rng.shuffle(order)
        got = {name: import_seconds(STATEMENTS[name]) for name in order}
        base_wall, base_cpu = got["anywidget"]
        for name, (wall, cpu) in got.items():
            out[name]["ms"].append(wall * 1000)
            out[name]["ratio"].append(wall / base_wall)
            out[name]["cpu_ratio"].append(cpu / base_cpu if base_cpu else float("nan"))
    return out


def instructions(stmt: str) -> int:
    """Instructions one fresh interpreter runs for ``-c stmt``, counted by cachegrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={tmp}/out",
                sys.executable,
                "-c",
                stmt,
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**_env(), "PYTHONHASHSEED": "0"},
            cwd=ROOT,
        )
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in cachegrind's output:\n{out.stderr}")
    return int(found.group(1).replace(",", ""))


def instruction_ratios(runs: int) -> dict[str, float]:
    """Each statement's instructions over ``import anywidget``'s (medians of ``runs``
    counts, rounds interleaved; the bare interpreter's start subtracted from both)."""
    counts: dict[str, list[int]] = {name: [] for name in ["start", *STATEMENTS]}
    statements = {"start": "pass", **STATEMENTS}
    for _ in range(runs):
        for name, stmt in statements.items():
            counts[name].append(instructions(stmt))
    med = {name: statistics.median(c) for name, c in counts.items()}
    base = med["anywidget"] - med["start"]
    return {name: (med[name] - med["start"]) / base for name in STATEMENTS}


def top_costs(stmt: str, count: int = 10) -> list[tuple[int, str]]:
    """The ``count`` modules with the most own import time (microseconds) for ``stmt``."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", stmt],
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
        cwd=ROOT,
    )
    rows = []
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, _total, name = line[len("import time:") :].split("|")
        rows.append((int(own), name.strip()))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, no instructions")
    parser.add_argument("--runs", type=int, default=None, help="rounds (default 31)")
    parser.add_argument(
        "--no-instructions", action="store_true", help="skip cachegrind's instruction counts"
    )
    args = parser.parse_args()
    runs = args.runs or (7 if args.quick else 31)
    got = rounds(runs)
    print(f"import_runs: {runs}")
    print(f"import_anywidget_ms: {statistics.median(got['anywidget']['ms']):.1f} ms")
    for name in STATEMENTS:
        if name == "anywidget":
            continue
        print(f"import_{name}_ms: {statistics.median(got[name]['ms']):.1f} ms")
        print(f"import_{name}_ratio: {statistics.median(got[name]['ratio']):.3f}")
        print(f"import_{name}_cpu_ratio: {statistics.median(got[name]['cpu_ratio']):.3f}")
    if args.quick or args.no_instructions:
        pass
    elif shutil.which("valgrind") is None:
        print("import_instructions: skipped (valgrind is not installed)")
    else:
        for name, ratio in instruction_ratios(3).items():
            if name != "anywidget":
                print(f"import_{name}_instructions_ratio: {ratio:.3f}")
    print("importtime top (Level8BoardWidget, own time):")
    for own, name in top_costs(STATEMENTS["board_widget"]):
        print(f"  {own / 1000:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
