"""Level 8 board game speed and bot figures, one per line as ``name: value unit``.

* ``board_heuristic_games_per_s``: complete 4-player games between BoardHeuristicBots
  (``play_board_game``), best of ``REPEATS`` runs of the same ``GAMES`` seeded games.
  A game still running after ``HEURISTIC_CAP`` steps would stop there and count;
  ``board_heuristic_capped`` says how many did (none is expected).
* ``board_random_games_per_s``: 4-player games between BoardRandomBots, which finish but
  take thousands of steps (uniform choices among every legal step, swaps and shows
  included); each stops at ``RANDOM_CAP`` steps at the latest, so the figure counts
  *finished-or-capped* games; ``board_random_finished`` says how many of them finished and
  ``board_random_steps_per_s`` is the step rate.
* ``board_heuristic_steps_per_s``: the same for heuristic games.
* ``heuristic_vs_random_win_rate``: ``WIN_GAMES`` seeded heads-up games of one
  BoardHeuristicBot against one BoardRandomBot (seats alternate), with its 95 % Wilson
  interval; ``heuristic_vs_3_random_win_rate``: one heuristic against three random bots
  (the heuristic's seat rotates), where an equal player would win a quarter.

Every time is CPU time of this process (``time.process_time``, i.e. one core), so other
programs on the machine do not count against it. Run: ``python
benchmarks/level8_board_speed.py`` (target on a 2-core CPython 3.11 machine: ≥ 20 heuristic
games/s). ``--quick`` plays fewer games for the win rates.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from levelwidgets.analysis import wilson_interval
from levelwidgets.level8.board import BoardHeuristicBot, BoardRandomBot, play_board_game

REPEATS = 3
GAMES = 40
HEURISTIC_CAP = 5_000  # a normal heuristic game takes 250–450 steps
RANDOM_GAMES = 4
RANDOM_CAP = 30_000  # random games take ~5 000–25 000 steps
WIN_GAMES = 500


def heuristic_speed() -> None:
    best = 0.0
    steps = 0
    capped = 0
    rounds: list[int] = []
    for _ in range(REPEATS):
        start = time.process_time()
        steps = capped = 0
        rounds = []
        for seed in range(GAMES):
            bots = [BoardHeuristicBot(seed * 4 + k) for k in range(4)]
            g = play_board_game(bots, seed=seed, max_steps=HEURISTIC_CAP)
            steps += len(g.history) - 1
            capped += not g.is_over
            rounds.append(g.round)
        elapsed = time.process_time() - start
        if GAMES / elapsed > best:
            best = GAMES / elapsed
            best_steps = steps / elapsed
    print(f"board_heuristic_games_per_s: {best:.1f} games/s (4 players, finished or capped)")
    print(f"board_heuristic_capped: {capped} of {GAMES} games")
    print(f"board_heuristic_steps_per_s: {best_steps:.0f} steps/s")
    print(f"board_heuristic_rounds_per_game: {statistics.mean(rounds):.2f} rounds")


def random_speed() -> None:
    start = time.process_time()
    steps = finished = 0
    for seed in range(RANDOM_GAMES):
        bots = [BoardRandomBot(seed * 4 + k) for k in range(4)]
        g = play_board_game(bots, seed=seed, max_steps=RANDOM_CAP)
        steps += len(g.history) - 1
        finished += g.is_over
    elapsed = time.process_time() - start
    print(
        f"board_random_games_per_s: {RANDOM_GAMES / elapsed:.2f} games/s "
        f"(4 players, finished or capped at {RANDOM_CAP} steps)"
    )
    print(f"board_random_finished: {finished} of {RANDOM_GAMES} games")
    print(f"board_random_steps_per_s: {steps / elapsed:.0f} steps/s")


def win_rates(games: int) -> None:
    for n_random in (1, 3):
        wins = 0
        for seed in range(games):
            seat = seed % (n_random + 1)
            bots: list[object] = [BoardRandomBot(seed * 7 + k) for k in range(n_random)]
            bots.insert(seat, BoardHeuristicBot(seed))
            g = play_board_game(bots, seed=seed, max_steps=RANDOM_CAP)
            wins += g.winners == [seat]
        low, high = wilson_interval(wins, games)
        name = "heuristic_vs_random_win_rate" if n_random == 1 else "heuristic_vs_3_random_win_rate"
        print(
            f"{name}: {100 * wins / games:.1f} % "
            f"(95 % CI {100 * low:.1f}–{100 * high:.1f} %, {games} games)"
        )


def main() -> None:
    heuristic_speed()
    random_speed()
    win_rates(100 if "--quick" in sys.argv else WIN_GAMES)


if __name__ == "__main__":
    main()
