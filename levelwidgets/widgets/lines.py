"""The record as the widgets' review bar shows it: the variation tree, line paths, file names.

A line is a variation and its main continuation. The browser names a line by its *path*: the
branch points from the start, ``[[ply, index], ...]`` (at step ``ply`` take the parent's
variation ``index``; every other step takes the main continuation). Paths are plain JSON, so
the browser sends them back as they came, and they are checked like any other input.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import GameError
from ..names import shown_name
from ..record import GameRecord, Node, RecordError, Step
from .shapes import given

#: Lines sent to the browser at most (a record with more lists the first ones and a count).
MAX_LINES = 100
#: What a record file name may look like: a plain name in the record folder, ending in .json.
_FILE_NAME = re.compile(r"[\w][\w .()+,-]{0,120}\.json", re.UNICODE)


def line_end(node: Node) -> Node:
    """The last step of ``node``'s main continuation (the end of the line through it)."""
    if node.is_main_line():
        with contextlib.suppress(RecordError):  # (a removed node is walked)
            return node.record._main_line()[-1]  # the record keeps its main line
    while node.variations:
        node = node.variations[0]
    return node


def path_of(node: Node) -> list[list[int]]:
    """The branch points from the start to ``node`` (found walking up to the main line)."""
    points = []
    while node.parent is not None and not node.is_main_line():
        index = node.variation_index()
        if index:
            points.append([node.ply, index])
        node = node.parent
    return points[::-1]


def node_at(record: GameRecord, path: object) -> Node:
    """The first step of the line ``path`` names (the start for the main line's ``[]``)."""
    if not isinstance(path, list) or len(path) > 10_000:
        raise RecordError(f"A line is named by a list of branch points, not {path!r:.60}.")
    node: Node = record
    for point in path:
        if not (
            isinstance(point, list)
            and len(point) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in point)
        ):
            raise RecordError(f"A branch point is [step, variation], not {point!r:.60}.")
        ply, index = point
        if ply <= node.ply:
            raise RecordError("The branch points of a line must go forward through the game.")
        while node.ply < ply - 1 and node.variations:
            node = node.variations[0]
        if node.ply != ply - 1 or not 0 < index < len(node.variations):
            raise RecordError.coded(
                "widget.variation_gone", "That variation is not in the record (any more)."
            )
        node = node.variations[index]
    return node


def lines_of(
    record: GameRecord,
    shown: Node,
    starts: tuple[list[tuple[Node, int]], int] | None = None,
    text_of: Callable[[Step], str] | None = None,
    rows: list[dict[str, Any]] | None = None,
) -> tuple[list[dict[str, Any]], int]:
    """The record's lines in tree order (main line first) as the view carries them, and how
    many were left out past :data:`MAX_LINES`. ``shown`` is the last step of the line shown;
    ``starts`` is :func:`line_starts` of the record if the caller keeps it; ``text_of`` names
    a line's first step for the viewer (default: its player and notation); ``rows`` is
    :func:`line_rows` of the same if the caller keeps it (only ``shown`` is filled in here)."""
    if starts is None:
        starts = line_starts(record)
    if rows is None:
        rows = line_rows(record, starts, text_of)
    path = shown.path()  # a line is shown when its first node lies on the path to ``shown``
    out = []
    for (first, _depth), row in zip(starts[0], rows, strict=True):
        row = dict(row)
        row["shown"] = first.ply < len(path) and path[first.ply] is first
        out.append(row)
    return out, starts[1]


def line_rows(
    record: GameRecord,
    starts: tuple[list[tuple[Node, int]], int],
    text_of: Callable[[Step], str] | None = None,
) -> list[dict[str, Any]]:
    """:func:`lines_of`'s rows with ``shown`` left False: they change only with the tree's
    shape (and the words of ``text_of``), so a widget keeps them while stepping."""
    text = text_of or step_text
    return [_line(record, first, depth, False, text) for first, depth in starts[0]]


def step_text(step: Step, language: str = "en") -> str:
    """A step as a line's label: its player (a seat called "You"/"Du" in ``language``'s word)
    and its notation (every card it names)."""
    return f"{shown_name(step.player_name, language)}: {step.notation}"


def line_starts(record: GameRecord) -> tuple[list[tuple[Node, int]], int]:
    """The first node and depth of each line, in tree order, up to :data:`MAX_LINES`, and how
    many more there are. One walk over the tree: keep it until the tree's shape changes."""
    out: list[tuple[Node, int]] = []
    left_out = 0
    stack: list[tuple[Node, int]] = [(record, 0)]
    while stack:
        first, depth = stack.pop()
        if len(out) >= MAX_LINES:
            left_out += 1
        else:
            out.append((first, depth))
        branches: list[tuple[Node, int]] = []
        node: Node | None = first
        while node is not None:
            children = node.variations
            branches.extend((child, depth + 1) for child in children[1:])
            node = children[0] if children else None
        stack.extend(reversed(branches))  # the earliest branch is listed first
    return out, left_out


def _line(
    record: GameRecord, first: Node, depth: int, shown: bool, text_of: Callable[[Step], str]
) -> dict[str, Any]:
    step = first if first is not record else (first.variations[0] if first.variations else None)
    end = line_end(first)
    return {
        "path": path_of(first),
        "at": first.ply or 1,
        "depth": depth,
        "text": "" if step is None else text_of(step),  # type: ignore[arg-type]
        "player": None if step is None else step.player,  # type: ignore[attr-defined]
        "steps": end.ply - (first.ply or 1) + 1 if step is not None else 0,
        "shown": shown,
        "main": first is record,
    }


def record_file(folder: str | Path, name: object) -> Path:
    """The path of a record file named ``name`` in ``folder``: a plain file name ending in
    ``.json`` (no folders, nothing hidden), so a request from the browser stays in the folder."""
    if isinstance(name, str) and name and not name.endswith(".json") and len(name) < 120:
        name += ".json"
    if not isinstance(name, str) or not _FILE_NAME.fullmatch(name) or ".." in name:
        raise file_name_error(name)
    return Path(folder) / name


def file_name_error(name: object, error: type[GameError] = RecordError) -> GameError:
    """The refusal of ``name`` as a record file name (an ``error``, coded for the browser)."""
    return error.coded(
        "widget.file_name",
        "A record file name is a plain name ending in .json, like 'lesson-1.json', "
        "not {name!r:.60}.",
        name=name if isinstance(name, str) else given(name),
    )


def record_files(folder: str | Path) -> list[str]:
    """The names of the ``.json`` files in ``folder`` that could be records, sorted."""
    try:
        names = [p.name for p in Path(folder).iterdir() if p.is_file()]
    except OSError:
        return []
    return sorted(n for n in names if _FILE_NAME.fullmatch(n) and ".." not in n)[:500]
