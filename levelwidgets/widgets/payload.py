"""Bounds on a request's size, checked before anything else reads it.

A request from the browser is a small JSON object; the largest the front end sends is a record
note (up to 50,000 characters) and the most nested a lay-down (an object in a list in an
object: lists of cards four levels deep). :func:`payload_refusal` walks a request once,
iteratively, and stops at the first limit it passes, so refusing a huge or deeply nested payload
takes time in proportion to the limits, not to the payload, and copies nothing.
"""

from __future__ import annotations

from .errors import IntentError

#: Characters of JSON text a request may hold (strings counted by their length): room for the
#: longest record note and its request around it.
MAX_CHARS = 64 * 1024
#: Values (numbers, texts, lists, objects) in one request; the largest real ones (a path
#: through the variations, a list of cards) hold a few hundred.
MAX_ELEMENTS = 2_000
#: Lists and objects inside each other; a lay-down, the deepest request, nests four.
MAX_DEPTH = 8

_SCALAR_CHARS = {type(None): 4, bool: 5, float: 24}


def payload_refusal(content: object) -> IntentError | None:
    """Why ``content`` is too large, too deep or not JSON to be a request (None: it is not)."""
    stack: list[tuple[object, int]] = [(content, 1)]
    elements = chars = 0
    while stack:
        value, depth = stack.pop()
        elements += 1
        kind = type(value)
        if kind is str:
            chars += len(value) + 2  # type: ignore[arg-type]
        elif kind is int:
            chars += value.bit_length() // 3 + 1  # type: ignore[attr-defined]  # >= its digits
        elif kind in _SCALAR_CHARS:
            chars += _SCALAR_CHARS[kind]
        elif kind is list or kind is dict:
            if depth > MAX_DEPTH:
                return _too("nests lists and objects more than {limit} levels deep", MAX_DEPTH)
            size = len(value)  # type: ignore[arg-type]
            if elements + len(stack) + size > MAX_ELEMENTS:
                return _too("holds more than {limit:,} values", MAX_ELEMENTS)
            chars += 2 + size
            if kind is dict:
                for key, item in value.items():  # type: ignore[attr-defined]
                    if type(key) is not str:
                        return _not_json(key, "a key")
                    chars += len(key) + 3
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)  # type: ignore[attr-defined]
        else:
            return _not_json(value, "a value")
        if chars > MAX_CHARS:
            return _too("holds more than {limit:,} characters", MAX_CHARS)
    return None


def _too(what: str, limit: int) -> IntentError:
    return IntentError.coded(
        "widget.too_large",
        "This request {what}: too large for a widget to read.",
        what=what.format(limit=limit),
        limit=limit,
    )


def _not_json(value: object, what: str) -> IntentError:
    name = type(value).__name__
    allowed = "text, numbers, True/False, None, lists and objects with text keys"
    return IntentError.coded(
        "widget.not_json",
        "A request holds only JSON values ({allowed}); {what} of type {given} is none of them.",
        allowed=allowed,
        what=what,
        given=name,
    )
