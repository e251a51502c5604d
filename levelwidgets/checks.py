"""Argument checks shared by both engines: one rule for every refusal.

Every public entry point checks its arguments with these helpers *before* it changes
anything. A value of the wrong type raises the caller's ``…TypeError`` twin (a
:class:`TypeError` too), a value out of range the caller's value error (a
:class:`ValueError`), input too large to read a limit error. The message names the argument,
shows what was given and says what is allowed.

Each engine keeps a small module (``levelwidgets.levelx.checks``,
``levelwidgets.level8.checks``) that binds these helpers to its own error classes and its
own error ``code`` through one :class:`Checks`: the code is written in that module's own
``refuse`` (a literal ``.coded("levelx.argument", …)``), so the widgets' translation tables
and the codes raised are read from the source alike.

What was given is shown by :func:`show`, never by ``repr``: a 5,000-digit number, a 50 MB text
or a list that contains itself must not make the refusal slow, huge or fail on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import islice
from typing import Any

from .errors import GameError

#: Longest text :func:`show` writes for one value.
SHOWN = 60
_ITEMS = 6  # items of a list or dict that :func:`show` writes
_BIG_INT_BITS = 200  # larger whole numbers are described, not written out

#: The English sentence of every argument refusal (each engine's ``refuse`` writes it out).
ARGUMENT = "{what} must be {allowed}, not {given}."

#: ``refuse(error, what, allowed, given)``: the error to raise, built by an engine.
Refuse = Callable[[type[GameError], str, str, object], GameError]


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


# ---------------------------------------------------------------------------- one engine's checks


@dataclass(frozen=True)
class Checks:
    """The argument checks of one engine: its ``refuse`` (which writes its error code), its
    value error and its type error (the defaults of every check; each check may name others).
    """

    refuse: Refuse
    error: type[GameError]
    type_error: type[GameError]

    def need_int(
        self,
        value: object,
        what: str,
        lo: int,
        hi: int | None = None,
        *,
        error: type[GameError] | None = None,
        type_error: type[GameError] | None = None,
        allowed: str | None = None,
    ) -> int:
        """``value`` if it is a whole number from ``lo`` to ``hi`` (None: no upper bound).

        A wrong type raises ``type_error``, a number out of range ``error``; ``allowed``
        replaces the description of the range (``"a seat from 0 to 3"``).
        """
        if not is_int(value):
            raise self.refuse(
                type_error or self.type_error, what, allowed or whole_numbers(lo, hi), value
            )
        if value < lo or (hi is not None and value > hi):  # type: ignore[operator]
            raise self.refuse(error or self.error, what, allowed or whole_numbers(lo, hi), value)
        return value  # type: ignore[return-value]

    def need_bool(
        self, value: object, what: str, *, type_error: type[GameError] | None = None
    ) -> bool:
        """``value`` if it is ``True`` or ``False`` (1 and 0 are numbers, not answers)."""
        if not isinstance(value, bool):
            raise self.refuse(type_error or self.type_error, what, "True or False", value)
        return value

    def bounded(
        self,
        items: object,
        most: int,
        what: str,
        allowed: str,
        *,
        error: type[GameError] | None = None,
        type_error: type[GameError] | None = None,
    ) -> tuple[Any, ...]:
        """The items of a list, tuple or other iterable, read no further than ``most`` + 1
        items (a generator that never ends is refused, not followed).

        Text, mappings and sets are refused (``type_error``): they are no ordered list of
        items. More than ``most`` items are refused with ``error``.
        """
        error = error or self.error
        type_error = type_error or self.type_error
        if isinstance(items, (list, tuple)):
            if len(items) > most:
                raise self.refuse(error, what, allowed, items)
            return tuple(items)
        if isinstance(items, (str, bytes, bytearray, Mapping, AbstractSet)) or not isinstance(
            items, Iterable
        ):
            raise self.refuse(type_error, what, allowed, items)
        try:
            out = tuple(islice(iter(items), most + 1))
        except Exception:  # an iterable that fails while read: refused like any other value
            raise self.refuse(type_error, what, allowed, items) from None
        if len(out) > most:
            raise self.refuse(error, what, allowed, items)
        return out
