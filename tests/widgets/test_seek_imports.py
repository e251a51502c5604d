"""Importing the widgets loads only what is used (issue 33: import cost).

``import levelwidgets.widgets`` loads no widget; naming one loads that widget and its own
engine: a Level X board loads no card game, no numpy, no pandas, no analysis package, even
once it is made and stepped through. Checked in fresh interpreters (``sys.modules``), not by
timing; the times are ``benchmarks/import_cost.py``'s.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Modules a Level X widget never needs.
NOT_FOR_LEVELX = (
    "numpy",
    "pandas",
    "scipy",
    "matplotlib",
    "levelwidgets.level8",
    "levelwidgets.analysis",
    "levelwidgets.interop",
    "levelwidgets.review",
    "levelwidgets.widgets.level8",
    "levelwidgets.widgets.level8_board",
    "levelwidgets.widgets.dicelab",
    "levelwidgets.record.level8_adapter",
)


def _loaded_after(code: str) -> set[str]:
    """The modules loaded after running ``code`` in a fresh interpreter."""
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _found(loaded: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in loaded if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_import_widgets_loads_no_widget_engine_or_numpy():
    loaded = _loaded_after("import levelwidgets.widgets")
    assert "levelwidgets.widgets" in loaded
    unwanted = (*NOT_FOR_LEVELX, "anywidget", "levelwidgets.levelx", "levelwidgets.record")
    assert _found(loaded, unwanted) == []


def test_a_levelx_widget_made_and_stepped_loads_no_card_game_or_numpy():
    loaded = _loaded_after(
        "from levelwidgets.widgets import LevelXWidget\n"
        "from levelwidgets.levelx.samples import long_game\n"
        "w = LevelXWidget(long_game(20), bot_delay=0)\n"
        "w.seek(3); w.seek(40); w.undo()\n"
    )
    assert "levelwidgets.widgets.levelx" in loaded
    assert _found(loaded, NOT_FOR_LEVELX) == []


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("LevelXWidget", "levelwidgets.widgets.levelx"),
        ("Level8Widget", "levelwidgets.widgets.level8"),
        ("Level8BoardWidget", "levelwidgets.widgets.level8_board"),
        ("DiceLab", "levelwidgets.widgets.dicelab"),
        ("GameWidget", "levelwidgets.widgets.base"),
    ],
)
def test_every_public_name_still_imports_from_the_package(name, module):
    import importlib

    import levelwidgets
    import levelwidgets.widgets as widgets

    cls = getattr(widgets, name)
    assert cls is getattr(importlib.import_module(module), name)
    assert name in widgets.__all__ and name in dir(widgets)
    if name != "GameWidget":
        assert getattr(levelwidgets, name) is cls


def test_an_unknown_name_is_an_attribute_error():
    import levelwidgets.widgets as widgets

    with pytest.raises(AttributeError, match="NoSuchWidget"):
        widgets.NoSuchWidget  # noqa: B018
