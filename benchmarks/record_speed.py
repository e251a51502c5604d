"""Speed of game records. Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/record_speed.py``. ``goto_ms`` is the 95th percentile of a cursor jump
across 1,000 steps of a Level X record (target ≤ 5 ms); ``record_load_ms`` is the median time
to read a 1,000-step record with 100 comments, every step replayed and checked (target
≤ 50 ms). ``scrub_step_ms_p95`` (the browser figure) belongs to the widget benchmarks.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from levelwidgets.levelx import LevelX
from levelwidgets.record import GameRecord


def _record(steps: int = 1000, comments: int = 100) -> GameRecord:
    """A Level X record of ``steps`` steps (rolls and moves), ``comments`` of them commented."""
    seed = 0
    while True:  # a seeded game long enough (mostly passes, a few real moves), cut at ``steps``
        rng = random.Random(seed)
        game = LevelX(2, seed=seed)
        while game.plies < steps // 2 and not game.is_over:
            game.roll()
            moves = game.legal_moves()
            game.play(rng.choice(moves) if rng.random() < 0.08 else moves[-1])
        if game.plies == steps // 2:
            break
        seed += 1
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    rec = _record()
    text = rec.to_json()
    fresh = GameRecord.from_json(text)  # a freshly loaded record, as a widget would get it
    print(f"goto_ms: {goto_ms(fresh, 60 if args.quick else 400):.3f} ms")
    print(f"record_load_ms: {record_load_ms(text, 3 if args.quick else 15):.1f} ms")
    print(f"record_bytes: {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
