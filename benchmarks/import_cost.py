"""What importing the widgets costs, next to ``import anywidget`` in the same run.

Run: ``python benchmarks/import_cost.py [--quick] [--runs N]``.

Each import runs in a fresh interpreter (nothing cached in ``sys.modules``), timed inside it
around the import statement only (not the interpreter's start); the median of N runs, the
runs of all statements interleaved so that a busy machine slows them alike. Prints one
``name: value unit`` line per figure:

- ``import_anywidget_ms``: ``import anywidget`` (the baseline every widget pays);
- ``import_widgets_ms`` and ``import_widgets_ratio``: ``import levelwidgets.widgets`` and its
  ratio to the baseline (target <= 1.2: the package loads a widget when it is first named);
- ``import_levelx_widget_ms`` / ``_ratio``: ``from levelwidgets.widgets import LevelXWidget``
  (anywidget, the Level X engine and the record; no card game, numpy or pandas);
- ``import_level8_widget_ms`` / ``_ratio``, ``import_board_widget_ms`` / ``_ratio`` and
  ``import_dicelab_ms`` / ``_ratio``: the same for the card table, the Level 8 board game and
  DiceLab;
- then ``-X importtime``'s ten costliest modules (own time) of the Level X widget's import.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
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

TIMED = "import time; t = time.perf_counter(); {stmt}; print(time.perf_counter() - t)"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the byte code cache, as an installed package
    return env


def import_seconds(stmt: str) -> float:
    """Seconds one fresh interpreter spends on ``stmt``."""
    out = subprocess.run(
        [sys.executable, "-c", TIMED.format(stmt=stmt)],
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
        cwd=ROOT,
    )
    return float(out.stdout.strip().splitlines()[-1])


def medians(runs: int) -> dict[str, float]:
    """The median milliseconds of each statement over ``runs`` interleaved rounds."""
    for stmt in STATEMENTS.values():  # once each first: byte code written, files in cache
        import_seconds(stmt)
    times: dict[str, list[float]] = {name: [] for name in STATEMENTS}
    for _ in range(runs):
        for name, stmt in STATEMENTS.items():
            times[name].append(import_seconds(stmt))
    return {name: statistics.median(t) * 1000 for name, t in times.items()}


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
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--runs", type=int, default=None, help="runs per statement")
    args = parser.parse_args()
    runs = args.runs or (5 if args.quick else 15)
    ms = medians(runs)
    base = ms["anywidget"]
    print(f"import_runs: {runs}")
    print(f"import_anywidget_ms: {base:.1f} ms")
    names = {
        "widgets": "widgets",
        "levelx_widget": "levelx_widget",
        "level8_widget": "level8_widget",
        "board_widget": "board_widget",
        "dicelab": "dicelab",
    }
    for key, label in names.items():
        print(f"import_{label}_ms: {ms[key]:.1f} ms")
        print(f"import_{label}_ratio: {ms[key] / base:.2f}")
    print("importtime top (LevelXWidget, own time):")
    for own, name in top_costs(STATEMENTS["levelx_widget"]):
        print(f"  {own / 1000:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
