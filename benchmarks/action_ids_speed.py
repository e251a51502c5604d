"""Speed of ``legal_action_ids()`` next to a bare ``apply``, for the three games.

Game-AI adapters (issue 29) call ``legal_action_ids()`` at every step to build the action
mask, so it must stay cheap next to the step itself. For each game, ``GAMES`` seeded random
games (``STEPS`` steps at most, 4 players) are recorded once; then the same actions are
replayed on fresh games three ways, best of ``REPEATS`` runs each:

* ``apply``: the bare step (the baseline);
* ``legal_actions+apply``: the legal action list, then the step;
* ``legal_action_ids+apply``: the ids of the legal actions, then the step.

Printed per game as ``name: value unit``, microseconds per step; ``ids_over_actions`` is the
cost of the ids on top of the legal action list they are made from. Times are CPU time of
this process (``time.process_time``). Run: ``python benchmarks/action_ids_speed.py``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from levelwidgets.level8 import Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX

REPEATS = 3
GAMES = 8
STEPS = 300
MAKERS: dict[str, Callable[[int], Any]] = {
    "levelx": lambda seed: LevelX(4, seed=seed),
    "level8": lambda seed: Level8(4, seed=seed),
    "level8_board": lambda seed: Level8Board(4, seed=seed),
}


def record(make: Callable[[int], Any]) -> list[list[Any]]:
    """The actions of ``GAMES`` random games (the same every run)."""
    games = []
    for seed in range(GAMES):
        game, rng, actions = make(seed), random.Random(seed), []
        while not game.is_over and len(actions) < STEPS:
            action = rng.choice(game.legal_actions())
            actions.append(action)
            game.apply(action)
        games.append(actions)
    return games


def per_step(make: Callable[[int], Any], games: list[list[Any]], query: str | None) -> float:
    """Best microseconds per step of replaying ``games``, calling ``query`` before each."""
    best = float("inf")
    steps = sum(map(len, games))
    for _ in range(REPEATS):
        fresh = [make(seed) for seed in range(GAMES)]
        start = time.process_time()
        for game, actions in zip(fresh, games, strict=True):
            ask = getattr(game, query) if query else None
            for action in actions:
                if ask is not None:
                    ask()
                game.apply(action)
        best = min(best, time.process_time() - start)
    return best / steps * 1e6


def main() -> None:
    for name, make in MAKERS.items():
        games = record(make)
        bare = per_step(make, games, None)
        listed = per_step(make, games, "legal_actions")
        ids = per_step(make, games, "legal_action_ids")
        size = make(0).num_distinct_actions
        print(f"{name}_num_distinct_actions: {size} ids (4 players)")
        print(f"{name}_apply: {bare:.1f} us/step (baseline)")
        print(f"{name}_legal_actions+apply: {listed:.1f} us/step")
        print(f"{name}_legal_action_ids+apply: {ids:.1f} us/step")
        print(f"{name}_ids_over_actions: {ids - listed:.1f} us/step")


if __name__ == "__main__":
    main()
