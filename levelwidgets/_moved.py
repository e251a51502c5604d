"""Old import paths of modules that moved, kept working for one release with a warning.

The engines must import nothing above them, so a moved module's old path holds no import
of its new home: the attribute is looked up on first use, with a ``DeprecationWarning``.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Any


def moved(old: str, new: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``old`` that forwards every name to module ``new``."""

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):  # import machinery probes (__path__, __file__ ...)
            raise AttributeError(name)
        warnings.warn(
            f"{old} moved to {new}; import {name} from there "
            "(the old path goes in the next release).",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(new), name)

    return __getattr__


def renamed(old: str, new: str) -> None:
    """Warn that the public name ``old`` is now ``new`` (call it from the old name's body)."""
    warnings.warn(
        f"{old} is now {new} (the shared protocol's name; the old one goes in the next release).",
        DeprecationWarning,
        stacklevel=3,
    )
