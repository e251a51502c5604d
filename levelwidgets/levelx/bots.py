"""Bots for Level X and a loop that plays whole games.

Bots only choose among :meth:`LevelX.legal_moves`; the engine applies the move, so a bot can
never break a rule.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence

from .game import Bot, LevelX
from .moves import Move
from .rules import ROWS, Rules
from .state import resolve_steps, score

#: RandomBot's generator: a 64-bit linear congruential generator (Knuth's MMIX constants),
#: whose top 53 bits make each ``random()``-like value in [0, 1). Its state after ``k`` draws
#: is ``a_k * x0 + c_k`` (mod 2**64), so the numpy batch simulator computes the ``k``-th choice
#: of thousands of bots at once with two array operations and seeds nothing
#: (:mod:`levelwidgets.analysis.batch`), where seeding a ``random.Random`` per bot cost more
#: than playing the game.
LCG_MULTIPLIER = 6364136223846793005
LCG_INCREMENT = 1442695040888963407
MASK64 = (1 << 64) - 1
_UNIT = 2.0**-53
#: splitmix64's constants: its output function scrambles a seed into the first state, so
#: neighbouring seeds (``RandomBot(1)``, ``RandomBot(2)``) start far apart on the cycle.
SPLITMIX_GAMMA = 0x9E3779B97F4A7C15
SPLITMIX_M1 = 0xBF58476D1CE4E5B9
SPLITMIX_M2 = 0x94D049BB133111EB


def seed_word(seed: int | float | str | bytes | bytearray | None) -> int:
    """A RandomBot seed as one 64-bit word: an int from 0 to 2**64 - 1 as it is; any other
    seed ``random.Random`` accepts through ``random.Random(seed).getrandbits(64)`` (the same
    refusals for other types); ``None`` from the system's entropy. numpy integers count as
    ints."""
    if type(seed) is not int and hasattr(seed, "__index__"):
        seed = operator.index(seed)  # type: ignore[arg-type]
    if type(seed) is int and 0 <= seed <= MASK64:
        return seed
    if seed is None:
        return random.SystemRandom().getrandbits(64)
    return random.Random(seed).getrandbits(64)


def first_state(word: int) -> int:
    """The generator's state before its first draw: splitmix64's first output from ``word``."""
    x = (word + SPLITMIX_GAMMA) & MASK64
    x = ((x ^ (x >> 30)) * SPLITMIX_M1) & MASK64
    x = ((x ^ (x >> 27)) * SPLITMIX_M2) & MASK64
    return x ^ (x >> 31)


class RandomBot:
    """Picks uniformly among the distinct legal moves (the empty move included).

    Each choice is ``moves[int(u * len(moves))]`` with ``u`` the bot's next value in [0, 1):
    the top 53 bits of a 64-bit linear congruential generator (:data:`LCG_MULTIPLIER`),
    started from ``seed`` scrambled by splitmix64 (:func:`first_state`). The same seed gives
    the same choices in the same positions. (Before issue 30 the bot drew from its own
    ``random.Random(seed)``; a given seed now makes other, equally random, choices.)
    """

    name = "Random"

    def __init__(self, seed: int | float | str | bytes | bytearray | None = None) -> None:
        self._state = first_state(seed_word(seed))

    def random(self) -> float:
        """The next value in [0, 1) (one per choice)."""
        self._state = x = (self._state * LCG_MULTIPLIER + LCG_INCREMENT) & MASK64
        return (x >> 11) * _UNIT

    def choose(self, game: LevelX) -> Move:
        moves = game._moves[0]
        self._state = x = (self._state * LCG_MULTIPLIER + LCG_INCREMENT) & MASK64
        return moves[int((x >> 11) * _UNIT * len(moves))]

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
