"""The one file format every writer produces: ``levelwidgets.record`` (docs/record-format.md).

An engine's ``to_json`` writes its game here as a record with a main line only (config, start,
one node per protocol step, the position, the ``check`` digest); ``levelwidgets.record``
writes the same format with variations and annotations. Both read and write through this
module, so there is one writer, one reader of the file's frame and one check scheme. It sits
below the engines and the record package and imports neither: replaying the steps is the
caller's job (``replay(config, steps)`` for an engine, every node for a record).

>>> data = main_line_record("levelx", {"players": ["A", "B"]}, [{"kind": "roll"}], {"x": 1})
>>> [n["parent"] for n in data["nodes"]], len(data["check"])
([None], 16)
>>> check_digest(data); read_main_line(parse(dumps(data)), "levelx").steps
[{'kind': 'roll'}]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ._json import canonical, digest, strict_loads_nested
from .errors import RecordError
from .words import plural

FORMAT = "levelwidgets.record"
VERSION = 1
#: Largest file read, in characters or bytes.
MAX_BYTES = 10 * 1024 * 1024
#: Deepest JSON nesting read (objects and lists inside each other).
MAX_DEPTH = 32
#: Fields every record has, and those it may have.
FIELDS = ("format", "version", "game", "config", "headers", "start", "root", "nodes")
OPTIONAL_FIELDS = ("position", "check")
#: The annotations a node (or the root) may carry, and the texts of ``headers``.
ANNOTATIONS = ("comments", "mark", "highlights", "review")
HEADERS = ("date", "event", "site", "notes")
#: The engines' own formats before this one (still read by their engines).
OLD_FORMATS = {
    "levelwidgets/levelx": "levelx",
    "levelwidgets.level8": "level8",
    "levelwidgets.level8board": "level8board",
}


class MainLine(NamedTuple):
    """What an engine needs from a record: its set-up, start chance, main-line steps and
    the stored position (``None`` when the file has none)."""

    config: Any
    start: Any
    steps: list[Any]
    position: Any
    has_position: bool


def record_check(data: Mapping[str, Any]) -> str:
    """A file's ``check``: 16 hex digits of BLAKE2b over the game it records, as compact JSON
    with sorted keys: every field but ``check`` and the annotations (``headers``, ``root``,
    and of each node only ``parent`` and ``step``), so a teacher may still edit a comment."""
    game = {k: v for k, v in data.items() if k not in ("check", "headers", "root", "nodes")}
    game["nodes"] = [[n.get("parent"), n.get("step")] for n in data["nodes"]]
    return digest(canonical(game))


def finish(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a record without ``check``) with its check added."""
    data["check"] = record_check(data)
    return data


def main_line_record(
    game: str,
    config: Any,
    steps: Sequence[Any],
    position: Any,
    start: Any = None,
) -> dict[str, Any]:
    """A record of one line of play: each step's parent is the step before it."""
    nodes = [{"parent": i - 1 if i else None, "step": step} for i, step in enumerate(steps)]
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "config": config,
        "headers": {},
        "start": start,
        "root": {},
        "nodes": nodes,
        "position": position,
    }
    return finish(data)


def dumps(data: Mapping[str, Any], indent: int | None = None) -> str:
    """A record as the JSON text every writer writes (UTF-8 names kept as they are)."""
    return json.dumps(data, indent=indent, ensure_ascii=False)


# ---------------------------------------------------------------------- reading


def parse(text: object, error: type[RecordError] = RecordError) -> Any:
    """JSON text (or UTF-8 bytes) to plain data, refusing what is too big, too deep or not
    JSON, with ``error`` (a :class:`RecordError`)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise error(_too_big())
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise error("This is not a record file (it is not UTF-8 text).") from None
    if not isinstance(text, str):
        raise error(f"A record is JSON text, not {type(text).__name__}.")
    if len(text) > MAX_BYTES:
        raise error(_too_big())

    def constant(name: str) -> RecordError:
        return error(f"This is not a record file ({name} is not a number JSON allows).")

    def twice(key: str) -> RecordError:
        return error(f"The record names the field {key[:40]!r} twice in one place.")

    def too_deep() -> RecordError:
        return error(_too_deep())

    try:
        return strict_loads_nested(
            text, constant=constant, twice=twice, max_depth=MAX_DEPTH, too_deep=too_deep
        )
    except RecursionError:
        raise error(_too_deep()) from None
    except RecordError:
        raise
    except ValueError as exc:
        raise error(f"This is not a record file (not valid JSON: {str(exc)[:200]}).") from None


def check_frame(data: Any, error: type[RecordError] = RecordError) -> None:
    """``format`` and ``version`` are this module's, and the ``check`` has its form."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        hint = ""
        if isinstance(data, dict) and str(data.get("format")) in OLD_FORMATS:
            hint = " It is an engine record: open it with GameRecord.from_engine_json."
        raise error(f"This is not a levelwidgets record (its 'format' is missing).{hint}")
    version = data.get("version")
    if version != VERSION or type(version) is not int:
        raise error(
            f"This record is version {version!r}; this levelwidgets reads version {VERSION} "
            "(a newer levelwidgets may read it)."
        )
    need_fields(data, "The record", FIELDS, OPTIONAL_FIELDS, error)
    check = data.get("check")
    if "check" in data and (not isinstance(check, str) or len(check) != 16):
        raise error("The record's 'check' must be the 16 characters a save writes.")


def check_digest(data: Mapping[str, Any], error: type[RecordError] = RecordError) -> None:
    """A present ``check`` must be the digest of the game the file records."""
    if data.get("check") is not None and data["check"] != record_check(data):
        raise error(
            "The record was changed after it was saved: its players, set-up or steps no "
            "longer match its check. (Comments, marks, highlights and headers may be edited; "
            "to change the game by hand, remove its 'check'.)"
        )


def read_main_line(data: Any, game: str, error: type[RecordError] = RecordError) -> MainLine:
    """The main line of a parsed record of ``game``, its frame and nodes checked. The steps
    are the engine's to replay, and then :func:`check_digest` its to call (last, so a
    replay's precise sentence comes first); annotations and variations are skipped."""
    check_frame(data, error)
    if data["game"] != game:
        raise error(f"This record is for the game {data['game']!r:.40}, not {game!r}.")
    need_fields(data["headers"], "The record's 'headers'", (), HEADERS, error)
    need_fields(data["root"], "The record's 'root'", (), ANNOTATIONS, error)
    nodes = data["nodes"]
    if not isinstance(nodes, list):
        raise error("The record's 'nodes' must be a list [...].")
    first_child: dict[int | None, int] = {}
    for i, node in enumerate(nodes):
        where = f"Node {i + 1} of the record"
        need_fields(node, where, ("parent", "step"), ANNOTATIONS, error)
        parent = node["parent"]
        if parent is not None and not (type(parent) is int and 0 <= parent < i):
            raise error(
                f"{where} names parent {parent!r:.20}; a parent is null (the start) or an "
                "earlier node's number, counted from 0."
            )
        first_child.setdefault(parent, i)
    steps: list[Any] = []
    at = first_child.get(None)
    while at is not None:
        steps.append(nodes[at]["step"])
        at = first_child.get(at)
    return MainLine(data["config"], data["start"], steps, data.get("position"), "position" in data)


def need_fields(
    data: Any,
    what: str,
    required: Sequence[str],
    optional: Sequence[str] = (),
    error: type[RecordError] = RecordError,
) -> Mapping[str, Any]:
    """``data`` must be a JSON object with exactly these fields (the optional ones may be
    missing)."""
    if not isinstance(data, Mapping):
        raise error(f"{what} must be a JSON object {{...}}, not {kind_of(data)}.")
    missing = set(required) - set(data)
    if missing:
        raise error(f"{what} lacks {_names(missing)}.")
    unknown = set(data) - set(required) - set(optional)
    if unknown:
        raise error(
            f"{what} has unknown {plural(len(unknown), 'field', 'fields')} {_names(unknown)}."
        )
    return data


def kind_of(value: Any) -> str:
    """What a JSON value is, in a teacher's words."""
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def _names(keys: set) -> str:
    return ", ".join(repr(k)[:40] for k in sorted(map(str, keys)))


def _too_big() -> str:
    return (
        f"This file is larger than {MAX_BYTES // (1024 * 1024)} MB; a game record is far "
        "smaller, so it is not opened."
    )


def _too_deep() -> str:
    return (
        f"This file nests data more than {MAX_DEPTH} levels deep; a game record never does, "
        "so it is not opened."
    )


__all__ = [
    "ANNOTATIONS",
    "FIELDS",
    "FORMAT",
    "HEADERS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "OLD_FORMATS",
    "OPTIONAL_FIELDS",
    "VERSION",
    "MainLine",
    "check_digest",
    "check_frame",
    "dumps",
    "finish",
    "kind_of",
    "main_line_record",
    "need_fields",
    "parse",
    "read_main_line",
    "record_check",
]
