"""What a move would do, step by step: a summary of :meth:`LevelX.preview`'s events.

The engine's ``preview`` answers with a flat list of events. A hint or a lesson wants them per
group: where the group's piece lands, whether it reaches X, the chip it earns, the piece it
ousts, the bonus tile it takes, the row it closes. :func:`preview_move` cuts the events into one
:class:`StepPreview` per step (in the order the move's groups resolve) and adds them up into a
:class:`MovePreview`; :func:`preview_moves` does so for every distinct move of the roll.

Definitions used by the widget and the teaching overlay alike:

- *points*: what the move adds to the player's score (chip values plus bonus tiles);
- *progress*: squares the player's pieces advance (entering a row is one square; a step whose
  piece is already on X takes a chip and advances none; a step in a closed row does nothing).

Nothing here changes the game: ``preview`` works on a copy of the position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from itertools import permutations
from typing import TYPE_CHECKING, Any, ClassVar, cast

from .._records import FrozenRecord, dataclass_fields
from .events import Event
from .moves import Dice, Move, all_moves

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__
#: The default of a field made fresh for each record (a dataclass's ``default_factory``).
_FACTORY: Any = type("_FactoryDefault", (), {"__repr__": lambda self: "<factory>"})()


if TYPE_CHECKING:
    from .game import LevelX

#: Event kinds that start a step (a chip starts one too when the piece was already on X).
_STEP_STARTS = frozenset({"entered", "moved", "no_effect"})


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class StepPreview(FrozenRecord):
    """One group's step: its row, the square before and after (0 = off the board) and gains."""

    row: int
    start: int
    end: int
    reaches_x: bool
    chip: int
    ousts: int | None
    ousted_to: int
    closes: tuple[int, ...] | None
    bonus: int
    no_effect: bool

    __slots__ = __match_args__ = (
        "row",
        "start",
        "end",
        "reaches_x",
        "chip",
        "ousts",
        "ousted_to",
        "closes",
        "bonus",
        "no_effect",
    )
    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, slots=True)

    def __init__(
        self,
        row: int,
        start: int,
        end: int,
        reaches_x: bool = False,
        chip: int = 0,
        ousts: int | None = None,
        ousted_to: int = 0,
        closes: tuple[int, ...] | None = None,
        bonus: int = 0,
        no_effect: bool = False,
    ) -> None:
        _setattr(self, "row", row)
        _setattr(self, "start", start)
        _setattr(self, "end", end)
        _setattr(self, "reaches_x", reaches_x)
        _setattr(self, "chip", chip)
        _setattr(self, "ousts", ousts)
        _setattr(self, "ousted_to", ousted_to)
        _setattr(self, "closes", closes)
        _setattr(self, "bonus", bonus)
        _setattr(self, "no_effect", no_effect)

    @property
    def advance(self) -> int:
        """Squares this step moves the piece (0 or 1)."""
        return self.end - self.start

    @property
    def points(self) -> int:
        return self.chip + self.bonus

    def to_dict(self) -> dict[str, Any]:
        """Compact JSON: ``row``, ``from``, ``to``, then only the fields that apply."""
        out: dict[str, Any] = {"row": self.row, "from": self.start, "to": self.end}
        if self.reaches_x:
            out["x"] = True
        if self.chip:
            out["chip"] = self.chip
        if self.ousts is not None:
            out["oust"] = self.ousts
            if self.ousted_to:
                out["back"] = self.ousted_to
        if self.closes is not None:
            out["closes"] = list(self.closes)
        if self.bonus:
            out["bonus"] = self.bonus
        if self.no_effect:
            out["noEffect"] = True
        return out


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class MovePreview(FrozenRecord):
    """A whole move: its steps in resolving order, and what they add up to."""

    move: Move
    steps: tuple[StepPreview, ...]
    last_round: bool
    #: Bonus tiles per step for group orders that earn them on another step than ``steps``
    #: (the tiles are the same in any order; which group completes a set is not).
    bonus_by_order: dict[tuple[int, ...], tuple[int, ...]]

    __slots__ = __match_args__ = ("move", "steps", "last_round", "bonus_by_order")
    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(
        fields={"bonus_by_order": field(default_factory=dict)}, frozen=True, slots=True
    )

    def __init__(
        self,
        move: Move,
        steps: tuple[StepPreview, ...],
        last_round: bool = False,
        bonus_by_order: dict[tuple[int, ...], tuple[int, ...]] = _FACTORY,
    ) -> None:
        _setattr(self, "move", move)
        _setattr(self, "steps", steps)
        _setattr(self, "last_round", last_round)
        _setattr(self, "bonus_by_order", dict() if bonus_by_order is _FACTORY else bonus_by_order)

    @property
    def points(self) -> int:
        return sum(s.points for s in self.steps)

    @property
    def progress(self) -> int:
        return sum(s.advance for s in self.steps)

    @property
    def key(self) -> str:
        return move_key(self.move.steps)

    def to_dict(self) -> dict[str, Any]:
        """JSON for the widget: ``{"pts", "prog", "steps": [StepPreview.to_dict()…]}``, plus
        ``"last": true`` and ``"bonusBy": {"10,9": [tile per step in that order]}`` if any."""
        out: dict[str, Any] = {
            "pts": self.points,
            "prog": self.progress,
            "steps": [s.to_dict() for s in self.steps],
        }
        if self.last_round:
            out["last"] = True
        if self.bonus_by_order:
            out["bonusBy"] = {
                move_key(o, sort=False): list(t) for o, t in self.bonus_by_order.items()
            }
        return out


def move_key(steps: Sequence[int], *, sort: bool = True) -> str:
    """The key of a move by its steps: ``"5,5,6"`` (sorted unless ``sort=False``); ``"-"``: pass."""
    return ",".join(map(str, sorted(steps) if sort else steps)) or "-"


def preview_move(game: LevelX, move: object) -> MovePreview:
    """Summarise ``game.preview(move)`` per step (groups resolve in the move's order)."""
    move = game.parse_move(move)
    game._check_can_act(None)
    return _preview_fitting(game, move)


def _preview_fitting(game: LevelX, move: Move) -> MovePreview:
    """:func:`preview_move` of a move that fits the dice (checked, or made from them)."""
    events = game._preview_fitting(move)
    rows = tuple(sum(g) for g in move.groups)
    steps = _summarise(game, rows, events)
    tiles = tuple(s.bonus for s in steps)
    by_order: dict[tuple[int, ...], tuple[int, ...]] = {}
    if any(tiles) and len(set(rows)) > 1:
        by_order = _bonus_by_order(game, move, rows, tiles)
    last_round = any(e.kind == "last_round" for e in events)
    return MovePreview(move, steps, last_round, by_order)


def preview_moves(game: LevelX) -> dict[str, MovePreview]:
    """Every distinct move of the current roll (steps in closed rows included), by key.

    Includes the pass (key ``"-"``). Raises like :meth:`LevelX.preview` when there is nothing
    to play (no dice, game over).
    """
    game._require_dice()
    game._check_can_act(None)
    dice = cast(Dice, tuple(sorted(cast(Dice, game.dice))))  # (rolled: _require_dice; 4 dice)
    moves = all_moves(dice, game.rules.lucky_loser)  # each fits these dice: checked once here
    return {move_key(m.steps): _preview_fitting(game, m) for m in moves}


def _summarise(game: LevelX, rows: Sequence[int], events: list[Event]) -> tuple[StepPreview, ...]:
    """Cut ``events`` into one step per row of ``rows`` (the groups' sums, in order)."""
    player = game.current_player
    where = {row: game.piece(player, row) or 0 for row in set(rows)}
    parts: list[dict[str, Any]] = []
    for e in events:
        if e.kind == "turned":
            continue
        current = parts[-1] if parts else None
        awaiting_chip = current is not None and current["reaches_x"] and not current["chip"]
        if e.kind in _STEP_STARTS or (e.kind == "chip" and not awaiting_chip):
            row = rows[len(parts)]
            if e.row != row:
                raise AssertionError(f"step {len(parts) + 1} is in row {e.row}, not {row}")
            start = where[row]
            current = {"row": row, "start": start, "end": start, "reaches_x": False, "chip": 0}
            parts.append(current)
        assert current is not None, f"{e.kind} before any step"
        if e.kind in ("entered", "moved"):
            assert e.row is not None and e.square is not None, f"{e.kind} without a square"
            current["end"] = where[e.row] = e.square
        elif e.kind == "reached_x":
            current["reaches_x"] = True
        elif e.kind == "chip":
            current["chip"] = e.value
        elif e.kind == "ousted":
            current["ousts"], current["ousted_to"] = e.other, e.square or 0
        elif e.kind == "row_closed":
            current["closes"] = tuple(e.value)
            assert e.row is not None, "row_closed without a row"
            where[e.row] = 0
        elif e.kind == "bonus":
            current["bonus"] = e.value
        elif e.kind == "no_effect":
            current["no_effect"] = True
    if len(parts) != len(rows):
        raise AssertionError(f"{len(parts)} steps in the events, {len(rows)} in the move")
    return tuple(StepPreview(**p) for p in parts)


def _bonus_by_order(
    game: LevelX, move: Move, rows: tuple[int, ...], tiles: tuple[int, ...]
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Bonus tiles per step for each other order of the groups, where they differ."""
    # The n-th step in a row does the same in any order; only the set a chip completes moves.
    canonical = _by_occurrence(rows, tiles)
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    seen = set()
    for order in permutations(range(len(rows))):
        order_rows = tuple(rows[i] for i in order)
        if order_rows in seen:
            continue
        seen.add(order_rows)
        steps = _summarise(game, order_rows, game.preview([move.groups[i] for i in order]))
        got = tuple(s.bonus for s in steps)
        if _by_occurrence(order_rows, got) != canonical:
            out[order_rows] = got
    return out


def _by_occurrence(rows: Sequence[int], values: Sequence[int]) -> dict[tuple[int, int], int]:
    """``{(row, n): value}``: the value of the n-th step in each row."""
    seen: dict[int, int] = {}
    out = {}
    for row, value in zip(rows, values, strict=True):
        seen[row] = seen.get(row, 0) + 1
        out[(row, seen[row])] = value
    return out
