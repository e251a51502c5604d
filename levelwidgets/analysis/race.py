"""Race to X: how many turns one player needs to bring pieces onto X, playing alone.

Both races are absorbing Markov chains over positions (a piece's square: 0 off the board, 1 the
first square, …, the row's length on X), solved exactly rather than sampled. What the player
chooses each turn is stated, because the answer depends on it:

- :func:`row_race`, a lone piece in one row: each turn the player makes **as many groups of the
  row's sum as the roll allows** (nothing else moves that piece), so the number of steps per
  turn follows :func:`~levelwidgets.levelx.probability.group_count_distribution`. Exact
  fractions with ``exact=True``.
- :func:`board_race`, all six pieces of one player until every one stands on X: each turn the
  player picks, among the roll's moves, one that **minimises the expected number of turns still
  needed**, found by backward induction over all positions (3,600 with the printed board). A
  move that makes no progress is never better than one that does (a position further on is
  never worse), so positions only move forward and the induction is exact. Floats (numpy).
- :func:`board_choice` names that move for a position and a roll; :func:`race_table` shows
  every race as a pandas table.

Left out on purpose: other players (no ousting), chips and closing rows (a row never closes),
the game's end. Steps beyond X are wasted. The dice are the game's four, with or without
Lucky Loser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from ..levelx.checks import show
from ..levelx.errors import ProbabilityError
from ..levelx.moves import all_moves
from ..levelx.probability import group_count_distribution, roll_facts
from ..levelx.rules import ROWS, Rules
from ._deps import pandas, pyplot

if TYPE_CHECKING:
    import numpy as np

    from ..levelx.moves import Move

#: Squares per row (X included) of the printed board.
DEFAULT_LENGTHS: tuple[int, ...] = Rules().row_lengths
ROW_CHOICE = "each turn, as many groups of the row's sum as the roll allows"
BOARD_CHOICE = (
    "each turn, a move that minimises the expected number of turns until all six pieces are on X"
)


@dataclass(frozen=True)
class Race:
    """The result of a race: ``expected_turns`` and ``within[k - 1]``, the chance to be done
    within k turns (k = 1 … ``max_turns``), for the stated ``choice`` of moves."""

    rows: tuple[int, ...]
    squares: tuple[int, ...]
    start: tuple[int, ...]
    lucky_loser: bool
    choice: str
    expected_turns: Fraction | float
    within: tuple[Fraction | float, ...]

    def chance_within(self, turns: int) -> Fraction | float:
        """The chance to be done within ``turns`` turns (1 … ``max_turns``)."""
        if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
            raise ProbabilityError(f"turns must be a whole number ≥ 0, not {show(turns)}.")
        if turns > len(self.within):
            raise ProbabilityError(
                f"This race was worked out for at most {len(self.within)} turns, not {turns}: "
                "pass a larger max_turns."
            )
        if turns:
            return self.within[turns - 1]
        done = int(self.start == self.squares)
        return float(done) if isinstance(self.expected_turns, float) else Fraction(done)


# ---------------------------------------------------------------------------------------------
# Arguments


def _count(name: str, value: object, low: int, high: int | None = None) -> int:
    """A whole number ``low ≤ value (≤ high)``, or a clear error."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        bound = f"from {low} to {high}" if high is not None else f"≥ {low}"
        raise ProbabilityError(f"{name} must be a whole number {bound}, not {show(value)}.")
    return value


def _check_row(row: object) -> int:
    if isinstance(row, bool) or row not in ROWS:
        raise ProbabilityError(f"row must be one of the rows {list(ROWS)}, not {show(row)}.")
    return row


def _check_lengths(row_lengths: object) -> tuple[int, ...]:
    if row_lengths is None:
        return DEFAULT_LENGTHS
    if not isinstance(row_lengths, Sequence) or len(row_lengths) != len(ROWS):
        raise ProbabilityError("row_lengths needs six whole numbers ≥ 1 (rows 5 to 10).")
    return tuple(_count("Each row length", n, 1, 9) for n in row_lengths)


def _check_positions(positions: object, lengths: tuple[int, ...]) -> tuple[int, ...]:
    if not isinstance(positions, Sequence) or len(positions) != len(ROWS):
        raise ProbabilityError(
            f"positions needs six squares (rows 5 to 10, 0 = off the board), not {show(positions)}."
        )
    return tuple(
        _count(f"The square in row {r}", p, 0, n)
        for r, p, n in zip(ROWS, positions, lengths, strict=True)
    )


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ProbabilityError(f"{name} must be True or False, not {show(value)}.")
    return value


# ---------------------------------------------------------------------------------------------
# A lone piece


def row_race(
    row: int,
    lucky_loser: bool = True,
    *,
    squares: int | None = None,
    start: int = 0,
    max_turns: int = 20,
    exact: bool = False,
) -> Race:
    """A lone piece in ``row`` from square ``start`` (0 = off the board) to X.

    ``squares``: the row's length, X included (default: the printed board's).
    """
    row = _check_row(row)
    lucky = _check_bool("lucky_loser", lucky_loser)
    length = DEFAULT_LENGTHS[ROWS.index(row)] if squares is None else squares
    length = _count("squares", length, 1)
    start = _count("start", start, 0, length)
    max_turns = _count("max_turns", max_turns, 0)
    # exact=True: every chance is a Fraction
    steps = cast("dict[int, Fraction]", group_count_distribution(lucky, exact=True)[row])
    expected = _row_expected(steps, length)[start]
    within = _row_within(steps, length, start, max_turns)
    convert = (lambda x: x) if _check_bool("exact", exact) else float
    return Race(
        rows=(row,),
        squares=(length,),
        start=(start,),
        lucky_loser=lucky,
        choice=ROW_CHOICE,
        expected_turns=convert(expected),
        within=tuple(convert(p) for p in within),
    )


def _row_expected(steps: dict[int, Fraction], length: int) -> list[Fraction]:
    """Expected turns to X from every square: E[p] = (1 + Σ P(g) E[p + g]) / (1 - P(0))."""
    expected = [Fraction(0)] * (length + 1)
    stay = steps.get(0, Fraction(0))
    for square in range(length - 1, -1, -1):
        onward = sum(p * expected[min(length, square + g)] for g, p in steps.items() if g)
        expected[square] = (1 + onward) / (1 - stay)
    return expected


def _row_within(
    steps: dict[int, Fraction], length: int, start: int, max_turns: int
) -> list[Fraction]:
    """The chance to stand on X after 1 … ``max_turns`` turns, by pushing the distribution of
    the piece's square forward one turn at a time."""
    where = [Fraction(0)] * (length + 1)
    where[start] = Fraction(1)
    out = []
    for _ in range(max_turns):
        after = [Fraction(0)] * (length + 1)
        for square, p in enumerate(where):
            if p:
                for g, q in steps.items():
                    after[min(length, square + g)] += p * q
        where = after
        out.append(where[length])
    return out


# ---------------------------------------------------------------------------------------------
# The whole board of one player


class _Board:
    """The solved board race: positions, expected turns and the choice per (roll, position)."""

    def __init__(self, lucky_loser: bool, lengths: tuple[int, ...]) -> None:
        import numpy as np

        self.lucky_loser, self.lengths = lucky_loser, lengths
        self.strides = np.cumprod((1, *(n + 1 for n in lengths[:0:-1])))[::-1]
        shape = tuple(n + 1 for n in lengths)
        self.positions = np.indices(shape).reshape(len(lengths), -1).T  # (S, 6), index order
        facts = roll_facts(4, ROWS, lucky_loser)
        self.rolls = [f[0] for f in facts]
        self.chances = np.array([f[1] for f in facts], dtype=float) / 6**4
        self.moves = [_best_moves(roll, lucky_loser) for roll in self.rolls]
        self.expected = self._solve()
        # Per (roll, position): the chosen move (index into self.moves[u], -1 = no progress)
        # and the position it leads to.
        self.choice, self.chosen_next = self._choose()

    def index(self, positions: np.ndarray) -> np.ndarray:
        return positions @ self.strides

    def _next(self, vectors: np.ndarray) -> np.ndarray:
        """Next position index for every (move vector, position): shape (moves, S), built
        one row at a time to keep memory small."""
        import numpy as np

        out = np.zeros((len(vectors), len(self.positions)), dtype=np.int32)
        for i, length in enumerate(self.lengths):
            square = np.minimum(self.positions[None, :, i] + vectors[:, i, None], length)
            out += (square * self.strides[i]).astype(np.int32)
        return out

    def _solve(self) -> np.ndarray:
        """Backward induction, most advanced positions first (moves only go forward)."""
        import numpy as np

        vectors = np.array([v for moves in self.moves for v, _m in moves])
        starts = np.cumsum([0] + [len(m) for m in self.moves[:-1]])
        self.next_index = self._next(vectors)
        expected = np.zeros(len(self.positions))
        level = self.positions.sum(axis=1)
        for total in range(sum(self.lengths) - 1, -1, -1):
            here = np.flatnonzero(level == total)
            nxt = self.next_index[:, here]
            values = np.where(nxt == here, np.inf, expected[nxt])
            best = np.minimum.reduceat(values, starts, axis=0)  # (rolls, here)
            moving = np.isfinite(best)
            onward = self.chances @ np.where(moving, best, 0.0)
            stay = self.chances @ ~moving
            expected[here] = (1 + onward) / (1 - stay)
        return expected

    def _choose(self) -> tuple[np.ndarray, np.ndarray]:
        """The best move of every roll in every position, and where it leads."""
        import numpy as np

        here = np.arange(len(self.positions))
        choice = np.full((len(self.rolls), len(here)), -1)
        chosen_next = np.tile(here, (len(self.rolls), 1))
        row = 0
        for u, moves in enumerate(self.moves):
            nxt = self.next_index[row : row + len(moves)]
            values = np.where(nxt == here, np.inf, self.expected[nxt])
            moving = np.isfinite(values.min(axis=0))
            best = values.argmin(axis=0)
            choice[u] = np.where(moving, best, -1)
            chosen_next[u] = np.where(moving, nxt[best, here], here)
            row += len(moves)
        return choice, chosen_next

    def within(self, start: int, max_turns: int) -> list[float]:
        """Chance that every piece is on X after 1 … ``max_turns`` turns (this choice), by
        pushing the distribution of positions forward one turn at a time."""
        import numpy as np

        size = len(self.positions)
        goal = size - 1
        where: np.ndarray = np.zeros(size)
        where[start] = 1.0
        out = []
        for _ in range(max_turns):
            mass = self.chances[:, None] * where[None, :]
            where = np.bincount(self.chosen_next.ravel(), weights=mass.ravel(), minlength=size)
            out.append(min(1.0, float(where[goal])))  # no float rounding past 1
        return out


def _best_moves(roll: tuple[int, ...], lucky_loser: bool) -> list[tuple[tuple[int, ...], Move]]:
    """The roll's moves as steps per row, dropping any move another one beats in every row
    (doing more is never worse). At least one (possibly empty) move."""
    vectors = []
    for move in all_moves(roll, lucky_loser):
        vectors.append((tuple(move.steps.count(r) for r in ROWS), move))
    return [
        (v, m)
        for v, m in vectors
        if not any(w != v and all(a >= b for a, b in zip(w, v, strict=True)) for w, _ in vectors)
    ]


@lru_cache(maxsize=4)
def _board(lucky_loser: bool, lengths: tuple[int, ...]) -> _Board:
    return _Board(lucky_loser, lengths)


def board_race(
    lucky_loser: bool = True,
    *,
    row_lengths: Sequence[int] | None = None,
    start: Sequence[int] | None = None,
    max_turns: int = 40,
) -> Race:
    """All six pieces of one player from ``start`` (squares per row, default all off the
    board) until every piece is on X; floats. The first call solves the board (about a
    second), later calls reuse it."""
    import numpy as np

    lucky = _check_bool("lucky_loser", lucky_loser)
    lengths = _check_lengths(row_lengths)
    begin = _check_positions((0,) * len(ROWS) if start is None else start, lengths)
    max_turns = _count("max_turns", max_turns, 0)
    board = _board(lucky, lengths)
    index = int(board.index(np.array(begin)))
    return Race(
        rows=ROWS,
        squares=lengths,
        start=begin,
        lucky_loser=lucky,
        choice=BOARD_CHOICE,
        expected_turns=float(board.expected[index]),
        within=tuple(board.within(index, max_turns)),
    )


def board_choice(
    positions: Sequence[int],
    dice: Sequence[int],
    lucky_loser: bool = True,
    *,
    row_lengths: Sequence[int] | None = None,
) -> Move | None:
    """The move :func:`board_race` assumes for this position and roll (``None``: no move
    brings any piece nearer to X)."""
    import numpy as np

    lucky = _check_bool("lucky_loser", lucky_loser)
    lengths = _check_lengths(row_lengths)
    where = _check_positions(positions, lengths)
    if not isinstance(dice, Sequence) or len(dice) != 4:
        raise ProbabilityError(f"dice must be four faces 1–6, not {show(dice)}.")
    faces = tuple(_count("A die", d, 1, 6) for d in dice)
    board = _board(lucky, lengths)
    u = board.rolls.index(tuple(sorted(faces)))
    pick = int(board.choice[u, int(board.index(np.array(where)))])
    return None if pick < 0 else board.moves[u][pick][1]


def race_table(lucky_loser: bool = True, *, within: Sequence[int] = (1, 2, 3, 5, 10, 20)) -> Any:
    """Every row's lone-piece race and the whole board's, as a pandas DataFrame: expected
    turns and the chance to be done within each of ``within`` turns (needs pandas)."""
    pd = pandas()
    turns = [_count("Each number of turns", k, 1) for k in within]
    races = {str(r): row_race(r, lucky_loser, max_turns=max(turns)) for r in ROWS}
    races["board"] = board_race(lucky_loser, max_turns=max(turns))
    data = {
        name: {
            "squares": sum(race.squares),
            "expected turns": float(race.expected_turns),
            **{f"within {k}": float(race.chance_within(k)) for k in turns},
        }
        for name, race in races.items()
    }
    return pd.DataFrame(data).T.rename_axis("race")


def plot_race(lucky_loser: bool = True, *, max_turns: int = 12, ax: Any = None) -> Any:
    """The chance to be on X within k turns (k = 1 … ``max_turns``): a line per row for a lone
    piece and a bold one for the whole board (needs matplotlib). Returns the figure."""
    max_turns = _count("max_turns", max_turns, 1)
    if ax is None:
        plt = pyplot()
        figure, ax = plt.subplots(figsize=(7.5, 4.2))
        plt.close(figure)  # shown once, as the returned figure, not again by pyplot
    turns = range(1, max_turns + 1)
    for row in ROWS:
        race = row_race(row, lucky_loser, max_turns=max_turns)
        squares = race.squares[0]
        within = [float(race.chance_within(k)) for k in turns]
        ax.plot(turns, within, marker="o", markersize=3, label=f"row {row} ({squares} squares)")
    board = board_race(lucky_loser, max_turns=max_turns)
    within = [float(board.chance_within(k)) for k in turns]
    ax.plot(turns, within, color="black", linewidth=2.5, label="whole board")
    ax.set(xlabel="turns", ylabel="chance to be on X", ylim=(0, 1.02), xticks=list(turns))
    ax.yaxis.set_major_formatter(lambda y, _pos: f"{y:.0%}")
    ax.set_title("Race to X" + (" (Lucky Loser)" if lucky_loser else ""))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    return ax.figure
