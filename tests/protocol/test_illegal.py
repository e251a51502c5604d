"""Illegal actions change nothing, on all three games: an action that is not legal now (one
that was legal in another position, another seat's, or not an action at all) raises the
engine's error (a :class:`~levelwidgets.errors.GameError`), leaves the game exactly as it was
(record, snapshot), tells no listener, and the invariants still hold. The same for undo and
goto out of range. Each game's own refusals with their messages:
``tests/level8/test_card_refusals.py``, ``tests/level8board/test_board_refusals.py``,
``tests/levelx/``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from levelwidgets.errors import GameError
from levelwidgets.level8 import Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX, Move
from levelwidgets.protocol import Game

GAMES: dict[str, Callable[[int, int], Game]] = {
    "levelx": lambda players, seed: LevelX(players, seed=seed),
    "level8": lambda players, seed: Level8(players, seed=seed),
    "level8_board": lambda players, seed: Level8Board(players, seed=seed),
}


def may_be_legal_unlisted(game: Game, action: object) -> bool:
    """Actions a legal list leaves out on purpose, though legal: a Level 8 lay-down beyond
    ``lay_down_cap``; a Level X move grouping the dice another way than the listed move with
    the same steps (one move per outcome is listed). Not used as "illegal" candidates."""
    if isinstance(game, LevelX):
        return isinstance(action, Move) and not game.is_chance()
    return getattr(action, "kind", None) == "lay_down"


def refused(game: Game, fn: Callable[[], object]) -> GameError:
    """``fn()`` raises a GameError and changes nothing: record, snapshot, listeners."""
    heard: list = []
    remove = game.on_change(lambda g, events: heard.append(events))
    before, snap = game.to_json(), game.snapshot()
    try:
        with pytest.raises(GameError) as info:
            fn()
    finally:
        remove()
    assert game.to_json() == before and game.snapshot() == snap
    assert heard == []
    game.check_invariants()
    return info.value


def step(game: Game, rng: random.Random) -> None:
    if game.is_chance():
        outcomes = game.chance_outcomes()
        game.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    else:
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_actions_legal_elsewhere_are_refused_and_change_nothing(name: str, players: int) -> None:
    rng = random.Random(f"{name}{players}")
    tried = 0
    for seed in range(2):
        game = GAMES[name](players, seed)
        seen: list = []  # actions legal somewhere earlier in this game
        for _ in range(100):
            if game.is_over:
                break
            legal = game.legal_actions()
            here = set(map(repr, legal))
            others = [a for a in seen if repr(a) not in here and not may_be_legal_unlisted(game, a)]
            for action in rng.sample(others, min(2, len(others))):
                refused(game, lambda a=action, g=game: g.apply(a))
                tried += 1
            seen = (seen + legal)[-300:]
            step(game, rng)
    assert tried > 100


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", [None, "draw", 7, 1.5, True, object(), [], {"kind": "fly"}])
def test_what_is_not_an_action_is_refused(name: str, bad: object) -> None:
    if name == "levelx" and bad == []:
        pytest.skip("Level X reads an empty move as a pass ('-'), legal here")
    game = GAMES[name](2, 4)
    for _ in range(5):
        step(game, random.Random(4))
    refused(game, lambda: game.apply(bad))


@pytest.mark.parametrize("name", GAMES)
def test_undo_and_goto_out_of_range_are_refused(name: str) -> None:
    game = GAMES[name](2, 6)
    refused(game, lambda: game.undo())  # nothing to take back at the start
    rng = random.Random(6)
    for _ in range(12):
        step(game, rng)
    plies = game.plies
    for bad in (-1, 10_000, 1.0, True, "1", None):
        refused(game, lambda b=bad: game.undo(b))
    for bad in (-1, plies + 1, 1.0, True, "1", None):
        refused(game, lambda b=bad: game.goto(b))
        with pytest.raises(GameError):
            game.after(bad)
    assert game.plies == plies
