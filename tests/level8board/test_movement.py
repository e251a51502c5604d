"""Movement on the circuit: two movers, two dice, skipping other towers, the start field,
wrapping past the last field, doubles, and picking one of the two fields reached
(``shared/rules/level8-board.md``, "Turn" step 1)."""

from __future__ import annotations

import pytest

from levelwidgets.level8.board import Level8Board, reachable
from levelwidgets.level8.errors import MoveError

from .helpers import board, kinds, refused


def rolled(towers: list[int], dice: tuple[int, int], layout: object = None) -> tuple[int, ...]:
    """The fields seat 0 reaches (hand-set dice), checked against the layout function."""
    g = Level8Board(len(towers), seed=3, towers=towers, layout=layout)
    ev = g.roll(dice=dice)
    assert g.phase == "move" and g.dice == dice
    assert ev[0].data == {"dice": list(dice), "reachable": list(g.reachable), "set": True}
    assert g.reachable == reachable(len(g.layout), towers, 0, dice)
    return g.reachable


@pytest.mark.parametrize(
    ("towers", "dice", "fields"),
    [
        ([0, 0], (2, 5), (2, 5)),  # one mover per die, nearest first
        ([0, 0], (5, 2), (2, 5)),
        ([3, 0], (1, 6), (4, 9)),
        # an occupied field is skipped and not counted
        ([0, 3], (2, 4), (2, 5)),
        ([0, 3], (3, 1), (1, 4)),
        # several occupied fields in a row are all skipped
        ([0, 3, 4], (3, 5), (5, 7)),
        ([0, 1, 2, 3, 4, 5], (1, 2), (6, 7)),
        # wrapping the circuit: field 27 is followed by field 0 (free: no tower on it)
        ([26, 5], (1, 4), (27, 2)),
        ([25, 5], (3, 6), (0, 3)),
        ([27, 5], (1, 1), (0, 1)),
        # „immer übersprungen“: the start field too, while another tower stands on it
        ([26, 0], (1, 4), (27, 3)),
        ([26, 0, 0], (2, 3), (1, 2)),
        ([24, 27, 0], (3, 4), (1, 2)),  # 27 and 0 are skipped
        ([24, 27, 0], (4, 5), (2, 3)),
        # doubles: one mover d, the other 2d
        ([0, 0], (4, 4), (4, 8)),
        ([0, 0], (6, 6), (6, 12)),
        ([20, 5], (6, 6), (26, 4)),
        ([20, 0], (6, 6), (26, 5)),  # the 2d mover skips the occupied start field
        ([0, 6], (3, 3), (3, 7)),  # the 2d mover skips field 6
    ],
)
def test_reachable_fields(towers, dice, fields):
    assert rolled(towers, dice) == fields


def test_a_tower_never_lands_on_another_players_tower():
    for f in range(1, 28):
        for a in range(1, 7):
            for b in range(1, 7):
                towers = [f - 1 if f - 1 != 5 else 0, 5]
                assert 5 not in reachable(28, towers, 0, (a, b))


def test_both_movers_on_the_same_field_gives_one_choice():
    # a tiny circuit: seat 1 blocks field 1, so seat 0 walks 0 → 2 → 3 → 0 → 2 …
    layout = ["choose", "draw1", "draw2", "joker"]
    assert rolled([0, 1], (1, 4), layout) == (2,)


def test_pick_either_field_the_tower_goes_there_and_performs_its_action():
    for field, action, phase in ((2, "draw2", "take"), (5, "swap", "swap")):
        g = board(["*", "*"], "14O")
        g.roll(dice=(5, 2))
        assert g.reachable == (2, 5)
        ev = g.move(field)
        assert kinds(ev)[0] == "move" and ev[0].data == {"field": field, "action": action}
        assert g.towers == [field, 0] and g.phase == phase
        assert g.reachable == ()  # only shown while moving


def test_a_field_not_reached_is_refused():
    g = board(["*", "*"], "14O")
    g.roll(dice=(5, 2))
    for bad in (0, 1, 3, 4, 7, 27, 28, -1):
        refused(g, MoveError, g.move, bad)


def test_movers_end_as_one_tower_and_stay_there_next_turn():
    g = board(["*", "*"], "14O")
    g.roll(dice=(1, 2))
    g.move(2)
    g.take()
    g.take()
    g.discard(g.hand(0)[0])
    g.roll(dice=(1, 2))  # seat 1: field 2 is occupied by seat 0's tower
    assert g.reachable == (1, 3)
    g.move(3)
    g.discard(g.hand(1)[0])  # the joker field: straight on to play
    g.roll(dice=(1, 4))  # seat 0 from field 2: 3 is occupied
    assert g.reachable == (4, 7)


def test_several_towers_on_the_start_field():
    """Every tower starts on the start field; leaving it is unaffected by the others there."""
    g = Level8Board(6, seed=5)
    assert g.towers == [0] * 6
    g.check_invariants()
    g.roll(dice=(1, 2))
    assert g.reachable == (1, 2)
    g.check_invariants()


def test_the_start_field_is_skipped_while_another_tower_stands_on_it():
    """„Beim Ziehen werden mit gegnerischen Spielsteinen besetzte Felder immer übersprungen
    und nicht mitgezählt.“ (spec: once a tower stands on the start field again, other
    players skip it like any occupied field)."""
    h = Level8Board(3, seed=5, towers=[25, 0, 0])
    h.roll(dice=(3, 4))
    assert h.reachable == (1, 2)  # 26, 27, (0 skipped), 1
    refused(h, MoveError, h.move, 0)
    # a tower lands on the start field by going round when nobody stands there …
    k = Level8Board(3, seed=5, towers=[25, 6, 7])
    k.roll(dice=(3, 4))
    assert k.reachable == (0, 1)
    k.move(0)
    assert k.towers == [0, 6, 7] and k.phase == "choose"
    k.check_invariants()
    # … and then the others skip it: seat 1 from 26 with a 2 passes 27 and 0, lands on 1
    assert reachable(28, [0, 26, 7], 1, (2, 2)) == (1, 3)
    assert reachable(28, [0, 26, 7], 1, (1, 3)) == (27, 2)


def test_a_record_of_rule_set_1_replays_with_the_start_field_that_never_blocked():
    """A game recorded before the corrected rule (its config has no "rules") keeps loading
    and playing on under the rule it was recorded with."""
    import json

    g = Level8Board(3, seed=5, towers=[25, 0, 0])
    data = json.loads(g.to_json())
    data["config"].pop("rules")
    data.pop("check")
    old = Level8Board.from_json(json.dumps(data))
    old.roll(dice=(3, 4))
    assert old.reachable == (0, 1)  # rule set 1: the start field was counted
    old.move(0)
    again = Level8Board.from_json(old.to_json())
    assert again == old and "rules" not in again.config
    assert again.towers == [0, 0, 0]


def test_random_rolls_use_two_dice_and_reach_by_the_same_rule():
    seen = set()
    for seed in range(60):
        g = Level8Board(3, seed=seed, towers=[seed % 28, (seed + 9) % 28 or 1, 0])
        ev = g.roll()
        a, b = g.dice
        seen.add((a, b))
        assert 1 <= a <= 6 and 1 <= b <= 6
        assert ev[0].data["set"] is False
        assert g.reachable == reachable(28, g.towers, 0, (a, b))
        assert g.history[-1].chance == ((a, b),)
    assert len(seen) > 20
