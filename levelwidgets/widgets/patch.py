"""Patches of a widget's view: what changed between two views, small enough to send per action.

A game widget's ``view`` is a few KB of JSON, most of it unchanged by one action (the move list
grows by a row, the log slides by a line, the review tree changes a count). :func:`diff` says what
changed as an *op*, and ``js/src/common/patch.js`` applies it (:func:`apply` here is the same in
Python, for tests). Ops are plain JSON:

- ``{"r": value}``: the value is replaced;
- ``{"d": {key: op, ...}, "x": [key, ...]}``: an object, its keys patched (or added) and ``x``
  removed;
- ``{"l": [drop, keep], "i": {"index": op, ...}, "a": [item, ...]}``: a list, its first ``drop``
  items dropped (a log that slides), the next ``keep`` kept (patched at ``i``'s indexes, counted
  in the new list), then ``a`` appended (a move list that grows).

The patch never holds more than the new view does: a diff names only values of the new view,
so it shows a screen nothing the full view would not (the hidden-card probes check both).
"""

from __future__ import annotations

import json
from typing import Any


def _same(old: Any, new: Any) -> bool:
    """Equal as JSON: Python's ``==`` first (fast), then the types all the way down (``True``
    is not ``1`` in the browser, nor ``1.0`` ``1``)."""
    if type(old) is not type(new) or old != new:
        return False
    if type(old) is dict:
        return all(_same(value, new[key]) for key, value in old.items())
    if type(old) is list:
        return all(_same(a, b) for a, b in zip(old, new, strict=True))
    return True


def diff(old: Any, new: Any) -> Any:
    """The op that turns ``old`` into ``new`` (None when they are the same)."""
    if _same(old, new):
        return None
    if type(old) is dict and type(new) is dict:
        changed = {}
        for key, value in new.items():
            if key not in old:
                changed[key] = {"r": value}
            else:
                op = diff(old[key], value)
                if op is not None:
                    changed[key] = op
        gone = [key for key in old if key not in new]
        out: dict[str, Any] = {"d": changed}
        if gone:
            out["x"] = gone
        return out
    if type(old) is list and type(new) is list and old and new:
        return _list_diff(old, new)
    return {"r": new}


def _list_diff(old: list[Any], new: list[Any]) -> dict[str, Any]:
    drop = 0
    if not _same(old[0], new[0]):  # a window that slid: the new list starts further on
        for start in range(1, len(old)):
            if _same(old[start], new[0]):
                drop = start
                break
    keep = min(len(old) - drop, len(new))
    items = {}
    for index in range(keep):
        op = diff(old[drop + index], new[index])
        if op is not None:
            items[str(index)] = op
    if len(items) * 2 > keep + 1:  # most items changed: the list as it is now is smaller
        return {"r": new}
    out: dict[str, Any] = {"l": [drop, keep]}
    if items:
        out["i"] = items
    if len(new) > keep:
        out["a"] = new[keep:]
    return out


def apply(value: Any, op: Any) -> Any:
    """``value`` with ``op`` applied (a new value; ``value`` itself is not changed)."""
    if op is None:
        return value
    if "r" in op:
        return op["r"]
    if "d" in op:
        out = dict(value)
        for key in op.get("x", ()):
            out.pop(key, None)
        for key, sub in op["d"].items():
            out[key] = apply(out.get(key), sub)
        return out
    drop, keep = op["l"]
    items = list(value[drop : drop + keep])
    for index, sub in op.get("i", {}).items():
        items[int(index)] = apply(items[int(index)], sub)
    return items + list(op.get("a", ()))


def size(value: Any) -> int:
    """Bytes of ``value`` as compact JSON (as the comm sends it, near enough)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())
