"""Bots for Level X and a loop that plays whole games.

Bots only choose among :meth:`LevelX.legal_moves`; the engine applies the move, so a bot can
never break a rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .game import Bot, LevelX
from .moves import Move
from .rules import ROWS, Rules
from .state import resolve_steps, score


class RandomBot:
    """Picks uniformly among the distinct legal moves (the empty move included)."""

    name = "Random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: LevelX) -> Move:
        moves = game._moves[0]
        return moves[int(self._rng.random() * len(moves))]

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Takes the move worth the most points now; among equals, the one with the most progress.

    Points now: chip values plus bonus tiles the move earns, counting pieces it knocks off X
    as a gain only through the chip it takes. Progress: for each own piece, the fraction of
    its row it has covered, weighted by the row's value, summed over open rows. Ties go to
    the move listed first (largest moves first), so the bot is deterministic.
    """

    name = "Greedy"

    def choose(self, game: LevelX) -> Move:
        moves = game._moves[0]
        state, rules = game._state, game.rules
        player = state.current
        base = score(state, player)
        best, best_key = moves[0], None
        for move in moves:
            trial = state.copy()
            resolve_steps(trial, rules, player, move.steps, None)
            key = (score(trial, player) - base, _progress(trial, rules, player))
            if best_key is None or key > best_key:
                best, best_key = move, key
        return best

    def __repr__(self) -> str:
        return "GreedyBot()"


def _progress(state, rules: Rules, player: int) -> float:
    pos, lengths, chips = state.pos[player], rules.row_lengths, state.chips
    return sum(ROWS[i] * pos[i] / lengths[i] for i in range(6) if chips[i])


def play_game(
    bots: Sequence[Bot],
    seed: int | None = None,
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
) -> LevelX:
    """Play a whole game, one bot per seat, and return the finished game.

    >>> game = play_game([GreedyBot(), RandomBot(seed=1)], seed=7)
    >>> game.is_over
    True
    """
    game = LevelX(players=list(names) if names else len(bots), seed=seed, rules=rules)
    game.autoplay(bots)
    return game
