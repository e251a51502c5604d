"""Strict JSON for saved games: what ``json.loads`` lets pass but no record of ours contains.

Both record readers (the Level X engine's and the shared annotated record's) refuse the same
things, each in its own words: ``NaN``/``Infinity`` and a field named twice in one object
(``json.loads`` would silently keep the last one, so two readers could see two games).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def strict_loads(
    text: str | bytes | bytearray,
    *,
    constant: Callable[[str], Exception],
    twice: Callable[[str], Exception],
) -> Any:
    """``json.loads(text)``, raising ``constant(name)`` for NaN/Infinity and ``twice(key)`` for
    a repeated key. Other errors (``ValueError``, ``RecursionError``) are the caller's."""

    def no_constant(name: str) -> Any:
        raise constant(name)

    def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise twice(key)
                seen.add(key)
        return out

    return json.loads(text, parse_constant=no_constant, object_pairs_hook=no_twice)


def strict_loads_nested(
    text: str,
    *,
    constant: Callable[[str], Exception],
    twice: Callable[[str], Exception],
    max_depth: int,
    too_deep: Callable[[], Exception],
) -> Any:
    """:func:`strict_loads` for text, also raising ``too_deep()`` when lists and objects nest
    more than ``max_depth`` levels; a record of thousands of steps is read at ``json.loads``'s
    own speed. The repeated-key check costs nothing in the common case: parsed without a hook,
    the objects' keys are counted in the same walk as the depth and compared with the text's
    colons, which are each key's, or inside a text (counted from the parsed texts). Only when
    the counts differ (a key dropped, a colon in a key, or one written as ``\\u003a``) is the
    text parsed again with :func:`strict_loads`' check of every object."""

    def no_constant(name: str) -> Any:
        raise constant(name)

    data = json.loads(text, parse_constant=no_constant)
    keys, colons = _keys_and_colons(data, max_depth, too_deep)
    # Every colon of JSON text outside a text ends a key; those inside texts are counted in
    # the parsed values (not in keys: a key with a colon takes the slow path, as does a
    # colon written as an escape, which the parsed text would count without the file's).
    # A key written twice in one object is kept once, so the count would fall short.
    if keys != text.count(":") - colons or "\\u003" in text:
        strict_loads(text, constant=constant, twice=twice)  # raises twice(key) if so
    return data


def _keys_and_colons(
    data: Any, max_depth: int, too_deep: Callable[[], Exception]
) -> tuple[int, int]:
    """The keys of every object in ``data`` and the colons in its text values (not keys),
    level by level with exact type tests (parsed JSON holds plain dicts and lists), raising
    ``too_deep()`` past ``max_depth`` levels."""
    keys = colons = 0
    if type(data) is str:
        return 0, data.count(":")
    level = [data] if type(data) is dict or type(data) is list else []
    depth = 1
    while level:
        if depth > max_depth:
            raise too_deep()
        below: list[Any] = []
        add = below.append
        for value in level:
            if type(value) is dict:
                keys += len(value)
                value = value.values()
            for item in value:
                kind = type(item)
                if kind is dict or kind is list:
                    add(item)
                elif kind is str and ":" in item:
                    colons += item.count(":")
        level = below
        depth += 1
    return keys, colons


def check_limits(
    data: Any,
    *,
    max_depth: int,
    max_values: int,
    max_text: int,
    too_deep: Callable[[], Exception],
    too_many: Callable[[], Exception],
    too_long: Callable[[int], Exception],
    scalar: Callable[[Any], None] | None = None,
    bad_key: Callable[[Any], Exception] | None = None,
) -> None:
    """Walk JSON ``data`` once, without recursion, raising ``too_deep()`` when lists and
    objects nest more than ``max_depth`` levels, ``too_many()`` past ``max_values`` values
    and ``too_long(length)`` for a text (or key) longer than ``max_text`` characters. For
    data that was not parsed from JSON text: ``scalar(value)``, when given, is called with
    every value that is no list, object or text (it raises what is wrong with it), and a key
    that is no text raises ``bad_key(key)``."""
    values = 1
    if type(data) is str:
        if len(data) > max_text:
            raise too_long(len(data))
        return
    if type(data) is not dict and type(data) is not list:
        if scalar is not None:
            scalar(data)
        return
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > max_depth:
            raise too_deep()
        values += len(value)
        if values > max_values:
            raise too_many()
        if type(value) is dict:
            for key in value:
                if bad_key is not None and type(key) is not str:
                    raise bad_key(key)
                if len(key) > max_text:
                    raise too_long(len(key))
            items = value.values()
        else:
            items = value
        for item in items:
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, depth + 1))
            elif kind is str:
                if len(item) > max_text:
                    raise too_long(len(item))
            elif scalar is not None:
                scalar(item)


#: One encoder for :func:`canonical` (``json.dumps`` with options builds a new one per call).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def canonical(value: object) -> str:
    """``value`` as compact JSON with sorted keys, in ASCII: one text per value, so records
    compare and digest the same whatever order or spacing they were written in."""
    return _CANONICAL.encode(value)


def same_json(a: object, b: object) -> bool:
    """Equal as JSON: unlike Python's ``==``, ``1``, ``1.0`` and ``true`` differ."""
    return a == b and (_same_types(a, b) or canonical(a) == canonical(b))


def _same_types(a: object, b: object) -> bool:
    """For two values already ``==``: True when every part has the same type and is a dict,
    list, tuple, string, whole number, boolean or None, so their JSON texts are equal too.
    False means "not sure" (floats: ``0.0 == -0.0``; other types), and the texts decide."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        return all(_same_types(value, b[key]) for key, value in a.items())  # type: ignore[index,attr-defined]
    if kind is list or kind is tuple:
        return all(map(_same_types, a, b))  # type: ignore[call-overload]
    return kind is str or kind is int or kind is bool or a is None


def digest(text: str) -> str:
    """A record's check: 16 hex digits of BLAKE2b (8-byte digest) of ``text`` in UTF-8."""
    from hashlib import blake2b  # (hashlib: when a record is first checked or written)

    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
