"""The single-learner Gymnasium environments: check_env, whole episodes, opponents, seeding,
illegal actions and refusals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

from levelwidgets.interop import core
from levelwidgets.interop.gym import (
    IDS,
    EpisodeOverError,
    GameEnv,
    IllegalActionError,
    IllegalPolicyError,
    Level8BoardEnv,
    Level8Env,
    LevelXEnv,
    OpponentError,
    SeatError,
    make_bot,
)
from levelwidgets.interop.render import NotInNotebookWarning

GAMES = list(IDS)


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes_with_every_render_mode(game):
    env = gymnasium.make(IDS[game], render_mode="ansi")
    with warnings.catch_warnings():
        # its advice on unbounded Boxes, and "human" outside a notebook (tested below)
        warnings.simplefilter("ignore", UserWarning)
        check_env(env.unwrapped)


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes_without_the_render_check(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(GameEnv(game, seat=1, opponents="random"), skip_render_check=True)


def test_the_classes_and_ids_make_the_same_games():
    assert isinstance(gymnasium.make(IDS["levelx"]).unwrapped, LevelXEnv)
    assert isinstance(gymnasium.make(IDS["level8"]).unwrapped, Level8Env)
    assert isinstance(gymnasium.make(IDS["level8_board"]).unwrapped, Level8BoardEnv)
    a = Level8Env(players=3)
    b = gymnasium.make(IDS["level8"], players=3).unwrapped
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game.config == b.game.config and a.game.num_players == 3


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_an_episode_ends_with_the_learners_return(game, seat):
    env = GameEnv(game, seat=seat)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(seat)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    bot = make_bot(game, "heuristic", 9)  # the learner: a bot, so the episode stays short
    total, terminated, steps = 0.0, False, 0
    while not terminated:
        game_ = env.game
        assert game_.current_player == seat and not game_.is_chance()
        legal = game_.legal_action_ids()
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        np.testing.assert_array_equal(info["action_mask"], env.action_masks())
        np.testing.assert_array_equal(obs, core.observation_tensor(game_, seat))
        choice = bot.choose(game_ if game == "levelx" else game_.observation(seat))
        try:
            action = game_.action_id(choice)
        except Exception:
            action = None
        if action not in legal:  # a bot's skip or swap outside the listed options
            action = int(rng.choice(legal))
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated and "illegal_action" not in info
        total += reward
        steps += 1
    assert env.game.is_over
    assert total == env.game.returns()[seat]
    assert not info["action_mask"].any()
    with pytest.raises(EpisodeOverError, match="reset"):
        env.step(0)


def test_the_same_seed_repeats_the_episode():
    def run(seed: int) -> list:
        env = GameEnv("levelx", opponents="random")
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [obs]
        for _ in range(15):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, _, terminated, _, info = env.step(action)
            seen.append(obs)
            if terminated:
                break
        return [*seen, env.game.steps()]

    first, again, other = run(3), run(3), run(4)
    assert all(np.array_equal(a, b) for a, b in zip(first[:-1], again[:-1], strict=True))
    assert first[-1] == again[-1] != other[-1]


class Recorder:
    """A bot that plays the first listed action and keeps what it was given."""

    def __init__(self) -> None:
        self.given: list = []

    def choose(self, seen):
        self.given.append(seen)
        return seen.legal_moves()[0] if hasattr(seen, "legal_moves") else seen.legal_actions[0]


def test_level_8_bots_get_only_their_seats_observation():
    recorder = Recorder()
    env = GameEnv("level8", opponents=recorder)
    _, info = env.reset(seed=1)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert recorder.given
    assert all(seen.viewer == 1 and seen.hands is None for seen in recorder.given)


def test_level_x_bots_get_the_game():
    recorder = Recorder()
    env = GameEnv("levelx", opponents=[recorder])
    _, info = env.reset(seed=1)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert recorder.given and recorder.given[0] is env.game


def test_opponents_by_name_object_or_list():
    assert GameEnv("level8", players=3, opponents=["random", "heuristic"])._opponent_specs == [
        None,
        "random",
        "heuristic",
    ]
    with pytest.raises(OpponentError, match="no level8 bot called 'greedy'"):
        GameEnv("level8", opponents="greedy")
    with pytest.raises(OpponentError, match="one entry for each of the 2 other seats"):
        GameEnv("levelx", players=3, opponents=["greedy"])
    with pytest.raises(OpponentError, match="bot name or have choose"):
        GameEnv("levelx", opponents=[42])
    with pytest.raises(SeatError, match="0 to 1"):
        GameEnv("levelx", seat=2)
    with pytest.raises(IllegalPolicyError, match="penalty"):
        GameEnv("levelx", illegal_action="ignore")
    with pytest.raises(ValueError, match="game must be one of"):
        GameEnv("chess")


def test_an_illegal_action_ends_the_episode_with_the_penalty_and_changes_nothing():
    env = GameEnv("level8")
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game.to_json()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.game.to_json() == before
    np.testing.assert_array_equal(obs, core.observation_tensor(env.game, 0))


def test_an_illegal_action_can_raise_instead():
    env = GameEnv("levelx", illegal_action="raise")
    env.reset(seed=4)
    before = env.game.to_json()
    with pytest.raises(IllegalActionError, match="cannot play action 0"):
        env.step(0)  # id 0 is a roll: never the learner's
    assert env.game.to_json() == before


def test_rendering_shows_text_pictures_and_warns_outside_a_notebook():
    env = GameEnv("levelx", render_mode="ansi")
    env.reset(seed=1)
    assert "chips left" in env.render()
    picture = GameEnv("level8", render_mode="rgb_array")
    picture.reset(seed=1)
    frame = picture.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    human = GameEnv("levelx", render_mode="human")
    with pytest.warns(NotInNotebookWarning):
        human.reset(seed=1)


def test_render_without_a_mode_warns_and_draws_nothing():
    from levelwidgets.interop.pettingzoo import levelx_v0

    gym_env = GameEnv("levelx", opponents="random")
    gym_env.reset(seed=1)
    aec_env = levelx_v0()
    aec_env.reset(seed=1)
    for env in (gym_env, aec_env):
        with pytest.warns(UserWarning, match="without a render_mode"):
            assert env.render() is None
