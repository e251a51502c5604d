"""An answers file: every attempt at a set's puzzles, one JSON line each, written at once.

Why: answers given in a widget live in the kernel; a grader (nbgrader's ``autograde``) runs
the notebook again in a new kernel, where nobody clicks. So a worksheet keeps its attempts in a
file next to the notebook (:meth:`PuzzleSet.keep_answers`), and when the notebook runs again
the attempts are read back and **judged again** by each puzzle's check: a line only says which
move was played by whom and when, never whether it was right, so editing the file cannot turn a
wrong answer into a right one.

A line: ``{"puzzle": "lx-1", "student": "ann", "answer": "2+3 3+6", "time": "2026-…Z"}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from .errors import PuzzleFileError

#: The largest answers file read (a class's attempts fit many times).
MAX_ANSWERS_BYTES = 10_000_000
_KEYS = {"puzzle", "student", "answer", "time"}


def line_of(row: Mapping[str, Any]) -> str:
    """The file's line for one row of ``answers``."""
    return json.dumps(
        {
            "puzzle": row["puzzle"],
            "student": row["student"],
            "answer": row["answer"],
            "time": row["time"].isoformat(),
        },
        ensure_ascii=False,
    )


def read(path: Path) -> list[dict[str, Any]]:
    """The attempts of ``path``, checked line by line (a bad line refuses the whole file)."""
    try:
        if path.stat().st_size > MAX_ANSWERS_BYTES:
            raise PuzzleFileError(f"{path.name} is larger than {MAX_ANSWERS_BYTES} bytes.")
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleFileError(f"{path.name} cannot be read: {exc}") from None
    out = []
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            item = json.loads(text)
            if not isinstance(item, dict) or set(item) != _KEYS:
                raise ValueError(f"a line holds exactly {', '.join(sorted(_KEYS))}")
            if not all(isinstance(item[k], str) for k in _KEYS):
                raise ValueError("every value is a text")
            item["time"] = datetime.fromisoformat(item["time"])
        except ValueError as exc:
            raise PuzzleFileError(f"{path.name}, line {number}: {exc}") from None
        out.append(item)
    return out
