"""Speed of the Level X engine. Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/levelx_speed.py``. Single process, one core: times are CPU time of this
process (``time.process_time``), and each rate is the best of several repetitions, so other
work on the machine distorts them as little as possible. The move tables are built lazily on
first use; their one-time cost is reported separately and excluded from the rest.
"""

from __future__ import annotations

import argparse
import time
from itertools import product

from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, play_game
from levelwidgets.levelx.moves import all_moves, groupings_for


def _warm_up() -> float:
    start = time.process_time()
    for seed in range(300):
        play_game([RandomBot(seed)] * 4, seed=seed)
    return time.process_time() - start


def _positions(count: int) -> list[LevelX]:
    """Mid-game positions with rolled dice, some rows closed, from seeded random games."""
    positions = []
    seed = 0
    while len(positions) < count:
        game = LevelX(4, seed=seed)
        game.autoplay([RandomBot(seed)] * 4, max_turns=(seed * 37) % 150)
        if not game.is_over:
            game.roll()
            positions.append(game)
        seed += 1
    return positions


REPEATS = 5


def legal_moves_us(calls: int) -> float:
    positions = _positions(200)
    rounds = max(1, calls // len(positions) // REPEATS)
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        for _ in range(rounds):
            for game in positions:
                game.legal_moves()
        best = min(best, time.process_time() - start)
    return best / (rounds * len(positions)) * 1e6


def games_per_s(make_bots, games: int) -> tuple[float, float]:
    """Best rate over REPEATS batches of ``games // REPEATS`` seeded games."""
    batch = max(1, games // REPEATS)
    best, turns = 0.0, 0
    for rep in range(REPEATS):
        start = time.process_time()
        turns = 0
        for seed in range(rep * batch, (rep + 1) * batch):
            turns += play_game(make_bots(seed), seed=seed).plies
        best = max(best, batch / (time.process_time() - start))
    return best, turns / batch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke test)")
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0

    start = time.process_time()
    for dice in {tuple(sorted(d)) for d in product(range(1, 7), repeat=4)}:
        for lucky in (True, False):
            all_moves(dice, lucky)
            groupings_for(dice, lucky)
    print(f"move_tables_build_ms: {(time.process_time() - start) * 1e3:.0f} ms")
    _warm_up()

    print(f"legal_moves_us: {legal_moves_us(int(200_000 * scale)):.2f} us")
    rate, turns = games_per_s(lambda s: [RandomBot(s + p) for p in range(4)], int(5000 * scale))
    print(f"random_games_per_s: {rate:.0f} games/s")
    print(f"random_game_turns_mean: {turns:.1f} turns")
    rate, turns = games_per_s(lambda s: [GreedyBot() for _ in range(4)], int(500 * scale))
    print(f"greedy_games_per_s: {rate:.0f} games/s")
    print(f"greedy_game_turns_mean: {turns:.1f} turns")
    wins = ties = 0
    games = int(1000 * scale)
    for seed in range(games):
        greedy_seat = seed % 2
        bots = [GreedyBot(), RandomBot(seed)]
        if greedy_seat == 1:
            bots.reverse()
        winners = play_game(bots, seed=seed).winners
        wins += winners == [greedy_seat]
        ties += len(winners) > 1
    print(f"greedy_vs_random_win_rate: {wins / games * 100:.1f} % ({ties} ties in {games} games)")


if __name__ == "__main__":
    main()
