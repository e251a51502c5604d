"""simulate(engine="batch") plays the engine's own games: the same seeds, the same random
streams, the same frame (issue 30, item 1).

Three kinds of evidence:

* the parts: the array SeedSequence equals numpy's, and the batch's streams equal
  ``random.Random(seed).random()`` bit for bit;
* game by game: for every supported policy mix and player count, the batch frame *equals*
  the engine frame of the same seed (columns, dtypes, values), and a batch row replays with
  the engine from its seed;
* in distribution, on other seeds: win rate per seat and game length agree (numpy-only
  two-sample tests, generous level), which would catch a batch simulator drifting from the
  engine even if the same-seed check were somehow satisfied trivially.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest

from levelwidgets.analysis import game_seed, load_game, simulate, summary
from levelwidgets.analysis.batch import engine_rolls, engine_uniforms
from levelwidgets.analysis.simulate import game_seeds
from levelwidgets.levelx import GreedyBot, RandomBot, play_game

LEVEL = 1e-3  # generous: these tests must not flake, and a wrong simulator fails by miles

MIXES = {
    "random": ["random"],
    "greedy": ["greedy"],
    "mixed": ["greedy", "random"],
}


def _bots(mix: str, players: int) -> list[str]:
    entries = MIXES[mix]
    return [entries[i % len(entries)] for i in range(players)]


# ---------------------------------------------------------------------------------------------
# The parts


def test_array_seeds_are_numpys_seed_sequence_children():
    rng = random.Random(4)
    for seed in [0, 1, 7, 2**32 - 1, 2**32, 2**64 + 3, 2**128 - 1, rng.getrandbits(90)]:
        ks = np.array([0, 1, 2, 99, 65_536, 99_999_999])
        for seat in [None, 0, 1, 5]:
            key = (lambda k: (k,)) if seat is None else (lambda k, s=seat: (k, s + 1))
            want = []
            for k in ks.tolist():
                words = np.random.SeedSequence(seed, spawn_key=key(k)).generate_state(2, np.uint32)
                want.append((int(words[0]) << 31) ^ int(words[1]))
            assert game_seeds(seed, ks, seat).tolist() == want
            assert [game_seed(seed, k, seat) for k in ks.tolist()] == want


def test_batch_streams_are_the_engines_random_streams_bit_for_bit():
    rng = random.Random(11)
    seeds = [rng.getrandbits(63) for _ in range(400)] + [0, 1, 2**32 - 1, 2**32, 2**63 - 1]
    for count in (1, 96, 113, 114, 200, 227, 228, 300):  # 227 values: the first twist's end
        values = engine_uniforms(seeds, count)
        assert values.shape == (count, len(seeds))
        for i in [*range(0, 400, 37), *range(400, len(seeds))]:
            stream = random.Random(seeds[i])
            assert values[:, i].tolist() == [stream.random() for _ in range(count)], (count, i)


def test_batch_rolls_are_the_engines_rolls():
    """The dice as the batch keeps them (roll numbers, int16) are ``int(random() * 1296)``
    of each game's ``random.Random``, as LevelX.roll draws them."""
    rng = random.Random(12)
    seeds = [rng.getrandbits(63) for _ in range(300)] + [0, 2**63 - 1]
    rolls = engine_rolls(np.array(seeds, dtype=np.int64), 140)
    assert rolls.dtype == np.int16 and rolls.shape == (140, len(seeds))
    for i in [*range(0, 300, 23), 300, 301]:
        stream = random.Random(seeds[i])
        assert rolls[:, i].tolist() == [int(stream.random() * 1296) for _ in range(140)], i


# ---------------------------------------------------------------------------------------------
# Game by game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mix", sorted(MIXES))
def test_batch_frame_equals_the_engine_frame(mix, players):
    bots = _bots(mix, players)
    n = 150 if mix == "random" else 40
    batch = simulate("levelx", bots, n, seed=players, engine="batch", progress=False)
    engine = simulate("levelx", bots, n, seed=players, engine="engine", progress=False)
    assert batch.attrs["engine"] == "batch" and engine.attrs["engine"] == "engine"
    assert list(batch.columns) == list(engine.columns)
    assert batch.dtypes.to_dict() == engine.dtypes.to_dict()
    pd.testing.assert_frame_equal(batch, engine)
    assert batch["tie"].sum() < n and batch["over"].all()


def test_auto_picks_batch_only_when_it_can_and_the_frames_still_agree():
    auto = simulate("levelx", ["greedy", "random", "random"], 30, seed=9, progress=False)
    assert auto.attrs["engine"] == "batch"
    for kwargs in ({"keep_games": True}, {"bots": ["expectimax", "random"]}):
        args = {"bots": ["greedy", "random", "random"], **kwargs}
        frame = simulate("levelx", n_games=3, seed=9, progress=False, **args)
        assert frame.attrs["engine"] == "engine"
    factory = simulate("levelx", [RandomBot, "greedy"], 3, seed=9, progress=False)
    assert factory.attrs["engine"] == "engine"
    cards = simulate("level8", ["random", "random"], 2, seed=9, progress=False)
    assert cards.attrs["engine"] == "engine"


def test_a_batch_row_replays_with_the_engine_from_its_seed():
    batch = simulate("levelx", ["random", "greedy"], 50, seed=21, engine="batch", progress=False)
    kept = simulate(
        "levelx", ["random", "greedy"], 50, seed=21, engine="engine", keep_games=True,
        progress=False,
    )  # fmt: skip
    for k in (0, 7, 49):
        row = batch.loc[k]
        game = load_game(kept, k)
        assert game.seed == row["seed"] and game.plies == row["turns"]
        assert game.scores() == [row["score_0"], row["score_1"]]
        # and by hand: the seat holding "random" is a RandomBot seeded game_seed(21, k, seat)
        seat = 0 if row["bot_0"] == "Random" else 1
        bots = [GreedyBot(), GreedyBot()]
        bots[seat] = RandomBot(game_seed(21, k, seat))
        again = play_game(bots, seed=int(row["seed"]))
        assert again.scores() == game.scores() and again.winners == list(row["winner_seats"])


def test_summary_compare_and_plots_read_the_batch_frame():
    import matplotlib

    matplotlib.use("Agg")
    from levelwidgets.analysis import compare, plot_compare

    frame = simulate("levelx", ["greedy", "random"], 400, seed=2, engine="batch", progress=False)
    result = summary(frame)
    text = str(result)
    assert "Greedy" in text and "Random" in text
    wins = frame["winner_bot"].value_counts()
    assert wins["Greedy"] > 300
    assert result.plot() is not None
    other = simulate("levelx", ["random"] * 3, 300, seed=2, engine="batch", progress=False)
    table = compare({"greedy vs random": frame, "three random": other})
    assert len(table) == 2 and plot_compare(table) is not None


def test_engine_batch_refuses_a_study_it_cannot_play_before_any_game():
    from levelwidgets.errors import GameValueError

    for kwargs, reason in [
        ({"bots": ["expectimax", "random"]}, "plays the bots greedy, random"),
        ({"bots": [RandomBot, "random"]}, "plays the bots greedy, random"),
        ({"game": "level8", "bots": ["random", "random"]}, "Level X only"),
        ({"keep_games": True}, "keeps no records"),
        ({"executor": "processes"}, "runs in this process"),
    ]:
        args = {"game": "levelx", "bots": ["random", "greedy"], **kwargs}
        with pytest.raises(GameValueError, match=reason):
            simulate(n_games=5, engine="batch", progress=False, **args)


def test_the_old_batch_simulate_warns_and_still_works():
    from levelwidgets.analysis import batch

    with pytest.warns(DeprecationWarning, match=r"analysis.simulate\('levelx'"):
        frame = batch.simulate(20, players=2, policy="greedy", seed=1)
    assert len(frame) == 20 and "n_winners" in frame.columns


def test_a_ctrl_c_in_the_batch_keeps_the_blocks_done(monkeypatch):
    from levelwidgets.analysis import SimulationStopped, batch

    calls = []
    real = batch.play_block

    def stop_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(batch, "play_block", stop_second)
    monkeypatch.setattr(batch, "CHUNK", 10)  # blocks of 10 games per seat rotation
    with pytest.warns(SimulationStopped, match="stopped after 20 of 50"):
        frame = simulate("levelx", ["random", "random"], 50, engine="batch", progress=False)
    assert list(frame["game_index"]) == list(range(20)) and not frame.attrs["complete"]


# ---------------------------------------------------------------------------------------------
# In distribution, on other seeds


def _two_proportions(a: int, n: int, b: int, m: int) -> float:
    """Two-sided p-value that a/n and b/m are one rate (normal approximation)."""
    pooled = (a + b) / (n + m)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m)) or 1.0
    return math.erfc(abs(a / n - b / m) / se / math.sqrt(2))


def _ks_p(x: np.ndarray, y: np.ndarray) -> float:
    """Two-sample Kolmogorov–Smirnov p-value (asymptotic; ties make it conservative)."""
    values = np.union1d(x, y)
    cx = np.searchsorted(np.sort(x), values, side="right") / x.size
    cy = np.searchsorted(np.sort(y), values, side="right") / y.size
    d = float(np.abs(cx - cy).max())
    lam = d * math.sqrt(x.size * y.size / (x.size + y.size))
    if lam < 0.2:
        return 1.0
    return min(
        1.0, 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 100))
    )


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mix", sorted(MIXES))
def test_batch_and_engine_agree_in_distribution(mix, players):
    bots = _bots(mix, players)
    n_engine = 1500 if mix == "random" else 150
    engine = simulate("levelx", bots, n_engine, seed=1000 + players, engine="engine",
                      progress=False)  # fmt: skip
    n_batch = 3000 if mix == "random" else 1200
    batch = simulate("levelx", bots, n_batch, seed=2000 + players, engine="batch", progress=False)
    assert _ks_p(engine["turns"].to_numpy(), batch["turns"].to_numpy()) > LEVEL
    for seat in range(-1, players):  # -1: a shared win
        a = int((engine["winner_seat"] == seat).sum())
        b = int((batch["winner_seat"] == seat).sum())
        assert _two_proportions(a, len(engine), b, len(batch)) > LEVEL, (seat, a, b)
    for label in set(batch["winner_bot"].dropna()):
        a = int((engine["winner_bot"] == label).sum())
        b = int((batch["winner_bot"] == label).sum())
        assert _two_proportions(a, len(engine), b, len(batch)) > LEVEL, (label, a, b)


@pytest.mark.parametrize("players", [2, 4])
def test_load_game_replays_a_batch_row_as_the_engine_recorded_it(players):
    bots = _bots("mixed", players)
    batch = simulate("levelx", bots, 12, seed=8, engine="batch", progress=False)
    kept = simulate("levelx", bots, 12, seed=8, engine="engine", keep_games=True, progress=False)
    for k in (0, 5, 11):
        assert load_game(batch, k).to_json() == load_game(kept, k).to_json()
    edited = batch.copy()
    edited.loc[3, "turns"] += players
    with pytest.raises(ValueError, match="does not match its row"):
        load_game(edited, 3)
    factories = simulate("levelx", [RandomBot, "greedy"], 2, seed=8, progress=False)
    with pytest.raises(ValueError, match="keep_games=True"):
        load_game(factories, 1)


def test_load_game_replays_with_the_studys_rules_and_attrs_survive_copies():
    from levelwidgets.levelx import Rules

    rules = Rules(lucky_loser=False)
    batch = simulate("levelx", ["greedy", "random"], 6, seed=3, rules=rules, progress=False)
    kept = simulate("levelx", ["greedy", "random"], 6, seed=3, rules=rules, keep_games=True,
                    progress=False)  # fmt: skip
    again = load_game(batch[batch["turns"] > 0].copy(), 4)  # attrs copied along
    assert again.rules == rules and again.to_json() == load_game(kept, 4).to_json()


@pytest.mark.parametrize("bots", [["random"] * 3, ["greedy"] * 2, ["greedy", "random", "random"]])
def test_blocks_of_several_lockstep_groups_still_give_the_engine_frame(bots, monkeypatch):
    """Chunks of 16 games: a block of one policy splits into consecutive groups of games
    (unequal rotations in each), a mixed block into its rotations; the last block is short.
    Every row is still the engine's, seat labels and winners included."""
    import levelwidgets.analysis.batch as batch

    groups = []
    split = batch.block_groups

    def counted(start, stop, policies):
        found = split(start, stop, policies)
        groups.append([g.tolist() for g in found])
        return found

    monkeypatch.setattr(batch, "CHUNK", 16)
    monkeypatch.setattr(batch, "block_groups", counted)
    fast = simulate("levelx", bots, 101, seed=8, engine="batch", progress=False)
    monkeypatch.undo()
    engine = simulate("levelx", bots, 101, seed=8, engine="engine", progress=False)
    pd.testing.assert_frame_equal(fast, engine)
    assert sorted(k for block in groups for g in block for k in g) == list(range(101))
    assert max(len(g) for block in groups for g in block) <= 16
    if len(set(bots)) == 1:  # consecutive games, seats rotating within a group
        assert all(g == list(range(g[0], g[-1] + 1)) for block in groups for g in block)


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "random", "random"]])
def test_games_longer_than_the_dice_drawn_ahead_are_played_again_exactly(bots, monkeypatch):
    """With dice drawn for 3 rounds only, every game outlasts them: played on stand-in dice
    first, then again (12, 48 rounds ...) until its own dice suffice; the frame is still the
    engine's."""
    import levelwidgets.analysis.batch as batch

    replays = []
    play = batch.play

    def counted(n_games, *args):
        replays.append(n_games)
        return play(n_games, *args)

    monkeypatch.setattr(batch, "ahead_rounds", lambda policies: 3)
    monkeypatch.setattr(batch, "play", counted)
    fast = simulate("levelx", bots, 30, seed=5, engine="batch", progress=False)
    monkeypatch.undo()
    engine = simulate("levelx", bots, 30, seed=5, engine="engine", progress=False)
    pd.testing.assert_frame_equal(fast, engine)
    assert len(replays) > len(bots)  # some blocks were played again
