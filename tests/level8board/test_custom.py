"""A custom board layout and level sequence given as data (a 12-field circuit, a 3-level
sequence), the default layout's shape, and set-ups refused with ConfigError."""

from __future__ import annotations

import pytest

from levelwidgets.level8 import ConfigError, parse_levels
from levelwidgets.level8.board import ACTIONS, DEFAULT_LAYOUT, BoardLayout, Level8Board
from levelwidgets.level8.cards import JOKER8, NUMBER_IDS

from .helpers import LAYOUT12, board, cs, kinds, land

SEQ3 = ["set 3 + run 3", "run 5 + set 2", "set 2 + set 2 + set 2"]


def test_default_layout_is_the_specs_reconstruction():
    f = DEFAULT_LAYOUT.fields
    assert len(f) == 28 and f[0] == "choose"
    assert f[1:] == ACTIONS * 3
    assert DEFAULT_LAYOUT.reconstruction and len(ACTIONS) == 9
    g = Level8Board(2, seed=1)
    assert g.layout == DEFAULT_LAYOUT


def test_a_12_field_layout_and_a_3_level_sequence():
    g = Level8Board(3, seed=4, layout=LAYOUT12, sides=SEQ3, towers=[10, 0, 0])
    assert g.layout.fields == tuple(LAYOUT12) and not g.layout.reconstruction
    assert [len(s) for s in g.sides] == [3, 3, 3]
    assert g.current_level(0).spec() == "set 3 + run 3"
    g.roll(dice=(1, 3))  # wraps after field 11 and skips the start field (towers on it)
    assert g.reachable == (11, 2)
    g.move(11)
    assert g.phase == "show"  # field 11 is a steal field
    g.check_invariants()
    h = Level8Board(2, seed=4, layout=BoardLayout(tuple(LAYOUT12), name="my board"))
    assert h.layout.name == "my board" and h.layout.fields == tuple(LAYOUT12)
    assert Level8Board(2, seed=4, layout=h.layout.to_dict()).layout == h.layout


def test_the_last_level_of_a_3_level_sequence_wins_when_laid():
    g = board(
        ["1R 1Y 2R 2Y 3R 3Y 9B 10B 11B 12B", "*"], "14O", "15G", sides=SEQ3, start_levels=[3, 1]
    )
    land(g, 1)
    g.take()
    ev = g.lay_down([("set", cs("1R 1Y")), ("set", cs("2R 2Y")), ("set", cs("3R 3Y"))])
    assert kinds(ev) == ["lay_down", "win"] and g.winners == [0]


def test_laying_the_second_to_last_level_and_going_out_wins():
    seq = ["run 9", "run 9", "run 9"]
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 15B", "*"], "14O", "10R", sides=seq, start_levels=[2, 1])
    land(g, 1)
    g.take()
    g.lay_down([("run", cs("1R 2R 3R 4R 5R 6R 7R 8R 9R"))])
    g.add_on("10R", 0, 0)
    ev = g.discard("15B")
    assert kinds(ev) == ["discard", "round_end", "win"] and g.levels[0] == 4


def test_choose_with_nothing_to_choose_takes_a_card():
    g = board(["*", "*"], "14O", "10G", layout=["choose", "draw1", "choose"], towers=[0, 1])
    g.roll(dice=(1, 1))
    assert g.reachable == (2, 0)
    ev = g.move(2)
    assert kinds(ev) == ["move", "nothing_to_choose"]
    assert g.phase == "take" and g.pending == {"action": "choose", "takes": 1}


@pytest.mark.parametrize(
    "layout",
    [
        ["choose"],  # too few fields
        [],
        ["choose"] * 61,  # too many
        ["choose", "draw3"],  # unknown action id
        ["choose", "Draw1"],
        ["choose", 1],
        ["choose", None],
        "choose draw1 draw2",
        42,
        {"fields": ["choose", "draw1"], "name": "x"},
        {"fields": ["choose", "draw1"], "name": "x", "reconstruction": "no"},
        {"fields": ["choose", "draw1"], "name": "", "reconstruction": False},
        {"fields": ["choose", "draw1"], "name": "x", "reconstruction": False, "extra": 1},
    ],
)
def test_invalid_layouts_are_refused(layout):
    with pytest.raises(ConfigError):
        Level8Board(2, seed=1, layout=layout)


def test_invalid_layout_objects_are_refused():
    with pytest.raises(ConfigError):
        BoardLayout(("choose", "fly"))
    with pytest.raises(ConfigError):
        BoardLayout(["choose", "draw1"])  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        BoardLayout(("choose",))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 7},
        {"sides": "three"},
        {"sides": ["run 11"]},
        {"sides": ["fly 3"]},
        {"sides": []},
        {"towers": [0]},
        {"towers": [0, 0, 0]},
        {"towers": [5, 5]},
        {"towers": [0, 28]},
        {"towers": [0, -1]},
        {"towers": [True, 0]},
        {"towers": [0, 1.0]},
        {"towers": "01"},
        {"layout": LAYOUT12, "towers": [0, 12]},
        {"deck": list(NUMBER_IDS)[:-1]},
        {"deck": [*list(NUMBER_IDS)[:-1], JOKER8]},
        {"deck": [*list(NUMBER_IDS), 0]},
        {"start_levels": [9, 1]},
        {"start_levels": [4, 1], "sides": SEQ3},
        {"dealer": 2},
        {"dealer": True},
    ],
)
def test_invalid_setups_are_refused(kwargs):
    kwargs = {"players": 2, "seed": 1, **kwargs}
    with pytest.raises(ConfigError):
        Level8Board(kwargs.pop("players"), **kwargs)


def test_a_level_sequence_object_and_per_player_sequences():
    seq = parse_levels(SEQ3, name="three")
    g = Level8Board(2, seed=1, sides=[seq, "two"])
    assert g.sides[0].name == "three" and len(g.sides[1]) == 8
    assert g.sides[1].levels[0].spec() == "set 3 + run 5"  # the board's two-star level 1
    one = Level8Board(2, seed=1).sides[0]
    assert one.levels[0].spec() == "set 3 + run 3" and one.levels[1].spec() == (
        "set 2 + set 2 + set 3"
    )
