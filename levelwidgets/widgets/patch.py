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

A long list that is a stretch of a line kept unchanged (Level X's ``moves`` and ``future``, up
to thousands of move texts) is a :class:`Window` of it: two windows of the same line are
compared by where they lie on it, so a step along a record of 10,000 steps costs no walk over
its moves, in Python or in C.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from itertools import compress, count, islice
from operator import is_not
from typing import Any


class Window(list[Any]):
    """``line[start:stop]`` as a list (JSON sees a list), remembering where it lies on
    ``line``: a tuple, so that it never changes. :func:`diff` of two windows of one line
    works out the op from their places, not item by item."""

    __slots__ = ("line", "start")

    def __init__(self, line: tuple[Any, ...], start: int, stop: int) -> None:
        super().__init__(line[start:stop])
        self.line = line
        self.start = start


#: Leaf types whose equal values (``==``) are equal JSON when both sides hold one kind of
#: number at most (``True == 1`` and ``1.0 == 1``, but the browser tells them apart).
_LEAVES = frozenset({str, int, float, bool, type(None)})
_NUMBERS = frozenset({int, float, bool})


def _same(old: Any, new: Any) -> bool:
    """Equal as JSON: Python's ``==`` first (fast), then the types all the way down (``True``
    is not ``1`` in the browser, nor ``1.0`` ``1``), read from their ``repr``: written in C,
    it spells each value with its type (``True``, ``1``, ``1.0``), where a walk in Python over
    a long move list cost more than the rest of a view. Equal dicts whose keys lie in another
    order have another ``repr``: they are compared key by key (:func:`diff`), no op if same."""
    if old is new:
        return True
    if _kind(old) is not _kind(new) or old != new:
        return False
    if type(old) in _LEAVES:
        return True  # (of one type: one kind)
    if _kind(old) is list:  # a list of thousands of strings (a move list): its kinds, in C
        kinds = set(map(type, old))
        if kinds <= _LEAVES and len(kinds & _NUMBERS) <= 1:
            return kinds == set(map(type, new))  # an item equals only one of its kind here
    return repr(old) == repr(new)


def _kind(value: Any) -> type:
    """The JSON kind of a value's type (a window is a list)."""
    kind = type(value)
    return list if kind is Window else kind


def diff(old: Any, new: Any) -> Any:
    """The op that turns ``old`` into ``new`` (None when they are the same)."""
    if type(old) is Window and type(new) is Window and old.line is new.line:
        return _window_diff(old, new)
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
        if not changed and not gone:
            return None  # the same keys and values, in another order
        out: dict[str, Any] = {"d": changed}
        if gone:
            out["x"] = gone
        return out
    if _kind(old) is list and _kind(new) is list and old and new:
        return _list_diff(old, new)
    return {"r": new}


def _list_diff(old: list[Any], new: list[Any]) -> dict[str, Any] | None:
    drop = 0
    first = new[0]
    if not _same(old[0], first):  # a window that slid: the new list starts further on
        start = 1
        while True:  # ``index`` finds the next equal item in C; then the types must agree
            try:
                start = old.index(first, start)
            except ValueError:
                break
            if _same(old[start], first):
                drop = start
                break
            start += 1
    keep = min(len(old) - drop, len(new))
    # only items that are not the very same object can differ (a kept move list shares its
    # strings): found in C, so a step along 10,000 moves does not visit each in Python
    candidates = list(compress(count(), map(is_not, islice(old, drop, None), new)))
    # items unequal by == differ as JSON too: when they alone are most of the list (a new
    # roll's groupings), it is replaced without walking into each item
    if sum(old[drop + i] != new[i] for i in candidates) * 2 > keep + 1:
        return {"r": new}
    items = {}
    for index in candidates:
        op = diff(old[drop + index], new[index])
        if op is not None:
            items[str(index)] = op
            if len(items) * 2 > keep + 1:  # most items changed: see _list_op
                return {"r": new}
    if not drop and not items and len(old) == keep == len(new):
        return None  # every item the same (dicts with their keys in another order)
    return _list_op(drop, keep, items, new)


def _list_op(drop: int, keep: int, items: dict[str, Any], new: list[Any]) -> dict[str, Any]:
    if len(items) * 2 > keep + 1:  # most items changed: the list as it is now is smaller
        return {"r": new}
    out: dict[str, Any] = {"l": [drop, keep]}
    if items:
        out["i"] = items
    if len(new) > keep:
        out["a"] = new[keep:]
    return out


def _window_diff(old: Window, new: Window) -> dict[str, Any] | None:
    """The op between two stretches of one line, from where they lie: a window that moved
    on drops items at its front and appends at its end; one that starts an item earlier (a
    step back: the moves ahead get the one just taken back) keeps its items where they are
    and patches those that differ from their neighbour on the line (found once per line)."""
    if old.start == new.start and len(old) == len(new):
        return None
    if not old or not new:
        return {"r": new}
    start, stop = new.start, new.start + len(new)
    shift = old.start - start
    if shift == 1:
        keep = min(len(old), len(new))
        items: dict[str, Any] = {}
        changes = _neighbour_changes(new.line)
        for at in islice(changes, bisect_left(changes, start), None):
            index = at - start
            if index >= keep:
                break
            op = diff(old[index], new[index])
            if op is not None:
                items[str(index)] = op
                if len(items) * 2 > keep + 1:
                    return {"r": new}
        return _list_op(0, keep, items, new)
    if shift > 0:  # more than one step back: item by item
        return _list_diff(old, new)
    drop = -shift
    keep = max(0, min(old.start + len(old), stop) - start)
    if drop > len(old):
        return {"r": new}
    return _list_op(drop, keep, {}, new)


#: The last lines whose neighbour changes were found: ``(line, changes)``.
_CHANGES: list[tuple[tuple[Any, ...], list[int]]] = []


def _neighbour_changes(line: tuple[Any, ...]) -> list[int]:
    """The places ``i`` where ``line[i]`` is not the very same object as ``line[i + 1]``
    (a move list's repeated texts are one string each), worked out once per line."""
    for kept, changes in _CHANGES:
        if kept is line:
            return changes
    changes = list(compress(count(), map(is_not, line, islice(line, 1, None))))
    _CHANGES[:] = [(line, changes), *_CHANGES[:3]]
    return changes


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
