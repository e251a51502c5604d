"""Bot games leave no reference cycles behind: reference counting frees every object a game
made, so long studies do not wait on the garbage collector (a recursive search closure that
held itself used to leave ~100 objects a game for it)."""

from __future__ import annotations

import gc
from collections import Counter

from levelwidgets.level8 import HeuristicBot, play_game
from levelwidgets.level8.board import BoardHeuristicBot, play_board_game


def cyclic_garbage(play) -> Counter:  # type: ignore[no-untyped-def]
    """The types of the objects only the cycle collector could free after ``play()``."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        play()
        gc.collect()
        return Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


def test_card_games_free_everything_by_reference_counting():
    def play() -> None:
        for s in range(12):  # 2–5 players: all levels of both sides come up
            n = 2 + s % 4
            bots = [HeuristicBot(seed=s * 10 + i) for i in range(n)]
            play_game(bots, seed=f"cycles-{s}", sides="one" if s % 2 else "two")

    assert cyclic_garbage(play) == Counter()


def test_board_games_free_everything_by_reference_counting():
    def play() -> None:
        for s in range(4):
            play_board_game([BoardHeuristicBot(seed=s * 10 + i) for i in range(3)], seed=s)

    assert cyclic_garbage(play) == Counter()
