"""The sample long games used by lessons, benchmarks and browser tests."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import LevelXError
from levelwidgets.levelx.samples import long_game


@pytest.mark.parametrize("turns", [0, 6, 200])
def test_a_long_game_lasts_exactly_as_asked_and_is_the_same_every_time(turns: int) -> None:
    game = long_game(turns)
    assert game.turns == turns and not game.is_over
    again = long_game(turns)
    assert [t.to_dict() for t in again.history] == [t.to_dict() for t in game.history]
    assert list(game.names) == ["Ann", "Ben"]


@pytest.mark.parametrize("bad", [-1, 10_001, 2.0, True, "5"])
def test_a_bad_length_is_refused(bad: object) -> None:
    with pytest.raises(LevelXError, match="turns is a whole number"):
        long_game(bad)  # type: ignore[arg-type]
