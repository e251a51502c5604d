"""A numpy batch simulator for Level X: thousands of bot games at once, for statistics.

>>> from levelwidgets.analysis.batch import simulate
>>> frame = simulate(1000, players=4, policy="random", seed=0)
>>> len(frame), list(frame.columns[:4])
(1000, ['game_id', 'turns', 'winner_seat', 'n_winners'])
>>> bool((frame["turns"] % 4 == 0).all())
True

The games follow the engine's rules exactly: the legal moves and what steps do to a row are
tabulated by running the engine itself (:mod:`.tables`), and the policies copy
:class:`~levelwidgets.levelx.RandomBot` and :class:`~levelwidgets.levelx.GreedyBot` (same
choices for the same dice). Only the random numbers differ (one numpy generator instead of
one ``random.Random`` per game and per bot), so the results agree with engine games in
distribution; fed the engine's streams (``simulate_outcome(..., draw=...)``) they agree game
by game, which is how the tests check it. The same arguments always give the same games;
game ``k`` depends on ``n_games`` too (all games share one generator).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...levelx.errors import RulesError
from ...levelx.rules import DEFAULT_RULES, MAX_PLAYERS, MIN_PLAYERS, Rules
from .._deps import pandas
from .lockstep import POLICIES, Draw, NumpyDraws, Outcome, play
from .tables import move_tables, row_tables

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["POLICIES", "Outcome", "simulate", "simulate_outcome"]


def simulate(
    n_games: int,
    players: int = 4,
    policy: str = "random",
    seed: int = 0,
    rules: Rules | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` games, every seat with ``policy``; one row per game.

    Columns: ``game_id`` (``"<seed>:<k>"``), ``turns``, ``winner_seat`` (-1 when the top score
    is shared), ``n_winners``, then ``score_<p>`` and ``bonus_<p>`` (bonus tile points, part
    of the score) per seat. The same arguments give the same frame.
    """
    outcome = simulate_outcome(n_games, players, policy, seed, rules)
    return outcome_frame(outcome, seed)


def simulate_outcome(
    n_games: int,
    players: int = 4,
    policy: str = "random",
    seed: int = 0,
    rules: Rules | None = None,
    draw: Draw | None = None,
) -> Outcome:
    """Like :func:`simulate` but return the final positions as arrays.

    ``draw`` replaces the seeded numpy generator (tests replay engine games with it).
    """
    rules = _check(n_games, players, policy, seed, rules)
    moves = move_tables(rules.lucky_loser)
    rows = row_tables(rules, players)
    if draw is None:
        draw = NumpyDraws(np.random.default_rng(seed))
    return play(n_games, players, rules, moves, rows, draw, POLICIES[policy])


def outcome_frame(outcome: Outcome, seed: int) -> pd.DataFrame:
    """The per-game table of :func:`simulate`."""
    pd = pandas()
    scores = outcome.scores
    n_games = scores.shape[1]
    top = scores == scores.max(axis=0) if n_games else scores.astype(bool)
    n_winners = top.sum(axis=0)
    columns: dict[str, object] = {
        "game_id": [f"{seed}:{k}" for k in range(n_games)],
        "turns": outcome.turns,
        "winner_seat": np.where(n_winners == 1, top.argmax(axis=0), -1),
        "n_winners": n_winners,
    }
    for p in range(scores.shape[0]):
        columns[f"score_{p}"] = scores[p]
    for p in range(scores.shape[0]):
        columns[f"bonus_{p}"] = outcome.bonus[p]
    return pd.DataFrame(columns)


def _check(n_games: object, players: object, policy: object, seed: object, rules: object) -> Rules:
    """Refuse bad arguments with the engine's error type, before any work is done."""
    if not _is_int(n_games) or n_games < 0:  # type: ignore[operator]
        raise RulesError.coded(
            "levelx.batch_games", "n_games must be a whole number ≥ 0, not {n!r}.", n=n_games
        )
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:  # type: ignore[operator]
        raise RulesError.coded(
            "levelx.player_count",
            "Level X is for {least} to {most} players, not {count}.",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=players,
        )
    if not isinstance(policy, str) or policy not in POLICIES:
        raise RulesError.coded(
            "levelx.batch_policy",
            "policy must be one of {names:, }, not {policy!r}.",
            names=sorted(POLICIES),
            policy=policy,
        )
    if not _is_int(seed) or seed < 0:  # type: ignore[operator]
        raise RulesError.coded(
            "levelx.batch_seed", "seed must be a whole number ≥ 0, not {seed!r}.", seed=seed
        )
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError.coded("levelx.rules_type", "rules must be a Rules(...) object.")
    rules.chips(players)  # type: ignore[arg-type]  # fails for a missing player count
    return rules


def _is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)
