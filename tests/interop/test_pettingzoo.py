"""The PettingZoo AEC environments: PettingZoo's own tests, whole games, chance, seeding,
max_cycles, illegal actions and rendering."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test

from levelwidgets.interop import core
from levelwidgets.interop.gym import IllegalActionError, sample_chance
from levelwidgets.interop.pettingzoo import (
    ENVIRONMENTS,
    MaxCyclesError,
    level8_v0,
    levelx_v0,
    parallel_env,
)
from levelwidgets.interop.render import NotInNotebookWarning, RenderModeError

GAMES = list(ENVIRONMENTS)


def play_out(env, rng: np.random.Generator, limit: int = 20_000) -> list[str]:
    """Play masked random actions until every agent is done; the agents in acting order."""
    order = []
    for agent in env.agent_iter(limit):
        obs, _, terminated, truncated, _ = env.last()
        order.append(agent)
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return order


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # its advice on Dict observation spaces
        api_test(ENVIRONMENTS[game](), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game):
    seed_test(ENVIRONMENTS[game], num_cycles=150)


def test_api_test_passes_with_more_players_and_a_rule_option():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(levelx_v0(players=4, lucky_loser=False), num_cycles=300)
    env = levelx_v0(lucky_loser=False)
    env.reset(seed=1)
    assert env.game.rules.lucky_loser is False
    env = level8_v0(players=3, lay_down_cap=5)
    env.reset(seed=1)
    assert env.game.config["lay_down_cap"] == 5 and env.num_agents == 3


def bot_choice(env, seat: int, bots: list, rng: np.random.Generator) -> int:
    """The action id our bot for ``seat`` picks (games stay short), or a random legal id when
    its action is not one of the listed legal actions (a board-game swap outside the listed
    options has no id; a Level 8 skip with another skip card than the listed one)."""
    from levelwidgets.errors import GameError

    game = env.game
    legal = game.legal_action_ids()
    action = bots[seat].choose(game if env.game_name == "levelx" else game.observation(seat))
    try:
        action_id = game.action_id(action)
    except GameError:
        action_id = None
    return action_id if action_id in legal else int(rng.choice(legal))


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_ends_with_the_engine_returns(game):
    from levelwidgets.interop.gym import make_bot

    env = ENVIRONMENTS[game]()
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    bots = [make_bot(game, "heuristic", seat) for seat in range(env.num_agents)]
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert env.game.current_player == seat
        mask = obs["action_mask"]
        assert np.flatnonzero(mask).tolist() == env.game.legal_action_ids()
        np.testing.assert_array_equal(obs["observation"], core.observation_tensor(env.game, seat))
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        action = bot_choice(env, seat, bots, rng)
        assert mask[action] == 1
        env.step(action)
    assert env.game.is_over
    assert [rewards[a] for a in env.possible_agents] == env.game.returns()
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_level_x_agents_only_decide_the_environment_rolls():
    env = levelx_v0()
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    decisions = 0
    while not env.game.is_over and decisions < 200:
        assert not env.game.is_chance()
        assert env.game.phase == "play"
        ids = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        assert ids.min() >= 126  # 0-125 are the rolls: never an agent's choice
        env.step(int(rng.choice(ids)))
        decisions += 1
    assert len(env.game.steps()) > decisions  # the rolls were played too


class FixedRandom:
    """A generator stand-in whose random() returns the given number."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value


def test_chance_is_sampled_with_the_exact_probabilities():
    game = core.make_game("levelx", seed=1)
    outcomes = game.chance_outcomes()
    first = float(outcomes[0][1])
    second = float(outcomes[1][1])
    cache: dict = {}
    assert sample_chance(game, FixedRandom(0.0), cache) == outcomes[0][0]
    assert sample_chance(game, FixedRandom(first * 0.999), cache) == outcomes[0][0]
    assert sample_chance(game, FixedRandom(first * 1.001), cache) == outcomes[1][0]
    assert sample_chance(game, FixedRandom(first + second * 1.001), cache) == outcomes[2][0]
    assert sample_chance(game, FixedRandom(0.999999999), cache) == outcomes[-1][0]
    assert sample_chance(game, FixedRandom(1.0), cache) == outcomes[-1][0]
    tables = len(cache)
    game.apply(outcomes[0][0])
    game.apply(game.legal_actions()[0])
    assert sample_chance(game, FixedRandom(0.0), cache) == outcomes[0][0]
    assert len(cache) == tables  # the cumulative probabilities are made once


def test_reset_seed_repeats_the_game_and_other_seeds_differ():
    a, b, c = level8_v0(), level8_v0(), level8_v0()
    a.reset(seed=7)
    b.reset(seed=7)
    c.reset(seed=8)
    assert a.game.config == b.game.config != c.game.config
    rng_a, rng_b = np.random.default_rng(2), np.random.default_rng(2)
    assert play_out(a, rng_a, 200) == play_out(b, rng_b, 200)
    assert a.game.steps() == b.game.steps()
    a.reset()  # no seed: the next game of the seeded sequence, not the same game again
    assert a.game.config != b.game.config


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles_truncates_every_agent(game):
    env = ENVIRONMENTS[game](max_cycles=3)
    env.reset(seed=2)
    order = play_out(env, np.random.default_rng(3))
    counts = {agent: order.count(agent) for agent in env.possible_agents}
    # every agent decides at most 3 times, then takes exactly one dead step
    assert max(counts.values()) == 3 + 1
    assert not env.agents and not env.game.is_over
    live = [a for a in order[: -len(env.possible_agents)]]
    assert max(live.count(a) for a in env.possible_agents) == 3


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "3"])
def test_max_cycles_must_be_a_positive_whole_number(bad):
    with pytest.raises(MaxCyclesError, match="max_cycles"):
        levelx_v0(max_cycles=bad)


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = level8_v0()
    env.reset(seed=4)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.game.to_json()
    with pytest.raises(IllegalActionError, match=f"{agent} cannot play action {illegal}"):
        env.step(illegal)
    assert env.game.to_json() == before
    assert env.agent_selection == agent
    with pytest.raises(IllegalActionError):
        env.step(np.int64(env.action_space(agent).n))  # out of range


def test_the_parallel_view_plays_one_decision_per_step():
    env = parallel_env("levelx")
    observations, _ = env.reset(seed=1)
    rng = np.random.default_rng(4)
    steps = 0
    while env.agents:
        active = env.aec_env.agent_selection
        mask = observations[active]["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        observations, rewards, *_ = env.step({active: action})
        steps += 1
    assert env.unwrapped.game.is_over
    assert steps == sum(1 for s in env.unwrapped.game.steps() if s["kind"] == "move")
    assert sum(rewards.values()) == pytest.approx(1.0)


def _hidden_codes(game) -> set[str]:
    """Card codes in a hand that no spectator can see anywhere on the table."""
    from levelwidgets.level8.cards import CODES

    seen = game.observation("spectator")
    visible = {c for c in seen.discard_tops if c is not None}
    visible |= {c for combos in seen.melds for combo in combos for c in combo.cards}
    hands = game.observation("teacher").hands
    hidden = {CODES[c] for hand in hands for c in hand}
    return hidden - {CODES[c] for c in visible}


def test_ansi_shows_the_spectator_view_without_hidden_cards():
    env = level8_v0(render_mode="ansi")
    env.reset(seed=6)
    play_out(env, np.random.default_rng(5), 30)
    text = env.render()
    assert "Player 1" in text and "Player 2" in text and "draw pile" in text
    hidden = _hidden_codes(env.game)
    assert hidden
    for code in hidden:
        assert not re.search(rf"(?<![0-9A-Z]){re.escape(code)}(?![0-9A-Z])", text), code
    x = levelx_v0(render_mode="ansi")
    x.reset(seed=1)
    assert "chips left" in x.render() and "dice" in x.render()


@pytest.mark.parametrize("game", GAMES)
def test_rgb_array_is_the_rasterised_picture(game):
    pytest.importorskip("resvg_py")
    env = ENVIRONMENTS[game](render_mode="rgb_array")
    env.reset(seed=1)
    picture = env.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert picture.shape[0] > 100 and picture.shape[1] > 100
    colours = (picture[..., 0].astype(np.uint32) << 16) | (picture[..., 1].astype(np.uint32) << 8)
    assert len(np.unique(colours | picture[..., 2])) > 5  # a drawing, not a blank


@pytest.mark.parametrize("game", ["levelx", "level8"])
def test_pettingzoo_render_test_passes(game):
    pytest.importorskip("resvg_py")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NotInNotebookWarning)
        render_test(ENVIRONMENTS[game], custom_tests={"ansi": lambda text: "to act" in text})


def test_human_outside_a_notebook_warns_once_and_shows_nothing():
    env = levelx_v0(render_mode="human")
    env.reset(seed=1)
    with pytest.warns(NotInNotebookWarning, match="Jupyter notebook"):
        assert env.render() is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.render()  # said once is enough


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(RenderModeError, match="'ansi', 'rgb_array', 'human'"):
        levelx_v0(render_mode="pixels")


@pytest.mark.parametrize("game", GAMES)
def test_masks_handed_out_are_read_only_and_never_change_later(game):
    """The environment keeps one mask per legal set and hands it out again: nobody may write
    into it, and every mask seen earlier still holds its own step's legal ids at the end."""
    env = ENVIRONMENTS[game]()
    env.reset(seed=11)
    rng = np.random.default_rng(2)
    seen: list[tuple[np.ndarray, list[int]]] = []
    while env.agents and len(seen) < 150:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        ids = env.game.legal_action_ids()
        assert np.flatnonzero(mask).tolist() == ids
        assert mask.dtype == np.int8 and mask.shape == (env.action_space(env.agent_selection).n,)
        with pytest.raises(ValueError):
            mask[ids[0]] = 0
        seen.append((mask, ids))
        env.step(int(rng.choice(ids)))
    assert len(seen) >= 20
    for mask, ids in seen:
        assert np.flatnonzero(mask).tolist() == ids
    handed_out = len({id(mask) for mask, _ in seen})
    assert handed_out < len(seen)  # a legal set met again got its kept mask


@pytest.mark.parametrize("game", GAMES)
def test_observations_handed_out_never_change_later(game):
    """A user may keep every observation it is given (a replay buffer): later steps, a
    second look at the same step and a new episode leave each one as it was, and each one
    is the seat's own tensor of its step."""
    env = ENVIRONMENTS[game]()
    env.reset(seed=5)
    rng = np.random.default_rng(4)
    kept: list[tuple[dict, np.ndarray, np.ndarray]] = []
    while env.agents and len(kept) < 60:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(env.agent_selection)
        expected = core.observation_tensor(env.game, seat)
        np.testing.assert_array_equal(obs["observation"], expected)
        kept.append((obs, expected, obs["action_mask"].copy()))
        if env.turn_order == "game":
            for other in env.possible_agents:  # another seat's look changes nothing kept
                env.observe(other)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(kept) >= 20
    env.reset(seed=6)
    env.last()
    assert len({id(obs["observation"]) for obs, _, _ in kept}) == len(kept)
    for obs, tensor, mask in kept:
        np.testing.assert_array_equal(obs["observation"], tensor)
        np.testing.assert_array_equal(obs["action_mask"], mask)


def test_the_mask_store_forgets_when_full_and_still_answers():
    from levelwidgets.interop.core import MaskCache

    masks = MaskCache(10)
    masks.limit = 3
    made = [masks([k]) for k in range(5)]
    assert [np.flatnonzero(m).tolist() for m in made] == [[k] for k in range(5)]
    assert len(masks._kept) <= 3
    assert masks([4]) is made[4]  # kept after the store started afresh
    assert not masks([]).any()
