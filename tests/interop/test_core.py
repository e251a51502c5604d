"""The shared interop core: games by name, tensor shapes, strings and masks (issue 29)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from levelwidgets.interop import (
    GAME_NAMES,
    action_mask,
    game_parameters,
    make_game,
    observation_shape,
    observation_string,
    observation_tensor,
)
from levelwidgets.level8 import Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX

CASES = [(name, n) for name in GAME_NAMES for n in (2, 3, 4)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_tensors_have_the_shape_and_follow_what_the_seat_sees(name: str, players: int) -> None:
    """Over a seeded random game: every tensor is float32, finite and of the config's
    shape; every mask marks exactly the legal ids; a seat's tensor changes whenever its
    observation changes (and its string with it)."""
    rng = random.Random(f"{name}-{players}")
    game = make_game(name, players=players, seed=players)
    shape = observation_shape(game)
    assert observation_shape(type(game).from_config(game.config)) == shape
    seen = [game.observation(s) for s in range(players)]
    before = [observation_tensor(game, s) for s in range(players)]
    texts = [observation_string(game, s) for s in range(players)]
    changes = 0
    for _ in range(250):
        if game.is_over:
            break
        mask = action_mask(game)
        assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions,)
        assert np.flatnonzero(mask).tolist() == game.legal_action_ids()
        game.apply(rng.choice(game.legal_actions()))
        assert observation_shape(game) == shape
        for s in range(players):
            now = observation_tensor(game, s)
            assert now.dtype == np.float32 and now.shape == shape
            assert np.isfinite(now).all() and (now >= 0).all()  # fits a Box(0, inf)
            text = observation_string(game, s)
            obs = game.observation(s)
            if obs != seen[s]:
                assert not np.array_equal(now, before[s]), f"seat {s} missed a change"
                assert text != texts[s]
                changes += 1
            seen[s], before[s], texts[s] = obs, now, text
    assert changes >= 100


def test_a_finished_game_has_an_empty_mask() -> None:
    rng = random.Random(3)
    game = make_game("levelx", players=2, seed=3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert not action_mask(game).any()


@pytest.mark.parametrize(
    ("name", "cls"), [("levelx", LevelX), ("level8", Level8), ("level8_board", Level8Board)]
)
def test_make_game_builds_the_engine_from_a_short_name(name: str, cls: type) -> None:
    params = game_parameters(name)
    assert params["players"] == 2 and params["seed"] is None
    game = make_game(name, players=3, seed=7)
    assert isinstance(game, cls) and game.num_players == 3
    assert make_game(name, players=3, seed=7).config == game.config  # the seed decides
    options = {k: v for k, v in params.items() if k not in ("players", "seed")}
    assert make_game(name, seed=1, **options).config == make_game(name, seed=1).config


def test_rule_options_reach_the_engines() -> None:
    assert make_game("levelx", oust="row_start", lucky_loser=False).rules.oust == "row_start"
    small = make_game("level8", players=2, seed=1, lay_down_cap=5)
    assert small.config["lay_down_cap"] == 5
    assert small.num_distinct_actions < make_game("level8", players=2, seed=1).num_distinct_actions
    two = make_game("level8", players=2, seed=1, sides="two")
    assert two.config["sides"] != make_game("level8", players=2, seed=1).config["sides"]
    late = make_game("level8", players=3, seed=1, start_level=8)
    assert late.observation(0).levels == (8, 8, 8)
    assert make_game("level8_board", players=2, start_level=5).observation(1).table.levels == (5, 5)
    board = make_game("level8_board", players=2, seed=1, sides="two")
    assert board.config["sides"] != make_game("level8_board", players=2, seed=1).config["sides"]


@pytest.mark.parametrize(
    ("name", "players", "words"),
    [
        ("levelx", 1, "Level X is for 2 to 4 players, not 1"),
        ("levelx", 5, "Level X is for 2 to 4 players, not 5"),
        ("level8", 7, "Level 8 is for 2 to 6 players, not 7"),
        ("level8_board", 1, "board game is for 2 to 6 players, not 1"),
    ],
)
def test_player_counts_outside_the_game_are_refused(name: str, players: int, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_game(name, players=players)


def test_unknown_games_options_and_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="there is no game 'chess'; the games are levelx"):
        make_game("chess")
    with pytest.raises(ValueError, match="Level 8 has no option oust; its options are sides"):
        make_game("level8", oust="owner")
    with pytest.raises(ValueError, match="start level 9 of Player 1 is not a level 1–8"):
        make_game("level8", start_level=9)
    with pytest.raises(
        TypeError, match=r"start_level must be a whole number \(1 = the first level\), not '8'"
    ):
        make_game("level8_board", start_level="8")
    with pytest.raises(TypeError, match="players must be a whole number"):
        make_game("levelx", players=2.0)  # type: ignore[arg-type]
    game = make_game("level8", players=2, seed=1)
    with pytest.raises(ValueError, match="seat must be a whole number from 0 to 1, not 2"):
        observation_tensor(game, 2)
    with pytest.raises(TypeError, match="from 0 to 1, not 'spectator'"):
        observation_string(game, "spectator")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not True"):
        observation_tensor(game, True)  # type: ignore[arg-type]
    seat = np.int64(1)  # what a numpy-based loop hands over
    assert np.array_equal(observation_tensor(game, seat), observation_tensor(game, 1))
    assert make_game("levelx", players=np.int64(3)).num_players == 3
    with pytest.raises(ValueError, match="there is no game"):
        game_parameters("level9")
    with pytest.raises(TypeError, match="must be a LevelX, Level8 or Level8Board game, not dict"):
        observation_shape({})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "players", "size"),
    [
        ("levelx", 2, 80),
        ("levelx", 3, 110),
        ("levelx", 4, 140),
        ("level8", 2, 639),
        ("level8", 6, 1531),
        ("level8_board", 2, 1170),
        ("level8_board", 6, 2434),
    ],
)
def test_default_sizes_are_the_documented_ones(name: str, players: int, size: int) -> None:
    """docs/interop.md gives these sizes; the layout tables there add up to them."""
    assert observation_shape(make_game(name, players=players, seed=1)) == (size,)


class _RenamedLevelX(LevelX):
    """A subclass whose observation and legal ids are its own: the Level X shortcuts (the
    tensor read in place, the mask kept by the move table) must not be taken for it."""

    def observation(self, viewer=None):
        obs = super().observation(viewer)
        obs["turns"] = 99
        return obs

    def legal_action_ids(self) -> list[int]:
        return super().legal_action_ids()[:1]


def test_level_x_shortcuts_are_for_level_x_itself_and_give_the_same_answers() -> None:
    from levelwidgets.interop import core, encode_levelx

    game = make_game("levelx", players=3, seed=8)
    rng = random.Random(8)
    masks = core.MaskCache(game.num_distinct_actions)
    listed = 0
    while not game.is_over:
        if game.is_chance():
            game.apply(rng.choice(game.chance_outcomes())[0])
            continue
        table = core.legal_table_function(game)(game)
        assert table is not None
        kept = masks.of_table(table, game)
        assert np.flatnonzero(kept).tolist() == game.legal_action_ids()
        for seat in range(3):
            fast = core.seat_tensor_function(game)(game, seat)
            slow = encode_levelx.tensor(game, game.observation(seat), seat)
            assert fast.tobytes() == slow.tobytes()
        listed += 1
        game.apply(game.action_from_id(rng.choice(game.legal_action_ids())))
    assert listed > 10
    assert core.legal_table_function(game)(game) is None  # over: the ids are none
    assert not masks.of_table(None, game).any()
    other = _RenamedLevelX(2, seed=3)
    other.apply(other.chance_outcomes()[0][0])
    assert core.legal_table_function(other) is None
    assert observation_tensor(other, 0)[-1] == 99.0  # from its own observation
    assert core.legal_table_function(make_game("level8")) is None


def test_the_config_bound_level_x_encoder_matches_the_observation_and_refuses_other_seats():
    """``config_tensor_function`` (what an environment holds for its games) gives the bytes
    of the observation's tensor for every seat of games of that config, a game of another
    player count is refused, and the card games keep their class's function."""
    from levelwidgets.interop import core, encode_levelx

    first = make_game("levelx", players=3, seed=1)
    encode = core.config_tensor_function(first)
    assert encode is not core.seat_tensor_function(first)
    rng = random.Random(5)
    for seed in (2, 3):  # new games of the same config (new rules objects too)
        game = make_game("levelx", players=3, seed=seed)
        while not game.is_over:
            if game.is_chance():
                game.apply(rng.choice(game.chance_outcomes())[0])
                continue
            for seat in range(3):
                slow = encode_levelx.tensor(game, game.observation(seat), seat)
                assert encode(game, seat).tobytes() == slow.tobytes()
            game.apply(game.action_from_id(rng.choice(game.legal_action_ids())))
    assert encode(game, 0).tobytes() == encode_levelx.tensor(game, game.observation(0), 0).tobytes()
    with pytest.raises(ValueError, match="3"):
        encode(make_game("levelx", players=2, seed=1), 0)
    card = make_game("level8")
    assert core.config_tensor_function(card) is core.seat_tensor_function(card)
