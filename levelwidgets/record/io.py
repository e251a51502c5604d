"""Record files: versioned JSON, written and read strictly (see ``docs/record-format.md``).

Reading never trusts a file: sizes are limited before parsing, every field is type-checked,
unknown fields are refused, every step of every variation is replayed through the engine,
and the stored position must follow from the steps. A file's ``check`` (a digest of the game
it records, see :func:`record_check`) must fit, so an edit that still makes a possible game (a
player's name, a hand-set roll) is refused too; annotations (headers, comments, marks,
highlights) stay editable by hand, and a file without ``check`` is read with every other
check.
Any problem raises :class:`RecordError` with a sentence a teacher can act on. A file is
plain data: nothing in it is run or shown as markup.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .._json import canonical, digest, same_json, strict_loads
from ._checks import is_int, need_keys, need_list
from .annotations import (
    FREE_HEADERS,
    MAX_COMMENTS,
    MAX_HIGHLIGHTS,
    check_comment,
    check_header,
    check_mark,
    highlight_from_json,
)
from .errors import RecordError
from .protocol import adapter_named
from .tree import MAX_NODES, GameRecord, Node, Step

FORMAT = "levelwidgets.record"
VERSION = 1
MAX_BYTES = 10 * 1024 * 1024
MAX_DEPTH = 32  # JSON nesting (objects and lists inside each other)

_TOP = ("format", "version", "game", "config", "headers", "start", "root", "nodes")
_OPTIONAL = ("position", "check")
_ANNOTATIONS = ("comments", "mark", "highlights")


# ---------------------------------------------------------------------- writing


def to_dict(record: GameRecord) -> dict[str, Any]:
    nodes: list[dict[str, Any]] = []
    index: dict[Node, int] = {record: -1}
    stack = list(reversed(record._vars))
    while stack:
        node = stack.pop()
        index[node] = len(nodes)
        parent = index[node._parent]  # type: ignore[index]
        nodes.append(
            {"parent": None if parent < 0 else parent, "step": node._data, **node._annotations()}
        )
        stack.extend(reversed(node._vars))
    end = record._state_at(_last(record))
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "config": record._config,
        "headers": {k: v for k, v in record._headers.items() if v is not None},
        "start": record._start,
        "root": record._annotations(),
        "nodes": nodes,
        "position": record._adapter.position(end),
    }
    data["check"] = record_check(data)
    return data


def record_check(data: Mapping[str, Any]) -> str:
    """A file's ``check``: 16 hex digits of BLAKE2b over the game it records, as compact JSON
    with sorted keys: every field but ``check`` and the annotations (``headers``, ``root``,
    and of each node only ``parent`` and ``step``), so a teacher may still edit a comment."""
    game = {k: v for k, v in data.items() if k not in ("check", "headers", "root", "nodes")}
    game["nodes"] = [[n.get("parent"), n.get("step")] for n in data["nodes"]]
    return digest(canonical(game))


def to_json(record: GameRecord, indent: int | None = None) -> str:
    return json.dumps(to_dict(record), indent=indent, ensure_ascii=False)


def save(record: GameRecord, path: str | Path) -> None:
    text = to_json(record, indent=1)
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)  # a crash while writing never leaves half a file


def _last(record: GameRecord) -> Node:
    node: Node = record
    while node._vars:
        node = node._vars[0]
    return node


# ---------------------------------------------------------------------- reading


def load(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(f"There is no file {str(path)!r}.") from None
    except OSError as exc:
        raise RecordError(f"The file {str(path)!r} cannot be read: {exc.strerror}.") from None
    return from_json(data)


def from_json(text: str | bytes) -> GameRecord:
    return from_dict(parse(text))


def parse(text: str | bytes) -> Any:
    """JSON text to plain data, refusing what is too big, too deep or not JSON."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise _too_big()
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("This is not a record file (it is not UTF-8 text).") from None
    if not isinstance(text, str):
        raise RecordError(f"A record is JSON text, not {type(text).__name__}.")
    if len(text) > MAX_BYTES:
        raise _too_big()
    try:
        data = strict_loads(text, constant=_not_a_number, twice=_named_twice)
    except RecursionError:
        raise _too_deep() from None
    except RecordError:
        raise
    except ValueError as exc:
        raise RecordError(f"This is not a record file (not valid JSON: {exc}).") from None
    _check_depth(data)
    return data


def from_dict(data: Any) -> GameRecord:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        hint = ""
        if isinstance(data, dict) and data.get("format") in ("levelwidgets/levelx", _L8):
            hint = " It is an engine record: open it with GameRecord.from_engine_json."
        raise RecordError(f"This is not a levelwidgets record (its 'format' is missing).{hint}")
    version = data.get("version")
    if version != VERSION:
        raise RecordError(
            f"This record is version {version!r}; this levelwidgets reads version {VERSION} "
            "(a newer levelwidgets may read it)."
        )
    need_keys(data, "The record", _TOP, _OPTIONAL)
    check = data.get("check")
    if "check" in data and (not isinstance(check, str) or len(check) != 16):
        raise RecordError("The record's 'check' must be the 16 characters a save writes.")
    adapter = adapter_named(data["game"])
    config = data["config"]
    if not isinstance(config, dict):
        raise RecordError("The record's 'config' must be a JSON object {...}.")
    nodes_raw = need_list(data["nodes"], "The record's 'nodes'")
    if len(nodes_raw) + 1 > MAX_NODES:
        raise RecordError(
            f"This record has {len(nodes_raw) + 1:,} positions; at most {MAX_NODES:,} can be "
            "opened."
        )
    start_game = adapter.new_game(config)
    adapter.check_start(start_game, data["start"])
    record = GameRecord(adapter, config, adapter.clone(start_game))
    headers = need_keys(data["headers"], "The record's 'headers'", (), FREE_HEADERS)
    for key, value in headers.items():
        record._headers[key] = check_header(key, value)
    _annotate(record, need_keys(data["root"], "The record's 'root'", (), _ANNOTATIONS))

    # Build the tree (parents always come first, so it cannot have a cycle).
    built: list[Step] = []
    for i, raw in enumerate(nodes_raw):
        where = f"Node {i + 1} of the record"
        need_keys(raw, where, ("parent", "step"), _ANNOTATIONS)
        parent_i = raw["parent"]
        if parent_i is None:
            parent: Node = record
        elif is_int(parent_i) and 0 <= parent_i < i:
            parent = built[parent_i]
        else:
            raise RecordError(
                f"{where} names parent {parent_i!r}; a parent is null (the start) or an "
                "earlier node's number, counted from 0."
            )
        try:
            step = adapter.check_step(raw["step"])
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        node = Step(parent, step)
        parent._vars.append(node)
        record._count += 1
        built.append(node)
        _annotate(node, raw, where)

    # Replay every node: the main continuation in place, variations on copies.
    stack: list[tuple[Node, Any]] = [(record, start_game)]
    states = record._states
    names = record.players
    while stack:
        node, game = stack.pop()
        children = node._vars
        seen: set = set()
        for k in range(len(children) - 1, -1, -1):
            child = children[k]
            key = adapter.key(child._data)
            if key in seen:
                raise RecordError(
                    f"{_where(record, child, names)} repeats another variation of the same "
                    "position."
                )
            seen.add(key)
            child_game = game if k == 0 else adapter.clone(game)
            try:
                child.events = adapter.apply(child_game, child._data)
            except RecordError as exc:
                raise RecordError(f"{_where(record, child, names)} is impossible: {exc}") from None
            if states.wants(child):
                states.put(child, adapter.clone(child_game))
            stack.append((child, child_game))
        if (
            not children
            and "position" in data
            and node.is_main_line()
            and not same_json(data["position"], adapter.position(game))
        ):
            raise RecordError(
                "The record's stored position (scores, pieces or cards) does not follow "
                "from its steps: the file was edited or damaged."
            )
    if check is not None and check != record_check(data):
        raise RecordError(
            "The record was changed after it was saved: its players, set-up or steps no "
            "longer match its check. (Comments, marks, highlights and headers may be edited; "
            "to change the game by hand, remove its 'check'.)"
        )
    return record


def from_engine_json(text: str | bytes) -> GameRecord:
    """A record from ``LevelX.to_json`` / ``Level8.to_json`` / ``Level8Board.to_json``
    (checked by the engine)."""
    data = parse(text)
    kind = data.get("format") if isinstance(data, dict) else None
    try:
        if kind == "levelwidgets/levelx":
            from ..levelx import LevelX

            game: Any = LevelX.from_json(json.dumps(data))
        elif kind == _L8:
            from ..level8 import Level8

            game = Level8.from_json(json.dumps(data))
        elif kind == _L8_BOARD:
            from ..level8.board import Level8Board

            game = Level8Board.from_json(json.dumps(data))
        else:
            raise RecordError(
                "This is not a Level X or Level 8 game record (its 'format' is missing)."
            )
    except RecordError:
        raise
    except ValueError as exc:  # the engines' record errors
        raise RecordError(f"The game record is invalid: {exc}") from None
    return GameRecord.from_game(game)


_L8 = "levelwidgets.level8"
_L8_BOARD = "levelwidgets.level8board"


def _annotate(node: Node, raw: dict, where: str = "The start") -> None:
    try:
        if "comments" in raw:
            comments = need_list(raw["comments"], "The comments", MAX_COMMENTS)
            node._comments = [check_comment(c) for c in comments]
        if "mark" in raw:
            node._mark = check_mark(raw["mark"])
        if "highlights" in raw:
            record = node.record
            items = need_list(raw["highlights"], "The highlights", MAX_HIGHLIGHTS)
            node._highlights = [
                highlight_from_json(record._adapter.highlight_kinds, record._config, h)
                for h in items
            ]
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _where(record: GameRecord, node: Node, names: list[str]) -> str:
    adapter = record._adapter
    data = node._data  # type: ignore[attr-defined]
    try:
        who = names[adapter.player(data)]
    except (IndexError, TypeError):
        who = f"seat {adapter.player(data)!r}"
    line = "main line" if node.is_main_line() else "a variation"
    text = adapter.notation(data, names)
    return f"Step {node._depth} ({who}: {text!r:.60}, {line})"


def _not_a_number(name: str) -> RecordError:
    return RecordError(f"This is not a record file ({name} is not a number JSON allows).")


def _named_twice(key: str) -> RecordError:
    return RecordError(f"The record names the field {key!r} twice in one place.")


def _check_depth(data: Any) -> None:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))


def _too_big() -> RecordError:
    return RecordError(
        f"This file is larger than {MAX_BYTES // (1024 * 1024)} MB; a game record is far "
        "smaller, so it is not opened."
    )


def _too_deep() -> RecordError:
    return RecordError(
        f"This file nests data more than {MAX_DEPTH} levels deep; a game record never does, "
        "so it is not opened."
    )
