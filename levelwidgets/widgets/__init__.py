"""Jupyter widgets (anywidget) over the pure-Python engines; one small module per widget."""

from __future__ import annotations

from .base import GameWidget
from .level8 import Level8Widget
from .levelx import LevelXWidget

__all__ = ["GameWidget", "Level8Widget", "LevelXWidget"]
