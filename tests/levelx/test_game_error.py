"""One error base for both engines: ``levelwidgets.GameError``."""

from __future__ import annotations

import inspect

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
