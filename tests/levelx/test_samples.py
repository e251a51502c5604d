"""The sample long games used by lessons, benchmarks and browser tests."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import LevelXError
from levelwidgets.levelx.samples import long_game


@pytest.mark.parametrize("turns", [0, 6, 200])
def test_a_long_game_lasts_exactly_as_asked_and_is_the_same_every_time(turns: int) -> None:
    game = long_game(turns)
    assert game.plies == turns and not game.is_over
    again = long_game(turns)
    assert [t.to_dict() for t in again.history] == [t.to_dict() for t in game.history]
    assert list(game.names) == ["Ann", "Ben"]


@pytest.mark.parametrize("bad", [-1, 10_001, 2.0, True, "5"])
def test_a_bad_length_is_refused(bad: object) -> None:
    with pytest.raises(LevelXError, match="turns is a whole number"):
        long_game(bad)  # type: ignore[arg-type]


def test_a_length_no_game_reaches_is_refused_not_searched_for_ever(monkeypatch) -> None:
    """With a move every turn a game ends after some 60 turns: no seed gives 2,000, so the
    search stops at its budget of turns played and says what to change."""
    from levelwidgets.levelx import samples

    monkeypatch.setattr(samples, "SEARCH_TURNS", 3_000)
    with pytest.raises(LevelXError, match="No game lasted 2000 turns with move_chance 1") as err:
        long_game(2000, move_chance=1.0)
    assert err.value.code == "levelx.sample_not_found"
    assert "ask for fewer turns or a lower move_chance" in str(err.value)
    assert long_game(40, move_chance=1.0).plies == 40  # a length games do reach is found
