"""Analyst helpers: simulations and pandas tables."""

from __future__ import annotations

from levelwidgets.levelx import GreedyBot, RandomBot
from levelwidgets.levelx.analysis import games_frame, simulate, turns_frame


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
