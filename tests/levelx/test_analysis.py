"""Analyst helpers: pandas tables of Level X games, and the deprecated list simulator."""

from __future__ import annotations

import pandas as pd
import pytest

from levelwidgets.analysis import rotate_seats
from levelwidgets.analysis.levelx_frames import games_frame, seat_names, turns_frame
from levelwidgets.analysis.levelx_frames import simulate as deprecated_simulate
from levelwidgets.levelx import GreedyBot, LevelX, RandomBot


def simulate(make_bots, games, seed=0):
    with pytest.warns(DeprecationWarning, match=r"levelwidgets\.analysis\.simulate"):
        return deprecated_simulate(make_bots, games=games, seed=seed)


def test_simulate_and_tables():
    games = simulate(lambda seed: [GreedyBot(), RandomBot(seed)], games=20, seed=100)
    assert [g.seed for g in games] == list(range(100, 120))
    frame = games_frame(games)
    assert len(frame) == 20 and frame["over"].all()
    assert (frame["score_0"] == [g.score(0) for g in games]).all()
    assert (frame["turns"] % 2 == 0).all()
    turns = turns_frame(games[0])
    assert len(turns) == len(games[0].history)
    assert turns["points"].sum() == games[0].score(0) + games[0].score(1)
    assert set(turns["player"]) == set(games[0].names)


def test_seats_are_named_after_their_bots_when_they_rotate():
    games = simulate(rotate_seats(lambda seed: [GreedyBot(), RandomBot(seed)]), games=6, seed=3)
    assert [g.names for g in games] == [["Random", "Greedy"], ["Greedy", "Random"]] * 3
    frame = games_frame(games)
    assert frame["bot_0"].tolist() == ["Random", "Greedy"] * 3
    assert frame["bot_1"].tolist() == frame["name_1"].tolist() == ["Greedy", "Random"] * 3
    for game, row in zip(games, frame.to_dict("records"), strict=True):
        assert row["winner_seats"] == tuple(game.winners)
        assert row["winner_seat"] == game.winners[0]  # no tie among these seeds
        assert row["winner_bot"] == row["winner"] == game.names[game.winners[0]]
        assert row[f"score_{row['winner_seat']}"] == max(game.scores())


def test_the_same_bot_twice_gets_seat_numbers():
    class Nameless:
        def choose(self, game):
            return game.legal_moves()[0]

    assert seat_names([GreedyBot(), GreedyBot(), RandomBot()]) == ["Greedy 1", "Greedy 2", "Random"]
    assert seat_names([Nameless(), RandomBot()]) == ["Nameless", "Random"]
    games = simulate(lambda seed: [GreedyBot(), GreedyBot()], games=2)
    assert games[0].names == ["Greedy 1", "Greedy 2"]


def test_ties_and_unfinished_games_in_the_frame():
    games = simulate(lambda seed: [GreedyBot(), GreedyBot()], games=200, seed=1000)
    frame = games_frame(games)
    ties = frame[frame["tie"]]
    assert len(ties) == sum(len(g.winners) > 1 for g in games) > 0
    assert (ties["winner_seat"] == -1).all() and ties["winner_bot"].isna().all()
    assert all(len(seats) > 1 for seats in ties["winner_seats"])
    unfinished = games_frame([LevelX(players=["Ann", "Ben"], seed=1)]).iloc[0]
    assert pd.isna(unfinished["winner_seat"]) and unfinished["winner_seats"] == ()
    assert not unfinished["over"] and unfinished["winner"] is None
    assert pd.isna(unfinished["winner_bot"])


def test_games_frame_has_the_columns_of_a_study_frame():
    from levelwidgets.analysis import simulate as study

    frame = study("levelx", ["greedy", "random"], 4, seed=2, progress=False, keep_games=True)
    from levelwidgets.analysis import load_game

    games = [load_game(frame, k) for k in range(4)]
    table = games_frame(games)
    shared = [c for c in frame.columns if c != "record"]
    assert set(shared) <= set(table.columns)
    assert table[shared].equals(frame[shared])
