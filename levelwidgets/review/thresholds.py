"""When a cost earns a mark: ``?!`` (inaccuracy), ``?`` (mistake), ``??`` (blunder).

The defaults, per unit, and why:

- Level X, unit **points** (expected points: now plus the best next turn): 0.3 / 0.8 / 1.5.
  A turn is worth about 3 to 9 expected points; 0.3 is a small slip (about a tenth of the
  worst turn's value), 0.8 a clear mistake, 1.5 as much as a chip of row 5 or more — the
  size of a whole good step thrown away.
- Level 8, unit **chance** (to complete the level within the next draws): 0.05 / 0.15 /
  0.30. Five percentage points is a slip a careful player notices; fifteen is a clear
  mistake; thirty throws away about a third of the chance of laying down soon.

Change them with ``review(record, thresholds=Thresholds(0.5, 1, 2))`` (for the record's
unit) or a dict per unit, ``{"points": Thresholds(...), "chance": Thresholds(...)}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import ReviewError, ReviewTypeError

#: The marks the review sets, smallest cost first.
MARKS = ("?!", "?", "??")
UNITS = ("points", "chance")


@dataclass(frozen=True)
class Thresholds:
    """The smallest cost of an inaccuracy (``?!``), a mistake (``?``) and a blunder
    (``??``), in the judgement's unit; 0 ≤ inaccuracy ≤ mistake ≤ blunder."""

    inaccuracy: float
    mistake: float
    blunder: float

    def __post_init__(self) -> None:
        values = (self.inaccuracy, self.mistake, self.blunder)
        for name, v in zip(("inaccuracy", "mistake", "blunder"), values, strict=True):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ReviewTypeError(f"the {name} threshold must be a number, not {v!r}")
            if not v == v or v < 0 or v == float("inf"):  # (NaN is not equal to itself)
                raise ReviewError(f"the {name} threshold must be a number ≥ 0, not {v!r}")
        if not self.inaccuracy <= self.mistake <= self.blunder:
            raise ReviewError(
                "thresholds must grow: inaccuracy ≤ mistake ≤ blunder, not "
                f"{self.inaccuracy} / {self.mistake} / {self.blunder}"
            )

    def mark(self, cost: float) -> str | None:
        """``"??"``, ``"?"``, ``"?!"`` or None for a cost (a zero cost never earns a mark)."""
        if cost <= 0:
            return None
        if cost >= self.blunder:
            return "??"
        if cost >= self.mistake:
            return "?"
        if cost >= self.inaccuracy:
            return "?!"
        return None

    def to_dict(self) -> dict:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "blunder": self.blunder}


DEFAULTS: dict[str, Thresholds] = {
    "points": Thresholds(0.3, 0.8, 1.5),
    "chance": Thresholds(0.05, 0.15, 0.30),
}


def thresholds_for(given: object, unit: str) -> Thresholds:
    """The thresholds for ``unit`` from ``review``'s argument: None (the defaults), one
    :class:`Thresholds` (for the record's unit) or a dict of them per unit."""
    if given is None:
        return DEFAULTS[unit]
    if isinstance(given, Thresholds):
        return given
    if isinstance(given, Mapping):
        unknown = [k for k in given if k not in UNITS]
        if unknown:
            raise ReviewError(f"thresholds are given per unit ({', '.join(UNITS)}), not {unknown}")
        got = given.get(unit, DEFAULTS[unit])
        if not isinstance(got, Thresholds):
            raise ReviewTypeError(f"thresholds[{unit!r}] must be a Thresholds, not {got!r}")
        return got
    raise ReviewTypeError(
        f"thresholds must be None, a Thresholds or a dict of them per unit, not {given!r}"
    )
