"""The optional libraries of the ``[analysis]`` extra, imported only when a function needs them.

``import levelwidgets.analysis`` works without them; asking for a table or a plot says what
to install instead of failing with a bare ``ModuleNotFoundError``.
"""

from __future__ import annotations

from typing import Any

_HINT = "pip install 'levelwidgets[analysis]'"


def pandas() -> Any:
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"This needs pandas: {_HINT}") from exc
    return pd


def pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"Plots need matplotlib: {_HINT}") from exc
    return plt
