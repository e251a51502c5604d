"""Jupyter widgets (anywidget) over the pure-Python engines; one small module per widget."""

from __future__ import annotations

from .base import GameWidget
from .dicelab import DiceLab
from .level8 import Level8Widget
from .level8_board import Level8BoardWidget
from .levelx import LevelXWidget

__all__ = ["DiceLab", "GameWidget", "Level8BoardWidget", "Level8Widget", "LevelXWidget"]
