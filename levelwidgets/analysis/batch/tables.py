"""Lookup tables the batch simulator plays from, built by running the engine itself.

Two kinds of table, so that no rule is written twice:

* :class:`MoveTables`: for every sorted roll and every set of closed rows, the engine's own
  list of distinct legal moves (:func:`..moves.legal_move_table`, same order, so a policy that
  picks "the j-th move" or "the first best move" picks what the engine's bots pick). A move is
  stored as its number of steps per row: the engine resolves a move as the multiset of its
  steps, and steps in different rows do not interact (ousting, chips and rows closing happen
  within a row; bonus tiles and the last round depend only on totals), so order is irrelevant.
* :class:`RowTables`: what ``k`` steps of player ``p`` do to one row, for every arrangement of
  the players' pieces in it, found by calling :func:`..state.resolve_steps` on a position with
  plenty of chips. The result is the new arrangement (ousting included) and the chips the
  steps ask for; the simulator caps that by the chips left and closes the row itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import numpy as np

from ...levelx.errors import RulesError
from ...levelx.moves import ROLLS, SORTED_ID, legal_move_table
from ...levelx.rules import ROWS, Rules
from ...levelx.state import State, resolve_steps

#: Four dice make at most four steps in one row.
MAX_STEPS = 4
K_SIZE = MAX_STEPS + 1
#: ``want`` (chips asked for, at most 4) sits in the low bits of a row-table entry.
WANT_BITS = 3
WANT_MASK = (1 << WANT_BITS) - 1
#: Largest arrangement count per row the simulator builds a table for (the printed board
#: needs 625): beyond it building the table would take too long.
MAX_ARRANGEMENTS = 4096
CLOSED_MASKS = 1 << len(ROWS)
#: Rows one move steps in at most (:func:`_touch` checks it).
MAX_TOUCHED = 3


@dataclass(frozen=True)
class MoveTables:
    """The engine's legal moves per (sorted roll, closed rows), as move ids.

    ``steps[m]``: steps per row (6 ints) of move id ``m``. ``table[t, j]``: id of the j-th
    legal move for table slot ``t = roll_slot[roll] + closed_mask`` (padding repeats the empty
    move, which the engine always lists last). ``count[t]``: how many moves slot ``t`` has.
    ``touch[s, t, j]``: the ``s``-th row that move ``table[t, j]`` steps in and how often, as
    ``row_index * K_SIZE + steps`` (rows in order, padded with 0: row 5, no steps). Greedy
    play adds up a move's worth over these few pairs instead of over all six rows.
    ``three[t]``: whether some move of slot ``t`` steps in three rows (``touch[2]`` is not
    all padding); ``row_mask[t, j]``: the rows move ``table[t, j]`` steps in, bit ``r`` for
    ``ROWS[r]``.
    """

    steps: np.ndarray
    table: np.ndarray
    count: np.ndarray
    roll_slot: np.ndarray
    touch: np.ndarray
    three: np.ndarray
    row_mask: np.ndarray

    @property
    def width(self) -> int:
        return self.table.shape[1]


@cache
def move_tables(lucky_loser: bool) -> MoveTables:
    """Tabulate :func:`legal_move_table` for all 126 sorted rolls × 64 closed-row masks."""
    sorted_rolls = _sorted_rolls()
    ids: dict[tuple[int, ...], int] = {(): 0}
    lists: list[list[int]] = []
    for dice in sorted_rolls:
        for mask in range(CLOSED_MASKS):
            moves, _ = legal_move_table(dice, lucky_loser, mask)
            lists.append([ids.setdefault(m.steps, len(ids)) for m in moves])
    width = max(len(row) for row in lists)
    table = np.zeros((len(lists), width), dtype=np.int32)
    for t, row in enumerate(lists):
        table[t, : len(row)] = row
    steps = np.zeros((len(ids), len(ROWS)), dtype=np.int32)
    for move, m in ids.items():
        for row in move:
            steps[m, row - ROWS[0]] += 1
    count = np.array([len(row) for row in lists], dtype=np.int32)
    roll_slot = np.array(SORTED_ID, dtype=np.int32) * CLOSED_MASKS
    touch = _touch(steps, table)
    three = touch[2].any(axis=1)
    row_mask = ((steps > 0) << np.arange(len(ROWS))).sum(axis=1).astype(np.uint8)[table]
    return MoveTables(steps, table, count, roll_slot, touch, three, row_mask)


def _touch(steps: np.ndarray, table: np.ndarray) -> np.ndarray:
    """``touch[s, t, j]`` of :class:`MoveTables` from the steps per row of each move."""
    pairs = np.zeros((len(steps), MAX_TOUCHED), dtype=np.int16)
    for m, per_row in enumerate(steps):
        rows = np.flatnonzero(per_row)
        if rows.size > MAX_TOUCHED:  # four dice make at most three groups of sum ≥ 5
            raise AssertionError(f"move {per_row.tolist()} steps in more than {MAX_TOUCHED} rows")
        pairs[m, : rows.size] = rows * K_SIZE + per_row[rows]
    return np.ascontiguousarray(pairs[table].transpose(2, 0, 1))


def _sorted_rolls() -> list[tuple[int, int, int, int]]:
    """The sorted rolls in the engine's ``SORTED_ID`` numbering."""
    found: dict[int, tuple[int, int, int, int]] = {}
    for roll, sid in zip(ROLLS, SORTED_ID, strict=True):
        found.setdefault(sid, tuple(sorted(roll)))  # type: ignore[arg-type]
    return [found[sid] for sid in range(len(found))]


@dataclass(frozen=True)
class RowTables:
    """One row's arrangement as one int, and what a player's steps do to it.

    A row's *state value* is ``base[row] + code * K_SIZE`` where ``code`` writes each player's
    square (0 = off) as a digit in base ``length + 1``. ``trans[state + k + p * size]`` is
    ``next_state << WANT_BITS | want``: the state after ``k`` steps of player ``p`` and the
    chips those steps ask for. ``own[p, state // K_SIZE]`` is player ``p``'s square and
    ``progress[p, state // K_SIZE]`` GreedyBot's progress term for it.
    """

    base: np.ndarray
    size: int
    trans: np.ndarray
    own: np.ndarray
    progress: np.ndarray


@cache
def row_tables(rules: Rules, players: int) -> RowTables:
    """Build the row tables of ``rules`` for ``players`` players from the engine's own rule."""
    counts = [(length + 1) ** players for length in rules.row_lengths]
    if max(counts) > MAX_ARRANGEMENTS:
        raise RulesError.coded(
            "levelx.batch_rows_too_long",
            "The batch simulator handles rows of up to {most} squares with {players} players "
            "(row_lengths {lengths!r} is too long for its tables); play such games with the "
            "engine (levelwidgets.levelx.play_game).",
            most=_longest_row(players),
            players=players,
            lengths=list(rules.row_lengths),
        )
    base = np.cumsum([0, *counts[:-1]]) * K_SIZE
    size = sum(counts) * K_SIZE
    trans = np.zeros(players * size, dtype=np.int32)
    own = np.zeros((players, sum(counts)), dtype=np.int32)
    progress = np.zeros((players, sum(counts)), dtype=np.float64)
    for i, length in enumerate(rules.row_lengths):
        for code in range(counts[i]):
            squares = _digits(code, length + 1, players)
            slot = int(base[i]) // K_SIZE + code
            for p in range(players):
                own[p, slot] = squares[p]
                progress[p, slot] = ROWS[i] * squares[p] / length  # as GreedyBot computes it
                if sum(s == length for s in squares) > 1:
                    continue  # two pieces on one X: never happens, left as zeros
                for k in range(K_SIZE):
                    after, want = _resolve(rules, players, i, squares, p, k)
                    state = int(base[i]) + _code(after, length + 1) * K_SIZE
                    trans[p * size + int(base[i]) + code * K_SIZE + k] = state << WANT_BITS | want
    return RowTables(base.astype(np.int32), size, trans, own, progress)


#: Chips left in a row, as GreedyTables index them: 1..MAX_STEPS exactly, more as CHIPS_MORE
#: (then no move closes the row).
CHIPS_MORE = MAX_STEPS + 1


@dataclass(frozen=True)
class GreedyTables:
    """GreedyBot's key of ``k`` steps in one row, as one exact integer.

    GreedyBot ranks moves by (points now, progress), progress being a float sum of
    ``ROWS[i] * square / length``. Here progress is counted in ``1 / unit`` (``unit``: the
    least common multiple of the row lengths), so a move's key is ``points * big + progress
    change``, a sum over the rows it steps in (``big`` exceeds any progress difference).
    Exact integers order moves as the exact fractions do; the engine's floats can only
    differ from that when two fractions are equal, which the simulator checks on ties.
    Bonus tiles, which depend on all rows, are left out.

    ``key[p, a * (CHIPS_MORE + 1) + c, k]``: key of ``k`` steps of player ``p`` in a row in
    arrangement ``a`` (``state // K_SIZE``) with ``c`` chips left (``CHIPS_MORE``: more than
    four). A step that takes the last chip closes the row: the points are then the chips
    left and the row's progress no longer counts.
    """

    unit: int
    big: int
    key: np.ndarray


@cache
def greedy_tables(rules: Rules, players: int) -> GreedyTables:
    """Build :class:`GreedyTables` from the row tables of ``rules`` and ``players``."""
    rows = row_tables(rules, players)
    unit = math.lcm(*rules.row_lengths)
    big = 2 * sum(ROWS) * unit + 1
    starts = rows.base // K_SIZE
    row_of = np.searchsorted(starts, np.arange(rows.own.shape[1]), side="right") - 1
    per_square = np.array([ROWS[i] * unit // n for i, n in enumerate(rules.row_lengths)])
    units = rows.own.astype(np.int64) * per_square[row_of]  # [p, arrangement]
    trans = rows.trans.astype(np.int64).reshape(players, -1, 1, K_SIZE)  # [p, a, 1, k]
    want = trans & WANT_MASK
    after = units[np.arange(players)[:, None, None, None], (trans >> WANT_BITS) // K_SIZE]
    before = units[:, :, None, None]
    values = np.array(ROWS, dtype=np.int64)[row_of][None, :, None, None] * big
    chips = np.arange(CHIPS_MORE + 1)[None, None, :, None]  # [1, 1, c, 1]
    closing = (want >= chips) & (chips <= MAX_STEPS)
    key = np.where(closing, values * chips - before, values * want + after - before)
    return GreedyTables(unit, big, key.reshape(players, -1, K_SIZE))


def _longest_row(players: int) -> int:
    length = 1
    while (length + 2) ** players <= MAX_ARRANGEMENTS:
        length += 1
    return length


def _resolve(
    rules: Rules, players: int, i: int, squares: tuple[int, ...], p: int, k: int
) -> tuple[tuple[int, ...], int]:
    """Ask the engine what ``k`` steps of ``p`` in row ``i`` do (chips never run out here)."""
    state = State(players, rules)
    state.chips = [MAX_STEPS + 1] * len(ROWS)
    for q, square in enumerate(squares):
        state.pos[q][i] = square
        if square == rules.row_lengths[i]:
            state.x_owner[i] = q
    resolve_steps(state, rules, p, (ROWS[i],) * k, None)
    return tuple(state.pos[q][i] for q in range(players)), state.held[p][i]


def _digits(code: int, radix: int, count: int) -> tuple[int, ...]:
    out = []
    for _ in range(count):
        code, digit = divmod(code, radix)
        out.append(digit)
    return tuple(out)


def _code(digits: tuple[int, ...], radix: int) -> int:
    return sum(d * radix**q for q, d in enumerate(digits))
