"""The numpy Mersenne Twister (analysis.batch.mt) against CPython's ``random.Random``."""

from __future__ import annotations

import random

import numpy as np
import pytest

from levelwidgets.analysis.batch import engine_uniforms, mt

EDGE_SEEDS = [0, 1, 2, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**63 - 1, 2**64 - 1]
BIG_SEEDS = [2**64, 2**64 + 5, 2**96 + 3, 2**127, 2**127 + 2**64 + 9, 3**200, -5, -(2**40)]
_RNG = np.random.default_rng(20261129)
SEEDS = (
    EDGE_SEEDS
    + BIG_SEEDS
    + _RNG.integers(0, 2**32, 12).tolist()
    + _RNG.integers(2**32, 2**63, 24).tolist()
)
#: Outputs per seed: more than three twists (624 words each).
WORDS = 2600


def python_words(seed: int, count: int) -> np.ndarray:
    r = random.Random(seed)
    return np.array([r.getrandbits(32) for _ in range(count)], dtype=np.uint32)


def test_seed_key_is_the_words_of_the_absolute_value() -> None:
    assert mt.seed_key(0) == [0]
    assert mt.seed_key(2**32 - 1) == [2**32 - 1]
    assert mt.seed_key(2**32) == [0, 1]
    assert mt.seed_key(-(2**64 + 5)) == [5, 0, 1]


def test_outputs_match_getrandbits_32_across_several_twists() -> None:
    words = mt.outputs(mt.seed_states(SEEDS), WORDS)
    assert words.shape == (WORDS, len(SEEDS))
    for col, seed in enumerate(SEEDS):
        np.testing.assert_array_equal(words[:, col], python_words(seed, WORDS), err_msg=str(seed))


def test_numpy_seed_arrays_match_python_ints() -> None:
    values = np.array([*EDGE_SEEDS[:-1], 123, 2**40 + 7], dtype=np.int64)  # 2**64 - 1 > int64
    np.testing.assert_array_equal(mt.seed_states(values), mt.seed_states([int(v) for v in values]))
    unsigned = np.array([0, 2**32, 2**64 - 1], dtype=np.uint64)
    np.testing.assert_array_equal(mt.seed_states(unsigned), mt.seed_states([0, 2**32, 2**64 - 1]))


@pytest.mark.parametrize("count", [1, 5, 226, 227, 228, 453, 454, 455, 622, 623, 624, 625, 1300])
def test_partial_twists_give_the_same_first_words(count: int) -> None:
    seeds = [0, 2**32, 2**64 + 5, 987654321987]
    words = mt.outputs(mt.seed_states(seeds), count)
    for col, seed in enumerate(seeds):
        np.testing.assert_array_equal(words[:, col], python_words(seed, count))


def test_random_values_match_random() -> None:
    count = 700  # 1400 outputs: past the first twist
    values = mt.random_values(SEEDS, count)
    for col, seed in enumerate(SEEDS):
        r = random.Random(seed)
        assert values[:, col].tolist() == [r.random() for _ in range(count)], seed


def test_engine_uniforms_matches_random_for_every_seed_size() -> None:
    seeds = SEEDS[:-2]  # non-negative, as game seeds are
    values = engine_uniforms(seeds, 30)
    for col, seed in enumerate(seeds):
        r = random.Random(seed)
        assert values[:, col].tolist() == [r.random() for _ in range(30)]
    assert engine_uniforms([], 3).shape == (3, 0)


def test_streams_getrandbits_every_width() -> None:
    streams = mt.Streams(SEEDS)
    pythons = [random.Random(s) for s in SEEDS]
    for _ in range(30):  # 32 * 30 outputs: over a twist
        for k in range(0, 33):
            got = streams.getrandbits(k)
            assert got.tolist() == [r.getrandbits(k) for r in pythons], k


def test_streams_randbelow_is_choice_and_randrange_with_rejections() -> None:
    streams = mt.Streams(SEEDS)
    pythons = [random.Random(s) for s in SEEDS]
    bounds = [1, 2, 3, 5, 6, 7, 17, 100, 1296, 2**31, 2**31 + 1, 2**32 - 1]
    for rep in range(120):
        n = bounds[rep % len(bounds)]
        got = streams.randbelow(n)
        if rep % 2:
            assert got.tolist() == [r.randrange(n) for r in pythons], n
        else:
            assert got.tolist() == [r.choice(range(n)) for r in pythons], n
    # The rejections made the games use unequal numbers of outputs: still in step.
    assert len(set(streams.used.tolist())) > 1
    assert streams.random().tolist() == [r.random() for r in pythons]


def test_streams_per_game_bounds_and_subsets() -> None:
    streams = mt.Streams(SEEDS)
    pythons = [random.Random(s) for s in SEEDS]
    rng = np.random.default_rng(1)
    for _ in range(200):
        games = np.flatnonzero(rng.random(len(SEEDS)) < 0.6)
        bounds = rng.integers(1, 50, games.size)
        got = streams.randbelow(bounds, games)
        want = [pythons[g].randrange(int(b)) for g, b in zip(games, bounds, strict=True)]
        assert got.tolist() == want
        some = games[: games.size // 2]
        assert streams.random(some).tolist() == [pythons[g].random() for g in some]


def test_bad_arguments_are_refused() -> None:
    streams = mt.Streams([1, 2])
    with pytest.raises(ValueError, match="0 to 32"):
        streams.getrandbits(33)
    with pytest.raises(ValueError, match="1 to 2"):
        streams.randbelow(0)
    with pytest.raises(ValueError, match="1 to 2"):
        streams.randbelow(2**32)
    assert streams.used.tolist() == [0, 0]  # a refused draw takes nothing
    with pytest.raises(ValueError, match="key_length"):
        mt.init_by_array(np.zeros(3, dtype=np.uint32))


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "random", "greedy"]])
def test_games_outlasting_the_draws_ahead_are_replayed_identically(
    bots: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from levelwidgets.analysis import batch, simulate

    monkeypatch.setattr(batch, "AHEAD_ROUNDS", 3)  # every game runs out: all are redone
    assert batch.ahead_rounds(bots) == 3
    fast = simulate("levelx", bots, 40, seed=11, engine="batch", progress=False)
    slow = simulate("levelx", bots, 40, seed=11, engine="engine", progress=False)
    assert fast.attrs["engine"] == "batch"
    assert fast.equals(slow)
    assert (fast["rounds"] > 3).all()  # so the redo path ran for every game


@pytest.mark.parametrize("scale", [1296, 32767])
def test_scaled_firsts_match_int_random_times_scale_near_integers_included(
    scale: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dice from the even outputs only, with the float path for draws whose fraction is near
    the next integer: the same as ``int(random() * scale)``, near draws included."""
    rng = random.Random(30)
    seeds = [rng.getrandbits(63) for _ in range(400)] + [0, 2**32, 2**63 - 1]
    states = mt.seed_states(seeds)
    redone = []  # games computed again in full (near draws)
    outputs = mt.outputs
    monkeypatch.setattr(mt, "outputs", lambda s, n: redone.append(s.shape[1]) or outputs(s, n))
    for count in (1, 113, 114, 136, 227):
        values = mt.scaled_firsts(states, count, scale)
        assert values.dtype == np.int16 and values.shape == (count, len(seeds))
        for col, seed in enumerate(seeds):
            r = random.Random(seed)
            draws = [r.random() * scale for _ in range(count)]
            assert values[:, col].tolist() == [int(d) for d in draws], (count, seed)
    if scale == 32767:  # a near draw in 1 of 2000: dozens here
        assert sum(redone) > 10


def test_scaled_firsts_refuse_more_than_two_thirds_of_a_twist() -> None:
    with pytest.raises(ValueError, match="at most 227"):
        mt.scaled_firsts(mt.seed_states([1]), 228, 1296)


@pytest.mark.parametrize("scale", [1296, 1000, 7, 4096])
def test_scaled_draws_in_uint32_are_the_engines_or_flagged_near(scale: int) -> None:
    """``scaled_firsts`` takes ``(a >> shift) * factor >> fraction`` for ``int(random() *
    scale)`` except within ``band`` of the next integer: checked on every integer boundary
    the first output can straddle, with the second output at both extremes."""
    shift, factor, fraction, band = mt._scaling(scale)
    bounds = [-(-k * 2**32 // scale) for k in range(1, scale)][:2000]  # first a of roll k
    flagged = 0
    for edge in bounds:
        for a in range(max(0, edge - 300), min(2**32, edge + 300), 7):
            t = (a >> shift) * factor
            assert t < 2**32
            for b in (0, 2**32 - 1, 0x5A5A5A5A):
                value = ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0)
                engine = int(value * scale)  # random() * scale, as the engine
                if t & ((1 << fraction) - 1) >= (1 << fraction) - band:
                    flagged += 1  # computed again with the engine's floats
                else:
                    assert t >> fraction == engine, (a, b)
    assert flagged  # the band is met near every boundary


def test_scaled_values_redo_the_draws_near_an_integer_exactly() -> None:
    """Among many games some draw falls in the band and is computed again: still the
    engine's rolls."""
    seeds = np.arange(2**40, 2**40 + 3000, dtype=np.int64)
    states = mt.seed_states(seeds)
    words = mt.outputs(states, 2 * 60)
    shift, factor, fraction, band = mt._scaling(1296)
    t = ((words[0::2] >> np.uint32(shift)) * np.uint32(factor)) & np.uint32((1 << fraction) - 1)
    assert (t >= (1 << fraction) - band).any()  # some game takes the slow path
    expected = (mt.uniforms(words) * 1296).astype(np.int16)
    np.testing.assert_array_equal(mt.scaled_values(seeds, 60, 1296), expected)
