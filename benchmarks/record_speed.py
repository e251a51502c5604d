"""Speed of game records. Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/record_speed.py [--quick] [--no-browser]``.

- ``goto_ms``: 95th percentile of a cursor jump across 1,000 steps of a Level X record
  (target ≤ 5 ms).
- ``record_load_ms``: median time to read a 1,000-step record with 100 comments, every step
  replayed and checked (target ≤ 50 ms).
- ``seek_step_ms_p95``: the widget's Python side of one step forward or back on a 200-move
  (400-step) Level X record: engine, record and the new view.
- ``scrub_step_ms_p95`` / ``_p50``: the same step in a real JupyterLab + Chromium, from the
  click on ▶ or ◀ of the review bar until the widget has drawn the new position (browser clock:
  intent to the kernel, the step, the view back, the drawing). Target ≤ 16 ms (one frame).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from levelwidgets.levelx.samples import long_game
from levelwidgets.record import GameRecord


def _record(steps: int = 1000, comments: int = 100) -> GameRecord:
    """A Level X record of ``steps`` steps (rolls and moves), ``comments`` of them commented."""
    game = long_game(steps // 2, move_chance=0.08)  # mostly passes, a few real moves
    rec = GameRecord.from_game(game)
    nodes = [rec, *rec.mainline()]
    for i, node in enumerate(random.Random(1).sample(nodes[1:], comments)):
        node.comment(f"Comment {i}: why this step? A longer sentence for a realistic size.")
    return rec


def goto_ms(rec: GameRecord, jumps: int) -> float:
    rng = random.Random(7)
    cursor = rec.cursor()
    last = sum(1 for _ in rec.mainline())
    times = []
    for i in range(jumps):
        # alternate ends, with random targets between: every jump crosses many steps
        target = (last, 0)[i % 2] if i % 3 else rng.randrange(last + 1)
        start = time.perf_counter()
        cursor.goto(target)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[int(0.95 * (len(times) - 1))] * 1000


def record_load_ms(text: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        GameRecord.from_json(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def seek_step_ms(steps: int) -> float:
    """p95 of one seek step back and forth on a widget with a 400-step record (no browser)."""
    from levelwidgets.widgets import LevelXWidget

    w = LevelXWidget(long_game(), bot_delay=0)
    end = w.view["review"]["steps"]
    times = []
    for i in range(steps):
        target = end - 1 - (i % 50) if (i // 50) % 2 == 0 else end - 50 + (i % 50)
        start = time.perf_counter()
        w.seek(target)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[int(0.95 * (len(times) - 1))] * 1000


SCRUB_CELL = """from levelwidgets import LevelXWidget
from levelwidgets.levelx.samples import long_game
w = LevelXWidget(long_game(), bot_delay=0, animate=False)
w"""


def scrub_step_ms(steps: int) -> tuple[float, float]:
    """p50 and p95 of one ▶ or ◀ click on the review bar until the position is drawn."""
    from pathlib import Path

    bench = Path(__file__).resolve().parent
    sys.path.insert(0, str(bench))
    from widget_latency import CLICK_AND_WAIT, bench_notebook, pct

    with bench_notebook([SCRUB_CELL]) as page:
        page.locator(".lx-root [data-nav=back]").wait_for(timeout=60_000)
        times, draws = [], []
        for i in range(steps):
            nav = "back" if (i // 50) % 2 == 0 else "forward"
            page.wait_for_timeout(150)  # an idle kernel, as a person clicking would find it
            rendered, _frame, drawn = page.evaluate(
                CLICK_AND_WAIT, [".lx-root", f"[data-nav={nav}]"]
            )
            times.append(rendered)
            draws.append(drawn)
    print(f"scrub_draw_ms_p95: {pct(draws, 0.95):.1f} ms")
    return pct(times, 0.5), pct(times, 0.95)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser figure")
    args = parser.parse_args()
    rec = _record()
    text = rec.to_json()
    fresh = GameRecord.from_json(text)  # a freshly loaded record, as a widget would get it
    print(f"goto_ms: {goto_ms(fresh, 60 if args.quick else 400):.3f} ms")
    print(f"record_load_ms: {record_load_ms(text, 3 if args.quick else 15):.1f} ms")
    print(f"record_bytes: {len(text.encode())} bytes")
    print(f"seek_step_ms_p95: {seek_step_ms(100 if args.quick else 400):.2f} ms")
    if not args.no_browser:
        p50, p95 = scrub_step_ms(100 if args.quick else 200)
        print(f"scrub_step_ms_p50: {p50:.1f} ms")
        print(f"scrub_step_ms_p95: {p95:.1f} ms")


if __name__ == "__main__":
    main()
