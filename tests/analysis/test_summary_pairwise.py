"""summary()'s pairwise table (tallied with numpy) against the plain pandas merge it replaced:
the same rows, counts, wins, ties and baselines, on frames with ties, mixed player counts
and a bot in two seats of one game."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from levelwidgets.analysis import summary
from levelwidgets.analysis.results import seat_results
from levelwidgets.analysis.summary import RATE_COLUMNS, _pairwise, _rates


def merged_pairwise(seats: pd.DataFrame) -> pd.DataFrame:
    """The reference: every seat paired with every other bot of its game, grouped."""
    opponents = seats[["game", "bot"]].rename(columns={"bot": "opponent"}).drop_duplicates()
    pairs = seats.merge(opponents, on="game")
    pairs = pairs[pairs["bot"] != pairs["opponent"]]
    return _rates(pairs, ["bot", "opponent"], 0.95)


def random_frame(seed: int, games: int = 300) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    names = np.array(["Ann", "Bea", "Cid", "Dot", "Eve"])
    players = rng.integers(2, 5, games)
    winner = rng.integers(-1, 4, games) % players  # seat, or -1 kept below
    winner = np.where(rng.random(games) < 0.1, -1, winner)
    frame = pd.DataFrame({"seed": np.arange(games), "turns": rng.integers(5, 60, games)})
    frame["winner_seat"] = winner
    for s in range(4):
        bots = names[rng.integers(0, len(names), games)].astype(object)
        bots[s >= players] = None
        frame[f"bot_{s}"] = bots
        scores = rng.integers(0, 3, games).astype(float)
        scores[s >= players] = np.nan
        frame[f"score_{s}"] = scores
    ties = frame["winner_seat"] == -1
    frame.loc[ties, ["score_0", "score_1"]] = 9.0  # seats 0 and 1 share the win
    return frame


@pytest.mark.parametrize("seed", range(6))
def test_pairwise_equals_the_merge(seed):
    frame = random_frame(seed)
    seats, _ = seat_results(frame)
    seats = seats.assign(share=1 / seats["players"])
    assert seats.duplicated(["game", "bot"]).any()  # a bot in two seats of a game is covered
    assert seats["tie"].any()
    got = _pairwise(seats, 0.95)
    want = merged_pairwise(seats)
    assert list(got.columns) == ["bot", "opponent", *RATE_COLUMNS]
    assert got[["bot", "opponent", "games", "ties"]].values.tolist() == (
        want[["bot", "opponent", "games", "ties"]].values.tolist()
    )
    for column in ("wins", "win_rate", "ci_low", "ci_high", "baseline"):
        assert got[column].tolist() == pytest.approx(want[column].tolist(), rel=1e-12), column
    assert summary(frame).pairwise.equals(got)


def test_two_bots_that_never_meet_get_no_row():
    frame = pd.DataFrame(
        {
            "seed": [1, 2],
            "turns": [10, 12],
            "winner_seat": [0, 1],
            "bot_0": ["A", "C"],
            "bot_1": ["B", "D"],
        }
    )
    pairs = summary(frame).pairwise
    assert pairs[["bot", "opponent"]].values.tolist() == [
        ["A", "B"],
        ["B", "A"],
        ["C", "D"],
        ["D", "C"],
    ]
    assert pairs["wins"].tolist() == [1.0, 0.0, 0.0, 1.0]
