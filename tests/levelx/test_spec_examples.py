"""Every example and rule statement of shared/rules/level-x.md, as a test."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import ROWS, GameOverError, LevelX, Rules

from .helpers import check_invariants, kinds, turn

RED, GREEN = 0, 1


def _red_before_x5_green_on_x5(rules: Rules | None = None) -> LevelX:
    """Red on X6 and one square before X5; Green on X5 (the rules' own example)."""
    game = LevelX(players=["Red", "Green"], seed=1, rules=rules)
    turn(game, (6, 6, 6, 6), "6 6 6 6")  # Red: enters row 6 and walks to X6 (+ a 6 chip)
    turn(game, (5, 5, 5, 5), "5 5 5 5")  # Green: from off the board to X5 (+ a 5 chip)
    turn(game, (5, 5, 5, 2), "5 5 5")  # Red: row 5, square 3 of 4
    turn(game, (2, 2, 2, 2), "-")  # Green passes
    assert game.piece(RED, 6) == 4 and game.piece(RED, 5) == 3
    assert game.x_owner(5) == GREEN and game.x_owner(6) == RED
    return game


def test_rules_example_5_5_6_oust_to_owner():
    game = _red_before_x5_green_on_x5()
    before = game.chips_held(RED)
    events = turn(game, (5, 5, 6, 1), "5 5 6")
    # A 6 chip (already on X6); Red enters X5 and Green's piece goes back; a 5 chip; another 5.
    assert game.chips_held(RED)[6] == before[6] + 1
    assert game.chips_held(RED)[5] == before[5] + 2
    assert game.piece(RED, 5) == 4 and game.x_owner(5) == RED
    assert game.piece(GREEN, 5) is None, "the ousted piece returns to its owner"
    ousted = [e for e in events if e.kind == "ousted"]
    assert len(ousted) == 1 and ousted[0].other == GREEN and ousted[0].square is None
    assert kinds(events).count("chip") == 3
    check_invariants(game)


def test_ousted_piece_to_row_start_option():
    game = _red_before_x5_green_on_x5(Rules(oust="row_start"))
    events = turn(game, (5, 5, 6, 1), "5 5 6")
    assert game.piece(GREEN, 5) == 1, "the online rule sends it to square 1 of the row"
    assert [e.square for e in events if e.kind == "ousted"] == [1]
    check_invariants(game)


def test_ousted_piece_reenters_on_square_one():
    game = _red_before_x5_green_on_x5()
    turn(game, (5, 5, 6, 1), "5 5 6")
    events = turn(game, (5, 2, 2, 2), "5")
    assert kinds(events)[:1] == ["entered"] and game.piece(GREEN, 5) == 1


def test_lucky_loser_example_1_1_1_5():
    game = LevelX(players=2, seed=0)
    game.roll((1, 1, 1, 5))
    events = game.play("1+6 5+5")
    assert [e.value for e in events if e.kind == "turned"] == [5, 6]
    assert game.piece(0, 7) == 1 and game.piece(0, 10) == 1
    assert game.history[-1].move.steps == (7, 10)
    assert game.history[-1].move.turned == (5, 6)


def test_lucky_loser_is_optional():
    game = LevelX(players=2, seed=0)
    game.roll((1, 1, 1, 5))
    game.play("1+1+1+5")  # no turning at all: one group of 8
    assert game.piece(0, 8) == 1 and game.history[-1].move.turned == ()


def test_four_fives_walk_a_new_piece_to_x5_and_oust():
    game = LevelX(players=2, seed=0)
    turn(game, (5, 5, 5, 5), "5 5 5 5")
    events = turn(game, (5, 5, 5, 5), "5 5 5 5")
    assert kinds(events) == [
        *("entered", "moved", "moved", "moved", "reached_x", "ousted", "chip"),
        "turn_passed",
    ]
    assert game.piece(1, 5) == 4 and game.piece(0, 5) is None
    assert game.chips_held(1)[5] == 1 and game.chips_held(0)[5] == 1


def test_chip_counts_by_player_count():
    for players, total in ((2, 51), (3, 51), (4, 57)):
        game = LevelX(players=players, seed=0)
        assert sum(game.chips_left(r) for r in ROWS) == total
    assert [LevelX(4, seed=0).chips_left(r) for r in ROWS] == [12, 11, 10, 9, 8, 7]
    assert [LevelX(2, seed=0).chips_left(r) for r in ROWS] == [11, 10, 9, 8, 7, 6]


def test_row_lengths():
    game = LevelX(2, seed=0)
    assert [game.row_length(r) for r in ROWS] == [4, 4, 3, 3, 2, 2]


def test_piece_on_x_takes_a_chip_per_step():
    game = LevelX(2, seed=0)
    turn(game, (5, 5, 4, 1), "5+5 4+1")  # 10 and 5: enter rows 10 and 5
    turn(game, (2, 2, 2, 2), "-")
    events = turn(game, (5, 5, 5, 5), "5+5 5+5")  # X10 and a chip, then another chip
    assert kinds(events).count("chip") == 2 and game.chips_held(0)[10] == 2


def _close_row_10(game: LevelX) -> None:
    """Player 0 empties row 10 (6 chips with 2 players) while player 1 waits in row 10."""
    turn(game, (5, 5, 5, 5), "5+5 5+5")  # p0: X10 + chip
    turn(game, (5, 5, 2, 2), "5+5")  # p1 enters row 10
    while not game.is_closed(10):
        turn(game, (5, 5, 5, 5), "5+5 5+5")
        if not game.is_closed(10):
            turn(game, (2, 2, 2, 2), "-")


def test_row_closes_and_pieces_leave_the_game():
    game = LevelX(2, seed=0)
    _close_row_10(game)
    assert game.chips_left(10) == 0 and game.chips_held(0)[10] == 6
    assert game.piece(0, 10) is None and game.piece(1, 10) is None, "pieces leave a closed row"
    closed = [e for t in game.history for e in t.events if e.kind == "row_closed"]
    assert len(closed) == 1 and closed[0].row == 10 and set(closed[0].value) == {0, 1}
    check_invariants(game)
    # A step in a closed row does nothing, and legal moves no longer offer it.
    game.roll((5, 5, 5, 5))
    assert all(10 not in m.steps for m in game.legal_moves())
    events = game.play("5+5")
    assert kinds(events)[0] == "no_effect" and game.piece(game.history[-1].player, 10) is None


def test_bonus_tiles_in_order_for_each_complete_set():
    game = LevelX(2, seed=0)
    # p0 collects one chip of every row: X5 (four 5s), X6, X7..X10 via 5+5 etc.
    turn(game, (5, 5, 5, 5), "5 5 5 5")
    turn(game, (2, 2, 2, 2), "-")
    turn(game, (6, 6, 6, 6), "6 6 6 6")
    turn(game, (2, 2, 2, 2), "-")
    turn(game, (6, 1, 6, 1), "6+1 6+1")  # row 7: squares 1, 2
    turn(game, (2, 2, 2, 2), "-")
    turn(game, (6, 1, 6, 2), "6+1 6+2")  # X7 + chip; row 8 square 1
    turn(game, (2, 2, 2, 2), "-")
    turn(game, (6, 2, 6, 2), "6+2 6+2")  # X8 + chip
    turn(game, (2, 2, 2, 2), "-")
    turn(game, (6, 3, 6, 3), "6+3 6+3")  # X9 + chip
    turn(game, (2, 2, 2, 2), "-")
    events = turn(game, (6, 4, 6, 4), "6+4 6+4")  # X10 + chip: first complete set
    assert [e.value for e in events if e.kind == "bonus"] == [15]
    assert game.tiles(0) == [15] and game.tiles_left() == [12, 9, 6]
    assert game.score(0) == 5 + 6 + 7 + 8 + 9 + 10 + 15
    check_invariants(game)
    turn(game, (2, 2, 2, 2), "-")
    # Second set: another chip of every row (pieces already on X take chips directly).
    turn(game, (5, 5, 6, 1), "5 5 6")
    turn(game, (2, 2, 2, 2), "-")
    turn(game, (6, 1, 6, 2), "6+1 6+2")
    turn(game, (2, 2, 2, 2), "-")
    turn(game, (6, 3, 6, 4), "6+3")
    turn(game, (2, 2, 2, 2), "-")
    events = turn(game, (6, 4, 2, 2), "6+4")
    assert [e.value for e in events if e.kind == "bonus"] == [12]
    assert game.tiles(0) == [15, 12]
    check_invariants(game)


def test_game_ends_at_end_of_round_after_three_rows_close():
    game = LevelX(3, seed=0)
    # Seat 0 empties rows 10, 9 and 8 with its pieces on X; seats 1 and 2 pass meanwhile.
    plan = [
        (10, (5, 5, 5, 5), "5+5 5+5"),
        (9, (4, 5, 4, 5), "4+5 4+5"),
        (8, (4, 4, 4, 4), "4+4 4+4"),
    ]
    while True:
        _row, dice, move = next(p for p in plan if not game.is_closed(p[0]))
        events = turn(game, dice, move)
        if sum(game.is_closed(r) for r in ROWS) == 3:
            break
        assert not game.is_last_round
        turn(game, (2, 2, 2, 2), "-")
        turn(game, (2, 2, 2, 2), "-")
    assert "last_round" in kinds(events)
    assert game.is_last_round and not game.is_over
    assert game.current_player == 1, "the others still play this round"
    turn(game, (2, 2, 2, 2), "-")
    assert not game.is_over
    events = turn(game, (2, 2, 2, 2), "-")
    assert game.is_over and kinds(events)[-1] == "game_over"
    assert game.winners == [0] and events[-1].value == (0,)
    assert len(game.history) % 3 == 0
    check_invariants(game)
    with pytest.raises(GameOverError):
        game.roll()


def test_equal_top_scores_share_the_win():
    # One-square rows with one chip each: every step reaches X and closes its row.
    rules = Rules(row_lengths=(1,) * 6, chips_for_players={2: (1,) * 6})
    game = LevelX(2, seed=0, rules=rules)
    turn(game, (5, 5, 5, 5), "5 5+5")  # 5 + 10 = 15 points, rows 5 and 10 close
    events = turn(game, (6, 4, 5, 2), "6 4+5")  # 6 + 9 = 15 points, 4 rows closed
    assert "last_round" in kinds(events)
    assert game.is_over and game.scores() == [15, 15]
    assert game.winners == [0, 1] and events[-1].value == (0, 1)


def test_seat_zero_starts_and_seats_take_turns_in_order():
    game = LevelX(["Ann", "Ben", "Cy"], seed=0)
    seen = []
    for _ in range(6):
        seen.append(game.current_player)
        turn(game, (2, 2, 2, 2), "-")
    assert seen == [0, 1, 2, 0, 1, 2]
    assert game.round == 3


@pytest.mark.parametrize("oust", ["owner", "row_start"])
def test_move_order_does_not_change_the_result(oust):
    """The spec lets steps resolve in any order; the engine's result must agree."""
    a = _red_before_x5_green_on_x5(Rules(oust=oust))
    b = _red_before_x5_green_on_x5(Rules(oust=oust))
    turn(a, (5, 5, 6, 1), "5 5 6")
    turn(b, (5, 5, 6, 1), "6 5 5")
    assert a.snapshot()["state"] == b.snapshot()["state"]
