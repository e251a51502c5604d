"""RandomBot's generator (issue 30): reproducible, uniform, and computable in bulk.

RandomBot draws from a seed-scrambled 64-bit LCG instead of its own ``random.Random``, so
the batch simulator computes any bot's ``k``-th choice without seeding anything; these tests
pin the generator's definition and check that the batch's bulk values are the bot's own.
"""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from levelwidgets.analysis.batch import BotStreams, bot_first_states
from levelwidgets.levelx import LevelX, RandomBot, play_game
from levelwidgets.levelx.bots import (
    LCG_INCREMENT,
    LCG_MULTIPLIER,
    MASK64,
    first_state,
    seed_word,
)


def test_the_values_are_the_lcg_s_top_53_bits_from_the_scrambled_seed():
    bot = RandomBot(12345)
    x = first_state(12345)
    for _ in range(50):
        x = (x * LCG_MULTIPLIER + LCG_INCREMENT) & MASK64
        assert bot.random() == (x >> 11) / 2**53


def test_same_seed_same_game_and_neighbouring_seeds_differ():
    a = play_game([RandomBot(1), RandomBot(2)], seed=5)
    b = play_game([RandomBot(1), RandomBot(2)], seed=5)
    assert a.to_json() == b.to_json()
    firsts = [RandomBot(s).random() for s in range(200)]
    assert len(set(firsts)) == 200  # seed scrambling: no two neighbouring seeds start alike
    assert min(firsts) < 0.05 and max(firsts) > 0.95


def test_choices_are_uniform_among_the_legal_moves():
    """Chi-square over 6,000 choices among 6 moves: far below the 0.1 % critical value."""
    bot = RandomBot(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[int(bot.random() * 6)] += 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 20.5, counts


def test_choose_takes_the_move_its_next_value_points_at():
    game = LevelX(players=2, seed=3)
    game.roll()
    moves = game.legal_moves()
    twin = RandomBot(99)
    assert RandomBot(99).choose(game) == moves[int(twin.random() * len(moves))]


def test_seeds_random_random_accepts_are_accepted_and_others_refused():
    assert seed_word(2**64 - 1) == 2**64 - 1
    assert seed_word(-3) == random.Random(-3).getrandbits(64)
    assert seed_word(2**70) == random.Random(2**70).getrandbits(64)
    assert seed_word("class 4b") == random.Random("class 4b").getrandbits(64)
    assert RandomBot("class 4b").random() == RandomBot("class 4b").random()
    assert RandomBot(None).random() != RandomBot(None).random()
    with pytest.raises(TypeError):
        RandomBot([1, 2])  # type: ignore[arg-type]


def test_a_pickled_bot_goes_on_where_it_was():
    bot = RandomBot(4)
    bot.random()
    copy = pickle.loads(pickle.dumps(bot))
    assert [copy.random() for _ in range(5)] == [bot.random() for _ in range(5)]


def test_the_batch_computes_every_bots_kth_value_as_the_bot_draws_it():
    rng = random.Random(3)
    seeds = [rng.getrandbits(63) for _ in range(300)] + [0, 1, 2**63 - 1]
    odd = [-5, 2**64 - 1, 2**64, 2**80 + 3]
    for group in (np.array(seeds, dtype=np.int64), seeds + odd):
        streams = BotStreams(group)
        games = np.arange(len(group))
        bots = [RandomBot(s) for s in list(group)]
        for k in range(1, 140):  # beyond the 64 jumps tabulated first
            values = streams.value(games, k)
            assert values.tolist() == [b.random() for b in bots], k
    assert bot_first_states(np.array([5], dtype=np.int64)).tolist() == [first_state(5)]
