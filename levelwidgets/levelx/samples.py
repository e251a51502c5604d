"""Seeded sample games for demos, lessons, benchmarks and tests of long records.

A game between bots usually ends after some 40 turns; stepping through a record of 200 turns
needs a game that lasts. :func:`long_game` plays mostly passes, with a real move now and then,
so it lasts as long as asked, and it is the same game every time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .checks import refuse, show
from .errors import LevelXError, RulesTypeError
from .game import LevelX

#: The most turns :func:`long_game` plays while looking for a game that lasts (a few seconds):
#: past them no seed is likely to come, so it says so instead of searching on.
SEARCH_TURNS = 300_000


def long_game(
    turns: int = 200, players: Sequence[str] = ("Ann", "Ben"), move_chance: float = 0.15
) -> LevelX:
    """A Level X game of exactly ``turns`` turns: each turn a random legal move with chance
    ``move_chance``, else a pass; the first seed (from 0) whose game lasts that long."""
    if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= 10_000:
        raise LevelXError.coded(
            "levelx.sample_turns",
            "turns is a whole number from 0 to 10000, not {turns}.",
            turns=show(turns),
        )
    if (
        not isinstance(move_chance, (int, float))
        or isinstance(move_chance, bool)
        or not 0 <= move_chance <= 1
    ):
        raise refuse(LevelXError, "move_chance", "a number from 0 to 1", move_chance)
    if not isinstance(players, (list, tuple)):
        raise refuse(RulesTypeError, "players", "a list of names", players)
    LevelX(list(players), seed=0)  # the names are checked once, before the search
    seed = 0
    played = 0
    while played <= SEARCH_TURNS:
        rng, game = random.Random(seed), LevelX(list(players), seed=seed)
        while game.plies < turns and not game.is_over:
            game.roll()
            moves = game.legal_moves()
            game.play(rng.choice(moves) if rng.random() < move_chance else moves[-1])
        if game.plies == turns:
            return game
        played += game.plies
        seed += 1
    raise LevelXError.coded(
        "levelx.sample_not_found",
        "No game lasted {turns} turns with move_chance {chance} (seeds 0 to {last} all ended "
        "sooner): ask for fewer turns or a lower move_chance.",
        turns=turns,
        chance=move_chance,
        last=seed - 1,
    )
