"""Hypothesis strategies that damage a JSON record: one edit at a random place.

Edits: a whole number changed by ±1, two list items swapped, a key deleted or added, a
value replaced by one of another type (``3`` → ``3.0``, ``"3"``, ``true``, ``null``, ...), a
text changed, the text cut short, a key named twice, ``NaN``, deep nesting. Used by the
record-integrity tests of Level 8, the board game and the shared record format.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

SETTINGS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=120,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_DUP = "@@h2-duplicate@@"
_DEEP = "@@h2-deep@@"


def _other_types(value: Any) -> list[Any]:
    """Values of other JSON types that ``==`` may still confuse with ``value``."""
    if isinstance(value, bool):
        return [int(value), str(value).lower(), None]
    if isinstance(value, int):
        return [float(value), str(value), value == 1, None, [value]]
    if isinstance(value, str):
        return [0, None, [value], {value: 1}] + ([int(value)] if value.isdigit() else [])
    if value is None:
        return [0, False, "", [], {}]
    if isinstance(value, list):
        return [{}, None, "", {"0": value[0]} if value else 0]
    return [[], None, list(value.values())]


def _walk(draw: st.DrawFn, data: Any) -> list[Any]:
    """A path from the top: at each list or object, stop there (one time in three) or go on
    into a random item; a plain value ends the walk."""
    path: list[Any] = []
    node = data
    while isinstance(node, (dict, list)) and node:
        if path and draw(st.integers(0, 2)) == 0:
            break
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = keys[draw(st.integers(0, len(keys) - 1))]
        path.append(key)
        node = node[key]
    return path


def _get(data: Any, path: list[Any]) -> Any:
    for key in path:
        data = data[key]
    return data


@st.composite
def damaged(
    draw: st.DrawFn, text: str, regions: tuple[str, ...] | None = None, steps: str = "history"
) -> str:
    """``text`` (a JSON object) with one edit; ``regions``: top-level keys to edit inside
    (default: anywhere, half of the time inside ``steps``)."""
    if regions is None and draw(st.integers(0, 9)) == 0:
        cut = draw(st.integers(0, len(text) - 1))
        return text[:cut]
    data = json.loads(text)
    if regions is None:
        regions = tuple(data) if isinstance(data, dict) else ()
        if steps in data and draw(st.booleans()):
            regions = (steps,)  # half of the edits go to the steps, where most data is
    if regions:
        region = draw(st.sampled_from([r for r in regions if r in data]))
        path = [region, *_walk(draw, data[region])]
    else:
        path = _walk(draw, data)
    node = _get(data, path)
    ops = ["type", "type", draw(st.sampled_from(["nan", "deep"]))]
    if isinstance(node, int) and not isinstance(node, bool):
        ops += ["int", "int", "int"]
    if isinstance(node, bool):
        ops += ["flip"]
    if isinstance(node, str):
        ops += ["text", "text"]
    if isinstance(node, list):
        ops += ["swap", "swap", "delete", "append"]
    if isinstance(node, dict):
        ops += ["delete", "delete", "add", "twice"]
    op = draw(st.sampled_from(ops))

    def put(value: Any) -> None:
        if path:
            _get(data, path[:-1])[path[-1]] = value
        else:
            data.clear()
            data["x"] = value

    if op == "int":
        put(node + draw(st.sampled_from([1, -1])))
    elif op == "flip":
        put(not node)
    elif op == "text":
        put(draw(st.sampled_from([node + "x", node[:-1], node.upper(), node[::-1], ""])))
    elif op == "type":
        put(draw(st.sampled_from(_other_types(node))))
    elif op == "swap" and len(node) >= 2:
        i = draw(st.integers(0, len(node) - 2))
        j = draw(st.integers(i + 1, len(node) - 1))
        node[i], node[j] = node[j], node[i]
    elif op == "delete" and node:
        if isinstance(node, dict):
            del node[draw(st.sampled_from(sorted(node)))]
        else:
            del node[draw(st.integers(0, len(node) - 1))]
    elif op == "append":
        node.append(draw(st.sampled_from([0, 1, 101, "x", None, [], {}])) if node else 1)
    elif op == "add":
        node[draw(st.sampled_from(["sneaky", "extra", "x"]))] = draw(
            st.sampled_from([0, 1, None, "x", [], {}])
        )
    elif op == "twice" and node:
        key = draw(st.sampled_from(sorted(node)))
        node[_DUP] = key
    elif op == "nan":
        put(draw(st.sampled_from([float("nan"), float("inf"), -float("inf")])))
    elif op == "deep":
        put(_DEEP)
    out = json.dumps(data)
    if op == "twice" and _DUP in out:
        key = _get(json.loads(out), path)[_DUP]
        value = json.dumps(_get(data, path)[key])
        out = out.replace(f'"{_DUP}": {json.dumps(key)}', f"{json.dumps(key)}: {value}")
    if op == "deep":
        depth = draw(st.sampled_from([12, 40, 990, 5_000, 100_000]))
        out = out.replace(f'"{_DEEP}"', "[" * depth + "]" * depth)
    return out


def without(text: str, key: str) -> str:
    """``text`` (a JSON object) without its top-level ``key``."""
    data = json.loads(text)
    data.pop(key, None)
    return json.dumps(data)


def same_record(a: str, b: str, *, ignore: tuple[str, ...] = ("check",)) -> bool:
    """Two record texts hold the same data (as JSON: ``1``, ``1.0`` and ``true`` differ),
    apart from the top-level keys ``ignore``."""

    def canon(text: str) -> str:
        data = json.loads(text)
        for key in ignore:
            data.pop(key, None)
        return json.dumps(data, sort_keys=True)

    return canon(a) == canon(b)
