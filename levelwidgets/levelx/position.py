"""Positions set up by hand: :meth:`LevelX.from_position` for lessons and puzzles.

A teacher describes where things are (pieces, chips held, bonus tiles, whose turn) instead of
playing up to it. The description is checked against the spec's invariants before a game is
made, so a set-up position is one the engine can play on: every refusal is a
:class:`PositionError` (a :class:`RecordError`, because a record that carries a set-up is
loaded through the very same checks, see :mod:`.serial`).

Shapes (``n`` = number of players; rows are 5..10):

- ``pieces``: per player, ``{row: square}`` (1 = first square, the row's length = X; rows not
  given are off the board), or six squares for rows 5..10 with 0 = off the board;
- ``chips``: per player, ``{row: count}`` of chips held, or six counts; default none;
- ``tiles``: per player, the bonus tiles held (values from the stack); default none;
- ``current``: the seat to act.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from .checks import is_int, show
from .errors import LevelXTypeError, RecordError
from .rules import ROWS, Rules
from .state import State, end_condition_met

if TYPE_CHECKING:
    from .game import LevelX


class PositionError(RecordError):
    """A position set up by hand (or a record's set-up) breaks a rule of the game."""


class PositionTypeError(PositionError, LevelXTypeError):
    """A part of a position set up by hand has the wrong type (a square ``2.0``, a seat
    ``True``, tiles that are no list); also a :class:`TypeError`."""


def build_state(
    players: int,
    rules: Rules,
    pieces: object,
    chips: object = None,
    tiles: object = None,
    current: object = 0,
) -> State:
    """The :class:`State` of a set-up position, after checking it; see the module docstring."""
    state = State(players, rules)
    lengths = rules.row_lengths
    supply = rules.chips(players)
    state.pos = _per_player(pieces, players, "pieces", _squares, lengths)
    state.held = _per_player(chips, players, "chips", _counts, lengths)
    for i, row in enumerate(ROWS):
        on_x = [p for p in range(players) if state.pos[p][i] == lengths[i]]
        if len(on_x) > 1:
            raise PositionError.coded(
                "levelx.position_x_taken",
                "Only one piece fits on the X square of row {row}, but seats {seats:, } are on it.",
                row=row,
                seats=on_x,
            )
        state.x_owner[i] = on_x[0] if on_x else -1
        held = sum(h[i] for h in state.held)
        if held > supply[i]:
            raise PositionError.coded(
                "levelx.position_supply",
                "Row {row} has only {supply} chips, but the players hold {held}.",
                row=row,
                supply=supply[i],
                held=held,
            )
        state.chips[i] = supply[i] - held
        if not state.chips[i]:
            state.closed_mask |= 1 << i
            in_row = [p for p in range(players) if state.pos[p][i]]
            if in_row:
                raise PositionError.coded(
                    "levelx.position_closed",
                    "Row {row} is closed (all its chips are held), so no piece can be in it; "
                    "seats {seats:, } have one there.",
                    row=row,
                    seats=in_row,
                )
    state.sets = [min(h) for h in state.held]
    state.tiles = _tiles(tiles, players, rules.bonus_tiles, state.sets)
    state.tiles_taken = sum(len(t) for t in state.tiles)
    state.current = _seat(current, players)
    state.end_triggered = end_condition_met(state, rules)
    return state


def start_to_dict(state: State) -> dict[str, Any]:
    """A set-up position as a record stores it (the list shapes :func:`build_state` reads)."""
    return {
        "pieces": [p[:] for p in state.pos],
        "chips": [h[:] for h in state.held],
        "tiles": [t[:] for t in state.tiles],
        "current": state.current,
    }


def set_up(
    cls: type[LevelX],
    players: int | Sequence[str],
    pieces: object,
    chips: object,
    tiles: object,
    current: object,
    dice: Sequence[int] | None,
    rules: Rules | None,
    seed: int | None,
) -> LevelX:
    """A new game of ``cls`` at the checked position (see :meth:`LevelX.from_position`)."""
    game = cls(players=players, seed=seed, rules=rules)
    game._start = build_state(game.num_players, game.rules, pieces, chips, tiles, current)
    game._reset()
    if dice is not None:
        game.roll(dice)
    return game


# ---------------------------------------------------------------------------- shape checks


def _per_player(value: object, players: int, what: str, read, lengths) -> list[list[int]]:
    """One list of six ints per player from ``value`` (None: all zero)."""
    if value is None:
        return [[0] * 6 for _ in range(players)]
    _check_per_player(value, players, what)
    rows = cast("Sequence[object]", value)  # (a list or tuple: checked just above)
    return [read(entry, lengths, seat) for seat, entry in enumerate(rows)]


def _check_per_player(value: object, players: int, what: str) -> None:
    """``value`` is a list (or tuple) with one entry per player."""
    listed = isinstance(value, (list, tuple))
    if not listed or len(value) != players:  # type: ignore[arg-type]
        raise (PositionError if listed else PositionTypeError).coded(
            "levelx.position_players",
            "{what} needs one entry per player ({players}).",
            what=what,
            players=players,
        )


def _six(entry: object, seat: int, what: str) -> list[object]:
    """``{row: value}`` or six values for rows 5..10, as six values (missing rows: 0)."""
    if isinstance(entry, Mapping):
        out: list[object] = [0] * 6
        seen: set[object] = set()
        for key, value in entry.items():
            row = _ROW_KEYS.get(key) if isinstance(key, str) else key  # JSON keys are text
            if not is_int(row) or not ROWS[0] <= row <= ROWS[-1]:  # type: ignore[operator]
                raise (PositionError if is_int(row) else PositionTypeError).coded(
                    "levelx.position_row",
                    "Seat {seat}'s {what} name a row {row}: rows are 5 to 10.",
                    seat=seat,
                    what=what,
                    row=show(key),
                )
            if row in seen:  # both 5 and "5" (so at most six keys are read)
                raise _shape_error(PositionError, seat, what, entry)
            seen.add(row)
            out[row - 5] = value  # type: ignore[operator]
        return out
    if isinstance(entry, (list, tuple)) and len(entry) == 6:
        return list(entry)
    error = PositionError if isinstance(entry, (list, tuple)) else PositionTypeError
    raise _shape_error(error, seat, what, entry)


def _shape_error(error: type[PositionError], seat: int, what: str, entry: object) -> PositionError:
    return error.coded(
        "levelx.position_shape",
        "Seat {seat}'s {what} must be {{row: value}} or six values for rows 5 to 10, not {entry}.",
        seat=seat,
        what=what,
        entry=show(entry),
    )


#: Rows as JSON writes them in a key: "5" to "10" (not " 5", "05" or "٥").
_ROW_KEYS = {str(row): row for row in ROWS}


def _squares(entry: object, lengths: Sequence[int], seat: int) -> list[int]:
    squares = _six(entry, seat, "pieces")
    for i, square in enumerate(squares):
        if not is_int(square) or not 0 <= square <= lengths[i]:  # type: ignore[operator]
            raise (PositionError if is_int(square) else PositionTypeError).coded(
                "levelx.position_square",
                "Seat {seat}'s piece in row {row} is on square {square}, but the row has "
                "squares 1 to {last} (X is {last}; 0 means off the board).",
                seat=seat,
                row=ROWS[i],
                square=show(square),
                last=lengths[i],
            )
    return squares  # type: ignore[return-value]


def _counts(entry: object, _lengths: Sequence[int], seat: int) -> list[int]:
    counts = _six(entry, seat, "chips")
    for i, count in enumerate(counts):
        if not is_int(count) or count < 0:  # type: ignore[operator]
            raise (PositionError if is_int(count) else PositionTypeError).coded(
                "levelx.position_count",
                "Seat {seat} holds {count} chips of row {row}: a count must be a whole "
                "number, 0 or more.",
                seat=seat,
                row=ROWS[i],
                count=show(count),
            )
    return counts  # type: ignore[return-value]


def _tiles(value: object, players: int, stack: Sequence[int], sets: list[int]) -> list[list[int]]:
    """Each player's tiles in the order the stack gives them, after checking that together
    they are the top of the stack and that each player earned them with complete sets."""
    if value is None:
        value = [[] for _ in range(players)]
    _check_per_player(value, players, "tiles")
    held: list[list[int]] = []
    for entry in value:  # type: ignore[attr-defined]
        if not isinstance(entry, (list, tuple)):
            entry = [entry]  # one tile given as a number
        if len(entry) > len(stack) or not all(is_int(t) for t in entry):
            raise (PositionError if all(is_int(t) for t in entry) else PositionTypeError).coded(
                "levelx.position_tiles",
                "The bonus tiles held ({held:, }) must be the top {count} of the stack "
                "({stack:, }).",
                held=[show(entry)],
                count=len(entry),
                stack=stack,
            )
        held.append(list(entry))
    taken = sum(len(t) for t in held)
    if taken > len(stack) or Counter(t for ts in held for t in ts) != Counter(stack[:taken]):
        raise PositionError.coded(
            "levelx.position_tiles",
            "The bonus tiles held ({held:, }) must be the top {count} of the stack ({stack:, }).",
            held=[show(t) for ts in held for t in ts],
            count=taken,
            stack=stack,
        )
    left = taken < len(stack)
    for seat, ts in enumerate(held):
        if len(ts) > sets[seat] or (left and len(ts) != sets[seat]):
            raise PositionError.coded(
                "levelx.position_tile_count",
                "Seat {seat} has {sets:complete set|complete sets} of chips but "
                "{tiles:bonus tile|bonus tiles}: "
                "each set earns one tile while the stack lasts.",
                seat=seat,
                sets=sets[seat],
                tiles=len(ts),
            )
    order = {tile: stack.index(tile) for tile in stack}
    return [sorted(ts, key=order.__getitem__) for ts in held]


def _seat(current: object, players: int) -> int:
    if not is_int(current) or not 0 <= current < players:  # type: ignore[operator]
        raise (PositionError if is_int(current) else PositionTypeError).coded(
            "levelx.position_current",
            "current must be a seat from 0 to {last}, not {current}.",
            last=players - 1,
            current=show(current),
        )
    return current  # type: ignore[return-value]
