"""One error base for both engines: ``levelwidgets.GameError``."""

from __future__ import annotations

import inspect
import json
import pickle

import pytest

import levelwidgets
from levelwidgets import GameError
from levelwidgets import level8 as l8
from levelwidgets import levelx as lx
from levelwidgets.errors import GameError as GameErrorFromModule


def _error_classes(module) -> list[type]:
    return [
        obj
        for name, obj in vars(module).items()
        if inspect.isclass(obj) and issubclass(obj, Exception) and name in module.__all__
    ]


def test_game_error_is_exported_once():
    assert levelwidgets.GameError is GameErrorFromModule is GameError
    assert issubclass(GameError, Exception) and not issubclass(GameError, ValueError)


@pytest.mark.parametrize(("module", "base"), [(lx, lx.LevelXError), (l8, l8.Level8Error)])
def test_every_engine_error_derives_from_game_error(module, base):
    classes = _error_classes(module)
    assert base in classes and len(classes) > 5
    for cls in classes:
        assert issubclass(cls, base), cls
        assert issubclass(cls, GameError), cls


def test_old_bases_and_mixins_still_catch_what_they_caught():
    # ValueError/AssertionError mix-ins stay, so existing ``except ValueError`` keeps working
    assert issubclass(l8.ConfigError, ValueError) and issubclass(l8.CorruptStateError, ValueError)
    assert issubclass(l8.InvariantError, AssertionError)
    assert issubclass(l8.NotYourTurnError, l8.IllegalActionError)


def test_one_except_clause_catches_both_engines_and_keeps_the_message():
    messages = []
    for act in (
        lambda: lx.LevelX(2, seed=1).undo(),
        lambda: l8.Level8(2, seed=1).discard("1R"),
        lambda: lx.LevelX(7),
        lambda: l8.Level8(9),
    ):
        with pytest.raises(GameError) as info:
            act()
        messages.append(str(info.value))
    assert "nothing to undo" in messages[0]
    assert "'draw' phase" in messages[1]
    assert "2 to 4 players" in messages[2] and "2 to 6 players" in messages[3]


def test_errors_keep_the_english_message_and_carry_a_code_and_params():
    game = lx.LevelX(["Ann", "Ben"], seed=1)
    game.roll((1, 2, 3, 4))
    with pytest.raises(lx.GroupSumError) as info:
        game.play("1+2")
    err = info.value
    assert str(err) == (
        "The group 1+2 makes 3, but rows go from 5 to 10. Leave those dice out instead."
    )
    assert err.code == "levelx.group_sum"
    assert err.params == {"group": [1, 2], "total": 3, "least": 5, "most": 10}
    with pytest.raises(lx.NotYourTurnError) as info:
        game.play("1+4", player=1)
    assert info.value.params == {"current": "Ann", "name": "Ben"}  # names as they are
    with pytest.raises(l8.NotYourTurnError) as info:
        l8.Level8(["Ann", "Ben"], seed=1).draw(player=1)
    assert info.value.code == "level8.not_your_turn" and str(info.value).startswith("Ben cannot")


def test_the_constructor_stays_compatible_and_params_are_json():
    plain = GameError("Just a message.")
    assert str(plain) == "Just a message." and plain.args == ("Just a message.",)
    assert plain.code is None and plain.params == {}
    err = l8.ConfigError.coded(
        "x.y", "{cards:, } and {n!r} and {thing}", cards=("1R", "2R"), n="a", thing=object()
    )
    assert str(err).startswith("1R, 2R and 'a' and <object object")
    assert isinstance(err, ValueError) and err.params["cards"] == ["1R", "2R"]
    assert json.loads(json.dumps(err.params))["thing"].startswith("<object object")
    again = pickle.loads(pickle.dumps(err))
    assert (str(again), again.code, again.params) == (str(err), err.code, err.params)
