"""Levels: what must be laid down, as a list of requirements ``(kind, n)``.

The one-star side is the publisher's list; the two-star side could not be confirmed and is
shipped as a *reconstruction* (see :data:`TWO_STAR`). Users may define their own sequences
of any length from small text specs such as ``"run 4 + set 2 + set 2"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any, ClassVar

from .._records import FrozenRecord, dataclass_fields
from .errors import LevelSpecError

KINDS = ("run", "set", "colour")
#: Sets a frozen instance's cached attribute (kept out of the fields: not compared, hashed
#: or shown). Unlike writing to ``__dict__``, it keeps CPython's compact attribute storage.
_setattr = object.__setattr__
#: The default of a field made fresh for each record (a dataclass's ``default_factory``).
_FACTORY: Any = type("_FactoryDefault", (), {"__repr__": lambda self: "<factory>"})()
#: A level may ask for at most this many cards: a player holds 11 after drawing and must
#: keep one to discard.
MAX_LEVEL_CARDS = 10
_MAX_N = {"run": 15, "set": 13, "colour": 22}
_ALIASES = {
    "run": "run",
    "set": "set",
    "colour": "colour",
    "color": "colour",
    "colours": "colour",
    "colors": "colour",
    "runs": "run",
    "sets": "set",
}
_NAMED = {
    "pair": ("set", 2),
    "triple": ("set", 3),
    "quad": ("set", 4),
    "quadruple": ("set", 4),
    "pairs": ("set", 2),
    "triples": ("set", 3),
    "quads": ("set", 4),
}


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Requirement(FrozenRecord):
    """One combination a level asks for: a run, set or colour group of exactly ``n`` cards."""

    kind: str
    n: int

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, order=True)
    __match_args__ = ("kind", "n")

    def __init__(self, kind: str, n: int) -> None:
        _setattr(self, "kind", kind)
        _setattr(self, "n", n)

    def __str__(self) -> str:
        return f"{self.kind} {self.n}"

    def describe(self) -> str:
        if self.kind == "run":
            return f"run of {self.n}"
        if self.kind == "set":
            return {2: "pair", 3: "triple", 4: "quad"}.get(self.n, f"set of {self.n}")
        return f"{self.n} cards of one colour"


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Level(FrozenRecord):
    """The combinations to lay down at once; order is irrelevant."""

    requirements: tuple[Requirement, ...]

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True)
    __match_args__ = ("requirements",)

    def __init__(self, requirements: tuple[Requirement, ...]) -> None:
        _setattr(self, "requirements", requirements)

    @property
    def n_cards(self) -> int:
        return sum(r.n for r in self.requirements)

    def spec(self) -> str:
        """Round-trippable text, e.g. ``"run 4 + set 2 + set 2"``."""
        reqs = self.requirements
        got = getattr(self, "_spec", None)  # (requirements, text), made once per level
        if got is None or got[0] is not reqs:
            got = (reqs, " + ".join(str(r) for r in reqs))
            _setattr(self, "_spec", got)
        return got[1]

    def shape(self) -> list[tuple[str, int]]:
        """The requirements as sorted ``(kind, n)`` pairs (a fresh list; order is irrelevant
        to a level, so two lay-downs match when their shapes are equal)."""
        reqs = self.requirements
        got = getattr(self, "_shape", None)  # (requirements, pairs), made once per level
        if got is None or got[0] is not reqs:
            got = (reqs, tuple(sorted([(r.kind, r.n) for r in reqs])))
            _setattr(self, "_shape", got)
        return list(got[1])

    def describe(self) -> str:
        """Human text in the rulebook's style, e.g. ``"1 run of 4 + 2 pairs"``."""
        parts: list[str] = []
        seen: list[Requirement] = []
        for r in self.requirements:
            if r in seen:
                continue
            seen.append(r)
            k = self.requirements.count(r)
            text = r.describe()
            if r.kind == "colour":
                parts.append(text if k == 1 else f"{k} × {text}")
            elif k == 1:
                parts.append(f"1 {text}")
            else:
                plural = {"pair": "pairs", "triple": "triples", "quad": "quads"}.get(text)
                if plural is None:
                    plural = text.replace("run of", "runs of").replace("set of", "sets of")
                parts.append(f"{k} {plural}")
        return " + ".join(parts)

    def __iter__(self):
        return iter(self.requirements)

    def __len__(self) -> int:
        return len(self.requirements)

    def __str__(self) -> str:
        return self.spec()


_PART = re.compile(r"^(?:(\d+)\s*[x×*]\s*)?([a-z]+)\s*(?:of\s*)?(\d+)$")
_NAMED_PART = re.compile(r"^(?:(\d+)\s*[x×*]?\s*)?([a-z]+)$")


def _requirement(kind: object, n: object, where: str) -> Requirement:
    if not isinstance(kind, str) or kind.lower() not in _ALIASES:
        raise LevelSpecError(f"{where}: unknown combination kind {kind!r}; use run, set or colour")
    k = _ALIASES[kind.lower()]
    if isinstance(n, bool) or not isinstance(n, int):
        raise LevelSpecError(f"{where}: the size of a {k} must be a whole number, not {n!r}")
    if n < 2:
        raise LevelSpecError(f"{where}: a {k} needs at least 2 cards (got {n})")
    if n > _MAX_N[k]:
        raise LevelSpecError(f"{where}: a {k} of {n} cards is impossible (at most {_MAX_N[k]})")
    return Requirement(k, n)


def _parse_part(text: str, where: str) -> list[Requirement]:
    t = " ".join(text.strip().lower().split())
    if not t:
        raise LevelSpecError(f"{where}: empty combination (check for a stray '+')")
    m = _PART.match(t)
    if m:
        count = int(m.group(1) or 1)
        req = _requirement(m.group(2), int(m.group(3)), where)
    else:
        m = _NAMED_PART.match(t)
        if not m or m.group(2) not in _NAMED:
            raise LevelSpecError(
                f"{where}: cannot read {text.strip()!r}; write e.g. 'run 4', 'set 3', "
                "'colour 5', 'pair', 'triple', 'quad' or '2x run 3'"
            )
        count = int(m.group(1) or 1)
        req = Requirement(*_NAMED[m.group(2)])
    if count < 1:
        raise LevelSpecError(f"{where}: a combination count must be at least 1")
    return [req] * count


def parse_level(spec: object, where: str = "level") -> Level:
    """Parse ``"run 4 + set 2 + set 2"``, a list of ``(kind, n)`` / ``"set 3"`` items or a Level."""
    if isinstance(spec, Level):
        return spec
    if isinstance(spec, Requirement) or (
        isinstance(spec, tuple)
        and len(spec) == 2
        and isinstance(spec[0], str)
        and isinstance(spec[1], int)
    ):
        spec = [spec]  # a single ("run", 7) or Requirement is a one-combination level
    reqs: list[Requirement] = []
    if isinstance(spec, str):
        if not spec.strip():
            raise LevelSpecError(f"{where}: a level needs at least one combination")
        for part in spec.split("+"):
            reqs.extend(_parse_part(part, where))
    elif isinstance(spec, Iterable):
        for item in spec:
            if isinstance(item, Requirement):
                reqs.append(item)
            elif isinstance(item, str):
                reqs.extend(_parse_part(item, where))
            elif isinstance(item, Sequence) and len(item) == 2:
                reqs.append(_requirement(item[0], item[1], where))
            else:
                raise LevelSpecError(
                    f"{where}: {item!r} is not a combination; use ('run', 4) or 'run 4'"
                )
    else:
        raise LevelSpecError(f"{where}: {spec!r} is not a level; write e.g. 'run 4 + set 2'")
    if not reqs:
        raise LevelSpecError(f"{where}: a level needs at least one combination")
    total = sum(r.n for r in reqs)
    if total > MAX_LEVEL_CARDS:
        raise LevelSpecError(
            f"{where}: needs {total} cards, but a player can lay down at most "
            f"{MAX_LEVEL_CARDS} (they hold 11 after drawing and must keep one to discard)"
        )
    return Level(tuple(reqs))


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class LevelSequence(FrozenRecord):
    """The levels one player climbs, plus the levels on which the keep-4 rule applies."""

    name: str
    levels: tuple[Level, ...]
    keep_levels: frozenset[int]
    reconstruction: bool = False

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(
        fields={"keep_levels": field(default_factory=frozenset)}, frozen=True
    )
    __match_args__ = ("name", "levels", "keep_levels", "reconstruction")

    def __init__(
        self,
        name: str,
        levels: tuple[Level, ...],
        keep_levels: frozenset[int] = _FACTORY,
        reconstruction: bool = False,
    ) -> None:
        _setattr(self, "name", name)
        _setattr(self, "levels", levels)
        _setattr(self, "keep_levels", frozenset() if keep_levels is _FACTORY else keep_levels)
        _setattr(self, "reconstruction", reconstruction)

    def __len__(self) -> int:
        return len(self.levels)

    @property
    def label(self) -> str:
        """Display name; a reconstructed sequence says so."""
        if self.reconstruction:
            return f"{self.name} (reconstruction: the printed list could not be confirmed)"
        return self.name

    def level(self, number: int) -> Level:
        """Level by its 1-based number, as printed on the level card."""
        return self.levels[number - 1]

    def to_dict(self) -> dict:
        levels, keep = self.levels, self.keep_levels
        # the texts are made once per sequence (it is immutable; every new game records its
        # sides), kept with the very tuple and set they were made from
        got = getattr(self, "_texts", None)
        if got is None or got[0] is not levels or got[1] is not keep:
            got = (levels, keep, tuple([lv.spec() for lv in levels]), tuple(sorted(keep)))
            _setattr(self, "_texts", got)
        return {
            "name": self.name,
            "levels": list(got[2]),
            "keep_levels": list(got[3]),
            "reconstruction": self.reconstruction,
        }

    @classmethod
    def from_dict(cls, d: dict) -> LevelSequence:
        if not isinstance(d, dict) or set(d) != {"name", "levels", "keep_levels", "reconstruction"}:
            raise LevelSpecError(f"not a level sequence: {d!r}")
        key = _parsed_key(d)
        made = _PARSED.get(key) if key is not None else None
        if made is None:
            made = parse_levels(
                d["levels"],
                name=d["name"],
                keep_levels=d["keep_levels"],
                reconstruction=d["reconstruction"],
            )
            if key is not None and len(_PARSED) < 64:
                _PARSED[key] = made
        return made


#: Sequences read from records, by their exact fields: every loaded game (and every undo that
#: replays one) reads its sides again, and a sequence is immutable, so one parse serves all.
_PARSED: dict[tuple, LevelSequence] = {}


def _parsed_key(d: dict) -> tuple | None:
    """The cache key of a stored sequence, with each value's type (``True`` is not ``1``), or
    None when a field is not plain text and numbers (then it is parsed and checked as given)."""
    levels, keep = d["levels"], d["keep_levels"]
    if not (type(levels) is list and type(keep) is list and type(d["name"]) is str):
        return None
    if not all(type(x) is str for x in levels) or not all(type(k) is int for k in keep):
        return None
    if type(d["reconstruction"]) not in (bool, int):
        return None
    return (d["name"], tuple(levels), tuple(keep), type(d["reconstruction"]), d["reconstruction"])


def parse_levels(
    spec: object,
    name: str = "custom",
    keep_levels: Iterable[int] = (),
    reconstruction: bool = False,
) -> LevelSequence:
    """Parse a level sequence: a list of level specs, or one string with levels split by ';'.

    >>> parse_levels("run 3 + run 3; 4x pair").levels[1].spec()
    'set 2 + set 2 + set 2 + set 2'
    """
    if isinstance(spec, LevelSequence):
        return spec
    if isinstance(spec, str):
        items: list[object] = [s for s in re.split(r"[;\n]", spec) if s.strip()]
    elif isinstance(spec, Iterable):
        items = list(spec)
    else:
        raise LevelSpecError(f"{spec!r} is not a level sequence; give a list of levels")
    if not items:
        raise LevelSpecError("a level sequence needs at least one level")
    levels = tuple(parse_level(it, where=f"level {i}") for i, it in enumerate(items, 1))
    if not isinstance(name, str) or not name:
        raise LevelSpecError("a level sequence needs a non-empty name")
    keep = []
    for k in keep_levels:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(levels):
            raise LevelSpecError(f"keep level {k!r} is not a level of this sequence")
        keep.append(k)
    return LevelSequence(name, levels, frozenset(keep), bool(reconstruction))


#: The built-in sequences, parsed when first named (``ONE_STAR`` …): the specs, the
#: sequence's name, its keep-4 levels and whether it is a reconstruction.
_BUILT_IN: dict[str, tuple[tuple[str, ...], str, tuple[int, ...], bool]] = {
    # The one-star side, confirmed against the publisher's rulebook card.
    "ONE_STAR": (
        (
            "run 3 + run 3",
            "set 2 + set 2 + set 2 + set 2",
            "run 3 + colour 4",
            "run 6 + set 2",
            "run 7",
            "set 2 + set 3 + set 3",
            "set 3 + colour 5",
            "set 2 + set 3 + set 4",
        ),
        "one",
        (),
        False,
    ),
    # The two-star side: a RECONSTRUCTION (the printed list could not be confirmed). It
    # contains the rulebook's own example "run of 4 + 2 pairs". On levels 5–8 a player who
    # has not laid down may keep up to 4 hand cards at the end of a round (the two-star rule).
    "TWO_STAR": (
        (
            "run 4 + run 4",
            "run 4 + set 2 + set 2",
            "run 4 + colour 5",
            "run 7 + set 2",
            "run 8",
            "set 4 + run 4",
            "set 4 + colour 6",
            "set 3 + set 3 + set 4",
        ),
        "two",
        (5, 6, 7, 8),
        True,
    ),
    # The board game's one-star side. Levels 1 and 2 are confirmed by the rule text; levels
    # 3–8 are a RECONSTRUCTION (not legible in the source, see shared/rules/level8-board.md).
    "BOARD_ONE_STAR": (
        (
            "set 3 + run 3",
            "set 2 + set 2 + set 3",
            "run 4 + colour 4",
            "set 3 + set 3",
            "run 6 + set 2",
            "set 3 + colour 5",
            "run 7",
            "set 2 + set 3 + set 4",
        ),
        "board-one",
        (),
        True,
    ),
    # The board game's two-star side. Level 1 is confirmed by the rule text; levels 2–8 are
    # a RECONSTRUCTION (not legible in the source).
    "BOARD_TWO_STAR": (
        (
            "set 3 + run 5",
            "set 3 + set 3 + set 2",
            "run 5 + colour 5",
            "set 4 + set 3",
            "run 7 + set 2",
            "set 4 + colour 6",
            "run 9",
            "set 4 + set 4",
        ),
        "board-two",
        (),
        True,
    ),
    # A Phase-10-style ten-level example of a custom sequence.
    "PHASE10": (
        (
            "set 3 + set 3",
            "set 3 + run 4",
            "set 4 + run 4",
            "run 7",
            "run 8",
            "run 9",
            "set 4 + set 4",
            "colour 7",
            "set 5 + set 2",
            "set 5 + set 3",
        ),
        "phase10",
        (),
        False,
    ),
}

if TYPE_CHECKING:
    ONE_STAR: LevelSequence
    TWO_STAR: LevelSequence
    BOARD_ONE_STAR: LevelSequence
    BOARD_TWO_STAR: LevelSequence
    PHASE10: LevelSequence


def __getattr__(name: str) -> LevelSequence:
    """A built-in sequence (:data:`_BUILT_IN`), parsed at its first use and then kept as a
    module attribute (one object: ``Level8(sides=[ONE_STAR]).sides[0] is ONE_STAR``)."""
    built = _BUILT_IN.get(name)
    if built is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    specs, label, keep, reconstruction = built
    seq = parse_levels(specs, name=label, keep_levels=keep, reconstruction=reconstruction)
    globals()[name] = seq
    return seq


def _built_in(name: str) -> LevelSequence:
    """The built-in sequence ``name`` (parsed once, when first asked for)."""
    seq = globals().get(name)
    return seq if seq is not None else __getattr__(name)


def board_sequence_for(side: object) -> LevelSequence:
    """As :func:`sequence_for`, for the board game's built-in sides."""
    if isinstance(side, str) and side.strip().lower() in ("one", "1", "two", "2"):
        return _built_in(
            "BOARD_ONE_STAR" if side.strip().lower() in ("one", "1") else "BOARD_TWO_STAR"
        )
    return parse_levels(side)


def sequence_for(side: object) -> LevelSequence:
    """``"one"``/``"two"`` → the built-in sides; anything else is parsed as a custom sequence."""
    if isinstance(side, str) and side.strip().lower() in ("one", "1", "two", "2"):
        return _built_in("ONE_STAR" if side.strip().lower() in ("one", "1") else "TWO_STAR")
    return parse_levels(side)
