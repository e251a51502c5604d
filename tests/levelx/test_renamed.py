"""Level X's old names keep working for one release, with a DeprecationWarning naming the new."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import LevelX


def test_turns_is_plies_and_warns() -> None:
    game = LevelX(["Ann", "Ben"], seed=3)
    game.roll((2, 3, 4, 5))
    game.play("2+3 4+5")
    with pytest.warns(DeprecationWarning, match=r"LevelX\.turns is now LevelX\.plies"):
        assert game.turns == game.plies == len(game.history) == 1


def test_players_is_num_players_and_warns() -> None:
    game = LevelX(["Ann", "Ben", "Cem"], seed=3)
    with pytest.warns(DeprecationWarning, match=r"LevelX\.players is now LevelX\.num_players"):
        assert game.players == game.num_players == 3
