"""The engine's history tail and entry (``history_from``, ``history_entry``) are the history's
own, without its copy: a widget reads the newest entries after each step of a long game."""

from __future__ import annotations

import random

import pytest

from levelwidgets.level8 import Level8, Level8Error
from levelwidgets.level8.board import Level8Board


@pytest.mark.parametrize("cls", [Level8, Level8Board])
def test_history_from_and_history_entry_are_the_historys_own_along_a_game(cls) -> None:
    game = cls(players=["Ann", "Ben", "Cy"], seed=4)
    rng = random.Random(4)
    for step in range(400):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        if step % 50 == 49:
            game.undo()  # the tail follows a take-back too
        history = game.history
        for start in (0, 1, len(history) // 2, len(history) - 1, len(history)):
            assert game.history_from(start) == history[start:]
        for index in (0, len(history) // 3, len(history) - 1):
            assert game.history_entry(index) is history[index]
    size = len(game.history)
    for bad in (-1, size + 1, "2", 1.5, None):
        with pytest.raises(Level8Error, match="between 0 and"):
            game.history_from(bad)  # type: ignore[arg-type]
    for bad in (-1, size, "2", True):
        with pytest.raises(Level8Error, match="between 0 and"):
            game.history_entry(bad)  # type: ignore[arg-type]
