"""The numpy batch simulator plays Level X exactly as the engine does (issue 13, item 3).

Three kinds of evidence:

* replay: fed the engine's own random streams, the simulator plays the same games as
  ``play_game`` with RandomBot or GreedyBot, turn count, chips and tiles alike, under several
  rule options (the strongest check: equal game by game, not only in distribution);
* distribution: 20,000 engine games against 20,000 batch games with their own generators, for
  2 and 4 players: winner's seat, scores and game length agree at the 1 % level (fixed seeds,
  so the test is deterministic);
* invariants of the results, and argument checks.

scipy is not a dependency, so the few tests needed are written with numpy and ``math``.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from levelwidgets.analysis.batch import simulate, simulate_outcome
from levelwidgets.levelx import GreedyBot, RandomBot, Rules, RulesError, play_game
from levelwidgets.levelx.rules import ROWS

# These tests check the lockstep simulator through its old entry point, which warns (the
# warning itself: tests/analysis/test_simulate_engines.py).
pytestmark = pytest.mark.filterwarnings(
    "ignore:levelwidgets.analysis.batch.simulate is deprecated:DeprecationWarning"
)

LEVEL = 0.01
N_GAMES = 20_000

# ---------------------------------------------------------------------------------------------
# Statistics (numpy + math only)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` (whole) degrees of freedom."""
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return math.exp(-half) * total
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(half) * math.exp(-half) * 2 / math.sqrt(math.pi)
    for i in range(1, (df + 1) // 2):
        total += term
        term *= half / (i + 0.5)
    return total


def chi2_homogeneity(a: np.ndarray, b: np.ndarray) -> tuple[float, int, float]:
    """Chi-square test that two samples of category counts come from one distribution."""
    table = np.array([a, b], dtype=float)
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0) / table.sum()
    stat = float(((table - expected) ** 2 / expected).sum())
    df = table.shape[1] - 1
    return stat, df, chi2_sf(stat, df)


def binned_counts(a: np.ndarray, b: np.ndarray, least: int = 10) -> tuple[np.ndarray, ...]:
    """Counts of each value in both samples, neighbouring values merged until every bin holds
    ``least`` observations in all (expected count ≥ 5 per sample for equal sizes)."""
    values = np.union1d(a, b)
    ca = np.array([np.count_nonzero(a == v) for v in values])
    cb = np.array([np.count_nonzero(b == v) for v in values])
    bins_a, bins_b, run_a, run_b = [], [], 0, 0
    for x, y in zip(ca, cb, strict=True):
        run_a, run_b = run_a + x, run_b + y
        if run_a + run_b >= least:
            bins_a.append(run_a)
            bins_b.append(run_b)
            run_a = run_b = 0
    bins_a[-1] += run_a
    bins_b[-1] += run_b
    return np.array(bins_a), np.array(bins_b)


def ks_2samp(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """Two-sample Kolmogorov–Smirnov: largest gap between the empirical CDFs and its
    asymptotic p-value (Stephens' correction). Conservative for discrete values."""
    values = np.union1d(a, b)
    cdf_a = np.searchsorted(np.sort(a), values, side="right") / a.size
    cdf_b = np.searchsorted(np.sort(b), values, side="right") / b.size
    d = float(np.abs(cdf_a - cdf_b).max())
    n = a.size * b.size / (a.size + b.size)
    lam = (math.sqrt(n) + 0.12 + 0.11 / math.sqrt(n)) * d
    p = 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101))
    return d, min(1.0, max(0.0, p))


def test_chi2_sf_matches_known_quantiles():
    # 99th percentiles of the chi-square distribution (tables) for 1..6 degrees of freedom.
    for df, q99 in [(1, 6.6349), (2, 9.2103), (3, 11.3449), (4, 13.2767), (5, 15.0863)]:
        assert chi2_sf(q99, df) == pytest.approx(0.01, rel=1e-3)
    assert chi2_sf(30.5779, 15) == pytest.approx(0.01, rel=1e-3)


def test_ks_detects_a_shift_and_accepts_same_samples():
    rng = np.random.default_rng(5)
    a, b = rng.normal(size=5000), rng.normal(size=5000)
    assert ks_2samp(a, b)[1] > LEVEL
    assert ks_2samp(a, b + 0.2)[1] < 1e-6


# ---------------------------------------------------------------------------------------------
# Replay: the engine's own random streams through the simulator


class EngineStreams:
    """Draws as ``play_game`` makes them: game ``g`` rolls with ``random.Random(seed)`` and
    seat ``p``'s RandomBot picks with the values of ``RandomBot(bot_seed(seed, p))`` (its
    ``random()``, one per choice)."""

    def __init__(self, seeds: list[int], players: int) -> None:
        self.dice = [random.Random(s) for s in seeds]
        self.bots = [[RandomBot(bot_seed(s, p)) for p in range(players)] for s in seeds]

    def __call__(self, games: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
        rolls = [int(self.dice[g].random() * 1296) for g in games]
        return np.array(rolls), np.array([self.bots[g][seat].random() for g in games])


def bot_seed(seed: int, seat: int) -> int:
    return 1_000_000 + 4 * seed + seat


def engine_game(seed: int, players: int, policy: str, rules: Rules | None):
    if policy == "random":
        bots = [RandomBot(bot_seed(seed, p)) for p in range(players)]
    else:
        bots = [GreedyBot() for _ in range(players)]
    return play_game(bots, seed=seed, rules=rules)


RULE_VARIANTS = {
    "printed": None,
    "oust_row_start": Rules(oust="row_start"),
    "no_lucky_loser": Rules(lucky_loser=False),
    "odd_rows_one_tile": Rules(row_lengths=(1, 2, 3, 4, 5, 1), bonus_tiles=(3,)),
    "no_tiles": Rules(bonus_tiles=()),
    # Few chips: rows close in the middle of a move, often several in one turn.
    "few_chips": Rules(chips_for_players={2: (1, 1, 2, 1, 3, 1), 4: (2, 1, 1, 1, 1, 1)}),
}


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", list(RULE_VARIANTS))
def test_replay_equals_engine_game_by_game(variant, players, policy):
    rules = RULE_VARIANTS[variant]
    seeds = list(range(120))
    out = simulate_outcome(
        len(seeds), players, policy, rules=rules, draw=EngineStreams(seeds, players)
    )
    for g, seed in enumerate(seeds):
        game = engine_game(seed, players, policy, rules)
        assert game.is_over
        assert out.turns[g] == game.plies, seed
        assert out.scores[:, g].tolist() == game.scores(), seed
        assert out.chips_left[g].tolist() == [game.chips_left(r) for r in ROWS], seed
        for p in range(players):
            assert out.held[p, g].tolist() == list(game.chips_held(p).values()), seed
            assert out.bonus[p, g] == sum(game.tiles(p)), seed
            assert out.tiles[p, g] == len(game.tiles(p)), seed


def test_replay_covers_the_rare_paths():
    """The replayed games above do meet ousting, closing rows, tiles and shared wins."""
    seeds = list(range(120))
    kinds: set[str] = set()
    for seed in seeds:
        game = engine_game(seed, 4, "random", None)
        kinds |= {e.kind for t in game.history for e in t.events}
        if len(game.winners) > 1:
            kinds.add("shared_win")
    assert {"ousted", "row_closed", "bonus", "shared_win"} <= kinds


# ---------------------------------------------------------------------------------------------
# Distribution: independent generators, 20,000 games each


def engine_frame(players: int, games: int) -> dict[str, np.ndarray]:
    turns, winner, top, first = [], [], [], []
    for seed in range(games):
        game = engine_game(seed, players, "random", None)
        scores = game.scores()
        turns.append(game.plies)
        winner.append(game.winners[0] if len(game.winners) == 1 else -1)
        top.append(max(scores))
        first.append(scores[0])
    return {
        "turns": np.array(turns),
        "winner_seat": np.array(winner),
        "top": np.array(top),
        "score_0": np.array(first),
    }


@pytest.fixture(scope="module", params=[2, 4], ids=["2p", "4p"])
def samples(request):
    players = request.param
    frame = simulate(N_GAMES, players=players, policy="random", seed=2024)
    batch = {
        "turns": frame["turns"].to_numpy(),
        "winner_seat": frame["winner_seat"].to_numpy(),
        "top": frame[[f"score_{p}" for p in range(players)]].max(axis=1).to_numpy(),
        "score_0": frame["score_0"].to_numpy(),
    }
    return players, engine_frame(players, N_GAMES), batch


def test_winner_seat_distribution_matches_engine(samples):
    players, engine, batch = samples
    seats = np.arange(-1, players)  # -1: a shared win
    a = np.array([np.count_nonzero(engine["winner_seat"] == s) for s in seats])
    b = np.array([np.count_nonzero(batch["winner_seat"] == s) for s in seats])
    stat, df, p = chi2_homogeneity(a, b)
    assert p > LEVEL, (stat, df, p, a, b)


@pytest.mark.parametrize("column", ["top", "score_0"])
def test_score_distribution_matches_engine(samples, column):
    _, engine, batch = samples
    d, p_ks = ks_2samp(engine[column], batch[column])
    assert p_ks > LEVEL, (column, d, p_ks)
    stat, df, p = chi2_homogeneity(*binned_counts(engine[column], batch[column]))
    assert p > LEVEL, (column, stat, df, p)


def test_game_length_distribution_matches_engine(samples):
    _, engine, batch = samples
    stat, df, p = chi2_homogeneity(*binned_counts(engine["turns"], batch["turns"]))
    assert p > LEVEL, (stat, df, p)
    assert abs(engine["turns"].mean() - batch["turns"].mean()) < 1.0


# ---------------------------------------------------------------------------------------------
# Invariants of batch results


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_results_keep_the_spec_invariants(players, policy):
    rules = Rules()
    out = simulate_outcome(1500, players, policy, seed=7)
    chips = np.array(rules.chips(players))
    # Chips on the board + chips held = the chips the game started with, row by row.
    assert (out.held.sum(axis=0) + out.chips_left == chips).all()
    assert (out.held >= 0).all() and (out.chips_left >= 0).all()
    # Scores are chips plus bonus tiles; the tiles taken are the top of the stack.
    assert (out.scores == out.held @ np.array(ROWS) + out.bonus).all()
    stack_sums = np.cumsum([0, *rules.bonus_tiles])
    taken = out.tiles.sum(axis=0)
    assert (taken <= len(rules.bonus_tiles)).all()
    assert (out.bonus.sum(axis=0) == stack_sums[taken]).all()
    # A player holds a tile for each complete set, while tiles lasted.
    assert (out.tiles <= out.held.min(axis=2)).all()
    # The game ended at the end of a round in which the end condition was met.
    assert (out.turns % players == 0).all() and (out.turns > 0).all()
    closed = (out.chips_left == 0).sum(axis=1)
    assert ((closed >= 3) | (taken == len(rules.bonus_tiles))).all()


def test_frame_columns_and_winners():
    frame = simulate(2000, players=3, policy="greedy", seed=3)
    assert list(frame.columns) == [
        "game_id",
        "turns",
        "winner_seat",
        "n_winners",
        "score_0",
        "score_1",
        "score_2",
        "bonus_0",
        "bonus_1",
        "bonus_2",
    ]
    assert frame["game_id"].tolist()[:2] == ["3:0", "3:1"]
    assert frame["game_id"].is_unique
    scores = frame[["score_0", "score_1", "score_2"]].to_numpy()
    top = scores.max(axis=1)
    assert (frame["n_winners"] == (scores == top[:, None]).sum(axis=1)).all()
    sole = frame["n_winners"] == 1
    seats = frame.loc[sole, "winner_seat"].to_numpy()
    assert (scores[sole.to_numpy(), seats] == top[sole.to_numpy()]).all()
    assert (frame.loc[~sole, "winner_seat"] == -1).all() and (~sole).any()


def test_same_seed_same_frame_other_seed_other_frame():
    a = simulate(500, players=4, seed=11)
    assert a.equals(simulate(500, players=4, seed=11))
    assert not a.drop(columns="game_id").equals(
        simulate(500, players=4, seed=12).drop(columns="game_id")
    )


def test_more_games_than_a_chunk():
    frame = simulate(9000, players=2, seed=1)
    assert len(frame) == 9000 and (frame["turns"] > 0).all()


def test_no_games_gives_an_empty_frame():
    frame = simulate(0, players=2)
    assert len(frame) == 0 and "score_1" in frame.columns


# ---------------------------------------------------------------------------------------------
# Arguments


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"n_games": -1}, "levelx.batch_games"),
        ({"n_games": 2.5}, "levelx.batch_games"),
        ({"n_games": True}, "levelx.batch_games"),
        ({"players": 1}, "levelx.player_count"),
        ({"players": 5}, "levelx.player_count"),
        ({"players": "4"}, "levelx.player_count"),
        ({"policy": "smart"}, "levelx.batch_policy"),
        ({"policy": None}, "levelx.batch_policy"),
        ({"seed": -1}, "levelx.batch_seed"),
        ({"seed": 1.5}, "levelx.batch_seed"),
        ({"seed": None}, "levelx.batch_seed"),
        ({"rules": {"oust": "owner"}}, "levelx.rules_type"),
        ({"players": 3, "rules": Rules(chips_for_players={2: (1,) * 6})}, "levelx.no_chips_for"),
        ({"rules": Rules(row_lengths=(9, 4, 3, 3, 2, 2))}, "levelx.batch_rows_too_long"),
    ],
)
def test_bad_arguments_are_refused_with_rules_error(kwargs, code):
    args = {"n_games": 10, **kwargs}
    with pytest.raises(RulesError) as info:
        simulate(**args)
    assert info.value.code == code
    assert str(info.value)


def test_long_rows_are_fine_with_two_players():
    rules = Rules(row_lengths=(9, 4, 3, 3, 2, 2))
    seeds = list(range(40))
    out = simulate_outcome(40, 2, "random", rules=rules, draw=EngineStreams(seeds, 2))
    for g, seed in enumerate(seeds):
        assert out.scores[:, g].tolist() == engine_game(seed, 2, "random", rules).scores()
