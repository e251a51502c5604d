"""The examples in the engine's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "levelwidgets.levelx",
    "levelwidgets.levelx.game",
    "levelwidgets.levelx.bots",
    "levelwidgets.levelx.analysis",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
