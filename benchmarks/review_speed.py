"""Speed of the game review. Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/review_speed.py [--draws 3] [--seeds 1 2 3]``.

- ``levelx_review_s``: seconds to review a 200-move Level X game (``long_game(200)``, every
  move judged by the advisor's exact expected points), goal < 2 s;
- ``level8_round_review_s``: seconds to review the whole first round of a Level 8 game
  between two HeuristicBots (every draw and discard judged; chance within ``--draws``),
  goal < 2 s, one line per seed;
- ``level8_game_review_s``: the same for the whole game of that seed (every round), with
  the number of rounds and decisions, as a check on rounds with more decisions;
- each next to a same-run ``..._baseline_s``: walking the same record and rebuilding the
  position before every step (what the review does besides judging), without judging.

Each review starts with empty caches (a fresh process keeps nothing between figures that
would not be there for a teacher's first review either: caches are cleared before each).
"""

from __future__ import annotations

import argparse
import time

from levelwidgets.level8 import HeuristicBot, Level8, play_game
from levelwidgets.level8 import odds as _odds
from levelwidgets.levelx.samples import long_game
from levelwidgets.record import GameRecord
from levelwidgets.review import review


def _clear() -> None:
    for cache in ("_MISSING", "_COMPLETES", "_WITHIN", "_ROLES"):
        getattr(_odds, cache).clear()


def baseline(record: GameRecord) -> float:
    """Seconds to rebuild the position before every step (no judging)."""
    t = time.perf_counter()
    for node in record.walk():
        if node is not record:
            record.game_at(node.parent)
    return time.perf_counter() - t


def timed_review(record: GameRecord, draws: int) -> tuple[float, int]:
    _clear()
    t = time.perf_counter()
    result = review(record, draws=draws)
    return time.perf_counter() - t, len(result)


def first_round(seed: int) -> GameRecord:
    """The record of a Level 8 game's first round (two HeuristicBots), up to the step that
    ends it."""
    game: Level8 = play_game([HeuristicBot(seed), HeuristicBot(seed + 1)], seed=seed)
    ply = 0
    while ply < game.plies and game.after(ply + 1).round == game.after(0).round:
        ply += 1
    return GameRecord.from_game(game.after(min(ply + 1, game.plies)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--draws", type=int, default=3)
    ap.add_argument("--seeds", type=int, nargs="*", default=[1, 2, 3])
    args = ap.parse_args()

    rec = GameRecord.from_game(long_game(200))
    base = baseline(rec)
    secs, n = timed_review(rec, args.draws)
    print(f"levelx_review_s: {secs:.3f} s ({n} decisions, 200 moves)")
    print(f"levelx_baseline_s: {base:.3f} s")
    for seed in args.seeds:
        rec = first_round(seed)
        base = baseline(rec)
        secs, n = timed_review(rec, args.draws)
        steps = sum(1 for _ in rec.mainline())
        print(
            f"level8_round_review_s[seed={seed}]: {secs:.3f} s ({n} decisions judged of "
            f"{steps} steps, draws={args.draws})"
        )
        print(f"level8_round_baseline_s[seed={seed}]: {base:.3f} s")
        game = play_game([HeuristicBot(seed), HeuristicBot(seed + 1)], seed=seed)
        rec = GameRecord.from_game(game)
        base = baseline(rec)
        secs, n = timed_review(rec, args.draws)
        print(
            f"level8_game_review_s[seed={seed}]: {secs:.3f} s ({game.round} rounds, {n} "
            f"decisions judged, {secs / game.round:.3f} s per round)"
        )
        print(f"level8_game_baseline_s[seed={seed}]: {base:.3f} s")


if __name__ == "__main__":
    main()
