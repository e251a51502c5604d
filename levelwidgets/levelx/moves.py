"""Moves: dice groupings, their notation, and the cached table of legal moves per roll.

A move is what a player does with a roll: groups of dice whose sums are *steps* in rows 5–10.
Two groupings with the same multiset of steps have the same effect, so they are one move; a
:class:`Move` keeps one grouping that makes it, for display. Lucky Loser turns are never written
down: they follow from the groups, because a face the roll lacks must come from a turned 1.

Notation: groups separated by spaces, dice within a group by ``+``: ``"1+6 5+5"``. The empty
move is ``"-"``. Dice left out are not written.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import cache
from itertools import combinations_with_replacement, product
from typing import Any, ClassVar, cast

from .._records import FrozenRecord, dataclass_fields
from .checks import bounded, is_int, refuse, show
from .errors import (
    FacesNotInRollError,
    GroupSumError,
    LevelXError,
    LuckyLoserError,
    NotationError,
    NotationTooLongError,
    NotationTypeError,
)
from .rules import MAX_SUM, MIN_SUM, ROWS

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


Dice = tuple[int, int, int, int]
Group = tuple[int, ...]

_ROW_INDEX = {row: i for i, row in enumerate(ROWS)}
_GROUP_SEP = re.compile(r"[\s,;/|]+")


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Move(FrozenRecord):
    """One distinct move: its steps (sorted row numbers) and a grouping that makes it.

    Moves compare equal when their steps are equal, whatever grouping they show.
    """

    steps: tuple[int, ...]
    groups: tuple[Group, ...]
    turned: tuple[int, ...]

    __slots__ = __match_args__ = ("steps", "groups", "turned")
    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(
        frozen=True, slots=True, eq=False
    )

    def __init__(
        self, steps: tuple[int, ...], groups: tuple[Group, ...], turned: tuple[int, ...] = ()
    ) -> None:
        _setattr(self, "steps", steps)
        _setattr(self, "groups", groups)
        _setattr(self, "turned", turned)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.steps == other.steps

    def __hash__(self) -> int:
        return hash(self.steps)

    @property
    def notation(self) -> str:
        return _written(self.groups)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        extra = f", turned={list(self.turned)}" if self.turned else ""
        return f"<Move {self.notation!r} steps={list(self.steps)}{extra}>"

    def to_dict(self) -> dict:
        return {
            "notation": self.notation,
            "steps": list(self.steps),
            "groups": [list(g) for g in self.groups],
            "turned": list(self.turned),
        }


def _written(groups: tuple[Group, ...]) -> str:
    """``groups`` in notation, written once per grouping: a long record names the same few moves
    thousands of times (its history, its steps, the widget's move list)."""
    try:
        text = _FORMATTED.get(groups)
    except TypeError:  # groups made by hand with lists: written each time
        return format_groups(groups)
    if text is None:
        text = format_groups(groups)
        if len(_FORMATTED) < 4096:
            _FORMATTED[groups] = text
    return text


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Grouping(FrozenRecord):
    """One way to group a roll (for teaching): the groups, the dice left out, the turned 1s."""

    groups: tuple[Group, ...]
    left_out: tuple[int, ...]
    turned: tuple[int, ...]

    __slots__ = __match_args__ = ("groups", "left_out", "turned")
    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, slots=True)

    def __init__(
        self, groups: tuple[Group, ...], left_out: tuple[int, ...], turned: tuple[int, ...] = ()
    ) -> None:
        _setattr(self, "groups", groups)
        _setattr(self, "left_out", left_out)
        _setattr(self, "turned", turned)

    @property
    def steps(self) -> tuple[int, ...]:
        return tuple(sorted(sum(g) for g in self.groups))

    @property
    def notation(self) -> str:
        return _written(self.groups)

    def to_dict(self) -> dict:
        return {
            "notation": self.notation,
            "groups": [list(g) for g in self.groups],
            "left_out": list(self.left_out),
            "turned": list(self.turned),
            "steps": list(self.steps),
        }


#: Notation of groupings written before (bounded, like every cache of what users give).
_FORMATTED: dict[tuple[Group, ...], str] = {}


def format_groups(groups: Iterable[Sequence[int]]) -> str:
    text = " ".join("+".join(map(str, g)) for g in groups)
    return text or "-"


#: The longest move text read: a real move is at most 7 characters ("5 5 5 5", "1+6 5+5").
MAX_NOTATION = 100
#: The most groups in a list, and faces in a group, read: a real move uses at most 4 dice.
MAX_GROUP_ITEMS = 24


def parse_groups(text: str) -> tuple[Group, ...]:
    """Read ``"1+6 5+5"`` into ``((1, 6), (5, 5))``. ``"-"``, ``"pass"`` or ``""`` is empty.

    Only digits 0–9 count as faces (``"²"`` is refused, not read as 2), and a text longer
    than :data:`MAX_NOTATION` characters is refused before it is looked at.
    """
    known = _PARSED.get(text) if type(text) is str else None
    if known is not None:
        return known  # read before (a replay reads the same few moves thousands of times)
    if not isinstance(text, str):
        raise NotationTypeError.coded(
            "levelx.move_text",
            "A move must be text like '1+6 5+5', not {kind}.",
            kind=type(text).__name__,
        )
    if len(text) > MAX_NOTATION:
        raise refuse(
            NotationTooLongError,
            "A move",
            f"text of at most {MAX_NOTATION} characters like '1+6 5+5'",
            text,
        )
    stripped = text.strip()
    if stripped.lower() in ("", "-", "pass"):
        return ()
    groups = []
    for token in _GROUP_SEP.split(stripped):
        parts = token.split("+")
        if not all(p.isascii() and p.isdigit() for p in parts):
            raise NotationError.coded(
                "levelx.notation",
                "Cannot read {token} in {text}: write groups of dice like '1+6 5+5' "
                "(dice joined by +, groups separated by spaces).",
                token=show(token),
                text=show(text),
            )
        groups.append(tuple(int(p) for p in parts))
    read = tuple(groups)
    if type(text) is str and len(_PARSED) < _PARSED_MAX:
        _PARSED[text] = read
    return read


#: Notation already read (immutable tuples, so shared safely); bounded, so text a user
#: types cannot grow it without end.
_PARSED: dict[str, tuple[Group, ...]] = {}
_PARSED_MAX = 4096


def coerce_groups(move: object) -> tuple[Group, ...]:
    """Accept notation, a list of groups (``[(1, 6), (5, 5)]``) or a :class:`Move`.

    A list is read no further than :data:`MAX_GROUP_ITEMS` groups of as many faces, so an
    endless generator or a huge list is refused at once; every face must be a whole number.
    """
    if isinstance(move, str):
        return parse_groups(move)
    items = move.groups if isinstance(move, Move) else move
    if isinstance(items, (bytes, bytearray, Mapping, AbstractSet)) or not isinstance(
        items, Iterable
    ):
        raise NotationTypeError.coded(
            "levelx.move_type",
            "A move must be notation like '1+6 5+5', a list of groups or a Move, not {move}.",
            move=show(move),
        )
    listed = bounded(
        items,
        MAX_GROUP_ITEMS,
        "A move",
        f"notation like '1+6 5+5' or a list of at most {MAX_GROUP_ITEMS} groups",
        error=NotationTooLongError,
        type_error=NotationTypeError,
    )
    groups = []
    for g in listed:
        if is_int(g):
            g = (g,)
        if isinstance(g, (str, bytes, bytearray, Mapping, AbstractSet)) or not isinstance(
            g, Iterable
        ):
            raise NotationTypeError.coded(
                "levelx.group_type",
                "Each group must be a list of dice faces like (1, 6), not {group}.",
                group=show(g),
            )
        group = bounded(
            g,
            MAX_GROUP_ITEMS,
            "A group",
            f"a list of at most {MAX_GROUP_ITEMS} dice faces like (1, 6)",
            error=NotationTooLongError,
            type_error=NotationTypeError,
        )
        if not all(is_int(f) for f in group):
            raise NotationTypeError.coded(
                "levelx.face_type",
                "Dice faces must be whole numbers, not {group}.",
                group=show(group),
            )
        groups.append(group)
    return tuple(groups)


def turnable_ones(dice: Sequence[int], lucky_loser: bool) -> int:
    """How many 1s Lucky Loser lets the player turn: all but one, when there are two or more."""
    ones = sum(1 for d in dice if d == 1)
    return ones - 1 if lucky_loser and ones >= 2 else 0


def check_groups(
    groups: tuple[Group, ...], dice: Sequence[int], lucky_loser: bool
) -> tuple[int, ...]:
    """Validate groups against a roll; return the turned faces (sorted) they need.

    Raises a specific error for each way a grouping can be wrong.
    """
    used: Counter[int] = Counter()
    for g in groups:
        if not g:
            raise NotationError.coded("levelx.empty_group", "A group needs at least one die.")
        for face in g:
            if not 1 <= face <= 6:
                raise FacesNotInRollError.coded(
                    "levelx.no_face", "{face} is not a face of a die (1 to 6).", face=show(face)
                )
        total = sum(g)
        if not MIN_SUM <= total <= MAX_SUM:
            raise GroupSumError.coded(
                "levelx.group_sum",
                "The group {group:+} makes {total}, but rows go from {least} to {most}. "
                "Leave those dice out instead.",
                group=g,
                total=total,
                least=MIN_SUM,
                most=MAX_SUM,
            )
        used.update(g)
    n_used = sum(used.values())
    if n_used > len(dice):
        raise FacesNotInRollError.coded(
            "levelx.too_many_dice",
            "The move uses {used} dice, but there are only {count} ({roll:-}).",
            used=n_used,
            count=len(dice),
            roll=dice,
        )
    have = Counter(dice)
    turned: list[int] = []
    for face in sorted(used):
        missing = used[face] - have[face]
        if missing > 0:
            if face == 1 and not have[1]:
                raise FacesNotInRollError.coded(
                    "levelx.no_ones",
                    "The roll {roll:-} has no 1, but the move uses {used}.",
                    roll=dice,
                    used=used[1],
                )
            if face == 1:
                raise FacesNotInRollError.coded(
                    "levelx.too_many_ones",
                    "The roll {roll:-} has {ones} 1, but the move uses {used}.",
                    roll=dice,
                    ones=have[1],
                    used=used[1],
                )
            turned.extend([face] * missing)
    if turned:
        ones = have[1]
        turnable = turnable_ones(dice, lucky_loser)
        if not lucky_loser:
            raise FacesNotInRollError.coded(
                "levelx.faces_missing_no_lucky",
                "The roll {roll:-} does not have the dice {missing:, } that the move uses. "
                "(Lucky Loser is switched off in this game.)",
                roll=dice,
                missing=turned,
            )
        if ones < 2:
            raise FacesNotInRollError.coded(
                "levelx.faces_missing",
                "The roll {roll:-} does not have the dice {missing:, } that the move uses.",
                roll=dice,
                missing=turned,
            )
        if len(turned) > turnable or used[1] + len(turned) > ones:
            raise LuckyLoserError.coded(
                "levelx.lucky_loser",
                "The move needs {turned} of the 1s turned (into {missing:, }), but with {ones} "
                "ones you may turn at most {turnable} and must keep one 1, and a 1 used as a 1 "
                "cannot also be turned.",
                turned=len(turned),
                missing=turned,
                ones=ones,
                turnable=turnable,
            )
    return tuple(turned)


# ---------------------------------------------------------------------------------------------
# Enumeration. Rolls are cached by their sorted faces: there are only 126 of them.


def _partitions(items: tuple[int, ...]) -> Iterable[tuple[tuple[int, ...], ...]]:
    """All ways to put the dice into groups, each die in one group or left out (label -1)."""
    n = len(items)

    def rec(i: int, labels: list[int], next_label: int):
        if i == n:
            groups: dict[int, list[int]] = {}
            for idx, lab in enumerate(labels):
                if lab >= 0:
                    groups.setdefault(lab, []).append(items[idx])
            yield tuple(tuple(sorted(g)) for g in groups.values())
            return
        for lab in range(-1, next_label + 1):
            labels.append(lab)
            yield from rec(i + 1, labels, max(next_label, lab + 1))
            labels.pop()

    yield from rec(0, [], 0)


@cache
def _index_partitions(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every way to put ``n`` dice into groups (some left out), as groups of positions: worked
    out once, then laid over each roll's faces (52 ways for four dice)."""
    return tuple(_partitions(tuple(range(n))))


def _group_order(group: Group) -> tuple[int, Group]:
    return sum(group), group


@cache
def _groupings_of_faces(faces: Dice) -> tuple[tuple[Group, ...], ...]:
    """The distinct canonical groupings of ``faces`` (sorted) whose groups all sum 5–10.

    Cached by faces: a roll with Lucky Loser turns looks up the faces of each way to turn its
    1s, and those are the faces of other rolls too (126 in all)."""
    found: dict[tuple[Group, ...], None] = {}
    for pattern in _index_partitions(len(faces)):
        # faces are sorted and each group's positions ascend, so each group comes out sorted
        parts = [tuple(faces[i] for i in group) for group in pattern]
        if all(MIN_SUM <= sum(p) <= MAX_SUM for p in parts):
            parts.sort(key=_group_order)
            found.setdefault(tuple(parts), None)
    return tuple(found)


def _faces_after_turning(sorted_dice: Dice, lucky_loser: bool):
    """Yield (faces, turned) for every Lucky Loser choice (no choice: the roll itself)."""
    yield sorted_dice, ()
    k = turnable_ones(sorted_dice, lucky_loser)
    rest = [d for d in sorted_dice]
    for m in range(1, k + 1):
        for new in combinations_with_replacement(range(2, 7), m):
            faces = rest[m:] + list(new)  # sorted dice start with their 1s
            yield tuple(sorted(faces)), tuple(new)


def _turned_for(groups: tuple[Group, ...], have: Counter[int]) -> tuple[int, ...]:
    """The faces ``groups`` use beyond the roll's own (each one a turned 1), sorted.

    What :func:`check_groups` returns for groups made from a legal way to turn the 1s (it is
    not asked: it would re-check what the enumeration guarantees, and it was most of a
    Lucky Loser roll's cost)."""
    used = Counter(f for g in groups for f in g)
    return tuple(f for f in sorted(used) for _ in range(used[f] - have[f]))


@cache
def groupings_for(sorted_dice: Dice, lucky_loser: bool) -> tuple[Grouping, ...]:
    """Every distinct legal grouping (all groups sum 5–10) of a roll, Lucky Loser included."""
    have = Counter(sorted_dice)
    seen: set[tuple[Group, ...]] = set()
    out: list[Grouping] = []
    for faces, _turned in _faces_after_turning(sorted_dice, lucky_loser):
        for groups in _groupings_of_faces(faces):
            if groups in seen:  # the same groups from another way to turn the 1s
                continue
            seen.add(groups)
            # the turns the groups really need (a turned die may sit unused)
            needed = _turned_for(groups, have)
            left = Counter(have)
            left.subtract(f for g in groups for f in g)
            left[1] -= len(needed)
            out.append(Grouping(groups, tuple(sorted(left.elements())), needed))
    out.sort(key=lambda g: (len(g.turned), -len(g.groups), g.steps, g.groups))
    return tuple(out)


@cache
def all_moves(sorted_dice: Dice, lucky_loser: bool) -> tuple[Move, ...]:
    """One :class:`Move` per distinct step multiset, with the fewest-turns grouping for it."""
    best: dict[tuple[int, ...], Grouping] = {}
    for g in groupings_for(sorted_dice, lucky_loser):  # already sorted by fewest turns
        best.setdefault(g.steps, g)
    moves = [Move(steps, g.groups, g.turned) for steps, g in best.items()]
    moves.sort(key=lambda m: (-len(m.steps), m.steps))
    return tuple(moves)


def row_mask(steps: Iterable[int]) -> int:
    mask = 0
    for s in steps:
        mask |= 1 << _ROW_INDEX[s]
    return mask


# Rolls by number: the engine draws an index 0..1295 and looks tables up by small ints, which
# is much cheaper than hashing dice tuples on every turn.
# (product(..., repeat=4) makes tuples of four dice, which its stub cannot say)
ROLLS = cast("tuple[Dice, ...]", tuple(product(range(1, 7), repeat=4)))
ROLL_INDEX: dict[Dice, int] = {roll: i for i, roll in enumerate(ROLLS)}
_SORTED: tuple[Dice, ...] = tuple(sorted({tuple(sorted(r)) for r in ROLLS}))  # type: ignore[misc]
# (each sorted roll's place, looked up rather than searched for: 1296 searches cost an import)
_SORTED_POSITION: dict[tuple[int, ...], int] = {dice: i for i, dice in enumerate(_SORTED)}
SORTED_ID: tuple[int, ...] = tuple(_SORTED_POSITION[tuple(sorted(r))] for r in ROLLS)
MoveTable = tuple[tuple[Move, ...], dict[tuple[int, ...], Move]]
# One slot per (sorted roll, closed rows), at sorted_id << 6 | closed_mask; filled lazily.
TABLES: dict[bool, list[MoveTable | None]] = {
    True: [None] * (len(_SORTED) << 6),
    False: [None] * (len(_SORTED) << 6),
}


def move_table(roll_index: int, lucky_loser: bool, closed_mask: int) -> MoveTable:
    """The legal moves of roll ``ROLLS[roll_index]`` with ``closed_mask`` rows closed."""
    slot = SORTED_ID[roll_index] << 6 | closed_mask
    table = TABLES[lucky_loser][slot]
    if table is None:
        table = legal_move_table(_SORTED[SORTED_ID[roll_index]], lucky_loser, closed_mask)
        TABLES[lucky_loser][slot] = table
    return table


def legal_move_table(
    sorted_dice: Dice, lucky_loser: bool, closed_mask: int
) -> tuple[tuple[Move, ...], dict[tuple[int, ...], Move]]:
    """Legal moves when the rows in ``closed_mask`` are closed, and a lookup by steps.

    A step in a closed row does nothing, so moves with such steps are left out: the same move
    without them is in the list.
    """
    moves = tuple(
        m for m in all_moves(sorted_dice, lucky_loser) if not row_mask(m.steps) & closed_mask
    )
    return moves, {m.steps: m for m in moves}


# ---------------------------------------------------------------------------------------------
# Verdicts for a grouping being built by hand (the widget's tray asks before Play is offered).


def group_key(group: Iterable[int]) -> str:
    """A group's key: its faces sorted, joined by ``+`` (``(6, 1)`` -> ``"1+6"``)."""
    return "+".join(map(str, sorted(group)))


def grouping_key(groups: Iterable[Iterable[int]]) -> str:
    """A grouping's key: its group keys sorted as text, joined by a space (``"-"``: none).

    Order-free, so a front end finds the grouping it shows in a published list by this key
    alone (the sort is by text, not by rule, and easy to repeat in any language).
    """
    keys = sorted(group_key(g) for g in groups)
    return " ".join(keys) or "-"


def _sub_multisets(faces: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every non-empty group that can be taken from ``faces`` (sorted tuples)."""
    out: set[tuple[int, ...]] = set()
    n = len(faces)
    for mask in range(1, 1 << n):
        out.add(tuple(sorted(faces[i] for i in range(n) if mask >> i & 1)))
    return out


#: Why a group may not be played: the engine's refusal as ``{"text", "code", "params"}``.
Refusal = dict[str, object]


@cache
def group_verdicts(sorted_dice: Dice, lucky_loser: bool) -> dict[str, Refusal | None]:
    """Every group a player can form from the roll (Lucky Loser turns included) by its
    :func:`group_key`: ``None`` when the group may be played, else the engine's refusal of
    that group alone (the error :func:`check_groups` raises for a move with it), kept as
    plain data so a cached table holds no exception (and no traceback)."""
    groups: set[tuple[int, ...]] = set()
    for faces, _turned in _faces_after_turning(sorted_dice, lucky_loser):
        groups |= _sub_multisets(faces)
    out: dict[str, Refusal | None] = {}
    for g in sorted(groups, key=lambda g: (len(g), g)):
        if not MIN_SUM <= sum(g) <= MAX_SUM:
            # the first check a group of real faces can fail, whatever the roll: asked once
            out[group_key(g)] = _sum_refusal(g)
            continue
        out[group_key(g)] = _refusal_of((g,), sorted_dice, lucky_loser)
    return out


@cache
def _sum_refusal(group: Group) -> Refusal | None:
    """The refusal of a group whose sum is off the rows (the same for every roll: cached)."""
    return _refusal_of((group,), group, False)


def _refusal_of(
    groups: tuple[Group, ...], dice: Sequence[int], lucky_loser: bool
) -> Refusal | None:
    """:func:`check_groups`' refusal of ``groups`` as plain data (None: no refusal)."""
    try:
        check_groups(groups, dice, lucky_loser)
    except LevelXError as exc:
        text = str(exc)
        return {"text": text[:1].upper() + text[1:], "code": exc.code, "params": exc.params}
    return None


@cache
def legal_grouping_keys(sorted_dice: Dice, lucky_loser: bool) -> tuple[str, ...]:
    """The :func:`grouping_key` of every legal grouping of the roll (the pass ``"-"`` too)."""
    return tuple(sorted({grouping_key(g.groups) for g in groupings_for(sorted_dice, lucky_loser)}))
