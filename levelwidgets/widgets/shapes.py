"""Declared intent shapes: the fields each browser request may carry, checked in one place.

The browser sends small JSON objects (``{"type": "discard", "card": 17}``). Every intent type a
widget takes has a :class:`Shape`: its fields, each with a type and a range or size. The widget
checks the intent against its shape before the handler runs (see
:meth:`~levelwidgets.widgets.intents.IntentWidget._handle_message`), so a handler reads checked
values and a malformed intent is refused before anything changes. Shapes check types and sizes
only; whether a move is legal stays the engine's judgement.

A refusal is an :class:`~levelwidgets.widgets.intents.IntentError` whose message names the
field, what was given (shortened) and what is allowed, e.g. ``The request's card must be a
whole number from 0 to 100, not '7R'.``; its params carry ``field``, ``given`` and ``allowed``.
The checks assume a payload already bounded by :mod:`.payload` (their work is linear in it).
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable, Mapping
from copy import copy
from dataclasses import FrozenInstanceError
from itertools import islice
from typing import Any, ClassVar

from ..errors import GameError
from .errors import IntentError

__all__ = [
    "AnyOf",
    "Bool",
    "Choice",
    "Coded",
    "Field",
    "Int",
    "IntKey",
    "ListOf",
    "MapOf",
    "Nullable",
    "Obj",
    "Opt",
    "Shape",
    "Text",
    "Tuple",
    "given",
    "show",
]


class _Missing:
    """A field the request does not have (shown as "nothing")."""

    def __repr__(self) -> str:
        return "nothing"


MISSING: Any = _Missing()

_SHOWN = 40  # characters of a text shown in a message
_ITEMS_SHOWN = 3  # items of a list or object shown in a message


def show(value: object, _level: int = 0) -> str:
    """A short repr of ``value`` for a message: bounded work and length whatever the value
    (a 50 MB text or a 5,000-digit number is described, not written out)."""
    if isinstance(value, str):
        if len(value) <= _SHOWN:
            return repr(value)
        start = repr(value[:_SHOWN])
        return f"{start[:-1]}…{start[-1]} ({len(value):,} characters)"
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        return repr(value)
    if isinstance(value, (list, tuple, dict)):
        if _level >= 2 or not value:
            return ("{…}" if isinstance(value, dict) else "[…]") if value else repr(value)
        if isinstance(value, dict):
            items = [
                f"{show(k, 2)}: {show(v, _level + 1)}"
                for k, v in islice(value.items(), _ITEMS_SHOWN)
            ]
            opening, closing = "{", "}"
        else:
            items = [show(v, _level + 1) for v in value[:_ITEMS_SHOWN]]
            opening, closing = "[", "]"
        more = f", … ({len(value):,} items)" if len(value) > _ITEMS_SHOWN else ""
        return opening + ", ".join(items) + more + closing
    if value is MISSING:
        return "nothing"
    return f"a {type(value).__name__}"


def given(value: object) -> object:
    """``value`` as a coded error's param: itself if small and plain, else its :func:`show`
    (params travel to the browser as JSON: no 5,000-digit number, no 50 MB text)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, float) and math.isfinite(value):  # JSON has no NaN or Infinity
        return value
    if isinstance(value, int) and value.bit_length() <= 64:
        return value
    if isinstance(value, str) and len(value) <= _SHOWN:
        return value
    return show(value)


#: The codes of the shapes' own refusals (a field of the wrong type, out of range, unknown or
#: missing): a game's coded refusal of a field says more and is kept as it is.
GENERIC_CODES = frozenset(
    {"widget.bad_field", "widget.no_such", "widget.unknown_field", "widget.missing_field"}
)


def is_generic(exc: IntentError) -> bool:
    """Whether ``exc`` is a shape's own refusal, not a game's coded one."""
    return exc.code is None or exc.code in GENERIC_CODES


def _refuse(where: str, allowed: str, value: object, noun: str = "") -> IntentError:
    """The refusal of ``value`` in field ``where``; ``noun`` for a number of the right type
    but out of range ("There is no card 101: ...")."""
    shown = show(value)
    if noun:
        return IntentError.coded(
            "widget.no_such",
            "There is no {noun} {given}: the request's {field} must be {allowed}.",
            noun=noun,
            given=shown,
            field=where,
            allowed=allowed,
        )
    return IntentError.coded(
        "widget.bad_field",
        "The request's {field} must be {allowed}, not {given}.",
        field=where,
        allowed=allowed,
        given=shown,
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------------- fields


class _Frozen:
    """A small frozen value, as ``@dataclass(frozen=True)`` makes one: made from its fields
    (positionally or by name, in the order the class body declares them; a field given a value
    there has it as its default), compared and hashed by them, shown as ``Int(low=0, high=5,
    noun='')``, and never changed. Written once here because a dataclass writes and compiles
    these methods for every class when the module is imported, which costs more than all the
    rest of this module; ``_uncompared`` names fields that equality and hashing ignore."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _compared: ClassVar[tuple[str, ...]] = ()
    _uncompared: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = inspect.get_annotations(cls)  # (this class's own, as written)
        cls._fields = (*cls._fields, *(n for n in own if not n.startswith("_")))
        cls._compared = tuple(n for n in cls._fields if n not in cls._uncompared)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        name, fields = type(self).__name__, self._fields
        if len(args) > len(fields):
            raise TypeError(f"{name}() takes {len(fields)} arguments but {len(args)} were given")
        values = dict(zip(fields, args, strict=False))
        for key, value in kwargs.items():
            if key not in fields:
                raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
            if key in values:
                raise TypeError(f"{name}() got multiple values for argument {key!r}")
            values[key] = value
        for key in fields:
            if key in values:
                object.__setattr__(self, key, values[key])
            elif not hasattr(type(self), key):  # (a field with a default: the class has it)
                raise TypeError(f"{name}() missing 1 required argument: {key!r}")

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, n) for n in self._compared)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


class Field(_Frozen):
    """One field's type and range: :meth:`check` returns the value or raises IntentError."""

    def check(self, value: object, where: str) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        """What the field allows, in words ("a whole number from 0 to 100")."""
        raise NotImplementedError


class Int(Field):
    """A whole number from ``low`` to ``high`` (not a bool, not a float like ``5.0``);
    ``noun`` ("card") words an out-of-range number as "There is no card 101"."""

    low: int
    high: int
    noun: str = ""

    def check(self, value: object, where: str) -> int:
        if not _is_int(value):
            raise _refuse(where, self.describe(), value)
        if not self.low <= value <= self.high:  # type: ignore[operator]
            small = value.bit_length() <= 64  # type: ignore[attr-defined]
            raise _refuse(where, self.describe(), value, self.noun if small else "")
        return value  # type: ignore[return-value]

    def describe(self) -> str:
        if self.low == self.high:
            return f"the number {self.low}"
        return f"a whole number from {self.low:,} to {self.high:,}"


class Bool(Field):
    """``true`` or ``false`` (not 0 or 1)."""

    def check(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise _refuse(where, self.describe(), value)
        return value

    def describe(self) -> str:
        return "True or False"


class Text(Field):
    """Text of ``min_len`` to ``max_len`` characters."""

    max_len: int
    min_len: int = 0

    def check(self, value: object, where: str) -> str:
        if not isinstance(value, str) or not self.min_len <= len(value) <= self.max_len:
            raise _refuse(where, self.describe(), value)
        return value

    def describe(self) -> str:
        if self.min_len:
            return f"text of {self.min_len:,} to {self.max_len:,} characters"
        return f"text of at most {self.max_len:,} characters"


class Choice(Field):
    """One of a few fixed texts ("left", "right")."""

    options: tuple[str, ...]

    def check(self, value: object, where: str) -> str:
        if not isinstance(value, str) or value not in self.options:
            raise _refuse(where, self.describe(), value)
        return value

    def describe(self) -> str:
        return "one of " + ", ".join(show(o) for o in self.options)


class Nullable(Field):
    """``inner``, or None (JSON null)."""

    inner: Field

    def check(self, value: object, where: str) -> Any:
        return None if value is None else self.inner.check(value, where)

    def describe(self) -> str:
        return f"{self.inner.describe()}, or None"


class AnyOf(Field):
    """The first of ``options`` that accepts the value ("pile" or a seat)."""

    options: tuple[Field, ...]

    def check(self, value: object, where: str) -> Any:
        for option in self.options:
            try:
                return option.check(value, where)
            except IntentError:
                continue
        raise _refuse(where, self.describe(), value)

    def describe(self) -> str:
        return " or ".join(o.describe() for o in self.options)


class ListOf(Field):
    """A list of ``min_len`` to ``max_len`` items, each ``item``; ``noun`` and ``example``
    word it for people ("a list of cards (at most 101, ...)")."""

    item: Field
    max_len: int
    min_len: int = 0
    noun: str = "values"
    example: str = ""

    def check(self, value: object, where: str) -> list[Any]:
        if not isinstance(value, list) or not self.min_len <= len(value) <= self.max_len:
            raise _refuse(where, self.describe(), value)
        return [self.item.check(v, f"{where}[{i}]") for i, v in enumerate(value)]

    def describe(self) -> str:
        if self.min_len == self.max_len:
            count = f"exactly {self.max_len}"
        elif self.min_len:
            count = f"{self.min_len} to {self.max_len:,}"
        else:
            count = f"at most {self.max_len:,}"
        if self.example:
            return f"a list of {self.noun} ({count}), like {self.example}"
        return f"a list of {self.noun} ({count}, each {self.item.describe()})"


class Tuple(Field):
    """A list of exactly ``len(items)`` values, each its own field ([step, variation])."""

    items: tuple[Field, ...]
    example: str

    def check(self, value: object, where: str) -> list[Any]:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise _refuse(where, self.describe(), value)
        return [
            f.check(v, f"{where}[{i}]")
            for i, (f, v) in enumerate(zip(self.items, value, strict=True))
        ]

    def describe(self) -> str:
        return f"a list of {len(self.items)} values like {self.example}"


class IntKey(Field):
    """An object's key that names a whole number from ``low`` to ``high`` ("95"): JSON keys
    are always text, so numbers arrive written out."""

    low: int
    high: int

    _DIGITS = re.compile(r"[0-9]{1,6}")

    def check(self, value: object, where: str) -> int:
        if not isinstance(value, str) or not self._DIGITS.fullmatch(value):
            raise _refuse(where, self.describe(), value)
        number = int(value)
        if not self.low <= number <= self.high:
            raise _refuse(where, self.describe(), value)
        return number

    def describe(self) -> str:
        return f'a whole number from {self.low} to {self.high} written as text ("{self.low}")'


class MapOf(Field):
    """An object of at most ``max_len`` entries, its keys ``key``, its values ``value``."""

    key: Field
    value: Field
    max_len: int
    noun: str = "entries"

    def check(self, value: object, where: str) -> dict[Any, Any]:
        if not isinstance(value, dict) or len(value) > self.max_len:
            raise _refuse(where, self.describe(), value)
        out = {}
        for k, v in value.items():
            key = self.key.check(k, f"{where} key {show(k)}")
            out[key] = self.value.check(v, f"{where}[{show(k)}]")
        return out

    def describe(self) -> str:
        return (
            f"an object of at most {self.max_len} {self.noun} "
            f"(keys: {self.key.describe()}; values: {self.value.describe()})"
        )


class Opt(_Frozen):
    """Marks a field of an :class:`Obj` optional: absent or None gives ``default``."""

    inner: Field
    default: Any = None


class Obj(Field):
    """An object with exactly these fields (an :class:`Opt` one may be left out); any other
    key is refused."""

    fields: Mapping[str, Field | Opt]

    def check(self, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _refuse(where, self.describe(), value)
        return self.check_fields(value, f"{where}.", f"The request's {where}")

    def describe(self) -> str:
        return "an object with " + (", ".join(self.fields) or "no fields")

    def check_fields(
        self, value: dict[str, Any], prefix: str, owner: str, ignore: str = ""
    ) -> dict[str, Any]:
        """The checked fields of ``value`` (``owner`` words it in messages, ``prefix`` goes
        before each field's name, ``ignore`` is a key taken as it is)."""
        for key in value:
            if key not in self.fields and key != ignore:
                takes = ", ".join(self.fields) or "no fields besides its type"
                raise IntentError.coded(
                    "widget.unknown_field",
                    "{owner} has no field {given}: it takes {allowed}.",
                    owner=owner,
                    field=prefix + show(key),
                    given=show(key),
                    allowed=takes,
                )
        out: dict[str, Any] = {}
        for name, spec in self.fields.items():
            sent = value.get(name, MISSING)
            if isinstance(spec, Opt):
                if sent is None or sent is MISSING:
                    out[name] = copy(spec.default)  # a list or dict of its own, every time
                    continue
                spec = spec.inner
            elif sent is MISSING:
                if isinstance(spec, Coded):
                    raise spec.refuse(None)
                raise IntentError.coded(
                    "widget.missing_field",
                    "{owner} needs its field {name}: {allowed}.",
                    owner=owner,
                    name=name,
                    field=prefix + name,
                    given="nothing",
                    allowed=spec.describe(),
                )
            out[name] = spec.check(sent, prefix + name)
        return out


class Coded(Field):
    """``inner``, refused with the widget's own coded error (translated in the browser):
    ``refuse(value)`` for a value ``inner`` refuses (None when the field is missing)."""

    inner: Field
    refuse: Callable[[object], GameError]
    _uncompared = ("refuse",)

    def check(self, value: object, where: str) -> Any:
        try:
            return self.inner.check(value, where)
        except IntentError as exc:
            if not is_generic(exc):
                raise  # an item's own coded refusal says it best
            raise self.refuse(value) from None

    def describe(self) -> str:
        return self.inner.describe()


# ---------------------------------------------------------------------- intents


class Shape(_Frozen):
    """The shape of one intent type: ``Shape(card=Int(0, 100), source=Opt(..., "pile"))``.

    :meth:`check` returns the intent's checked fields (optional ones filled in with their
    defaults, ``type`` kept), or raises IntentError naming the field.
    """

    fields: Mapping[str, Field | Opt]

    def __init__(self, **fields: Field | Opt) -> None:
        object.__setattr__(self, "fields", fields)

    def check(self, intent: dict[str, Any]) -> dict[str, Any]:
        owner = f"A {show(intent['type'])} request"
        try:
            out = Obj(self.fields).check_fields(intent, "", owner, ignore="type")
        except IntentError as exc:
            raise _with_context(exc, self.fields) from None
        out["type"] = intent["type"]
        return out


def _with_context(exc: IntentError, fields: Mapping[str, Field | Opt]) -> IntentError:
    """A refusal deep inside a field also says what the whole field is (``groups[0][1]``:
    groups is a list of groups of dice faces, like [[1, 6], [5, 5]])."""
    where = str(exc.params.get("field", ""))
    top = re.split(r"[.\[ ]", where, maxsplit=1)[0]
    spec = fields.get(top)
    if not is_generic(exc) or spec is None or where == top:
        return exc
    inner = spec.inner if isinstance(spec, Opt) else spec
    text = f"{str(exc).removesuffix('.')} ({top}: {inner.describe()})."
    return IntentError(text, code=exc.code, params=exc.params)


#: The shape of an intent without fields ({"type": "undo"}).
NO_FIELDS = Shape()
