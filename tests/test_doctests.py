"""The examples in the package's docstrings are true (engines, records, analysis)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "levelwidgets.levelx",
    "levelwidgets.levelx.game",
    "levelwidgets.levelx.bots",
    "levelwidgets.analysis.levelx_frames",
    "levelwidgets.levelx.expectimax",
    "levelwidgets.analysis.batch",
    "levelwidgets.record",
    "levelwidgets.analysis",
    "levelwidgets.analysis.stats",
    "levelwidgets.analysis.seats",
    "levelwidgets.analysis.summary",
    "levelwidgets.analysis.simulate",
    "levelwidgets.analysis.games",
    "levelwidgets.analysis.compare",
    "levelwidgets.analysis.elo",
    "levelwidgets.analysis.ratings",
    "levelwidgets.analysis.paired",
    "levelwidgets.analysis.student_t",
    "levelwidgets.protocol",
    "levelwidgets.interop.pettingzoo",
    "levelwidgets.interop.openspiel_bots",
    "levelwidgets.interop.gym",
    "levelwidgets.levelx.steps",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
