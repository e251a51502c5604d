"""levelwidgets: play, step through, annotate and analyse Level X and Level 8 in Jupyter.

The game engines (:mod:`levelwidgets.levelx`, :mod:`levelwidgets.level8`) are pure Python and
import no widget code; the widgets in :mod:`levelwidgets.widgets` are thin adapters over them.
"""

from .errors import GameError as GameError  # the one error base of both engines

__version__ = "0.1.0"


def __getattr__(name: str):
    """``levelwidgets.LevelXWidget``, ``levelwidgets.Level8Widget``,
    ``levelwidgets.Level8BoardWidget`` and ``levelwidgets.DiceLab`` without importing widget
    code for engine-only users."""
    if name in ("LevelXWidget", "Level8Widget", "Level8BoardWidget", "DiceLab"):
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'levelwidgets' has no attribute {name!r}")
