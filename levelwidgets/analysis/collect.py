"""Collect a study's rows compactly: a million games must fit in a few hundred MB.

Rows arrive from workers as dicts (≈ 1.5 kB each in Python objects). Every
:data:`_COMPACT_EVERY` rows (whatever the chunk sizes) become one small DataFrame, with the
narrowest dtypes that hold the values (``int8`` seats and chips, ``int16``/``int32`` counts;
bot names and ``winner_seats`` as one shared object per distinct value, not one per game as
unpickled from a worker), and those frames are merged as they pile up, so memory grows by
about a hundred bytes per game instead of kilobytes. Bot names stay plain strings (not
categoricals), so renaming or combining frames just works.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ._deps import pandas

if TYPE_CHECKING:
    import pandas as pd

_MERGE_EVERY = 64  # compacted frames held before they are merged into one
#: Rows held as dicts before they become one compact frame. A frame costs a few milliseconds
#: of pandas work however few rows it holds, so small chunks (a short study in-process sends
#: chunks of 5 games, for a lively progress bar) are pooled; 1000 rows held as column lists
#: are ~250 kB.
_COMPACT_EVERY = 1000


def _column(values: list[Any]) -> Any:
    """A list of values as a column: tuples (``winner_seats``) kept whole in an object array."""
    if values and type(values[0]) is tuple:
        import numpy as np

        out = np.empty(len(values), dtype=object)
        for i, value in enumerate(values):
            out[i] = value
        return out
    return values


_TYPES: dict[str, str] = {
    "game_index": "int64",
    "seed": "int64",  # a 63-bit SeedSequence word
    "players": "int8",
    "turns": "int32",
    "rounds": "int16",
    "over": "bool",
    "winner_seat": "Int8",  # -1 for a tie, <NA> for an unfinished game
    "tie": "bool",
    "rows_closed": "int8",
    "rounds_to_finish": "Int16",  # <NA> for an unfinished game
}
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"score_\d+"), "int16"),
    (re.compile(r"chips_row_\d+"), "int8"),
)


class RowCollector:
    """Gathers row dicts chunk by chunk into one compact, game-ordered DataFrame.

    Rows are kept column by column (one list per column, shared objects for names and
    tuples) until :data:`_COMPACT_EVERY` of them become a typed frame: appending a value
    costs far less than pandas reading a list of dicts.
    """

    def __init__(self, labels: Sequence[str]) -> None:
        self._shared: dict[object, object] = {label: label for label in labels}
        self._frames: list[pd.DataFrame] = []
        self._pending: list[pd.DataFrame] = []
        self._columns: dict[str, list[Any]] = {}  # rows not compacted yet, column by column
        self._held = 0
        self.count = 0

    def add(self, rows: Iterable[dict[str, Any]]) -> None:
        """Take one chunk's rows (any order)."""
        shared = self._shared
        for row in rows:
            columns = self._columns
            if len(row) != len(columns) or not all(key in columns for key in row):
                self._flush()  # other columns than the rows held: a frame of their own
                columns = self._columns = {key: [] for key in row}
            for key, value in row.items():
                if (type(value) is str or type(value) is tuple) and key != "record":
                    value = shared.setdefault(value, value)  # one object per distinct value
                columns[key].append(value)
            self._held += 1
            self.count += 1
            if self._held >= _COMPACT_EVERY:
                self._flush()

    @property
    def held(self) -> int:
        """Rows held as lists, not yet in a compact frame (fewer than :data:`_COMPACT_EVERY`)."""
        return self._held

    def _flush(self) -> None:
        """Turn the rows held as lists into one compact frame."""
        if self._held:
            data = {key: _column(values) for key, values in self._columns.items()}
            self._pending.append(self._compact(pandas().DataFrame(data)))
            self._columns = {key: [] for key in self._columns}
            self._held = 0
            if len(self._pending) >= _MERGE_EVERY:
                self._merge()

    def frame(self) -> pd.DataFrame:
        """Every row so far, ordered by ``game_index``, with a fresh 0… index."""
        self._flush()
        self._merge()
        if not self._frames:
            return pandas().DataFrame(columns=["game_index", "seed", "turns", "winner_seat"])
        frame = self._frames[0]
        return frame.sort_values("game_index", kind="stable").reset_index(drop=True)

    def _merge(self) -> None:
        parts = self._frames + self._pending
        if len(parts) > 1:
            self._frames = [pandas().concat(parts, ignore_index=True)]
        elif parts:
            self._frames = parts
        self._pending = []

    def _compact(self, chunk: pd.DataFrame) -> pd.DataFrame:
        types: dict[str, Any] = {}
        for column in chunk.columns:
            if column in _TYPES:
                types[column] = _TYPES[column]
            else:
                for pattern, kind in _PATTERNS:
                    if pattern.fullmatch(column):
                        types[column] = kind
        return chunk.astype(types)
