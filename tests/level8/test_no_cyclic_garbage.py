"""Bot games leave no reference cycles behind: reference counting frees every object a game
made, so long studies do not wait on the garbage collector (a recursive search closure that
held itself used to leave ~100 objects a game for it).

Each check runs in a fresh interpreter: in the test session, other tests' threads and event
loops make garbage of their own while the games play."""

from __future__ import annotations

import json
import subprocess
import sys

CHECK = """
import gc, json
from collections import Counter
from levelwidgets.level8 import HeuristicBot, play_game
from levelwidgets.level8.board import BoardHeuristicBot, play_board_game

def cards():
    for s in range(12):  # 2-5 players: all levels of both sides come up
        n = 2 + s % 4
        bots = [HeuristicBot(seed=s * 10 + i) for i in range(n)]
        play_game(bots, seed=f"cycles-{s}", sides="one" if s % 2 else "two")

def board():
    for s in range(4):
        play_board_game([BoardHeuristicBot(seed=s * 10 + i) for i in range(3)], seed=s)

gc.collect()
gc.disable()
gc.set_debug(gc.DEBUG_SAVEALL)
GAMES()
gc.collect()
print(json.dumps(Counter(type(o).__name__ for o in gc.garbage)))
"""


def cyclic_garbage(games: str) -> dict[str, int]:
    """The types of the objects only the cycle collector could free after ``games()``."""
    out = subprocess.run(
        [sys.executable, "-c", CHECK.replace("GAMES", games)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_card_games_free_everything_by_reference_counting():
    assert cyclic_garbage("cards") == {}


def test_board_games_free_everything_by_reference_counting():
    assert cyclic_garbage("board") == {}
