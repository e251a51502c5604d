"""ratings(): Plackett–Luce on finishing orders, checked against known strengths, a direct
maximisation of its likelihood, and elo() on two-player games."""

from __future__ import annotations

from itertools import permutations
from math import e, log, log10

import numpy as np
import pandas as pd
import pytest
from scipy.optimize import minimize

from levelwidgets.analysis import elo, simulate
from levelwidgets.analysis.arguments import AnalysisError, AnalysisTypeError
from levelwidgets.analysis.ratings import ratings
from levelwidgets.errors import GameError

SCALE = 400 * log10(e)


def pl_frame(worths: dict[str, float], n_games: int, seats: tuple[int, ...], seed: int,
             levels: int | None = None) -> pd.DataFrame:  # fmt: skip
    """Games drawn from Plackett–Luce with the given natural-log worths: random line-ups of
    ``seats`` players, the order by θ + Gumbel noise (the Plackett–Luce order's law).
    ``levels`` rounds the noisy strengths so that some seats tie."""
    rng = np.random.default_rng(seed)
    names = list(worths)
    rows = []
    for k in range(n_games):
        n = int(rng.choice(seats))
        bots = list(rng.choice(names, size=n, replace=False))
        strength = np.array([worths[b] for b in bots]) + rng.gumbel(size=n)
        if levels is not None:
            strength = np.floor(strength * levels / 4)
        top = np.flatnonzero(strength == strength.max())
        row = {"seed": k, "turns": 10, "winner_seat": int(top[0]) if len(top) == 1 else -1}
        row |= {f"bot_{s}": b for s, b in enumerate(bots)}
        row |= {f"score_{s}": float(x) for s, x in enumerate(strength)}
        rows.append(row)
    return pd.DataFrame(rows)


def test_two_player_ratings_are_elo():
    frame = pd.concat(
        [
            simulate("levelx", ["greedy", "random"], 40, seed=1, progress=False),
            pl_frame({"Random": 0.0, "Other": 0.3}, 60, (2,), seed=3, levels=3),  # with ties
        ],
        ignore_index=True,
    )
    assert (frame["winner_seat"] == -1).any()
    for anchor in ("Random", "Other"):
        table = ratings(frame, anchor=anchor).set_index("bot")["rating"]
        expected = elo(frame, anchor=anchor)
        assert table.to_dict() == pytest.approx(expected.to_dict(), abs=1e-7)
    centred = ratings(frame).set_index("bot")["rating"]
    assert centred.sum() == pytest.approx(0, abs=1e-9)
    plain = elo(frame)
    assert centred.to_dict() == pytest.approx((plain - plain.mean()).to_dict(), abs=1e-7)


def test_recovers_known_strengths_for_three_to_six_seats():
    worths = {"A": 1.2, "B": 0.6, "C": 0.0, "D": -0.3, "E": -1.0, "F": 0.3}
    frame = pl_frame(worths, 3000, (3, 4, 5, 6), seed=12)  # calibration: test below
    table = ratings(frame, confidence=0.99).set_index("bot")
    truth = pd.Series(worths) * SCALE
    truth -= truth.mean()  # the table is relative to the average bot
    assert list(table.index) == list(truth.sort_values(ascending=False).index)
    inside = (table["ci_low"] <= truth[table.index]) & (truth[table.index] <= table["ci_high"])
    assert inside.all(), table.assign(truth=truth)
    assert (table["se"] < 25).all() and (table["games"] > 2000).all()


def test_intervals_cover_the_truth_about_as_often_as_they_say():
    worths = {"A": 0.5, "B": 0.0, "C": -0.5, "D": 0.2}
    truth = pd.Series(worths) * SCALE
    truth -= truth.mean()
    covered = []
    for seed in range(40):
        table = ratings(pl_frame(worths, 150, (3, 4), seed=100 + seed)).set_index("bot")
        covered.append(
            (
                (table["ci_low"] <= truth[table.index]) & (truth[table.index] <= table["ci_high"])
            ).to_numpy()
        )
    rate = np.mean(covered)
    assert 0.88 <= rate <= 0.99, rate  # 95 % intervals; 160 checks


def expected_log_likelihood(theta: dict[str, float], frame: pd.DataFrame) -> float:
    """By brute force: every order of each group of equal scores (the winner's group first),
    averaged; plus elo()'s prior game of half a win and half a loss against worth 1."""
    total = 0.0
    for row in frame.to_dict("records"):
        n = sum(1 for c in row if c.startswith("bot_") and row[c] == row[c])
        bots = [row[f"bot_{s}"] for s in range(n)]
        scores = [row[f"score_{s}"] for s in range(n)]
        levels = sorted(set(scores), reverse=True)
        groups = [[s for s in range(n) if scores[s] == x] for x in levels]
        orders = [[]]
        for g in groups:
            orders = [o + list(p) for o in orders for p in permutations(g)]
        ll = 0.0
        for order in orders:
            for i in range(n - 1):
                rest = [theta[bots[s]] for s in order[i:]]
                ll += theta[bots[order[i]]] - log(sum(np.exp(rest)))
        total += ll / len(orders)
    for t in theta.values():
        total += 0.5 * (t - np.logaddexp(t, 0)) + 0.5 * (0 - np.logaddexp(t, 0))
    return total


def test_ties_and_mixed_table_sizes_maximise_the_tie_averaged_likelihood():
    worths = {"A": 0.8, "B": 0.0, "C": -0.4, "D": 0.1}
    frame = pl_frame(worths, 40, (2, 3, 4), seed=5, levels=2)
    tied = frame[[c for c in frame if c.startswith("score_")]]
    assert (frame["winner_seat"] == -1).sum() >= 3  # shared wins
    assert any(row.dropna().duplicated().any() for _, row in tied.iterrows())
    names = sorted(worths)
    best = minimize(
        lambda x: -expected_log_likelihood(dict(zip(names, x, strict=True)), frame),
        np.zeros(len(names)),
        method="BFGS",
        options={"gtol": 1e-9},
    )
    direct = pd.Series(best.x, index=names) * SCALE
    table = ratings(frame).set_index("bot")["rating"]
    assert table.to_dict() == pytest.approx((direct - direct.mean()).to_dict(), abs=1e-3)


def test_a_frame_without_scores_uses_only_who_won():
    frame = pl_frame({"A": 1.0, "B": 0.0, "C": -1.0}, 300, (3,), seed=2)
    no_scores = frame.drop(columns=[c for c in frame if c.startswith("score_")])
    full, top = (ratings(f).set_index("bot") for f in (frame, no_scores))
    assert list(full.index) == list(top.index) == ["A", "B", "C"]
    assert (top["se"] > full["se"]).all()  # less information: wider intervals
    assert top.loc["A", "wins"] == full.loc["A", "wins"]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda f: ratings([1, 2]), AnalysisTypeError, "DataFrame"),
        (lambda f: ratings(f, anchor="Nobody"), AnalysisError, "anchor 'Nobody'"),
        (lambda f: ratings(f, anchor=3), AnalysisError, "anchor must be"),
        (lambda f: ratings(f, confidence=95), AnalysisError, "confidence"),
        (lambda f: ratings(f.assign(winner_seat=np.nan)), AnalysisError, "No finished game"),
    ],
)
def test_refusals(call, error, message):
    frame = pl_frame({"A": 1.0, "B": 0.0}, 10, (2,), seed=1)
    with pytest.raises(error, match=message) as info:
        call(frame)
    assert isinstance(info.value, GameError)
