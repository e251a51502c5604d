"""The answers as a tidy table: one row per attempt, the same columns for a puzzle and a set."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: The columns of ``answers``: the puzzle's id and title, its game, the student, the answer in
#: the game's notation, right or wrong, what it cost against the best (the judge's unit; NaN
#: for a check that does not measure it), the reason the student read, and when (UTC).
COLUMNS = ("puzzle", "title", "game", "student", "answer", "correct", "cost", "why", "time")


def frame(rows: Iterable[dict[str, Any]]) -> Any:
    """A pandas DataFrame of ``rows`` with :data:`COLUMNS` (also when there is no row)."""
    import pandas as pd

    table = pd.DataFrame(list(rows), columns=list(COLUMNS))
    table["correct"] = table["correct"].astype(bool)
    table["cost"] = pd.to_numeric(table["cost"], errors="coerce").astype(float)
    table["time"] = pd.to_datetime(table["time"], utc=True)
    return table
