"""elo(): the Bradley–Terry maximum-likelihood ratings, checked by their defining equations."""

from __future__ import annotations

import pandas as pd
import pytest

from levelwidgets.analysis import elo, simulate


def expected_score(r_i: float, r_j: float) -> float:
    return 1 / (1 + 10 ** ((r_j - r_i) / 400))


def test_ratings_solve_the_likelihood_equations_on_real_games():
    frame = pd.concat(
        [
            simulate("levelx", ["greedy", "random"], 60, seed=1, progress=False),
            simulate("levelx", ["random", "random"], 40, seed=2, progress=False).replace(
                {"Random 1": "Random", "Random 2": "Other random"}
            ),
            simulate("levelx", ["greedy", "random"], 20, seed=3, progress=False).replace(
                {"Random": "Other random"}
            ),
        ],
        ignore_index=True,
    )
    ratings = elo(frame)
    assert ratings.index[0] == "Greedy"  # the two random bots' order is chance
    assert set(ratings.index) == {"Greedy", "Random", "Other random"}
    assert ratings["Greedy"] > 200 > abs(ratings["Random"] - ratings["Other random"])
    # at the maximum, each bot's wins equal its expected wins (the prior game included)
    for bot in ratings.index:
        won, expected = 0.5, expected_score(ratings[bot], 0.0)  # the virtual bot rated 0
        for row in frame.itertuples():
            if bot not in (row.bot_0, row.bot_1):
                continue
            seat = 0 if row.bot_0 == bot else 1
            other = row.bot_1 if seat == 0 else row.bot_0
            won += 1.0 if row.winner_seat == seat else 0.5 if row.winner_seat == -1 else 0.0
            expected += expected_score(ratings[bot], ratings[other])
        assert won == pytest.approx(expected, abs=1e-6), bot


def test_anchor_and_refusals():
    frame = simulate("levelx", ["greedy", "random"], 10, seed=1, progress=False)
    anchored = elo(frame, anchor="Random")
    assert anchored["Random"] == 0 and anchored["Greedy"] > 200
    with pytest.raises(ValueError, match="anchor 'Nobody'"):
        elo(frame, anchor="Nobody")
    three = simulate("levelx", ["greedy", "random", "random"], 3, seed=1, progress=False)
    with pytest.raises(ValueError, match="two-player"):
        elo(three)
