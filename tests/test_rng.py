"""The engines' generator copies: the same numbers from the same state, and independent."""

from __future__ import annotations

import random

from levelwidgets._rng import copy_rng
from levelwidgets.level8 import Level8
from levelwidgets.levelx import LevelX


def test_a_copy_draws_what_the_original_draws_and_moves_alone() -> None:
    rng = random.Random(7)
    rng.random()
    copy = copy_rng(rng)
    ahead = [copy.random() for _ in range(5)]
    assert [rng.random() for _ in range(5)] == ahead  # the original had not moved
    copy.gauss(0, 1)  # gauss keeps a second number for the next call: part of the state too
    twin = copy_rng(copy)
    assert [copy.gauss(0, 1) for _ in range(3)] == [twin.gauss(0, 1) for _ in range(3)]


def test_a_clone_of_either_game_plays_on_with_the_same_chance() -> None:
    for game in (LevelX(["Ann", "Ben"], seed=3), Level8(["Ann", "Ben"], seed=3)):
        clone = game.clone()
        assert clone._rng is not game._rng
        assert clone._rng.getstate() == game._rng.getstate()
        clone._rng.random()
        assert clone._rng.getstate() != game._rng.getstate()
