"""The shared game protocol's contract, run on all three games (levelwidgets/protocol.py).

Random seeded games step by step through ``legal_actions``/``apply`` only (chance sampled
from ``chance_outcomes`` with its exact probabilities), invariants after every step, and
every way back to a position gives the same position: replay of config + steps, JSON,
clone, after/goto, undo.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from levelwidgets.errors import GameError
from levelwidgets.level8 import Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX
from levelwidgets.protocol import Game

GAMES: dict[str, Callable[[int, int], Game]] = {
    "levelx": lambda players, seed: LevelX(players, seed=seed),
    "level8": lambda players, seed: Level8(players, seed=seed),
    "level8_board": lambda players, seed: Level8Board(players, seed=seed),
}
#: Steps per game: Level X games end on their own; Level 8 rounds are long, a cap keeps the
#: suite quick while crossing round ends (the invariants of every round end are checked too).
MAX_STEPS = 260


def play_randomly(game: Game, rng: random.Random, limit: int = MAX_STEPS) -> int:
    """Step through the protocol only; returns the number of steps taken."""
    steps = 0
    while not game.is_over and steps < limit:
        if game.is_chance():
            outcomes = game.chance_outcomes()
            assert outcomes and sum(p for _, p in outcomes) == Fraction(1)
            assert [a for a, _ in outcomes] == game.legal_actions()
            weights = [p for _, p in outcomes]
            action = rng.choices([a for a, _ in outcomes], weights)[0]
        else:
            assert game.chance_outcomes() == []
            action = rng.choice(game.legal_actions())
        game.apply(action)
        game.check_invariants()
        steps += 1
    return steps


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract(name: str, players: int) -> None:
    for seed in range(4):
        game = GAMES[name](players, seed)
        assert isinstance(game, Game)
        assert game.num_players == players == len(game.names)
        game.check_invariants()
        play_randomly(game, random.Random(seed))
        returns = game.returns()
        assert len(returns) == players
        if game.is_over:
            assert sum(returns) == pytest.approx(1.0)
            assert [s for s, r in enumerate(returns) if r > 0] == game.winners
        else:
            assert returns == [0.0] * players and game.winners == []
        text = game.to_json()
        assert type(game).replay(game.config, game.steps()).to_json() == text
        assert type(game).from_json(text).to_json() == text
        assert game.clone().to_json() == text
        assert type(game).from_config(game.config).steps() == []


@pytest.mark.parametrize("name", GAMES)
def test_going_back_gives_the_position_played_then(name: str) -> None:
    game = GAMES[name](3, 11)
    rng = random.Random(11)
    seen: dict[int, object] = {}  # the first view at each ply: where after(ply) lands
    for _ in range(40):
        seen.setdefault(game.plies, game.observation("teacher"))
        play_randomly(game, rng, limit=1)
    for ply, observation in seen.items():
        earlier = game.after(ply)
        assert earlier.plies == ply and earlier.observation("teacher") == observation
        copy = game.clone()
        copy.goto(ply)
        assert copy.to_json() == earlier.to_json()
    steps = game.steps()
    again = type(game).replay(game.config, steps[:-1])
    game.undo()
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_steps_out_of_order_are_refused_on_replay(name: str) -> None:
    game = GAMES[name](2, 5)
    play_randomly(game, random.Random(5), limit=12)
    steps = game.steps()
    steps[0], steps[1] = steps[1], steps[0]  # a move before its roll, a discard before a draw
    with pytest.raises(GameError):
        type(game).replay(game.config, steps)


def test_levelx_names_a_broken_invariant() -> None:
    from levelwidgets.levelx import InvariantError

    game = LevelX(2, seed=1)
    game._state.chips[0] += 1  # a chip out of nowhere
    with pytest.raises(InvariantError, match="chips are neither made nor lost"):
        game.check_invariants()
