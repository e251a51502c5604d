"""Jupyter widgets (anywidget) over the pure-Python engines; one small module per widget.

The widgets load when first named (``from levelwidgets.widgets import LevelXWidget``): a
notebook with one Level X board does not pay for the card games, DiceLab's numpy or
anywidget before it uses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from .base import GameWidget
    from .dicelab import DiceLab
    from .level8 import Level8Widget
    from .level8_board import Level8BoardWidget
    from .levelx import LevelXWidget

__all__ = ["DiceLab", "GameWidget", "Level8BoardWidget", "Level8Widget", "LevelXWidget"]

#: Where each widget lives (loaded on first use).
_HOMES = {
    "DiceLab": ".dicelab",
    "GameWidget": ".base",
    "Level8BoardWidget": ".level8_board",
    "Level8Widget": ".level8",
    "LevelXWidget": ".levelx",
}


__getattr__, __dir__ = lazy_exports(__name__, _HOMES)
