"""Argument checks of the Level X engine: one rule for every refusal.

Every public entry point checks its arguments with these helpers *before* it changes
anything. A value of the wrong type raises the ``…TypeError`` twin of the caller's error (a
:class:`TypeError` too), a value out of range the error itself (a :class:`ValueError`). The
message names the argument, shows what was given and says what is allowed.

What was given is shown by :func:`show`, never by ``repr``: a 5,000-digit number, a 50 MB text
or a list that contains itself must not make the refusal slow, huge or fail on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from itertools import islice
from typing import Any

from .errors import LevelXError, RulesError, RulesTypeError

#: Longest text :func:`show` writes for one value.
SHOWN = 60
_ITEMS = 6  # items of a list or dict that :func:`show` writes
_BIG_INT_BITS = 200  # larger whole numbers are described, not written out


def show(value: object, _depth: int = 0) -> str:
    """A short description of ``value`` for an error message: at most about :data:`SHOWN`
    characters, in the time it takes to read that many, and it never raises."""
    try:
        return _show(value, _depth)
    except Exception:  # a hostile __repr__/__len__/__iter__: say what it is, nothing more
        return f"<{_type_name(value)}>"


def _show(value: object, depth: int) -> str:
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > _BIG_INT_BITS:
            digits = int(value.bit_length() * 0.30103) + 1
            return f"a whole number of about {digits} digits"
        return int.__repr__(value)
    if isinstance(value, (str, bytes, bytearray)):
        if len(value) <= SHOWN:
            return repr(value if type(value) in (str, bytes, bytearray) else value[:])
        kind = "characters" if isinstance(value, str) else "bytes"
        return f"{value[: SHOWN - 20]!r}… ({len(value)} {kind})"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        if depth >= 2:
            return {list: "[…]", tuple: "(…)"}.get(type(value), "{…}")
        if isinstance(value, dict):
            items = [f"{_show(k, depth + 1)}: {_show(v, depth + 1)}" for k, v in _first(value)]
            opening, closing = "{", "}"
        else:
            items = [_show(v, depth + 1) for v in islice(iter(value), _ITEMS)]
            opening, closing = ("[", "]") if isinstance(value, list) else ("(", ")")
            if isinstance(value, (set, frozenset)):
                opening, closing = "{", "}"
        more = len(value) - len(items)
        if more > 0:
            items.append(f"… {more} more")
        comma = "," if isinstance(value, tuple) and len(value) == 1 else ""
        text = opening + ", ".join(items) + comma + closing
        return text if len(text) <= 2 * SHOWN else text[: 2 * SHOWN] + "…"
    text = object.__repr__(value) if _hostile(value) else repr(value)
    return text if len(text) <= SHOWN else f"<{_type_name(value)}>"


def _first(mapping: dict) -> list[tuple[Any, Any]]:
    return list(islice(iter(mapping.items()), _ITEMS))


def _hostile(value: object) -> bool:
    """Objects whose repr may be slow or huge (generators are fine, numpy arrays are not)."""
    return hasattr(value, "__len__") and not isinstance(value, (range, memoryview))


def _type_name(value: object) -> str:
    return type(value).__name__


# ---------------------------------------------------------------------------- numbers


def is_int(value: object) -> bool:
    """A whole number: an ``int`` but not a ``bool`` (``True`` is no seat, ``5.0`` no row)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_numbers(lo: int, hi: int | None) -> str:
    """How a range of whole numbers is said in messages."""
    if hi is None:
        return f"a whole number, {lo} or more"
    return f"a whole number from {lo} to {hi}"


def need_int(
    value: object,
    what: str,
    lo: int,
    hi: int | None = None,
    *,
    error: type[LevelXError] = RulesError,
    type_error: type[LevelXError] = RulesTypeError,
    allowed: str | None = None,
) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi`` (None: no upper bound).

    A wrong type raises ``type_error``, a number out of range ``error``; ``allowed`` replaces
    the description of the range (``"a seat from 0 to 3"``).
    """
    if not is_int(value):
        raise refuse(type_error, what, allowed or whole_numbers(lo, hi), value)
    if value < lo or (hi is not None and value > hi):  # type: ignore[operator]
        raise refuse(error, what, allowed or whole_numbers(lo, hi), value)
    return value  # type: ignore[return-value]


def need_bool(value: object, what: str, *, type_error: type[LevelXError] = RulesTypeError) -> bool:
    if not isinstance(value, bool):
        raise refuse(type_error, what, "True or False", value)
    return value


def refuse(error: type[LevelXError], what: str, allowed: str, given: object) -> LevelXError:
    """The error saying that ``what`` must be ``allowed``, not ``given`` (to be raised)."""
    return error.coded(
        "levelx.argument",
        "{what} must be {allowed}, not {given}.",
        what=what,
        allowed=allowed,
        given=show(given),
    )


def bounded(
    items: object,
    most: int,
    what: str,
    allowed: str,
    *,
    error: type[LevelXError] = RulesError,
    type_error: type[LevelXError] = RulesTypeError,
) -> tuple[Any, ...]:
    """The items of a list, tuple or other iterable, read no further than ``most`` + 1 items
    (a generator that never ends is refused, not followed).

    Text, mappings and sets are refused (``type_error``): they are no ordered list of items.
    """
    if isinstance(items, (list, tuple)):
        if len(items) > most:
            raise refuse(error, what, allowed, items)
        return tuple(items)
    if isinstance(items, (str, bytes, bytearray, Mapping, AbstractSet)) or not isinstance(
        items, Iterable
    ):
        raise refuse(type_error, what, allowed, items)
    try:
        out = tuple(islice(iter(items), most + 1))
    except Exception:  # an iterable that fails while read: refused like any other bad value
        raise refuse(type_error, what, allowed, items) from None
    if len(out) > most:
        raise refuse(error, what, allowed, items)
    return out
