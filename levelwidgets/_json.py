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
