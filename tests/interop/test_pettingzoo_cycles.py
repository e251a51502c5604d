"""The cycle order of the PettingZoo environments: PettingZoo's max_cycles_test (unmodified),
api/seed tests on the cycle environments, wait ids, penalties and the cycle ParallelEnv."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from levelwidgets.errors import GameError
from levelwidgets.interop.gym import EpisodeOverError
from levelwidgets.interop.pettingzoo import (
    CycleParallelEnv,
    IllegalActionError,
    IllegalPolicyError,
    LevelGameEnv,
    TurnOrderError,
    UnknownAgentError,
    level8_board_v0,
    level8_v0,
    levelx_v0,
    parallel_env,
)
from levelwidgets.interop.pettingzoo.cycle_envs import level8_board_v0 as board_cycle
from levelwidgets.interop.pettingzoo.cycle_envs import level8_v0 as level8_cycle
from levelwidgets.interop.pettingzoo.cycle_envs import levelx_v0 as levelx_cycle

MODULES = {"levelx": levelx_cycle, "level8": level8_cycle, "level8_board": board_cycle}
GAMES = list(MODULES)


def masked_choice(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


# ----------------------------------------------------------------- PettingZoo's own tests
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_max_cycles_test_passes(game):
    max_cycles_test(MODULES[game])


@pytest.mark.parametrize("game", GAMES)
def test_api_and_seed_tests_pass_in_the_cycle_order(game):
    module = MODULES[game]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # its advice on Dict observation spaces
        api_test(module.env(), num_cycles=120)
    seed_test(module.env, num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api_and_seed_tests_pass(game):
    module = MODULES[game]
    parallel_api_test(module.parallel_env(), num_cycles=120)
    parallel_seed_test(module.parallel_env, num_cycles=60)


def test_the_modules_look_like_pettingzoo_env_modules():
    for game, module in MODULES.items():
        env = module.env()
        assert isinstance(env, LevelGameEnv) and env.game_name == game
        assert env.turn_order == "cycle" and env.illegal_action == "penalty"
        assert module.raw_env is module.env
        assert isinstance(module.parallel_env(players=3), CycleParallelEnv)
    # every keyword still works, and the defaults give way to the caller's
    assert levelx_cycle.env(illegal_action="raise").illegal_action == "raise"
    assert level8_cycle.env(players=4).num_agents == 0  # agents appear at reset
    assert len(level8_cycle.env(players=4).possible_agents) == 4


# ----------------------------------------------------------------- the cycle order
@pytest.mark.parametrize("game", GAMES)
def test_every_agent_steps_once_per_cycle_and_only_the_decider_decides(game):
    env = MODULES[game].env(players=3)
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    wait = env.wait_action
    assert wait == env.game.num_distinct_actions == env.action_space("player_0").n - 1
    for cycle in range(40):
        decider = env.possible_agents[env.game.current_player]  # fixed when a cycle starts
        deciders = 0
        for agent in env.possible_agents:
            assert env.agent_selection == agent  # seat order, every agent
            obs, _, terminated, truncated, info = env.last()
            assert not terminated and not truncated
            mask = obs["action_mask"]
            if agent == decider:
                deciders += 1
                assert mask[wait] == 0
                assert np.flatnonzero(mask).tolist() == env.game.legal_action_ids()
            else:
                assert np.flatnonzero(mask).tolist() == [wait]
            env.step(masked_choice(mask, rng))
            assert info["illegal_action"] is False
        assert deciders == 1
        assert env.cycles == cycle + 1
        if env.game.is_over:
            break


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_cycle_game_ends_at_a_cycle_end_with_the_engine_returns(game):
    short = {} if game == "levelx" else {"start_level": 8}  # the last level: a short game
    env = MODULES[game].env(**short)
    env.reset(seed=3)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    live_steps = dict.fromkeys(env.possible_agents, 0)
    decisions = 0
    for agent in env.agent_iter(200_000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated
            env.step(None)
            continue
        live_steps[agent] += 1
        action = masked_choice(obs["action_mask"], rng)
        decisions += action != env.wait_action
        env.step(action)
    assert env.game.is_over
    assert [totals[a] for a in env.possible_agents] == env.game.returns()
    assert sum(totals.values()) == pytest.approx(1.0)
    # every agent stepped in every cycle (the episode ended at the end of one), and every
    # cycle had exactly one decision
    assert set(live_steps.values()) == {env.cycles}
    assert decisions == env.cycles


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles_truncates_after_that_many_cycles(game):
    env = MODULES[game].env(max_cycles=3, players=3)
    env.reset(seed=2)
    rng = np.random.default_rng(3)
    order = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        order.append((agent, terminated or truncated))
        if truncated:
            assert not terminated and not obs["action_mask"].any()
            env.step(None)
        else:
            env.step(masked_choice(obs["action_mask"], rng))
    names = env.possible_agents
    assert [agent for agent, _ in order] == names * 4  # 3 cycles, then one dead step each
    assert [done for _, done in order] == [False] * 9 + [True] * 3
    assert env.cycles == 3 and not env.game.is_over and not env.agents


# ----------------------------------------------------------------- illegal actions
def test_a_penalty_changes_nothing_in_the_game_and_the_decider_keeps_its_decision():
    env = level8_cycle.env(illegal_reward=-2.5)
    env.reset(seed=4)
    decider = env.possible_agents[env.game.current_player]
    before = env.game.to_json()
    steps_before = len(env.game.steps())
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[0])  # for a waiter: any id but the wait id
        env.step(illegal)
        assert env.rewards[agent] == -2.5
        assert env.infos[agent]["illegal_action"] is True
        assert env.game.to_json() == before
    assert len(env.game.steps()) == steps_before
    assert env.cycles == 1
    # the next cycle: the same decider, each agent sees its penalty in last()
    for agent in env.possible_agents:
        obs, reward, *_ = env.last()
        assert reward == -2.5
        mask = obs["action_mask"]
        assert (mask[env.wait_action] == 0) == (agent == decider)
        env.step(masked_choice(mask, np.random.default_rng(0)))
        assert env.infos[agent]["illegal_action"] is False
    assert env.game.to_json() != before
    # the wait id is refused to the decider too
    decider = env.possible_agents[env.game.current_player]
    for agent in env.possible_agents:
        env.step(env.wait_action)
        assert env.infos[agent]["illegal_action"] is (agent == decider)


def test_in_the_game_order_a_penalty_keeps_the_agent_on_its_decision():
    env = levelx_v0(illegal_action="penalty", max_cycles=3)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.game.to_json()
    env.step(0)  # id 0 is a roll: never an agent's action
    assert env.agent_selection == agent and env.game.to_json() == before
    obs, reward, _, _, info = env.last()
    assert reward == -1.0 and info["illegal_action"] is True and obs["action_mask"].any()
    env.step(masked_choice(obs["action_mask"], np.random.default_rng(0)))
    assert env.infos[agent]["illegal_action"] is False
    assert env.game.to_json() != before
    # max_cycles counts the agent's steps, refused ones included: nobody loops for ever
    env.reset(seed=1)
    agent = env.agent_selection
    for _ in range(3):
        assert not env.truncations[agent]
        env.step(0)
    assert all(env.truncations.values())


def test_raise_refuses_and_changes_nothing_in_the_cycle_order():
    env = levelx_cycle.env(illegal_action="raise")
    env.reset(seed=5)
    agents = env.possible_agents
    decider = agents[env.game.current_player]
    waiter = next(a for a in agents if a != decider)
    before = env.game.to_json()
    while env.agent_selection != waiter:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(masked_choice(mask, np.random.default_rng(0)))
    middle = env.game.to_json()
    legal_of_game = env.game.legal_action_ids()[0]
    with pytest.raises(IllegalActionError, match=f"{waiter} cannot play action {legal_of_game}"):
        env.step(legal_of_game)
    assert env.agent_selection == waiter and env.game.to_json() == middle
    env.step(env.wait_action)
    env.reset(seed=5)
    assert env.game.to_json() == before
    while env.agent_selection != decider:
        env.step(env.wait_action)
    with pytest.raises(IllegalActionError, match="may not wait"):
        env.step(env.wait_action)
    with pytest.raises(IllegalActionError) as refused:
        env.step(env.wait_action + 1)  # beyond every id
    assert isinstance(refused.value.__cause__, GameError)  # the engine's reason is kept
    assert env.agent_selection == decider and env.game.to_json() == before


# ----------------------------------------------------------------- the parallel environment
def test_one_parallel_step_is_one_cycle_and_matches_pettingzoo_aec_to_parallel():
    ours = level8_cycle.parallel_env(players=3)
    theirs = aec_to_parallel(level8_cycle.env(players=3))  # is_parallelizable holds
    obs_a, _ = ours.reset(seed=9)
    obs_b, _ = theirs.reset(seed=9)
    rng = np.random.default_rng(2)
    for _ in range(25):
        actions = {agent: masked_choice(obs_a[agent]["action_mask"], rng) for agent in ours.agents}
        before = ours.aec_env.cycles
        obs_a, rew_a, term_a, trunc_a, _ = ours.step(actions)
        obs_b, rew_b, term_b, trunc_b, _ = theirs.step(actions)
        assert ours.aec_env.cycles == before + 1
        assert rew_a == dict(rew_b) and term_a == term_b and trunc_a == trunc_b
        for agent in obs_a:
            np.testing.assert_array_equal(obs_a[agent]["observation"], obs_b[agent]["observation"])
            np.testing.assert_array_equal(obs_a[agent]["action_mask"], obs_b[agent]["action_mask"])
    assert ours.game.to_json() == theirs.unwrapped.game.to_json()


def test_the_parallel_env_truncates_refuses_strangers_and_stops_at_the_end():
    env = parallel_env("levelx", turn_order="cycle", max_cycles=2, illegal_action="penalty")
    assert isinstance(env, CycleParallelEnv)
    env.reset(seed=1)
    with pytest.raises(UnknownAgentError, match="player_7 is not playing"):
        env.step({"player_7": 0})
    _, rewards, _, truncations, infos = env.step({})  # everyone waits: the decider is penalised
    decider_penalised = [a for a, info in infos.items() if info["illegal_action"]]
    assert len(decider_penalised) == 1 and rewards[decider_penalised[0]] == -1.0
    assert not any(truncations.values())
    _, _, terminations, truncations, _ = env.step({})
    assert all(truncations.values()) and not any(terminations.values())
    assert env.agents == []
    with pytest.raises(EpisodeOverError, match="reset"):
        env.step({})
    env.max_cycles = 5  # as parallel_api_test sets it
    assert env.aec_env.max_cycles == 5


def test_a_refused_parallel_cycle_changes_nothing_under_raise():
    env = levelx_cycle.parallel_env(illegal_action="raise")
    obs, _ = env.reset(seed=3)
    before = env.game.to_json()
    actions = {
        agent: masked_choice(obs[agent]["action_mask"], np.random.default_rng(0))
        for agent in env.agents
    }
    waiter = next(a for a in env.agents if actions[a] == env.wait_action)
    bad = dict(actions, **{waiter: 200})
    with pytest.raises(IllegalActionError, match="nothing was played"):
        env.step(bad)
    assert env.game.to_json() == before and env.aec_env.cycles == 0
    env.step(actions)
    assert env.game.to_json() != before and env.aec_env.cycles == 1


# ----------------------------------------------------------------- options
def test_options_are_checked_before_anything_is_built():
    with pytest.raises(TurnOrderError, match='"game" or "cycle"'):
        levelx_v0(turn_order="round")
    with pytest.raises(IllegalPolicyError, match='"raise" or "penalty"'):
        level8_v0(illegal_action="ignore")
    with pytest.raises(IllegalPolicyError, match="finite"):
        level8_board_v0(illegal_reward=float("nan"))
    with pytest.raises(IllegalPolicyError, match="a number"):
        levelx_v0(illegal_reward="-1")
    with pytest.raises(TurnOrderError, match="parallel_env"):
        CycleParallelEnv("levelx", turn_order="game")
    default = levelx_v0()
    assert default.turn_order == "game" and default.illegal_action == "raise"
    assert default.wait_action is None
    assert default.action_space("player_0").n == default.game.num_distinct_actions
    assert default.metadata["is_parallelizable"] is False
    assert levelx_cycle.env().metadata["is_parallelizable"] is True
