"""OpenSpiel bots against our heuristic bots: win rates with Wilson 95 % intervals, games/s.

Two-player games through the OpenSpiel adapter (:mod:`levelwidgets.interop.openspiel`): the
OpenSpiel bot takes seat 0 in even games and seat 1 in odd ones; a shared win counts half.
Output, one line per pairing::

    <game> <openspiel bot> vs <our bot>: <win rate> % [<low>, <high>] of <n> games, <x> games/s

Level X: OpenSpiel's MCTS (random rollouts) against ``GreedyBot``; Level 8 and the board
game: the determinized MCTS against ``HeuristicBot`` / ``BoardHeuristicBot`` (ISMCTS cannot
run on a Python game: see :mod:`levelwidgets.interop.openspiel_bots`). Game *g* is played
with ``play(..., seed=g)``: its deal (the card games' first chance node, one of 65,536 deal
seeds) and its dice come from *g*, so a run is reproducible. Run:
``python benchmarks/openspiel_bots.py`` (quick) or ``--games 200 --simulations 50``
(``--game levelx`` etc. for one pairing).
"""

from __future__ import annotations

import argparse
import time

import pyspiel

from levelwidgets.analysis.stats import wilson_interval
from levelwidgets.interop import openspiel  # noqa: F401  (registers the games)
from levelwidgets.interop.openspiel import engine_of
from levelwidgets.interop.openspiel_bots import (
    DeterminizedMCTSBot,
    choice_id,
    levelx_mcts_bot,
    play,
)
from levelwidgets.level8.board.bots import BoardHeuristicBot
from levelwidgets.level8.bots import HeuristicBot
from levelwidgets.levelx.bots import GreedyBot


class EngineBot(pyspiel.Bot):
    """One of our bots as an OpenSpiel bot: it reads the engine game (Level X) or its
    seat's observation (Level 8) and answers with the action's id."""

    def __init__(self, bot: object, reads_observation: bool) -> None:
        pyspiel.Bot.__init__(self)
        self._bot = bot
        self._obs = reads_observation

    def restart_at(self, state: object) -> None:
        pass

    def step(self, state: object) -> int:
        game = engine_of(state)
        seen = game.observation(game.current_player) if self._obs else game
        action = self._bot.choose(seen)  # type: ignore[attr-defined]
        if not self._obs:
            return game.action_id(action)
        return choice_id(game, action, state.legal_actions())  # type: ignore[attr-defined]


def pairing(name: str, games: int, simulations: int) -> tuple[float, int, float]:
    """Wins (shared wins count half) of the OpenSpiel bot, games played, seconds."""
    game = pyspiel.load_game(name, {"players": 2, "seed": -1})
    wins = 0.0
    start = time.perf_counter()
    for g in range(games):
        seat = g % 2
        if name == "levelx":
            ours = EngineBot(GreedyBot(), reads_observation=False)
            theirs = levelx_mcts_bot(game, simulations=simulations, seed=g)
        else:
            heuristic = BoardHeuristicBot if name == "level8_board" else HeuristicBot
            ours = EngineBot(heuristic(seed=g), reads_observation=True)
            theirs = DeterminizedMCTSBot(
                game, seat, determinizations=2, simulations=simulations, seed=g
            )
        bots = [theirs, ours] if seat == 0 else [ours, theirs]
        wins += play(game, bots, seed=g).returns()[seat]
    return wins, games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per pairing (default 4)")
    parser.add_argument(
        "--simulations", type=int, default=10, help="MCTS simulations per move (default 10)"
    )
    parser.add_argument(
        "--game",
        choices=["levelx", "level8", "level8_board", "all"],
        default="all",
        help="which pairing",
    )
    args = parser.parse_args()
    labels = {
        "levelx": ("MCTS", "Greedy"),
        "level8": ("DeterminizedMCTS", "Heuristic"),
        "level8_board": ("DeterminizedMCTS", "BoardHeuristic"),
    }
    for name, (theirs, ours) in labels.items():
        if args.game not in ("all", name):
            continue
        wins, n, seconds = pairing(name, args.games, args.simulations)
        low, high = wilson_interval(wins, n)
        print(
            f"{name} {theirs} vs {ours}: {100 * wins / n:.1f} % "
            f"[{100 * low:.1f}, {100 * high:.1f}] of {n} games, {n / seconds:.2f} games/s"
        )


if __name__ == "__main__":
    main()
