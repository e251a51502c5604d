"""Frozen records written out by hand that still answer as dataclasses, made when first asked.

``@dataclass`` writes each record's methods as source text and compiles it at import: about a
millisecond per class, most of what importing an engine cost (issue 33). The engines' records
write only their ``__init__`` (the one method whose signature is the class's own) and inherit
the rest from :class:`FrozenRecord`, which derives them once from the field names in
``__match_args__``: ``repr``, equality, hash, order, the frozen guards and, for slots, pickling,
each as the decorator writes it. They declare ``__dataclass_fields__ = dataclass_fields(...)``:
``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` then work as before, from a
twin that the decorator builds on first use (from the record's annotations, its ``__init__``
defaults and the ``fields`` given, e.g. ``{"keep": field(default_factory=frozenset)}``).
"""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import FrozenInstanceError
from operator import attrgetter, ge, gt, le, lt
from typing import Any, ClassVar


class DataclassInfo:
    """A record's ``__dataclass_fields__`` (and, set alongside, ``__dataclass_params__``):
    those of ``dataclass(**options)`` applied to its declaration, built when first read."""

    def __init__(self, fields: dict[str, Any] | None = None, **options: Any):
        self.fields = fields or {}
        self.options = options

    def __set_name__(self, owner: type, name: str) -> None:
        if name != "__dataclass_fields__":
            raise TypeError("DataclassInfo is a class's __dataclass_fields__")
        owner.__dataclass_params__ = _Params(self)  # type: ignore[attr-defined]

    def twin(self, owner: type) -> type:
        """The dataclass the decorator makes of ``owner``'s declaration (made once)."""
        made = owner.__dict__.get("_dataclass_twin")
        if made is not None:
            return made
        defaults = {
            name: p.default
            for name, p in inspect.signature(owner.__init__).parameters.items()
            if p.default is not p.empty
        }
        declared = {
            name: kind
            for name, kind in owner.__annotations__.items()
            if not name.startswith("__dataclass")  # (this very attribute, typed for checkers)
        }
        namespace: dict[str, Any] = {"__annotations__": declared}
        for name in declared:
            if name in self.fields:
                namespace[name] = self.fields[name]
            elif name in defaults:
                namespace[name] = defaults[name]
            elif name in owner.__dict__ and not isinstance(owner.__dict__[name], _Member):
                namespace[name] = owner.__dict__[name]
        namespace["__module__"] = owner.__module__
        made = dataclasses.dataclass(**self.options)(type(owner.__name__, (), namespace))
        type.__setattr__(owner, "_dataclass_twin", made)
        return made

    def __get__(self, obj: object, owner: type) -> dict[str, dataclasses.Field]:
        return self.twin(owner).__dataclass_fields__  # type: ignore[attr-defined]


class _Params:
    """``__dataclass_params__`` of a :class:`DataclassInfo`'s record."""

    def __init__(self, info: DataclassInfo):
        self.info = info

    def __get__(self, obj: object, owner: type) -> Any:
        return self.info.twin(owner).__dataclass_params__  # type: ignore[attr-defined]


#: A slot's descriptor (a slots record's class holds one per field, never a default).
_Member = type(type("_Slotted", (), {"__slots__": ("x",)}).x)  # type: ignore[attr-defined]


def dataclass_fields(fields: dict[str, Any] | None = None, **options: Any) -> Any:
    """A record's ``__dataclass_fields__`` (a :class:`DataclassInfo`), typed for checkers as
    the dict it reads as (``dataclasses.replace`` accepts the record)."""
    return DataclassInfo(fields, **options)


#: The decorator's options a :class:`FrozenRecord` follows (``frozen`` must be true).
_OPTIONS = frozenset({"frozen", "slots", "eq", "order", "init"})


class _Derived:
    """A record class's attribute made from its declaration when first read, then kept on the
    class itself (so that defining a record, at import, derives nothing)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type) -> Any:
        record = next(c for c in owner.__mro__ if "__dataclass_fields__" in c.__dict__)
        _derive(record)
        return getattr(owner if obj is None else obj, self.name)


class FrozenRecord:
    """The methods ``@dataclass(frozen=True, ...)`` writes, derived from a subclass's fields.

    A subclass lists its fields in ``__match_args__`` (in order; also its ``__slots__`` for
    ``slots=True``), sets ``__dataclass_fields__ = dataclass_fields(...)`` with the decorator's
    options, and writes its own ``__init__``. It gets, as the decorator makes them: ``__repr__``
    (fields with ``repr=False`` left out), ``__eq__`` and ``__hash__`` over the fields it
    compares (``compare=False`` left out; none with ``eq=False``), ``__lt__`` … with
    ``order=True``, the frozen ``__setattr__``/``__delattr__``, and with slots
    ``__getstate__``/``__setstate__``. A method the subclass defines itself stays its own.

    The methods are generic (a C ``attrgetter`` reads the fields as a tuple) and what they
    need of a class is derived when first used, so defining a record compiles and derives
    nothing at import; :func:`dataclass_fields` answers the ``dataclasses`` module.
    """

    __slots__ = ()

    #: ``repr``'s fields as a tuple, and the text they fill (``"a={!r}, b={!r}"``).
    __record_shown__: ClassVar[Any] = _Derived()
    __record_format__: ClassVar[str] = _Derived()  # type: ignore[assignment]
    #: The compared fields as a tuple (what ``__eq__``, ``__hash__`` and order compare).
    __record_key__: ClassVar[Any] = _Derived()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        info = own.get("__dataclass_fields__")
        if info is None:  # a plain subclass of a record: the record's methods hold
            return
        options = getattr(info, "options", None)
        if (
            not isinstance(info, DataclassInfo)
            or not options
            or not options.get("frozen")
            or not _OPTIONS.issuperset(options)
        ):
            raise TypeError(
                f"{cls.__name__}: a FrozenRecord's __dataclass_fields__ is dataclass_fields("
                f"frozen=True, ...) with only the options {', '.join(sorted(_OPTIONS))}"
            )
        if options.get("slots") and own.get("__slots__") != cls.__match_args__:  # type: ignore[attr-defined]
            raise TypeError(f"{cls.__name__}: slots=True wants __slots__ = __match_args__")
        if not options.get("eq", True):  # the class's own equality, or object's
            for name in ("__eq__", "__hash__"):
                if name not in own:
                    setattr(cls, name, getattr(object, name))
        elif own.get("__hash__", _NONE) is None and "__eq__" in own:
            cls.__hash__ = FrozenRecord.__hash__  # type: ignore[method-assign]
        if options.get("order"):
            for name, method in _ORDER.items():
                if name not in own:
                    setattr(cls, name, method)
        if "__slots__" in own:
            for name, method in _PICKLE.items():
                if name not in own:
                    setattr(cls, name, method)

    def __repr__(self) -> str:
        text = self.__record_format__.format(*self.__record_shown__(self))
        return f"{self.__class__.__qualname__}({text})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self.__record_key__
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.__record_key__(self))

    def __setattr__(self, name: str, value: object) -> None:
        cls = type(self)  # (a plain subclass's instances may set attributes but the fields)
        if "__dataclass_fields__" in cls.__dict__ or name in cls.__match_args__:  # type: ignore[attr-defined]
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        cls = type(self)
        if "__dataclass_fields__" in cls.__dict__ or name in cls.__match_args__:  # type: ignore[attr-defined]
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super().__delattr__(name)


_NONE = object()


def _derive(cls: type) -> None:
    """Set what :class:`FrozenRecord`'s methods need of the record class ``cls``."""
    given = cls.__dict__["__dataclass_fields__"].fields
    names = cls.__match_args__  # type: ignore[attr-defined]
    shown = [n for n in names if getattr(given.get(n), "repr", True)]
    cls.__record_shown__ = _tuple_of(shown)  # type: ignore[attr-defined]
    cls.__record_format__ = ", ".join(f"{n}={{!r}}" for n in shown)  # type: ignore[attr-defined]
    compared = [n for n in names if getattr(given.get(n), "compare", True)]
    cls.__record_key__ = _tuple_of(compared)  # type: ignore[attr-defined]


def _tuple_of(names: list[str]) -> Any:
    """A function of a record that gives the values of ``names`` as a tuple, also for one
    field or none (as the decorator compares and hashes them): C's ``attrgetter`` for two or
    more, else a static method (so that reading it from a record does not bind it)."""
    if len(names) > 1:
        return attrgetter(*names)
    if not names:
        return staticmethod(lambda record: ())
    get = attrgetter(names[0])
    return staticmethod(lambda record: (get(record),))


def _ordering(compare: Any) -> Any:
    """``order=True``'s method that compares records as ``compare`` compares their keys."""

    def method(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self.__record_key__
            return compare(key(self), key(other))
        return NotImplemented

    method.__name__ = method.__qualname__ = f"__{compare.__name__}__"
    return method


#: ``order=True``'s methods.
_ORDER = {f"__{op.__name__}__": _ordering(op) for op in (lt, le, gt, ge)}


def _getstate(self: Any) -> list:
    return [getattr(self, n) for n in self.__match_args__]


def _setstate(self: Any, state: list) -> None:
    for n, v in zip(self.__match_args__, state, strict=False):
        object.__setattr__(self, n, v)


#: A frozen slots record's pickling (no ``__dict__`` to restore, and ``__setattr__`` refuses).
_PICKLE = {"__getstate__": _getstate, "__setstate__": _setstate}
