"""The engines' history tail and entry (``history_from``, ``history_entry``) are the history's
own (Level 8: without its copy, as a widget reads the newest entries after each step of a long
game; Level X offers the same two words)."""

from __future__ import annotations

import random

import pytest

from levelwidgets.level8 import Level8, Level8Error
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX, LevelXError


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


def test_level_x_speaks_the_same_words_for_its_turns() -> None:
    game = LevelX(players=["Ann", "Ben"], seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if game.is_over:
            break
        game.roll()
        game.play(rng.choice(game.legal_moves()))
        history = game.history
        for start in (0, len(history) // 2, len(history)):
            assert game.history_from(start) == history[start:]
        assert game.history_entry(len(history) - 1) is history[-1]
    for bad in (-1, len(game.history) + 1, "1", None):
        with pytest.raises(LevelXError, match="between 0 and"):
            game.history_from(bad)  # type: ignore[arg-type]
    with pytest.raises(LevelXError, match="between 0 and"):
        game.history_entry(len(game.history))
