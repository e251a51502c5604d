"""The three games as OpenSpiel games: registration, OpenSpiel's own random test, chance,
observers, serialization, the length bound and OpenSpiel bots playing to the end."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel")

from levelwidgets.interop import core  # noqa: E402
from levelwidgets.interop import openspiel as osp  # noqa: E402
from levelwidgets.interop.openspiel_board import SAMPLED_PHASES, determinize_board  # noqa: E402
from levelwidgets.interop.openspiel_bots import (  # noqa: E402
    DeterminizedMCTSBot,
    levelx_mcts_bot,
    play,
)

CARD_GAMES = ("level8", "level8_board")


def _random_walk(state, steps: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    taken = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(ids, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        taken.append(action)
    return taken


def test_games_are_registered_with_their_parameters():
    for name in core.GAME_NAMES:
        assert name in pyspiel.registered_names()
        params = pyspiel.load_game(name).get_type().parameter_specification
        assert {"players", "seed", "max_decisions"} <= set(params)
    game = pyspiel.load_game("levelx", {"players": 3})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 336
    assert game.max_chance_outcomes() == 126
    chance = pyspiel.GameType.ChanceMode
    assert game.get_type().chance_mode == chance.EXPLICIT_STOCHASTIC
    for name in CARD_GAMES:
        card = pyspiel.load_game(name, {"players": 4})
        assert card.get_type().chance_mode == chance.EXPLICIT_STOCHASTIC
        assert card.max_chance_outcomes() == osp.DEAL_SEEDS == 2**16
        assert card.num_players() == 4
        assert card.num_distinct_actions() == core.make_game(name, players=4).num_distinct_actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_random_sim_test_levelx(players):
    game = pyspiel.load_game("levelx", {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", CARD_GAMES)
def test_openspiel_random_sim_test_card_games(name, players):
    # Whole random games from level 1 take thousands of actions (seconds each through
    # OpenSpiel's checks): these start at the last level and stop at a bound if need be
    # (random board games there end within it; natural ends are also tested below). With
    # serialize=True OpenSpiel serializes game and state together (SerializeGameAndState),
    # the deal node included; seed -1 (2 players) and other seed families are both run.
    params = {"players": players, "seed": players - 3, "start_level": 8, "max_decisions": 150}
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", CARD_GAMES)
def test_card_game_starts_with_one_chance_node_over_the_deal_seeds(name):
    game = pyspiel.load_game(name, {"players": 3, "start_level": 4})
    state = game.new_initial_state()
    assert state.is_chance_node() and not state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(2**16)) == state.legal_actions()
    assert {p for _, p in outcomes} == {1 / 2**16}
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1234) == "deal seed 1234"
    assert state.returns() == [0.0] * 3 and state.rewards() == [0.0] * 3
    # Before the deal nobody sees anything, and there is no engine game yet.
    assert state.observation_string(0) == "before the deal"
    assert not any(state.observation_tensor(1))
    with pytest.raises(osp.NotDealtError, match="not been dealt"):
        osp.engine_of(state)
    # The deal node survives serialization, alone and with its game.
    copy = game.deserialize_state(state.serialize())
    assert copy.is_chance_node() and str(copy) == str(state)
    new_game, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert again.is_chance_node() and new_game.max_chance_outcomes() == 2**16
    # Outcome k is the engine game with seed k (seed -1), the same in every copy.
    for s in (state, copy, again):
        s.apply_action(1234)
    want = core.make_game(name, players=3, seed=1234, start_level=4).to_json()
    assert {osp.engine_of(s).to_json() for s in (state, copy, again)} == {want}
    assert state.history() == [1234] and not state.is_chance_node()
    assert state.current_player() == osp.engine_of(state).current_player


def test_seed_picks_the_family_of_deals():
    assert osp.deal_seed(-1, 7) == 7
    assert osp.deal_seed(0, 7) == 2**16 + 7
    assert osp.deal_seed(5, 0) == 6 * 2**16
    game = pyspiel.load_game("level8", {"seed": 5})
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == f"deal seed {6 * 2**16 + 3}"
    state.apply_action(3)
    assert osp.engine_of(state).seed == 6 * 2**16 + 3
    with pytest.raises(ValueError, match="from 0 to 65535"):
        osp.deal_seed(-1, 2**16)
    with pytest.raises(ValueError, match="seed must be -1"):
        pyspiel.load_game("level8", {"seed": -2})


def test_a_refused_deal_outcome_changes_nothing():
    state = pyspiel.load_game("level8_board").new_initial_state()
    with pytest.raises(ValueError, match="deal outcome"):
        state.apply_action(2**16)
    assert state.is_chance_node() and state.history() == []


def test_levelx_rolls_are_chance_nodes_with_exact_probabilities():
    game = pyspiel.load_game("levelx")
    state = game.new_initial_state()
    for _ in range(3):
        assert state.is_chance_node()
        engine = osp.engine_of(state)
        expected = [(engine.action_id(r), float(p)) for r, p in engine.chance_outcomes()]
        assert state.chance_outcomes() == expected
        assert [a for a, _ in expected] == list(range(126))
        assert sum(Fraction(p) for _, p in engine.chance_outcomes()) == 1
        _random_walk(state, 2, seed=len(state.history()))  # a roll and a move


@pytest.mark.parametrize("name", core.GAME_NAMES)
def test_serialized_state_goes_on_exactly_like_the_original(name):
    game = pyspiel.load_game(name, {"players": 3, "seed": 9})
    state = game.new_initial_state()
    _random_walk(state, 40, seed=1)
    copy = game.deserialize_state(state.serialize())
    assert copy.history() == state.history()
    assert osp.engine_of(copy).to_json() == osp.engine_of(state).to_json()
    rng = random.Random(2)
    for _ in range(120):  # shuffles included: the generator travels with the state
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
    assert osp.engine_of(copy).to_json() == osp.engine_of(state).to_json()


@pytest.mark.parametrize("name", core.GAME_NAMES)
def test_observations_are_the_seat_views_of_the_core(name):
    import numpy as np

    game = pyspiel.load_game(name, {"players": 3, "seed": 4})
    state = game.new_initial_state()
    _random_walk(state, 25, seed=3)
    engine = osp.engine_of(state)
    for seat in range(3):
        want = core.observation_tensor(engine, seat)
        got = np.array(state.observation_tensor(seat), dtype=np.float32)
        assert got.shape == (int(np.prod(want.shape)),)
        assert np.array_equal(got, want.ravel())
        assert state.observation_string(seat) == core.observation_string(engine, seat)
    assert game.observation_tensor_shape() == list(core.observation_shape(engine))


def test_observer_types_offered_and_refused():
    iig = pyspiel.IIGObservationType
    private = pyspiel.PrivateInfoType
    for name in core.GAME_NAMES:
        game = pyspiel.load_game(name)
        with pytest.raises(osp.ObserverTypeError, match="perfect-recall"):
            game.make_py_observer(iig(perfect_recall=True))
        with pytest.raises(osp.ObserverTypeError, match="no parameters"):
            game.make_py_observer(None, {"x": 1})
    public_only = iig(perfect_recall=False, public_info=True, private_info=private.NONE)
    assert pyspiel.load_game("levelx").make_py_observer(public_only).tensor is not None
    for name in CARD_GAMES:
        with pytest.raises(osp.ObserverTypeError, match="own view"):
            pyspiel.load_game(name).make_py_observer(public_only)


def test_bound_ends_the_game_as_a_draw():
    game = pyspiel.load_game("level8", {"seed": 2, "max_decisions": 5})
    assert game.max_game_length() == 5
    state = game.new_initial_state()
    _random_walk(state, 100, seed=1)
    assert state.is_terminal() and not osp.engine_of(state).is_over
    assert len(state.history()) == 6  # the deal, then 5 decisions
    assert state.returns() == [0.0, 0.0] and state.rewards() == [0.0, 0.0]
    assert "bound of 5" in str(state)
    with pytest.raises(Exception, match="max_decisions"):
        pyspiel.load_game("levelx", {"max_decisions": 0})


@pytest.mark.parametrize("name", CARD_GAMES)
def test_random_game_reaches_its_natural_end(name):
    game = pyspiel.load_game(name, {"players": 2, "seed": 11, "start_level": 7})
    state = game.new_initial_state()
    _random_walk(state, 20_000, seed=5)
    assert state.is_terminal() and osp.engine_of(state).is_over
    assert sum(state.returns()) == pytest.approx(1.0)
    assert state.rewards() == state.returns()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_levelx_mcts_bot_plays_a_game_to_the_end():
    game = pyspiel.load_game("levelx", {"players": 2})
    bots = [levelx_mcts_bot(game, simulations=3, seed=s) for s in range(2)]
    state = play(game, bots, seed=1)
    assert osp.engine_of(state).is_over
    assert sum(state.returns()) == pytest.approx(1.0)


def test_determinized_mcts_bot_plays_level8_to_the_end():
    game = pyspiel.load_game("level8", {"players": 2, "seed": 3})
    bots = [DeterminizedMCTSBot(game, p, determinizations=1, simulations=6, seed=p) for p in (0, 1)]
    state = play(game, bots, seed=3)
    assert osp.engine_of(state).is_over
    assert sum(state.returns()) == pytest.approx(1.0)


def test_determinized_mcts_bot_plays_the_board_game_to_the_end():
    game = pyspiel.load_game("level8_board", {"players": 2, "seed": 3, "start_level": 8})
    bots = [DeterminizedMCTSBot(game, p, determinizations=1, simulations=6, seed=p) for p in (0, 1)]
    state = play(game, bots, seed=3)
    assert osp.engine_of(state).is_over
    assert sum(state.returns()) == pytest.approx(1.0)


def test_board_samples_keep_what_the_seat_sees():
    engine = core.make_game("level8_board", players=3, seed=2)
    walk, rng, checked = random.Random(1), random.Random(5), 0
    for _ in range(400):
        obs = engine.observation(engine.current_player)
        if obs.phase in SAMPLED_PHASES:
            sample = determinize_board(obs, rng)
            assert sample.observation(engine.current_player).table.hand == obs.table.hand
            assert sample.legal_action_ids() == engine.legal_action_ids()
            assert core.observation_tensor(sample, engine.current_player).tolist() == (
                core.observation_tensor(engine, engine.current_player).tolist()
            )
            checked += 1
        engine.apply(engine.action_from_id(walk.choice(engine.legal_action_ids())))
    assert checked > 20
    with pytest.raises(ValueError, match="sampled at"):
        determinize_board(core.make_game("level8_board", seed=1).observation(0), rng)


def test_determinized_bot_refuses_other_games():
    with pytest.raises(ValueError, match="plays level8 and level8_board"):
        DeterminizedMCTSBot(pyspiel.load_game("levelx"), 0)


def test_refused_parameters_and_states_name_the_problem():
    with pytest.raises(ValueError, match="2 to 4 players"):
        pyspiel.load_game("levelx", {"players": 5})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("levelx", {"colour": 1})
    with pytest.raises(TypeError, match="not a state"):
        osp.engine_of(pyspiel.load_game("tic_tac_toe").new_initial_state())
    game = pyspiel.load_game("level8", {"players": 3})
    with pytest.raises(ValueError, match="has 3 players"):
        osp.state_for(game, core.make_game("level8", players=2, seed=1))


def test_state_for_wraps_a_set_up_position():
    game = pyspiel.load_game("levelx")
    engine = core.make_game("levelx", seed=3)
    engine.apply(engine.action_from_id(5))  # a roll: now the seat moves
    state = osp.state_for(game, engine)
    assert not state.is_chance_node() and state.current_player() == 0
    assert state.legal_actions() == engine.legal_action_ids()


def test_choice_id_finds_a_swap_or_show_given_in_another_card_order():
    """Our bots give cards sorted now; a program may not: such an action (legal, but the
    order decides which card ends on top, so it has no id) is mapped to the listed one."""
    import dataclasses

    from levelwidgets.interop.openspiel_bots import choice_id
    from levelwidgets.level8.board.bots import BoardHeuristicBot
    from levelwidgets.level8.errors import Level8Error

    bots = [BoardHeuristicBot(seed=s) for s in range(2)]
    game = core.make_game("level8_board", seed=0)
    while not game.is_over:
        for listed in game.legal_actions():
            if listed.kind in ("swap", "show") and len(set(listed.cards)) >= 2:
                turned = dataclasses.replace(listed, cards=tuple(reversed(listed.cards)))
                with pytest.raises(Level8Error):
                    game.action_id(turned)
                chosen = game.action_from_id(choice_id(game, turned, game.legal_action_ids()))
                assert chosen.kind == turned.kind
                assert sorted(chosen.cards) == sorted(turned.cards)
                return
        game.apply(bots[game.current_player].choose(game.observation(game.current_player)))
    pytest.fail("no swap or show of two or more cards came up in a whole game")


def _openspiels_own_answers(state, players: int) -> tuple:
    """What OpenSpiel's C++ side answers for ``state`` (through ``_legal_actions``,
    ``current_player`` and ``chance_outcomes``), past the Python shortcuts."""
    own = pyspiel.State
    per_seat = []
    for seat in range(players):
        per_seat.append(own.legal_actions(state, seat))
    return (
        own.legal_actions(state),
        per_seat,
        own.is_chance_node(state),
        own.is_player_node(state),
        own.is_terminal(state),
    )


@pytest.mark.parametrize("name", core.GAME_NAMES)
def test_python_shortcuts_answer_as_openspiel_does(name):
    """``legal_actions``, ``is_chance_node`` and ``is_player_node`` are answered in Python
    for Python callers: at the deal, at rolls, at every seat's decisions and at the end
    (natural, or cut at the bound) they give what OpenSpiel's own C++ path gives."""
    players = 3
    for cap, walk_seed in ((30, 1), (MAX_CAP[name], 2)):
        params = {"players": players, "seed": 4, "max_decisions": cap}
        if name != "levelx":
            params["start_level"] = 7  # a short card game
        game = pyspiel.load_game(name, params)
        state = game.new_initial_state()
        rng = random.Random(walk_seed)
        kinds = set()
        while True:
            legal, per_seat, chance, player, terminal = _openspiels_own_answers(state, players)
            assert state.legal_actions() == legal
            assert [state.legal_actions(seat) for seat in range(players)] == per_seat
            if chance:
                assert state.legal_actions(pyspiel.PlayerId.CHANCE) == legal
                assert legal == [a for a, _ in state.chance_outcomes()]
            assert (state.is_chance_node(), state.is_player_node()) == (chance, player)
            assert state.is_terminal() == terminal
            kinds.add("end" if terminal else "chance" if chance else "decision")
            if terminal:
                break
            # the deal's 65,536 ids are compared once; then a deal that ends early
            action = 7 if chance and name != "levelx" else rng.choice(legal)
            state.apply_action(action)
        assert kinds == {"chance", "decision", "end"}
        assert state.legal_actions() == [] and state.legal_actions(0) == []


#: A bound no random game of the test reaches (the game ends by its rules).
MAX_CAP = {name: osp.MAX_DECISIONS[name] for name in core.GAME_NAMES}
