"""Optional libraries, imported only when a feature needs them, with one clear message.

``import levelwidgets`` (engines, records, widgets) needs only anywidget, traitlets and numpy.
Tables and plots need the ``[analysis]`` extra, the game-AI adapters the ``[ai]`` extra. When
one is missing, :func:`require` raises :class:`MissingExtraError` naming the ``pip install``
line, instead of a bare ``ModuleNotFoundError`` deep inside a call.
"""

from __future__ import annotations

import importlib
import types

#: What each extra is for, as the message says it.
EXTRAS = {
    "analysis": "tables and plots",
    "ai": "the game-AI adapters",
}


class MissingExtraError(ImportError):
    """An optional library is not installed; the message names the extra to install."""


def install_line(extra: str) -> str:
    """The command that installs ``extra`` (quoted for every shell)."""
    return f'pip install "levelwidgets[{extra}]"'


def require(module: str, extra: str = "analysis", feature: str | None = None) -> types.ModuleType:
    """Import ``module`` (e.g. ``"pandas"``, ``"matplotlib.pyplot"``) or raise
    :class:`MissingExtraError` saying what needs it and how to install it."""
    if extra not in EXTRAS:
        raise ValueError(f"there is no extra {extra!r}; the extras are {', '.join(EXTRAS)}")
    try:
        return importlib.import_module(module)
    except ImportError as error:
        top = module.split(".")[0]
        what = feature or EXTRAS[extra]
        raise MissingExtraError(
            f"{top} is not installed; {what} need it: {install_line(extra)}"
        ) from error
