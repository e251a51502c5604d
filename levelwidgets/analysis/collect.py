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
#: chunks of 5 games, for a lively progress bar) are pooled; 200 dict rows are ~300 kB.
_COMPACT_EVERY = 200

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
    """Gathers row dicts chunk by chunk into one compact, game-ordered DataFrame."""

    def __init__(self, labels: Sequence[str]) -> None:
        self._shared: dict[object, object] = {label: label for label in labels}
        self._frames: list[pd.DataFrame] = []
        self._pending: list[pd.DataFrame] = []
        self._rows: list[dict[str, Any]] = []  # rows not compacted yet
        self.count = 0

    def add(self, rows: Iterable[dict[str, Any]]) -> None:
        """Take one chunk's rows (any order)."""
        rows = list(rows)
        if not rows:
            return
        shared = self._shared
        for row in rows:  # one object per distinct name or tuple, not one per game
            for key, value in row.items():
                if isinstance(value, (str, tuple)) and key != "record":
                    row[key] = shared.setdefault(value, value)
        self._rows += rows
        self.count += len(rows)
        if len(self._rows) >= _COMPACT_EVERY:
            self._flush()

    def _flush(self) -> None:
        """Turn the rows held as dicts into one compact frame."""
        if self._rows:
            self._pending.append(self._compact(pandas().DataFrame(self._rows)))
            self._rows = []
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
