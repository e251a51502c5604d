"""Legal moves, groupings and notation, checked against brute force over every roll."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from levelwidgets.levelx import ROWS, LevelX, Move, Rules, format_groups, parse_groups
from levelwidgets.levelx.errors import LevelXError
from levelwidgets.levelx.moves import check_groups, group_verdicts, groupings_for

from .brute import groupings, step_multisets
from .helpers import turn

SORTED_ROLLS = list(combinations_with_replacement(range(1, 7), 4))


def _game(dice, lucky_loser=True) -> LevelX:
    game = LevelX(2, seed=0, rules=Rules(lucky_loser=lucky_loser))
    game.roll(dice)
    return game


@pytest.mark.parametrize("lucky_loser", [True, False])
def test_legal_moves_match_brute_force_for_every_roll(lucky_loser):
    assert len(SORTED_ROLLS) == 126
    for dice in SORTED_ROLLS:
        game = _game(dice, lucky_loser)
        moves = game.legal_moves()
        steps = [m.steps for m in moves]
        assert len(steps) == len(set(steps)), f"{dice}: a move is listed twice"
        assert set(steps) == step_multisets(dice, lucky_loser), dice
        for m in moves:
            # The grouping shown really makes the move and needs only the turns listed.
            assert tuple(sorted(sum(g) for g in m.groups)) == m.steps
            assert check_groups(m.groups, dice, lucky_loser) == m.turned
            assert parse_groups(m.notation) == m.groups


@pytest.mark.parametrize("lucky_loser", [True, False])
def test_groupings_match_brute_force_for_every_roll(lucky_loser):
    """Each distinct grouping once, with the turns, and the dice left out, it really needs."""
    for dice in SORTED_ROLLS:
        found = groupings_for(dice, lucky_loser)
        assert len(found) == len({g.groups for g in found}), f"{dice}: a grouping listed twice"
        assert {g.groups for g in found} == groupings(dice, lucky_loser), dice
        for g in found:
            assert g.turned == check_groups(g.groups, dice, lucky_loser), (dice, g)
            used = [f for group in g.groups for f in group]
            kept = sorted(used + list(g.left_out))
            for face in g.turned:  # a turned 1 shows another face: it was a 1 in the roll
                kept.remove(face)
                kept.append(1)
            assert sorted(kept) == list(dice), (dice, g)


@pytest.mark.parametrize("lucky_loser", [True, False])
def test_group_verdicts_are_the_engines_refusals_for_every_roll(lucky_loser):
    """Each group's verdict is what check_groups says of a move of that group alone."""
    for dice in SORTED_ROLLS:
        for key, verdict in group_verdicts(dice, lucky_loser).items():
            group = tuple(int(face) for face in key.split("+"))
            try:
                check_groups((group,), dice, lucky_loser)
            except LevelXError as exc:
                text = str(exc)
                assert verdict == {
                    "text": text[:1].upper() + text[1:],
                    "code": exc.code,
                    "params": exc.params,
                }, (dice, key)
            else:
                assert verdict is None, (dice, key)


def test_fewest_turns_grouping_is_shown():
    game = _game((1, 1, 5, 5))
    move = next(m for m in game.legal_moves() if m.steps == (5, 5))
    assert move.turned == (), "5 and 5 need no Lucky Loser turn"


def test_unordered_roll_gives_same_moves():
    assert _game((5, 1, 1, 1)).legal_moves() == _game((1, 1, 1, 5)).legal_moves()


def test_moves_in_closed_rows_are_not_listed_but_still_playable():
    game = LevelX(2, seed=0, rules=Rules(row_lengths=(1,) * 6, chips_for_players={2: (1,) * 6}))
    turn(game, (5, 2, 2, 2), "5")
    assert game.is_closed(5)
    game.roll((5, 6, 2, 2))
    steps = {m.steps for m in game.legal_moves()}
    assert all(5 not in s for s in steps) and {(6,), (6, 9), (7, 8), ()} <= steps
    events = game.play("5 6")
    assert [e.kind for e in events][:1] == ["no_effect"]


def test_brute_force_with_closed_rows():
    """With rows closed, the legal steps are the brute-force steps with those rows removed."""
    game = LevelX(2, seed=0, rules=Rules(row_lengths=(1,) * 6, chips_for_players={2: (1,) * 6}))
    turn(game, (5, 4, 6, 2), "5 4+6")  # closes rows 5 and 10
    closed = {5, 10}
    for dice in SORTED_ROLLS[::7]:
        game.roll(dice)
        expected = {tuple(s for s in ms if s not in closed) for ms in step_multisets(dice, True)}
        assert {m.steps for m in game.legal_moves()} == expected, dice
        game.undo()


@pytest.mark.parametrize(
    "text, groups",
    [
        ("1+6 5+5", ((1, 6), (5, 5))),
        ("  5   5 ", ((5,), (5,))),
        ("1+6,5+5", ((1, 6), (5, 5))),
        ("-", ()),
        ("pass", ()),
        ("", ()),
        ("2+3+4+1", ((2, 3, 4, 1),)),
    ],
)
def test_notation_parses(text, groups):
    assert parse_groups(text) == groups


def test_notation_round_trips_for_all_moves():
    for dice in SORTED_ROLLS:
        for m in _game(dice).legal_moves():
            again = parse_groups(m.notation)
            assert again == m.groups and format_groups(again) == m.notation


def test_move_forms_are_equivalent():
    forms = ["1+6 5+5", [(1, 6), (5, 5)], [[1, 6], [5, 5]]]
    results = []
    for form in forms:
        game = _game((1, 1, 1, 5))
        game.play(form)
        results.append(game.snapshot()["state"])
    game = _game((1, 1, 1, 5))
    move = next(m for m in game.legal_moves() if m.steps == (7, 10))
    game.play(move)
    results.append(game.snapshot()["state"])
    assert all(r == results[0] for r in results)


def test_moves_compare_by_steps():
    assert Move((7, 10), ((1, 6), (5, 5))) == Move((7, 10), ((3, 4), (4, 6)))
    assert len({Move((7, 10), ((1, 6), (5, 5))), Move((7, 10), ((3, 4), (4, 6)))}) == 1
    assert Move((7,), ((3, 4),)) != Move((7, 10), ((3, 4), (4, 6)))


def test_groupings_list_every_legal_grouping():
    game = _game((2, 3, 4, 5))
    notations = {g.notation for g in game.groupings()}
    # 2+3 | 5 | 4+5 etc.: both ways to make {5, 9} appear, 2+3 with 4+5 and 5 with 2+3+4.
    assert {"2+3 4+5", "5 2+3+4"} <= notations
    assert all(all(5 <= sum(g) <= 10 for g in gr.groups) for gr in game.groupings())
    for gr in game.groupings():
        used = sorted([f for g in gr.groups for f in g] + list(gr.left_out))
        assert used == [2, 3, 4, 5]


def test_groupings_show_lucky_loser_turns():
    game = _game((1, 1, 2, 2))
    turned = [g for g in game.groupings() if g.turned]
    assert turned and all(len(g.turned) <= 1 for g in turned)
    for g in turned:
        assert sorted([f for grp in g.groups for f in grp] + list(g.left_out)).count(1) >= 1


def test_every_legal_move_can_be_played():
    for dice in SORTED_ROLLS[::5]:
        for m in _game(dice).legal_moves():
            game = _game(dice)
            game.play(m.notation)
            assert game.history[-1].move.steps == m.steps


def test_empty_move_is_always_legal():
    for dice in SORTED_ROLLS:
        assert () in {m.steps for m in _game(dice).legal_moves()}


def test_rows_named_by_sums():
    assert ROWS == (5, 6, 7, 8, 9, 10)
