"""levelx.preview: what a move would do, per group, against the spec's examples."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import GameOverError, LevelX, NotRolledError, RandomBot, Rules
from levelwidgets.levelx.preview import StepPreview, move_key, preview_move, preview_moves

from .helpers import FIRST_SET_SCRIPT, play_script, turn

RED, GREEN = 0, 1


def _red_before_x5_green_on_x5(rules: Rules | None = None) -> LevelX:
    """The rules' example: Red on X6 and one square before X5; Green on X5."""
    game = LevelX(players=["Red", "Green"], seed=1, rules=rules)
    turn(game, (6, 6, 6, 6), "6 6 6 6")
    turn(game, (5, 5, 5, 5), "5 5 5 5")
    turn(game, (5, 5, 5, 2), "5 5 5")
    turn(game, (2, 2, 2, 2), "-")
    return game


def test_move_key() -> None:
    assert move_key((6, 5, 5)) == "5,5,6"
    assert move_key((6, 5, 5), sort=False) == "6,5,5"
    assert move_key(()) == "-"


def test_rules_example_reaching_x_earns_a_chip_and_ousts() -> None:
    game = _red_before_x5_green_on_x5()
    game.roll((5, 5, 6, 1))
    p = preview_moves(game)["5,5,6"]
    assert p.steps == (
        StepPreview(row=5, start=3, end=4, reaches_x=True, chip=5, ousts=GREEN),
        StepPreview(row=5, start=4, end=4, chip=5),  # already on X: another chip
        StepPreview(row=6, start=4, end=4, chip=6),
    )
    assert (p.points, p.progress, p.last_round, p.bonus_by_order) == (16, 1, False, {})
    assert p.to_dict() == {
        "pts": 16,
        "prog": 1,
        "steps": [
            {"row": 5, "from": 3, "to": 4, "x": True, "chip": 5, "oust": GREEN},
            {"row": 5, "from": 4, "to": 4, "chip": 5},
            {"row": 6, "from": 4, "to": 4, "chip": 6},
        ],
    }
    # The groups in another order resolve in that order; the sum is the same.
    other = preview_move(game, "6 5 5")
    assert [s.row for s in other.steps] == [6, 5, 5] and other.points == 16
    assert other.steps[1].ousts == GREEN


def test_ousted_to_the_row_start_with_that_rule() -> None:
    game = _red_before_x5_green_on_x5(Rules(oust="row_start"))
    game.roll((5, 5, 6, 1))
    step = preview_move(game, "5").steps[0]
    assert (step.ousts, step.ousted_to) == (GREEN, 1)
    assert step.to_dict()["back"] == 1


def test_four_fives_walk_a_new_piece_to_x5() -> None:
    game = LevelX(2, seed=0)
    game.roll((5, 5, 5, 5))
    p = preview_moves(game)["5,5,5,5"]
    assert [(s.start, s.end) for s in p.steps] == [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert [s.reaches_x for s in p.steps] == [False, False, False, True]
    assert (p.points, p.progress) == (5, 4)
    enters = preview_moves(game)["5"].steps[0]
    assert (enters.start, enters.end, enters.advance) == (0, 1, 1)


def _before_first_set() -> LevelX:
    """Player 0 holds a chip of rows 5 to 9 and waits before row 10 (player 1 passes)."""
    return play_script(LevelX(2, seed=0), FIRST_SET_SCRIPT[:-1])


def test_a_complete_set_takes_the_top_bonus_tile() -> None:
    game = _before_first_set()
    game.roll((6, 4, 6, 4))
    p = preview_move(game, "6+4 6+4")
    assert [(s.start, s.end, s.chip, s.bonus) for s in p.steps] == [(0, 1, 0, 0), (1, 2, 10, 15)]
    assert (p.points, p.progress) == (25, 2)
    assert p.to_dict()["steps"][1] == {
        "row": 10,
        "from": 1,
        "to": 2,
        "x": True,
        "chip": 10,
        "bonus": 15,
    }


def test_which_group_completes_a_set_follows_the_groups_order() -> None:
    game = _before_first_set()
    turn(game, (6, 4, 6, 4), "6+4 6+4")  # first set: 15
    turn(game, (2, 2, 2, 2), "-")
    for dice, move in [((5, 5, 6, 1), "5 5 6"), ((6, 1, 6, 2), "6+1 6+2")]:
        turn(game, dice, move)
        turn(game, (2, 2, 2, 2), "-")
    game.roll((6, 3, 6, 4))  # rows 9 and 10 are the last missing ones of the second set
    p = preview_moves(game)["9,10"]
    assert [(s.row, s.bonus) for s in p.steps] == [(9, 0), (10, 12)]
    assert p.bonus_by_order == {(10, 9): (0, 12)}  # played 10 first, the 9 completes the set
    assert p.to_dict()["bonusBy"] == {"10,9": [0, 12]}
    assert [s.bonus for s in preview_move(game, "6+4 6+3").steps] == [0, 12]


def _row_10_one_chip_left() -> LevelX:
    """Player 0 on X10 with one chip of row 10 left; player 1 waits in row 10."""
    game = LevelX(2, seed=0)
    turn(game, (5, 5, 5, 5), "5+5 5+5")
    turn(game, (5, 5, 2, 2), "5+5")
    while game.chips_left(10) > 1:
        turn(game, (5, 5, 2, 2), "5+5")
        turn(game, (2, 2, 2, 2), "-")
    return game


def test_taking_the_last_chip_closes_the_row() -> None:
    game = _row_10_one_chip_left()
    game.roll((5, 5, 5, 5))
    p = preview_moves(game)["10,10"]
    first, second = p.steps
    assert (first.chip, first.closes) == (10, (0, 1))  # both pieces leave the game
    assert second.no_effect and (second.start, second.end, second.points) == (0, 0, 0)
    assert p.to_dict()["steps"] == [
        {"row": 10, "from": 2, "to": 2, "chip": 10, "closes": [0, 1]},
        {"row": 10, "from": 0, "to": 0, "noEffect": True},
    ]
    game.play("5+5")
    game.roll((5, 5, 5, 5))  # a step in the closed row does nothing (and is still previewed)
    assert preview_moves(game)["10"].steps[0].no_effect


def test_the_move_that_meets_the_end_condition_says_so() -> None:
    rules = Rules(row_lengths=(1,) * 6, chips_for_players={2: (1,) * 6})
    game = LevelX(2, seed=0, rules=rules)
    turn(game, (5, 5, 5, 5), "5 5+5")
    game.roll((6, 4, 5, 2))
    p = preview_move(game, "6 4+5")
    assert p.last_round and p.to_dict()["last"] is True
    assert [s.closes for s in p.steps] == [(1,), (1,)]


def test_every_grouping_of_the_roll_has_a_preview_and_the_pass_is_empty() -> None:
    game = LevelX(3, seed=5)
    game.roll((1, 1, 1, 1))
    previews = preview_moves(game)
    assert set(previews) == {move_key(g.steps) for g in game.groupings()}
    assert previews["-"].steps == () and previews["-"].points == 0


@pytest.mark.parametrize("seed", range(12))
def test_previewing_changes_nothing(seed: int) -> None:
    game = LevelX(3, seed=seed)
    game.autoplay([RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)], max_turns=seed * 3)
    if game.is_over:
        return
    game.roll()
    before, rng = game.snapshot(), game._rng.getstate()
    previews = preview_moves(game)
    assert previews and game.snapshot() == before and game._rng.getstate() == rng


def test_nothing_to_preview_without_dice_or_after_the_game() -> None:
    game = LevelX(2, seed=0)
    with pytest.raises(NotRolledError):
        preview_moves(game)
    rules = Rules(row_lengths=(1,) * 6, chips_for_players={2: (1,) * 6})
    over = LevelX(2, seed=0, rules=rules)
    turn(over, (5, 5, 5, 5), "5 5+5")
    turn(over, (6, 4, 5, 2), "6 4+5")
    with pytest.raises(GameOverError):
        preview_moves(over)


@pytest.mark.parametrize("lucky", [False, True])
def test_a_rolls_previews_are_each_moves_own_preview_of_its_groups(lucky: bool) -> None:
    """preview_moves checks each move once (it is made from the dice); every preview is the
    one a move given as plain groups gets, checked by parse_move, in positions of whole games."""
    games = 0
    for seed in range(8):
        game = LevelX(3, seed=seed, rules=Rules(lucky_loser=lucky))
        bots = [RandomBot(seed + i) for i in range(3)]
        while not game.is_over:
            game.roll()
            previews = preview_moves(game)
            for move in game.groupings():
                key = move_key(move.steps)
                plain = [list(g) for g in move.groups]  # as a cell or the browser sends it
                assert previews[key] == preview_move(game, plain), (seed, key)
            game.play(bots[game.current_player].choose(game))
            games += 1
    assert games > 100
