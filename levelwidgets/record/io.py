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

import gc
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .._json import digest, same_json
from ..recordfile import (
    ANNOTATIONS,
    FIELDS,
    FORMAT,
    MAX_BYTES,
    MAX_DEPTH,
    OLD_FORMATS,
    VERSION,
    check_digest,
    check_frame,
    dumps,
    finish,
    parse,
    record_check,
)
from ._checks import need_keys, need_list
from .annotations import (
    FREE_HEADERS,
    MAX_COMMENTS,
    MAX_HIGHLIGHTS,
    check_comment,
    check_header,
    check_mark,
    check_review,
    highlight_from_json,
)
from .errors import RecordError
from .protocol import adapter_named
from .tree import MAX_NODES, GameRecord, Node, Step

__all__ = ["FIELDS", "FORMAT", "MAX_BYTES", "MAX_DEPTH", "VERSION", "record_check"]
_ANNOTATIONS = ANNOTATIONS


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
    return finish(data)


def to_json(record: GameRecord, indent: int | None = None) -> str:
    return dumps(to_dict(record), indent=indent)


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


#: A load keeps every this many checkpoints (see :class:`~.tree._States`); jumps fill in the rest.
_LOAD_SPACING = 2


@contextmanager
def _no_gc_pauses() -> Iterator[None]:
    """Keep Python's cycle collector out of a load: reading a record makes a few objects
    per step and none of them is garbage yet, so the collector's full passes, triggered by
    the count of new objects, walked the whole growing tree again and again (a third of a
    10,000-step load). It runs as usual afterwards; whoever had it switched off keeps it off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def from_json(text: str | bytes) -> GameRecord:
    with _no_gc_pauses():
        return _from_dict(parse(text))


def from_dict(data: Any) -> GameRecord:
    with _no_gc_pauses():
        return _from_dict(data)


def _from_dict(data: Any) -> GameRecord:
    check_frame(data)
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
    add = built.append
    check_step = adapter.check_step
    for i, raw in enumerate(nodes_raw):
        if type(raw) is dict and len(raw) == 2 and "parent" in raw and "step" in raw:
            plain = True  # the common node: no annotations, nothing else to check
        else:
            need_keys(raw, f"Node {i + 1} of the record", ("parent", "step"), _ANNOTATIONS)
            plain = False
        parent_i = raw["parent"]
        if parent_i is None:
            parent: Node = record
        elif type(parent_i) is int and 0 <= parent_i < i:
            parent = built[parent_i]
        else:
            raise RecordError(
                f"Node {i + 1} of the record names parent {parent_i!r}; a parent is null (the "
                "start) or an earlier node's number, counted from 0."
            )
        try:
            step = check_step(raw["step"])
        except RecordError as exc:
            raise RecordError(f"Node {i + 1} of the record: {exc}") from None
        made = Step(parent, step)
        parent._vars.append(made)
        add(made)
        if not plain:
            _annotate(made, raw, f"Node {i + 1} of the record")
    record._count += len(built)

    record._main = None  # the tree was built here, not step by step: its main line is new
    # Replay every node: the main continuation in place, variations on copies. Every
    # ``_LOAD_SPACING``-th checkpoint is kept on the way (a copy of a game whose history
    # grows with the record: all of them cost a third of a long load); a jump fills in the
    # others it passes (``GameRecord._state_at``), so no replay is longer than a few of them.
    states = record._states
    every = states.interval * _LOAD_SPACING  # (the record's size is known now: it stays)
    fixed = states._fixed
    apply, clone = adapter.apply, adapter.clone
    stack: list[tuple[Node, Any]] = [(record, start_game)]
    while stack:
        node, game = stack.pop()
        children = node._vars
        while len(children) == 1:  # a line without variations: no stack, no copies
            child = children[0]
            try:
                child.events = apply(game, child._data)
            except RecordError as exc:
                raise RecordError(
                    f"{_where(record, child, record.players)} is impossible: {exc}"
                ) from None
            if child._depth % every == 0:
                fixed[child] = clone(game)
            node, children = child, child._vars
        if children:
            _branch(record, node, game, children, stack)
        elif node.is_main_line():
            if "position" in data and not same_json(data["position"], adapter.position(game)):
                raise RecordError(
                    "The record's stored position (scores, pieces or cards) does not follow "
                    "from its steps: the file was edited or damaged."
                )
            states.put(node, game)  # the main line's end, where a widget opens it: no copy
    _check_digest(data)
    return record


#: :func:`~levelwidgets._json.canonical`'s encoder without its check for cycles (parsed JSON
#: has none): the same text, a fifth sooner over a record of thousands of steps.
_CANONICAL = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=True, check_circular=False
)


def _check_digest(data: dict[str, Any]) -> None:
    """:func:`~levelwidgets.recordfile.check_digest` for parsed data: the digest of the same
    text (:func:`~levelwidgets.recordfile.record_check`'s), and a mismatch refused by
    ``check_digest`` itself, in its words."""
    check = data.get("check")
    if check is None:
        return
    game = {k: v for k, v in data.items() if k not in ("check", "headers", "root", "nodes")}
    game["nodes"] = [[n.get("parent"), n.get("step")] for n in data["nodes"]]
    if check != digest(_CANONICAL.encode(game)):
        check_digest(data)


def from_engine_json(text: str | bytes) -> GameRecord:
    """A record from an engine's ``to_json``: a record file (what every engine writes now),
    or an engine's own old format (``"levelwidgets/levelx"``, ``"levelwidgets.level8"``,
    ``"levelwidgets.level8board"``), read and checked by its engine."""
    data = parse(text)
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == FORMAT:
        return from_dict(data)
    if kind not in OLD_FORMATS:
        raise RecordError("This is not a Level X or Level 8 game record (its 'format' is missing).")
    adapter = adapter_named(OLD_FORMATS[kind])
    try:
        game = adapter.engine.from_json(json.dumps(data))  # type: ignore[attr-defined]
    except RecordError:
        raise
    except ValueError as exc:  # the engines' other refusals
        raise RecordError(f"The game record is invalid: {exc}") from None
    return GameRecord.from_game(game)


def _branch(record: GameRecord, node: Node, game: Any, children: list[Step], stack: list) -> None:
    """Replay the first step of each of ``node``'s variations (the main one on ``game``,
    the others on copies), refusing two that repeat each other, and stack them."""
    adapter = record._adapter
    states = record._states
    seen: set = set()
    for k in range(len(children) - 1, -1, -1):
        child = children[k]
        if len(children) > 1:  # only siblings can repeat each other
            key = adapter.key(child._data)
            if key in seen:
                raise RecordError(
                    f"{_where(record, child, record.players)} repeats another variation of "
                    "the same position."
                )
            seen.add(key)
        child_game = game if k == 0 else adapter.clone(game)
        try:
            child.events = adapter.apply(child_game, child._data)
        except RecordError as exc:
            raise RecordError(
                f"{_where(record, child, record.players)} is impossible: {exc}"
            ) from None
        if states.wants(child):
            states.put(child, adapter.clone(child_game))
        stack.append((child, child_game))


def _annotate(node: Node, raw: dict, where: str = "The start") -> None:
    try:
        if "comments" in raw:
            comments = need_list(raw["comments"], "The comments", MAX_COMMENTS)
            node._comments = [check_comment(c) for c in comments]
        if "mark" in raw:
            node._mark = check_mark(raw["mark"])
        if "comments" in raw or "mark" in raw:
            node.record._note(node)
        if "review" in raw:
            node._review = check_review(raw["review"])
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
