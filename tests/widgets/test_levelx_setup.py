"""LevelXWidget's set-up mode: a teacher places pieces by hand, every check the engine's
(:meth:`LevelX.from_position`); a refused placement changes nothing and says why, with a code."""

from __future__ import annotations

import json

import pytest

from levelwidgets.levelx import GreedyBot, LevelX, LevelXError
from levelwidgets.widgets import LevelXWidget


def send(w: LevelXWidget, **msg: object) -> None:
    """What the browser does: a custom message to the widget's handler."""
    w._handle_message(w, msg, [])


def widget(**kwargs: object) -> LevelXWidget:
    return LevelXWidget(players=["Ann", "Ben"], seed=5, bot_delay=0, **kwargs)  # type: ignore[arg-type]


def test_set_piece_moves_a_piece_and_the_view_follows() -> None:
    w = widget()
    assert w.view["setup"] is False and w.view["canSetup"] is True
    send(w, type="setup", on=True)
    assert w.error == "" and w.setup and w.view["setup"] is True
    send(w, type="set_piece", seat=0, row=7, square=2)
    send(w, type="set_piece", seat=1, row=5, square=4)  # on X
    send(w, type="set_piece", seat=1, row="6", square=1)  # a number as text: malformed
    assert "row" in w.error and w.game.piece(1, 6) is None
    send(w, type="set_piece", seat=1, row=6, square=1)
    assert w.error == ""
    assert w.game.piece(0, 7) == 2 and w.game.piece(1, 5) == 4 and w.game.piece(1, 6) == 1
    assert w.view["pos"] == [[0, 0, 2, 0, 0, 0], [4, 1, 0, 0, 0, 0]]
    assert w.game.x_owner(5) == 1
    send(w, type="set_piece", seat=0, row=7, square=0)  # off the board again
    assert w.game.piece(0, 7) is None
    send(w, type="set_current", seat=1)
    assert w.error == "" and w.game.current_player == 1 and w.view["cur"] == 1
    assert w.game.names == ["Ann", "Ben"] and w.game.seed == 5


def test_illegal_placement_is_refused_with_the_engines_code_and_nothing_changes() -> None:
    w = widget()
    w.setup = True
    w.set_piece(0, 5, 4)
    before, game, seq = w.view["pos"], w.game, w.view["seq"]
    send(w, type="set_piece", seat=1, row=5, square=4)  # two pieces on one X
    assert w.error_info["code"] == "levelx.position_x_taken"
    assert w.error_info["params"] == {"row": 5, "seats": [0, 1]}
    assert w.game is game and w.view["pos"] == before and w.view["seq"] == seq
    for bad, code in [
        ({"seat": 0, "row": 5, "square": 9}, "levelx.position_square"),
        ({"seat": 0, "row": 11, "square": 1}, "levelx.position_row"),
        ({"seat": 2, "row": 5, "square": 1}, "levelx.setup_seat"),
        ({"seat": True, "row": 5, "square": 1}, "levelx.setup_seat"),
    ]:
        send(w, type="set_piece", **bad)
        assert w.error_info["code"] == code, bad
        assert w.game is game
    send(w, type="set_current", seat=7)
    assert w.error_info["code"] == "levelx.position_current" and w.game is game
    with pytest.raises(LevelXError, match="Only one piece fits"):
        w.set_piece(1, 5, 4)


def test_a_closed_row_takes_no_piece() -> None:
    w = widget()
    w.set_position(chips=[{10: 6}, {}])
    assert w.game.is_closed(10)
    w.setup = True
    send(w, type="set_piece", seat=1, row=10, square=1)
    assert w.error_info["code"] == "levelx.position_closed"
    assert w.game.piece(1, 10) is None


def test_set_up_is_refused_after_rolling_and_in_read_only() -> None:
    w = widget()
    w.roll((1, 2, 3, 4))
    send(w, type="setup", on=True)
    assert w.error_info["code"] == "levelx.setup_rolled" and not w.setup
    assert w.view["canSetup"] is False
    with pytest.raises(LevelXError):
        w.set_position(pieces=[{5: 1}, {}])
    send(w, type="set_piece", seat=0, row=5, square=1)
    assert w.error_info["code"] == "levelx.setup_off"
    assert w.game.dice == (1, 2, 3, 4)

    r = LevelXWidget(LevelX(["Ann", "Ben"], seed=1), read_only=True)
    assert r.view["canSetup"] is False
    send(r, type="setup", on=True)
    assert r.error_info["code"] == "widget.read_only" and not r.setup
    with pytest.raises(LevelXError, match="read-only"):
        r.set_position(pieces=[{5: 1}, {}])


def test_nothing_is_played_in_set_up_mode() -> None:
    w = widget()
    send(w, type="setup", on=True)
    for intent in ({"type": "roll"}, {"type": "undo"}, {"type": "new_game"}):
        send(w, **intent)
        assert w.error_info["code"] == "levelx.setup_active", intent
    with pytest.raises(LevelXError, match="Set-up mode is on"):
        w.roll()
    send(w, type="setup", on="yes")
    assert w.error_info["code"] == "levelx.setup_flag" and w.setup


def test_leaving_set_up_keeps_the_position_as_the_start_undo_stops_there() -> None:
    w = widget()
    w.roll((5, 5, 6, 1))
    w.play(w.game.legal_moves()[0])
    send(w, type="setup", on=True)
    send(w, type="set_piece", seat=0, row=8, square=3)
    send(w, type="set_piece", seat=1, row=9, square=1)
    start = [row[:] for row in w.view["pos"]]
    send(w, type="setup", on=False)
    assert w.error == "" and not w.setup and w.view["setup"] is False
    assert w.view["moves"] == [] and not w.view["canUndo"]
    cur = w.game.current_player
    send(w, type="roll")
    assert w.error == "" and w.game.dice is not None
    send(w, type="undo")
    assert w.error == "" and w.game.dice is None and w.view["pos"] == start
    send(w, type="undo")  # nothing before the set-up position
    assert w.error and w.view["pos"] == start and w.game.current_player == cur
    # the record keeps the set-up: saved and loaded, it starts there
    again = LevelX.from_json(w.game.to_json())
    assert [[again.piece(p, r) or 0 for r in range(5, 11)] for p in (0, 1)] == start
    assert json.loads(w.game.to_json())["config"]["start"]["pieces"] == start


def test_bots_wait_while_setting_up_and_move_after() -> None:
    w = LevelXWidget(players=["Ann", "Bot"], bots=[None, GreedyBot()], seed=2, bot_delay=0)
    w.setup = True
    w.set_current(1)
    assert w.game.current_player == 1 and w.game.dice is None and not w.advance()
    w.set_piece(1, 5, 2)
    assert w.game.current_player == 1 and w.game.plies == 0
    w.setup = False  # the bot plays at once (bot_delay=0) and hands over to Ann
    assert w.game.plies >= 1 and w.game.current_player == 0
    w.set_position(pieces=[{}, {6: 1}], current=1)  # from Python: the bot answers at once
    assert w.game.plies == 1 and w.game.current_player == 0


def test_set_position_from_python() -> None:
    w = widget()
    w.set_position(pieces=[{5: 2, 10: 2}, {7: 3}], chips=[{5: 1}, {}], current=1)
    assert w.game.piece(0, 10) == 2 and w.game.x_owner(7) == 1
    assert w.game.chips_held(0)[5] == 1 and w.game.current_player == 1
    assert not w.setup and not w.view["canUndo"]
    game = w.game
    with pytest.raises(LevelXError) as info:
        w.set_position(tiles=[[15], []])  # no complete set earns it
    assert info.value.code == "levelx.position_tile_count"
    assert w.game is game
