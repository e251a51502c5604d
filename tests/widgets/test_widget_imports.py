"""Naming a widget loads that widget and what its first view needs, nothing heavier (issue 33
item 6: importing any widget costs at most 1.2 times ``import anywidget``).

Checked in fresh interpreters (``sys.modules``), not by timing; the ratios are
``benchmarks/import_cost.py``'s. Each module listed here was once loaded by an import and is
now loaded when first used: numpy when a dice lab is built, exact fractions when chances are
counted, the bots when a seat gets one, the odds when they are shown, the analysis, review and
puzzle packages when asked for, ``html``/``hashlib``/``secrets`` never on import.
"""

from __future__ import annotations

import pytest

from .test_seek_imports import _found, _loaded_after

#: Never loaded by naming a widget.
NEVER_ON_IMPORT = (
    "numpy",
    "pandas",
    "scipy",
    "matplotlib",
    "fractions",
    "decimal",
    "html",
    "hashlib",
    "secrets",
    "asyncio",  # with ssl and subprocess: ~15 ms; the picture finds a kernel's loop without it
    "ssl",
    "levelwidgets.analysis",
    "levelwidgets.interop",
    "levelwidgets.review",
    "levelwidgets.puzzles",
    "levelwidgets.record.handout",
    "levelwidgets.levelx.advisor",
    "levelwidgets.levelx.expectimax",
    "levelwidgets.level8.bots",
    "levelwidgets.level8.search",
    "levelwidgets.level8.odds",
    "levelwidgets.level8.board.bots",
)

#: Besides those: what each widget's import leaves alone (the other games, the other widgets).
NOT_FOR = {
    "LevelXWidget": (
        "levelwidgets.level8",
        "levelwidgets.levelx.probability",
        "levelwidgets.widgets.level8",
        "levelwidgets.widgets.level8_board",
        "levelwidgets.widgets.dicelab",
    ),
    "Level8Widget": (
        "levelwidgets.levelx",
        "levelwidgets.level8.board",
        "levelwidgets.widgets.levelx",
        "levelwidgets.widgets.level8_board",
        "levelwidgets.widgets.dicelab",
    ),
    "Level8BoardWidget": (
        "levelwidgets.levelx",
        "levelwidgets.widgets.levelx",
        "levelwidgets.widgets.dicelab",
    ),
    "DiceLab": (
        "levelwidgets.level8",
        "levelwidgets.record",
        "levelwidgets.widgets.base",
        "levelwidgets.widgets.levelx",
        "levelwidgets.widgets.level8",
    ),
}

#: Where each widget lives.
HOMES = {
    "LevelXWidget": "levelwidgets.widgets.levelx",
    "Level8Widget": "levelwidgets.widgets.level8",
    "Level8BoardWidget": "levelwidgets.widgets.level8_board",
    "DiceLab": "levelwidgets.widgets.dicelab",
}

#: A widget made in a fresh interpreter: its first view, as a notebook cell shows it.
MADE = {
    "LevelXWidget": (
        "from levelwidgets.levelx import LevelX\nw = LevelXWidget(LevelX(['Ann', 'Ben'], seed=1))"
    ),
    "Level8Widget": (
        "from levelwidgets.level8 import Level8\nw = Level8Widget(Level8(['Ann', 'Ben'], seed=1))"
    ),
    "Level8BoardWidget": (
        "from levelwidgets.level8.board import Level8Board\n"
        "w = Level8BoardWidget(Level8Board(['Ann', 'Ben'], seed=1))"
    ),
    "DiceLab": "w = DiceLab(seed=1)",
}

#: What a made widget's first view still does without.
#: What no widget's first view needs (the analysts' and teachers' tools).
NEVER_FOR_A_FIRST_VIEW = (
    "pandas",
    "levelwidgets.analysis",
    "levelwidgets.review",
    "levelwidgets.puzzles",
)

NOT_WHEN_MADE = {
    "LevelXWidget": (
        "numpy",
        "levelwidgets.level8",
        *NEVER_FOR_A_FIRST_VIEW,
        "levelwidgets.levelx.advisor",
    ),
    "Level8Widget": (
        "numpy",
        "levelwidgets.levelx",
        *NEVER_FOR_A_FIRST_VIEW,
        "levelwidgets.level8.bots",
        "levelwidgets.level8.search",
    ),
    "Level8BoardWidget": (
        "numpy",
        "levelwidgets.levelx",
        *NEVER_FOR_A_FIRST_VIEW,
        "levelwidgets.level8.board.bots",
    ),
    "DiceLab": (
        "pandas",
        "levelwidgets.level8",
        "levelwidgets.record",
        "levelwidgets.review",
        "levelwidgets.puzzles",
    ),
}


@pytest.mark.parametrize("name", sorted(NOT_FOR))
def test_naming_a_widget_loads_nothing_it_does_not_need_yet(name: str) -> None:
    loaded = _loaded_after(f"from levelwidgets.widgets import {name}")
    assert HOMES[name] in loaded
    assert _found(loaded, (*NEVER_ON_IMPORT, *NOT_FOR[name])) == []


@pytest.mark.parametrize("name", sorted(MADE))
def test_a_made_widget_loads_only_what_its_first_view_needs(name: str) -> None:
    loaded = _loaded_after(f"from levelwidgets.widgets import {name}\n{MADE[name]}")
    assert HOMES[name] in loaded
    assert _found(loaded, NOT_WHEN_MADE[name]) == []
    if name == "DiceLab":  # its dice come from numpy's generator: loaded once a lab is built
        assert "numpy" in loaded
