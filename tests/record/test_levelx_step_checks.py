"""Level X step data: the fast path for well-formed steps gives what the careful path gives,
and anything not plainly well formed still gets the careful path's sentence."""

from __future__ import annotations

import pytest

from levelwidgets.levelx.samples import long_game
from levelwidgets.record import RecordError
from levelwidgets.record.levelx_adapter import ADAPTER, _well_formed


def test_every_step_of_a_long_game_reads_the_same_on_both_paths():
    steps = long_game(200, move_chance=0.3).steps()
    for step in steps:
        ADAPTER.check_step(dict(step))  # the careful path learns the move notation once
    for step in steps:
        fast = _well_formed(dict(step))
        assert fast == step
        assert fast is not step  # a copy: the file's dict is not kept


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ({"kind": "roll", "player": 0, "dice": [1, 2, 3, 7], "drawn": True}, "A die"),
        ({"kind": "roll", "player": 0, "dice": [1, 2, 3, True], "drawn": True}, "A die"),
        ({"kind": "roll", "player": 0, "dice": [1, 2, 3], "drawn": True}, "four dice"),
        ({"kind": "roll", "player": 0, "dice": [1, 2, 3, 4], "drawn": 1}, "true or false"),
        ({"kind": "roll", "player": 4, "dice": [1, 2, 3, 4], "drawn": True}, "player"),
        ({"kind": "roll", "player": False, "dice": [1, 2, 3, 4], "drawn": True}, "player"),
        ({"kind": "roll", "player": 0, "dice": [1, 2, 3, 4]}, "lacks"),
        ({"kind": "move", "player": 0, "move": "1+6 5+5", "x": 1}, "unknown"),
        ({"kind": "move", "player": 0, "move": "1+x"}, "Cannot read"),
        ({"kind": "move", "player": 0, "move": 7}, "short text"),
        ({"kind": "jump", "player": 0}, '"roll" or "move"'),
    ],
)
def test_malformed_steps_take_the_careful_path(step, words):
    assert _well_formed(step) is None
    with pytest.raises(RecordError, match=words):
        ADAPTER.check_step(step)


def test_moves_in_another_spelling_are_normalised_not_trusted():
    step = {"kind": "move", "player": 1, "move": " 6+1   5+5 "}
    assert _well_formed(step) is None
    assert ADAPTER.check_step(step)["move"] == "6+1 5+5"
