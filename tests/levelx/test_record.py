"""JSON records, undo, replay, clone and listeners."""

from __future__ import annotations

import json

import pytest
from old_writers import levelx_old_dict  # tests/ is on sys.path

from levelwidgets.levelx import (
    GreedyBot,
    LevelX,
    NotationError,
    RandomBot,
    RecordError,
    Rules,
    play_game,
)

from .helpers import turn


def _mid_game(seed=11, players=3, turns=25, rules=None) -> LevelX:
    game = LevelX(players, seed=seed, rules=rules)
    bots = [RandomBot(seed + p) for p in range(players)]
    game.autoplay(bots, max_turns=turns)
    return game


def _continue(game: LevelX, seed: int = 99) -> LevelX:
    game.autoplay([GreedyBot()] + [RandomBot(seed + p) for p in range(game.num_players - 1)])
    return game


def test_round_trip_gives_an_equal_game_that_plays_on_identically():
    for rules in (None, Rules(oust="row_start", lucky_loser=False)):
        game = _mid_game(rules=rules)
        game.roll((1, 1, 1, 5))  # a pending, hand-set roll survives too
        loaded = LevelX.from_json(game.to_json())
        assert loaded == game and loaded.snapshot() == game.snapshot()
        for g in (game, loaded):
            g.play("-")
        assert _continue(loaded) == _continue(game), "the RNG state must come along"


def test_round_trip_with_a_pending_random_roll_and_names():
    game = LevelX(["Ann", "Bén", "<Cy>"], seed=4)
    turn(game, (5, 5, 5, 5), "5 5 5 5")
    game.roll()
    loaded = LevelX.from_json(game.to_json(indent=2))
    assert loaded == game and loaded.names == ["Ann", "Bén", "<Cy>"]
    assert loaded.dice == game.dice


def test_finished_game_round_trip_and_history_events():
    game = play_game([GreedyBot(), RandomBot(1)], seed=8)
    loaded = LevelX.from_json(game.to_json())
    assert loaded == game and loaded.is_over and loaded.winners == game.winners
    assert [t.to_dict() for t in loaded.history] == [t.to_dict() for t in game.history]


def test_same_seed_same_moves_same_game():
    a = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], seed=77)
    b = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], seed=77)
    assert a == b and a.to_json() == b.to_json()
    c = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], seed=78)
    assert c.to_json() != a.to_json()


def test_autoplay_and_step_by_step_play_agree():
    fast = play_game([RandomBot(5), GreedyBot()], seed=21)
    slow = LevelX(2, seed=21)
    bots = [RandomBot(5), GreedyBot()]
    while not slow.is_over:
        slow.roll()
        slow.play(bots[slow.current_player].choose(slow))
    assert fast == slow
    assert [t.events for t in fast.history] == [t.events for t in slow.history]


def _tamper(game: LevelX, change) -> str:
    """An edited record in the engine's old format (still read; the one file format's edits
    are in tests/protocol/test_file_format.py)."""
    data = levelx_old_dict(game)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["turns"][3].update(dice=[6, 6, 6, 6]), "not what the game's seed rolls"),
        (lambda d: d["turns"][3].update(move="6+6"), "Turn 4"),
        (lambda d: d["turns"][2].update(player=0), "turn"),
        (lambda d: d["position"]["scores"].__setitem__(0, 999), "edited or damaged"),
        (lambda d: d["position"]["chips_left"].__setitem__(0, 0), "edited or damaged"),
        (lambda d: d.update(seed=12345), "seed"),
        (lambda d: d.update(format="chess"), "not a Level X record"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.pop("turns"), "incomplete"),
        (lambda d: d.update(turns="many"), "malformed"),
        (lambda d: d.update(players=["Solo"]), "2 to 4 players"),
        (lambda d: d["rules"].update(oust="moon"), "oust"),
        (lambda d: d["turns"][0].update(drawn="yes"), "true or false"),
        (lambda d: d["turns"][0].pop("move"), "Turn 1"),
        (lambda d: d.update(pending={"dice": [9, 9, 9, 9], "drawn": False}), "last roll"),
    ],
)
def test_tampered_records_are_refused(change, words):
    game = _mid_game(turns=12)
    with pytest.raises(RecordError) as info:
        LevelX.from_json(_tamper(game, change))
    assert words.lower() in str(info.value).lower(), str(info.value)


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", b"\xff\xfe", 42])
def test_corrupt_records_are_refused(text):
    with pytest.raises(RecordError):
        LevelX.from_json(text)


def test_undo_back_to_any_point():
    game = _mid_game(turns=20)
    positions = [game.after(n).snapshot() for n in range(21)]
    for n in range(20, 0, -1):
        assert game.snapshot() == positions[n]
        undone = game.undo()  # the move: its dice stay rolled
        assert game.dice == undone.dice and game.phase == "play"
        game.undo()  # the roll
        assert game.snapshot() == positions[n - 1]
    assert game.history == ()


def test_undo_rewinds_the_random_generator():
    game = LevelX(2, seed=9)
    first = game.roll()[0].value
    game.undo()
    assert game.roll()[0].value == first


def test_undo_then_replay_gives_the_same_game():
    game = _mid_game(turns=30)
    original = game.clone()
    moves = [(t.dice, t.move.notation) for t in game.history[-5:]]
    for _ in range(10):
        game.undo()
    for dice, move in moves:
        turn(game, dice, move)
    # Hand-set dice differ from drawn ones only in the 'drawn' flag; the position is the same.
    assert game.snapshot()["state"] == original.snapshot()["state"]


def test_after_gives_earlier_positions():
    game = _mid_game(turns=12)
    start = game.after(0)
    assert start.snapshot() == LevelX(3, seed=11).snapshot()
    assert game.after(12) == game
    assert len(game.after(5).history) == 5 == game.after(5).plies


def test_clone_is_independent():
    game = _mid_game()
    copy = game.clone()
    assert copy == game
    copy.roll()
    copy.play(copy.legal_moves()[0])
    assert copy != game and len(copy.history) == len(game.history) + 1
    game.roll()
    copy.undo()
    copy.undo()
    assert copy.snapshot()["state"] == game.snapshot()["state"]


def test_listeners_hear_every_change():
    game = LevelX(2, seed=1)
    heard = []
    stop = game.on_change(lambda g, events: heard.append([e.kind for e in events]))
    game.roll((5, 5, 5, 5))
    game.play("5")
    game.undo()
    game.autoplay([RandomBot(1), RandomBot(2)], max_turns=3)
    assert (
        heard[0] == ["rolled"] and heard[1][0] == "entered" and heard[2] == [] and len(heard) == 4
    )
    stop()
    game.undo()
    assert len(heard) == 4


def test_repr_and_history_entries():
    game = LevelX(["Ann", "Ben"], seed=1)
    assert "Ann to roll" in repr(game)
    turn(game, (1, 1, 1, 5), "1+6 5+5")
    t = game.history[0]
    assert (t.number, t.round, t.player, t.dice, t.drawn) == (1, 1, 0, (1, 1, 1, 5), False)
    assert t.to_dict()["move"] == "1+6 5+5" and t.to_dict()["turned"] == [5, 6]
    assert "Ben to roll" in repr(game)


def test_autoplay_keeps_a_pending_roll_and_stops_on_request():
    game = LevelX(2, seed=3)
    game.roll((5, 5, 5, 5))
    assert game.autoplay([RandomBot(1), RandomBot(2)], max_turns=0) == 0
    assert game.phase == "play" and len(game.legal_moves()) > 1
    assert game.autoplay([RandomBot(1), RandomBot(2)], max_turns=5) == 5
    assert game.history[0].dice == (5, 5, 5, 5) and not game.history[0].drawn
    assert game.phase == "roll"


def test_autoplay_checks_moves_that_are_not_from_legal_moves():
    class Cheater:
        def choose(self, game):
            return "6+6"

    game = LevelX(2, seed=3)
    before = game.snapshot()
    from levelwidgets.levelx import GroupSumError
    from levelwidgets.levelx.errors import BotError

    # The failing bot's turn is not begun: no roll stays, the generator is where it was.
    with pytest.raises(BotError, match="returned '6\\+6'") as info:
        game.autoplay([Cheater(), Cheater()])
    assert isinstance(info.value.__cause__, GroupSumError)
    assert game.snapshot() == before and game.history == () and game.phase == "roll"


def test_dice_drawn_and_turnable_ones():
    game = LevelX(2, seed=1)
    assert game.turnable_ones == 0 and not game.dice_drawn
    game.roll((1, 1, 1, 5))
    assert game.turnable_ones == 2 and not game.dice_drawn
    game.play("-")
    game.roll()
    assert game.dice_drawn
    assert LevelX(2, seed=1, rules=Rules(lucky_loser=False)).turnable_ones == 0


def test_rewind_equals_repeated_undo():
    game = _mid_game(turns=20)
    game.roll((5, 5, 5, 5))
    by_undo = game.clone()
    while by_undo.plies > 7 or by_undo.dice is not None:
        by_undo.undo()
    heard = []
    game.on_change(lambda g, events: heard.append(events))
    undone = game.rewind(7)
    assert game == by_undo and len(heard) == 1
    assert [t.number for t in undone] == list(range(8, 21))
    assert game.rewind(7) == () and game.rewind(0)[0].number == 1
    with pytest.raises(NotationError, match="between 0 and 0"):
        game.rewind(1)
