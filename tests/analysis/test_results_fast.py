"""The column-at-a-time seat results equal the careful row-by-row reading, game for game."""

from __future__ import annotations

import pandas as pd
import pytest

from levelwidgets.analysis import simulate
from levelwidgets.analysis.results import _seat_results_fast, _seat_results_rows, bot_columns


def both(frame: pd.DataFrame):
    columns = bot_columns(frame)
    fast = _seat_results_fast(frame, columns)
    assert fast is not None, "a regular frame takes the fast path"
    rows = _seat_results_rows(frame, columns)
    return fast, rows


def test_fast_equals_rows_with_ties_unfinished_games_and_mixed_table_sizes():
    two = simulate("levelx", ["greedy", "greedy"], 300, seed=1, progress=False)
    three = simulate("levelx", ["greedy", "random", "random"], 30, seed=2, progress=False)
    frame = pd.concat([two, three], ignore_index=True)  # bot_2 empty in two-player games
    frame.loc[5, ["winner_seat", "winner_seats", "winner_bot"]] = [None, (), None]
    assert (frame["winner_seat"] == -1).sum() > 0, "some ties"
    (fast, unfinished), (rows, unfinished_rows) = both(frame)
    assert unfinished == unfinished_rows == 1
    pd.testing.assert_frame_equal(fast, rows, check_dtype=False)
    assert fast.groupby("game")["credit"].sum().eq(1).all()


def test_odd_frames_take_the_row_reader_and_its_messages():
    frame = simulate("levelx", ["greedy", "random"], 6, seed=1, progress=False)
    frame["winner_seat"] = frame["winner_seat"].astype(object)
    frame.loc[2, "winner_seat"] = 7
    assert _seat_results_fast(frame, bot_columns(frame)) is None
    from levelwidgets.analysis import summary

    with pytest.raises(ValueError, match=r"game 2 .*winner_seat must be a seat 0…1"):
        summary(frame)
