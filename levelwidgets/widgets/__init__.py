"""Jupyter widgets (anywidget) over the pure-Python engines; one small module per widget."""

from __future__ import annotations

from .levelx import LevelXWidget

__all__ = ["LevelXWidget"]
