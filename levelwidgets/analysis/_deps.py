"""The optional libraries of the ``[analysis]`` extra, imported only when a function needs them.

``import levelwidgets.analysis`` works without them; asking for a table or a plot says what
to install (:class:`levelwidgets.extras.MissingExtraError`) instead of failing with a bare
``ModuleNotFoundError``.
"""

from __future__ import annotations

from typing import Any

from ..extras import require


def pandas() -> Any:
    return require("pandas", "analysis", "tables")


def pyplot() -> Any:
    return require("matplotlib.pyplot", "analysis", "plots")
