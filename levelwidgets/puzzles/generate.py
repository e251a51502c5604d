"""Puzzles from seeded games: positions where the judge's best move clearly beats the next.

``generate("levelx", n=10, seed=1)`` plays seeded games with the greedy bot for a random
number of turns, rolls, and keeps the position when the best grouping's expected points beat
the next best's by at least ``margin`` points. ``generate("level8", …)`` plays seeded Level 8
games with the heuristic bot and keeps positions where the seat to act must discard (it has
drawn and cannot lay down) and the best discard's chance beats the next best's by at least
``margin`` (a chance, 0–1, to complete the level within :data:`LEVEL8_DRAWS` pile draws). The
same arguments always give the same puzzles.
"""

from __future__ import annotations

import random
from typing import Any

from . import _judge
from .errors import PuzzleError
from .puzzle import Puzzle
from .puzzleset import PuzzleSet

#: The default margins: expected points for Level X, a chance for Level 8.
MARGINS = {"levelx": 0.5, "level8": 0.05}
#: The pile draws a generated Level 8 puzzle's chance looks ahead: two, not the judge's three,
#: so that a notebook makes ten puzzles in seconds (three draws cost about ten times more).
LEVEL8_DRAWS = 2
#: Seeded games tried per puzzle asked for (plus :data:`EXTRA_TRIES`), at most, before giving up.
TRIES_PER_PUZZLE = 40
EXTRA_TRIES = 200


def generate(
    game: str = "levelx",
    n: int = 10,
    seed: int = 0,
    margin: float | None = None,
    *,
    players: int = 2,
    language: str = "en",
) -> PuzzleSet:
    """``n`` puzzles of ``game`` ("levelx": best grouping; "level8": best discard) whose best
    answer beats the next best by at least ``margin`` (default :data:`MARGINS`)."""
    if game not in MARGINS:
        raise PuzzleError(f'game is "levelx" or "level8", not {game!r:.40}.')
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 200:
        raise PuzzleError(f"n is a whole number from 1 to 200, not {n!r:.20}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PuzzleError(f"seed is a whole number, not {seed!r:.20}.")
    margin = MARGINS[game] if margin is None else margin
    if isinstance(margin, bool) or not isinstance(margin, int | float) or margin < 0:
        raise PuzzleError(f"margin is a number >= 0, not {margin!r:.20}.")
    rng = random.Random(seed)
    find = _levelx_position if game == "levelx" else _level8_position
    puzzles: list[Puzzle] = []
    for _ in range(EXTRA_TRIES + n * TRIES_PER_PUZZLE):
        if len(puzzles) == n:
            break
        position = find(rng, players)
        ahead = {} if game == "levelx" else {"draws": LEVEL8_DRAWS}
        if position is None or _gap(position, **ahead) < margin:
            continue
        number = len(puzzles) + 1
        options = {"id": f"{game}-{seed}-{number}", "language": language}
        if game == "levelx":
            puzzles.append(Puzzle.best_grouping(position, **options))
        else:
            puzzles.append(Puzzle.best_discard(position, draws=LEVEL8_DRAWS, **options))
    if len(puzzles) < n:
        raise PuzzleError(
            f"Only {len(puzzles)} of {n} positions with a margin of {margin} were found: "
            "ask for a smaller margin or fewer puzzles."
        )
    title = {"levelx": "Level X: best groupings", "level8": "Level 8: best discards"}[game]
    return PuzzleSet(puzzles, title=title)


def _gap(game: Any, **options: Any) -> float:
    """How much the best option beats the best option of another value (0: a tie)."""
    judgement = _judge.judge(game, game.legal_actions()[0], **options)
    values = [o.value for o in judgement.options]
    best = values[0]
    below = [v for v in values if v < best - 1e-9]
    return best - below[0] if below else 0.0


def _levelx_position(rng: random.Random, players: int) -> Any:
    """A seeded Level X game some greedy turns in, its dice rolled (None: no choice there)."""
    from ..levelx import GreedyBot, LevelX

    game = LevelX(players=players, seed=rng.randrange(1_000_000))
    game.autoplay([GreedyBot() for _ in range(players)], max_turns=rng.randrange(0, 24))
    if game.is_over:
        return None
    game.roll()
    return game if len({m.steps for m in game.legal_moves()}) >= 2 else None


def _level8_position(rng: random.Random, players: int) -> Any:
    """A seeded Level 8 game where the seat to act must discard, some turns in (or None)."""
    from ..level8 import HeuristicBot, Level8

    game = Level8(players, seed=rng.randrange(1_000_000))
    bots = [HeuristicBot() for _ in range(players)]
    skip = rng.randrange(0, 40)
    for step in range(skip + 60):
        if game.is_over or game.round > 1:
            return None
        if step >= skip and _must_discard(game):
            return game
        seat = game.current_player
        game.apply(bots[seat].choose(game.observation(seat)))
    return None


def _must_discard(game: Any) -> bool:
    seat = game.current_player
    if game.phase != "play" or game.observation(seat).laid[seat]:
        return False
    actions = game.legal_actions()
    kinds = {a.kind for a in actions}
    return kinds == {"discard"} and len({game.action_to_string(a) for a in actions}) >= 2
