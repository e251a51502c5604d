"""A move advisor: the legal moves of a roll, ranked by three stated measures.

For each distinct legal move of the roll on the table, :func:`advise` gives

- ``points``: what the move adds to the score now (chips and bonus tiles), and
- ``progress``: squares the player's pieces move forward, both as :mod:`.preview` defines
  them (the same numbers the widget's hints show);
- ``expected`` = ``points`` + ``future``, where ``future`` is the *average over all 1,296
  equally likely rolls of four dice of the most points the same player can score on their next
  turn* from the position the move leaves. The other players' turns in between are left out:
  the board is taken as frozen until the player's next turn (a one-turn lookahead, not a
  prediction of the others). If the game ends before that turn (the end condition is met, so
  the round being played is the last), ``future`` is 0.

In a sentence for a class: "EV = the points you get now plus the points you can expect next
turn, if you always pick your best move and nobody else moves in between."

Everything is exact: ``future`` is a :class:`~fractions.Fraction` computed as a sum over the
126 different sorted rolls, each weighted by how many of the 1,296 ordered rolls it stands for
(its multinomial count), which equals the plain sum over all 1,296 ordered rolls. Nothing in
the game changes (position, dice, random generator).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import factorial
from typing import TYPE_CHECKING, Any

from .moves import _SORTED, Move, all_moves
from .preview import move_key, preview_moves
from .rules import ROWS, Rules
from .state import State, resolve_steps

if TYPE_CHECKING:
    from .game import LevelX

ROLL_COUNT = 6**4  # ordered rolls of four dice, all equally likely


@dataclass(frozen=True, slots=True)
class Advice:
    """One legal move and its measures; ``rank`` 1 is the best (equal measures, equal rank)."""

    move: Move
    points: int
    progress: int
    future: Fraction  # expected best points of the player's next turn (see the module)
    rank: int

    @property
    def notation(self) -> str:
        return self.move.notation

    @property
    def key(self) -> str:
        """The move's key in :func:`~.preview.preview_moves` (its steps, ``"5,5,6"``)."""
        return move_key(self.move.steps)

    @property
    def expected(self) -> Fraction:
        """Points now plus the expected best points of the next turn."""
        return self.points + self.future

    def to_dict(self) -> dict[str, Any]:
        """JSON for the widget: the numbers, the expected value rounded and exact (of 1296)."""
        return {
            "move": self.notation,
            "pts": self.points,
            "prog": self.progress,
            "ev": round(float(self.expected), 2),
            "exact": f"{self.expected * ROLL_COUNT}/{ROLL_COUNT}",
            "rank": self.rank,
        }


def advise(game: LevelX, dice: Sequence[int] | None = None) -> list[Advice]:
    """The legal moves of the roll on the table (or of ``dice``), best first.

    Ranked by ``expected``, then ``points``, then ``progress`` (all higher first); moves equal
    on all three share a rank and keep the order of :meth:`LevelX.legal_moves` (more steps
    first). Raises like :meth:`LevelX.legal_moves` when there is nothing to play.
    """
    if dice is not None:
        game = _with_dice(game, dice)
    previews = preview_moves(game)  # checks that there are dice to play
    state, rules, player = game._state, game.rules, game.current_player
    measured = []
    for move in game.legal_moves():
        preview = previews[move_key(move.steps)]
        after = state.copy()
        resolve_steps(after, rules, player, move.steps, None)
        total = 0 if after.end_triggered else next_turn_total(after, rules, player)
        measured.append((move, preview.points, preview.progress, Fraction(total, ROLL_COUNT)))

    def measures(m: tuple[Move, int, int, Fraction]) -> tuple[Fraction, int, int]:
        return (m[1] + m[3], m[1], m[2])

    ordered = sorted(measured, key=measures, reverse=True)  # stable: legal_moves order in ties
    out: list[Advice] = []
    for n, entry in enumerate(ordered):
        same = out and measures(ordered[n - 1]) == measures(entry)
        out.append(Advice(*entry, rank=out[-1].rank if same else n + 1))
    return out


def next_turn_total(state: State, rules: Rules, player: int) -> int:
    """Sum over all 1,296 ordered rolls of the most points ``player`` can score in ``state``."""
    return int(next_turn_sum(state, rules, player))


def next_turn_sum(
    state: State,
    rules: Rules,
    player: int,
    extra: Sequence[Sequence[float]] | None = None,
) -> float:
    """Sum over all 1,296 ordered rolls of the best value ``player`` can reach in ``state``.

    A move's value is its points plus, if given, ``extra[i][k]`` for ``k`` steps in row
    index ``i`` (0 to 4 steps; :class:`~.expectimax.ExpectimaxBot`'s progress terms).
    Without ``extra`` the sum is the advisor's exact whole number of points (summed in
    integers; with ``extra`` in floats).

    A move's points follow from the position row by row: ``k`` steps in an open row take
    ``k - need + 1`` chips (``need``: steps to the first chip, 1 when the piece is on X), at
    most the chips left; bonus tiles follow from the sets the chips complete. Steps never
    lower the points, so only moves no other move of the roll contains are tried; ``extra``
    must not fall with ``k`` by more than the points rise, for the same reason.
    """
    import numpy as np

    lengths, pos, held, chips = (
        rules.row_lengths,
        state.pos[player],
        state.held[player],
        state.chips,
    )
    # Per row (6) and number of steps (0..4): chips taken and value, as 6 x 5 arrays.
    need = [lengths[i] - pos[i] if pos[i] < lengths[i] else 1 for i in range(6)]
    steps = np.arange(5)
    takes = np.minimum(np.maximum(steps - np.array(need)[:, None] + 1, 0), np.array(chips)[:, None])
    values = np.array(ROWS)[:, None] * takes
    if extra is not None:
        values = values + np.array(extra, dtype=float)
    slots, cells, best, weights = _next_turn_arrays(rules.lucky_loser)
    got = np.append(values.ravel(), 0)[slots].sum(axis=1)  # per move worth trying
    stack = rules.bonus_tiles[state.tiles_taken :]
    sets = state.sets[player]
    lowest = [i for i in range(6) if held[i] == sets]
    if stack and len(lowest) <= 4 and all(chips[i] for i in lowest):
        tiles = np.array([0, *accumulate(stack)])  # points of the next n tiles
        after = (takes + np.array(held)[:, None]).ravel()[cells]  # chips held per row after
        got = got + tiles[np.minimum(after.min(axis=1) - sets, len(stack))]
    got = np.append(got, got.min())  # what a roll's unused move slots point at
    total = got[best].max(axis=1) @ weights
    return int(total) if extra is None else float(total)


@cache
def _next_turn_tables(
    lucky_loser: bool,
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, tuple[int, ...]], ...]]:
    """The moves worth trying and, per sorted roll, its weight and those of its moves.

    A move is ``((row index, steps), ...)``; a roll lists only its maximal moves (no other
    move of the roll has every step of it and more). Weights add up to 1,296.
    """
    index: dict[tuple[tuple[int, int], ...], int] = {}
    rolls = []
    for dice in _SORTED:
        counts = [Counter(m.steps) for m in all_moves(dice, lucky_loser)]
        maximal = {
            tuple(sorted((row - 5, k) for row, k in c.items()))
            for c in counts
            if not any(c != d and not c - d for d in counts)
        }
        best = tuple(index.setdefault(m, len(index)) for m in sorted(maximal))
        weight = factorial(4)
        for n in Counter(dice).values():
            weight //= factorial(n)
        rolls.append((weight, best))
    return tuple(index), tuple(rolls)


@cache
def _next_turn_arrays(lucky_loser: bool) -> tuple[Any, Any, Any, Any]:
    """:func:`_next_turn_tables` as numpy index arrays, for a few vector operations per call.

    ``slots``: per move, its rows' indices ``5 * row index + steps`` into the per-row table
    (padded with 30, a zero); ``cells``: the same for all six rows, its 0 steps included;
    ``best``: per sorted roll, its moves (padded with one past the last move, the smallest
    value); ``weights``: per sorted roll, how many ordered rolls it stands for.
    """
    import numpy as np

    moves, rolls = _next_turn_tables(lucky_loser)
    slots = np.full((len(moves), 4), 30, dtype=np.intp)
    cells = np.tile(5 * np.arange(6, dtype=np.intp), (len(moves), 1))
    for n, move in enumerate(moves):
        for j, (i, k) in enumerate(move):
            slots[n, j] = 5 * i + k
            cells[n, i] += k
    best = np.full((len(rolls), max(len(b) for _w, b in rolls)), len(moves), dtype=np.intp)
    for n, (_w, moves_of_roll) in enumerate(rolls):
        best[n, : len(moves_of_roll)] = moves_of_roll
    weights = np.array([w for w, _b in rolls], dtype=np.int64)
    for array in (slots, cells, best, weights):
        array.flags.writeable = False
    return slots, cells, best, weights


def _with_dice(game: LevelX, dice: Sequence[int]) -> LevelX:
    """A copy of ``game`` with ``dice`` on the table instead of its own (checked as a roll)."""
    from .game import _check_dice

    game._check_can_act(None)
    copy = game.clone()
    copy._set_dice(_check_dice(dice), False)
    return copy
