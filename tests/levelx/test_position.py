"""Positions set up by hand: LevelX.from_position, its checks, records and play from it."""

from __future__ import annotations

import json

import pytest

from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, RecordError, Rules
from levelwidgets.levelx.position import PositionError

from .helpers import check_invariants

#: The rules' own example: Red one square before X5 and on X6, Green on X5.
EXAMPLE = {"pieces": [{5: 3, 6: 4}, {5: 4}], "chips": [{6: 1}, {5: 1}]}


def example(**extra: object) -> LevelX:
    return LevelX.from_position(["Red", "Green"], seed=3, **{**EXAMPLE, **extra})  # type: ignore[arg-type]


def test_the_position_is_what_was_set_up() -> None:
    game = example(current=1)
    assert [game.piece(0, r) for r in (5, 6, 7)] == [3, 4, None]
    assert game.x_owner(5) == 1 and game.x_owner(6) == 0
    assert game.chips_held(0)[6] == 1 and game.chips_left(5) == 10 and game.chips_left(6) == 9
    assert game.scores() == [6, 5] and game.current_player == 1 and game.phase == "roll"
    assert game.round == 1 and game.history == () and game.plies == 0
    check_invariants(game)
    same = LevelX.from_position(
        ["Red", "Green"],
        pieces=[[3, 4, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0]],
        chips=[[0, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]],
        current=1,
        seed=3,
    )
    assert same == game  # the mapping and the list shapes say the same


def test_the_rules_example_plays_on_and_undo_returns_to_the_set_up() -> None:
    game = example(dice=(5, 5, 6, 1))
    start = example()
    assert game.dice == (5, 5, 6, 1) and not game.dice_drawn
    events = game.play("5 5 6")
    assert "ousted" in [e.kind for e in events]
    assert game.score(0) == 22 and game.piece(1, 5) is None and game.x_owner(5) == 0
    check_invariants(game)
    game.undo(2)  # the move, then the roll: back at the set-up, not before it
    assert game == start
    with pytest.raises(Exception, match="nothing to undo"):
        game.undo()
    assert game.after(0) == start


def test_record_round_trip_keeps_the_set_up() -> None:
    game = LevelX.from_position(
        ["Ann", "Ben", "Cy"],
        pieces=[{7: 3}, {7: 1, 10: 2}, {}],
        chips=[[1, 1, 1, 1, 1, 1], [0, 0, 2, 0, 0, 1], {}],
        tiles=[[15], [], []],
        current=2,
        seed=5,
        rules=Rules(oust="row_start"),
    )
    game.autoplay([RandomBot(1), GreedyBot(), RandomBot(2)], max_turns=7)
    game.roll()
    loaded = LevelX.from_json(game.to_json())
    assert loaded == game and loaded.to_json() == game.to_json()
    assert json.loads(game.to_json())["config"]["start"]["tiles"] == [[15], [], []]
    assert [t.round for t in loaded.history][:3] == [1, 2, 2]  # seat 2 ends round 1
    for g in (game, loaded):
        g.play(g.legal_moves()[0])
        g.autoplay([GreedyBot()] * 3)
    assert loaded == game and game.is_over
    start = LevelX.from_json(game.after(0).to_json())
    assert game.rewind(0) and game == start and game.score(0) == 45 + 15
    assert "<svg" in game.to_svg()


def test_a_record_with_a_bad_set_up_is_refused() -> None:
    record = json.loads(example().to_json())
    start = record["config"]["start"]  # the set-up is part of the config
    start["pieces"][1][0] = 4 if start["pieces"][0][0] != 4 else 3
    start["pieces"][0][0] = 4  # two pieces on X5
    with pytest.raises(RecordError, match="set-up is invalid: Only one piece") as info:
        LevelX.from_json(json.dumps(record))
    assert info.value.code == "levelx.record_setup"
    record = json.loads(example().to_json())
    record["config"]["start"]["chips"][0] = {"6": 1}  # not the form the game writes
    with pytest.raises(RecordError, match="malformed"):
        LevelX.from_json(json.dumps(record))
    record = json.loads(example().to_json())
    del record["config"]["start"]["tiles"]
    with pytest.raises(RecordError, match="malformed"):
        LevelX.from_json(json.dumps(record))
    record = json.loads(example().to_json())
    del record["config"]["start"]  # the position no longer follows
    with pytest.raises(RecordError, match="does not follow"):
        LevelX.from_json(json.dumps(record))


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"pieces": [{5: 1}]}, "levelx.position_players"),
        ({"pieces": "5:1"}, "levelx.position_players"),
        ({"pieces": [{4: 1}, {}]}, "levelx.position_row"),
        ({"pieces": [{True: 1}, {}]}, "levelx.position_row"),
        ({"pieces": [[0, 0, 0], {}]}, "levelx.position_shape"),
        ({"pieces": [7, {}]}, "levelx.position_shape"),
        ({"pieces": [{5: 5}, {}]}, "levelx.position_square"),
        ({"pieces": [{9: -1}, {}]}, "levelx.position_square"),
        ({"pieces": [{9: 1.0}, {}]}, "levelx.position_square"),
        ({"pieces": [{10: 2}, {10: 2}]}, "levelx.position_x_taken"),
        ({"pieces": [{}, {}], "chips": [{5: -1}, {}]}, "levelx.position_count"),
        ({"pieces": [{}, {}], "chips": [{5: "2"}, {}]}, "levelx.position_count"),
        ({"pieces": [{}, {}], "chips": [{5: 6}, {5: 6}]}, "levelx.position_supply"),
        ({"pieces": [{10: 1}, {}], "chips": [{10: 6}, {}]}, "levelx.position_closed"),
        ({"pieces": [{}, {}], "tiles": [[12], []]}, "levelx.position_tiles"),
        ({"pieces": [{}, {}], "tiles": [[15, 15], []]}, "levelx.position_tiles"),
        ({"pieces": [{}, {}], "tiles": [[15], []]}, "levelx.position_tile_count"),
        ({"pieces": [{}, {}], "chips": [[1] * 6, []]}, "levelx.position_shape"),
        ({"pieces": [{}, {}], "chips": [[1] * 6, {}]}, "levelx.position_tile_count"),
        ({"pieces": [{}, {}], "current": 2}, "levelx.position_current"),
        ({"pieces": [{}, {}], "current": True}, "levelx.position_current"),
    ],
)
def test_every_refusal_has_its_code_and_changes_nothing(kwargs: dict, code: str) -> None:
    with pytest.raises(PositionError) as info:
        LevelX.from_position(["Ann", "Ben"], seed=1, **kwargs)
    assert info.value.code == code, str(info.value)
    assert isinstance(info.value, RecordError)  # checked like a loaded record


def test_other_arguments_are_checked_by_the_engine_itself() -> None:
    with pytest.raises(Exception, match="Dice must be four numbers") as info:
        LevelX.from_position(2, pieces=[{}, {}], dice=(0, 1, 2, 3))
    assert info.value.code == "levelx.dice_values"
    with pytest.raises(Exception, match="2 to 4 players"):
        LevelX.from_position(5, pieces=[{}] * 5)


def test_tiles_after_the_stack_is_empty_and_the_end_of_the_game() -> None:
    """Every tile taken: the round at the set-up is the last; the game ends after seat 1."""
    game = LevelX.from_position(
        2,
        pieces=[{}, {}],
        chips=[[3] * 6, [1] * 6],
        tiles=[[6, 12, 15], [9]],  # any order: stored in the order of the stack
        current=1,
        seed=2,
    )
    assert game.tiles(0) == [15, 12, 6] and game.tiles_left() == [] and game.is_last_round
    assert game.scores() == [3 * 45 + 33, 45 + 9]
    game.roll((2, 2, 2, 2))
    game.play("-")
    assert game.is_over and game.winners == [0]
    with pytest.raises(PositionError, match="2 complete set"):  # tiles left: one per set
        LevelX.from_position(2, pieces=[{}, {}], chips=[[2] * 6, {}], tiles=[[15], []])
