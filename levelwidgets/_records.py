"""Frozen records written out by hand that still answer as dataclasses, made when first asked.

``@dataclass`` writes each record's methods as source text and compiles it at import: about a
millisecond per class, most of what importing an engine cost (issue 33). The engines' records
spell those methods out instead, exactly as the decorator writes them, and declare
``__dataclass_fields__ = DataclassInfo(...)``: ``dataclasses.fields``, ``replace``,
``asdict`` and ``is_dataclass`` then work as before, from a twin that the decorator builds on
first use (from the record's annotations, its ``__init__`` defaults and the ``fields`` given,
e.g. ``{"keep": field(default_factory=frozenset)}``).
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any


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
