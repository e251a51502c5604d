"""Argument checks for the statistics (``summary``, ``compare``, ``ratings``, ``elo``),
done before any work, and the errors they raise.

Each error is a :class:`~levelwidgets.errors.GameError`, so one ``except GameError`` catches
every refusal of levelwidgets, and a ``ValueError`` / ``TypeError`` as plain Python code expects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import GameLimitError, GameTypeError, GameValueError
from ._deps import pandas

#: The most studies ``compare()`` puts side by side (one row each).
MAX_STUDIES = 1_000
#: The most distinct bots ``ratings()`` rates at once (the fit inverts a bots × bots matrix).
MAX_RATED_BOTS = 2_000
#: The most games (rows) a statistics function reads: ``simulate``'s own limit.
MAX_ROWS = 100_000_000


class AnalysisError(GameValueError):
    """A statistics function was given a value it cannot use (nothing was computed)."""


class AnalysisTypeError(AnalysisError, GameTypeError):
    """A statistics argument of the wrong type (a list where a games frame is needed)."""


class AnalysisLimitError(AnalysisError, GameLimitError):
    """More studies, bots or games than a statistics function takes; refused before any work."""


def check_frame(frame: object, what: str = "frame") -> Any:
    """A pandas DataFrame of at most :data:`MAX_ROWS` games, else the error saying so."""
    pd = pandas()
    if not isinstance(frame, pd.DataFrame):
        raise AnalysisTypeError(
            f"{what} must be a pandas DataFrame of games (one row per game, as simulate() "
            f"returns), not {type(frame).__name__}."
        )
    if len(frame) > MAX_ROWS:
        raise AnalysisLimitError(f"{what} has {len(frame):,} rows; at most {MAX_ROWS:,} games.")
    return frame


def check_studies(studies: object) -> Mapping[Any, Any]:
    """``compare()``'s studies: a dict of 1 to :data:`MAX_STUDIES` entries."""
    if not isinstance(studies, Mapping):
        raise AnalysisTypeError(
            "compare() takes a dict {name: games frame or summary}, one or more, or one "
            f"paired frame from simulate(..., paired=True); not {type(studies).__name__}"
        )
    if not studies:
        raise AnalysisError("compare() needs at least one study in its dict")
    if len(studies) > MAX_STUDIES:
        raise AnalysisLimitError(
            f"compare() takes at most {MAX_STUDIES:,} studies, not {len(studies):,}"
        )
    return studies


def check_choice(name: str, value: object, allowed: tuple[object, ...]) -> None:
    """``value`` is one of ``allowed`` (compared with ``is`` for True/False/None)."""
    if not any(value is a or (type(value) is type(a) and value == a) for a in allowed):
        shown = ", ".join(repr(a) for a in allowed)
        raise AnalysisError(f"{name} must be one of {shown}, not {value!r}")


def check_whole(name: str, value: object, low: int, high: int) -> int:
    """A whole number ``low``–``high`` (``True`` is no number here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise AnalysisTypeError(f"{name} must be a whole number {low}–{high:,}, not {value!r}")
    if not low <= value <= high:
        raise AnalysisError(f"{name} must be a whole number {low}–{high:,}, not {value!r}")
    return value
