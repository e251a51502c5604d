"""The cursor: cached replay equals a fresh replay everywhere; play on from here; listeners."""

from __future__ import annotations

import random

import pytest

from levelwidgets import level8, levelx
from levelwidgets.record import Cursor, GameRecord, RecordError, record

from .helpers import levelx_game


def _fingerprint(game):
    """Everything that defines a position (RNG included), cheap enough for every node."""
    if isinstance(game, levelx.LevelX):
        log = game._log
        last = (log[-1][:3], log[-1][3].notation) if log else None
        return game._state.to_dict(), game._rng.getstate(), game.dice, game.dice_drawn, last
    return (
        game.state_dict(),
        game._rng.getstate(),
        len(game.history),
        game.history[-1].to_dict(),
    )


def _fresh(rec: GameRecord, node):
    """A fresh replay from the config: a new game and every step on the way to ``node``."""
    adapter = rec._adapter
    game = adapter.new_game(rec.config)
    for step in node.path()[1:]:
        adapter.apply(game, step.data)
    return game


def _check_game(game, rng: random.Random) -> int:
    rec = record(game)
    adapter = rec._adapter
    # one fresh replay along the main line, with the position after every step
    fresh = adapter.new_game(rec.config)
    expected = {rec: _fingerprint(fresh)}
    for step in rec.mainline():
        adapter.apply(fresh, step.data)
        expected[step] = _fingerprint(fresh)
    assert adapter.snapshot(fresh) == adapter.snapshot(game)
    nodes = list(expected)
    cursor = rec.cursor()
    # forward through the whole game, then back, then jumps in random order
    visits = [*nodes[1:], *reversed(nodes[:-1]), *rng.sample(nodes, len(nodes))]
    for node in visits:
        if node.parent is cursor.node:
            cursor.forward()
        elif cursor.node.parent is node:
            cursor.back()
        else:
            cursor.goto(node if rng.random() < 0.5 else node.ply)
        assert cursor.node is node
        assert _fingerprint(cursor.game) == expected[node], f"ply {node.ply}"
    # a few variations played on from earlier positions equal their own fresh replay
    for node in rng.sample(nodes, 3):
        cursor.goto(node)
        game_here = cursor.game_copy()
        if game_here.is_over:
            continue
        if isinstance(game_here, levelx.LevelX):
            step = "roll" if game_here.phase == "roll" else rng.choice(game_here.legal_moves())
        else:
            step = rng.choice(game_here.legal_actions())
        played = cursor.play(step)
        assert cursor.node is played and played.parent is node
        assert _fingerprint(cursor.game) == _fingerprint(_fresh(rec, played))
    return len(nodes)


def test_cursor_equals_a_fresh_replay_at_every_node_of_200_seeded_games():
    rng = random.Random(2024)
    total = 0
    for seed in range(130):
        bots = [levelx.GreedyBot(), levelx.RandomBot(seed)][:: 1 if seed % 2 else -1]
        players = 2 + seed % 3
        bots = (bots * 2)[:players]
        total += _check_game(levelx.play_game(bots, seed=seed), rng)
    for seed in range(70):
        players = 2 + seed % 3
        bots = [level8.HeuristicBot(seed + i) for i in range(players - 1)]
        bots.append(level8.RandomBot(seed))
        # shorter Level 8 games (a few hundred steps) keep the test quick
        game = level8.Level8(players, seed=seed)
        for _ in range(150 + 5 * seed):
            if game.is_over:
                break
            p = game.current_player
            game.apply(bots[p].choose(game.observation(p)))
        total += _check_game(game, rng)
    assert total > 20_000


def test_levelx_cursor_matches_engine_after_at_turn_boundaries():
    game = levelx_game(11, players=3)
    rec = record(game)
    cursor = rec.cursor()
    for turn in range(0, len(game.history) + 1, 7):
        cursor.goto(2 * turn)
        assert cursor.game == game.after(turn)


def test_level8_cursor_matches_engine_after():
    game = level8.play_game([level8.HeuristicBot(1), level8.HeuristicBot(2)], seed=8)
    cursor = record(game).cursor()
    for ply in range(0, game.plies + 1, 25):
        cursor.goto(ply)
        assert cursor.game == game.after(ply)


def test_play_on_follows_the_same_step_or_adds_a_variation():
    rec = record(levelx_game(3))
    cursor = rec.cursor()
    heard = []
    cursor.on_move(lambda c, change: heard.append((change.node, change.new)))
    cursor.goto(1)
    main = cursor.node.next()
    same = cursor.play(main.notation)
    assert same is main and heard[-1] == (main, False)
    cursor.back()
    alt = cursor.play("-")
    assert alt is not main and not alt.is_main_line() and heard[-1] == (alt, True)
    assert rec.mainline_node(2) is main  # the main line stays as played
    roll = cursor.play("roll")
    assert roll.chance["drawn"] and cursor.game.dice == tuple(roll.chance["dice"])
    cursor.back(2)
    assert cursor.play("pass") is alt and heard[-1] == (alt, False)


def test_playing_a_kept_step_as_data_takes_its_kept_position():
    """A widget's record follows each step it shows as step data: a step the record holds,
    whose position is kept, is taken as it is (no copy, no replay), and is the same position a
    fresh replay reaches; a refused step data changes nothing."""
    rec = record(levelx_game(4))
    cursor = rec.cursor()
    heard = []
    cursor.on_move(lambda c, change: heard.append((change.node, change.new)))
    node = cursor.goto(3)  # its position is kept now
    events = node.events
    cursor.back()
    assert cursor.play(node.data) is node and heard[-1] == (node, False)
    assert cursor.game is rec._states.get(node) and node.events is events
    assert _fingerprint(cursor.game) == _fingerprint(_fresh(rec, node))
    cursor.back()
    before = (cursor.node, cursor.game.snapshot(), rec.to_json())
    with pytest.raises(RecordError):
        cursor.play({**node.data, "player": 5})
    assert (cursor.node, cursor.game.snapshot(), rec.to_json()) == before


def test_refused_play_leaves_the_cursor_where_it_was():
    rec = record(levelx_game(3))
    cursor = rec.cursor()
    cursor.goto(1)
    before = (cursor.node, cursor.game.snapshot(), rec.to_json())
    with pytest.raises(RecordError):
        cursor.play("6+6+6+6")
    with pytest.raises(RecordError):
        cursor.play("roll")
    assert (cursor.node, cursor.game.snapshot(), rec.to_json()) == before
    with pytest.raises(RecordError):
        cursor.goto(10_000)
    with pytest.raises(RecordError):
        cursor.goto("start")
    with pytest.raises(RecordError):
        cursor.back(-1)
    assert cursor.node is before[0]


def test_moves_stop_at_the_ends_and_last_follows_the_line():
    rec = record(levelx_game(3))
    cursor = Cursor(rec)
    assert cursor.back() is rec and not cursor.can_back()
    end = cursor.last()
    assert end.next() is None and not cursor.can_forward()
    assert cursor.forward() is end
    assert cursor.first() is rec and cursor.forward(3).ply == 3


def test_removing_the_current_variation_moves_the_cursor_to_its_parent():
    rec = record(levelx_game(3))
    cursor = rec.cursor()
    cursor.goto(1)
    alt = cursor.play("-")
    cursor.play("roll")
    rec.mainline_node(1).remove(alt)
    assert cursor.node is rec.mainline_node(1)
    assert cursor.game.phase == "play"
    cursor.close()


def test_back_to_person_skips_bot_positions():
    rec = record(levelx_game(3))
    cursor = rec.cursor()
    cursor.goto(9)  # after player 1's move (steps: roll/move per turn)
    node = cursor.back_to_person({1})
    assert cursor.to_move == 0 and node.ply == 8
    cursor.goto(12)
    node = cursor.back_to_person({1})
    assert node.ply == 9  # player 0's last position: just after the roll, before the move
    assert cursor.back_to_person({0, 1}) is rec


def test_goto_across_1000_steps_lands_on_the_step():  # its speed: benchmarks/record_speed.py
    game = levelx.LevelX(2, seed=1)
    while game.plies < 500 and not game.is_over:
        game.roll()
        game.play("-")  # a long game: nobody moves
    rec = record(game)
    assert rec.node_count == 1001
    cursor = rec.cursor()
    cursor.goto(1000)
    assert cursor.game.to_json() == game.to_json()
    for target in (0, 1000, 1, 999, 500):  # a step is a roll or a move: two per turn
        cursor.goto(target)
        assert cursor.node.ply == target and cursor.game.plies == target // 2
        assert (cursor.game.dice is not None) == (target % 2 == 1)
    cursor.goto(1000)
    assert cursor.game.to_json() == game.to_json()
