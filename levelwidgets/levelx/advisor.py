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
    """Sum over all 1,296 ordered rolls of the most points ``player`` can score in ``state``.

    A move's points follow from the position row by row: ``k`` steps in an open row take
    ``k - need + 1`` chips (``need``: steps to the first chip, 1 when the piece is on X), at
    most the chips left; bonus tiles follow from the sets the chips complete. Steps never
    lower the points, so only moves no other move of the roll contains are tried.
    """
    lengths, pos, held, chips = (
        rules.row_lengths,
        state.pos[player],
        state.held[player],
        state.chips,
    )
    gains = []  # per row: points for 0..4 steps
    takes = []  # per row: chips taken for 0..4 steps
    for i in range(6):
        square, last, left = pos[i], lengths[i], chips[i]
        need = last - square if square < last else 1
        taken = [min(left, max(0, k - need + 1)) for k in range(5)]
        takes.append(taken)
        gains.append([ROWS[i] * t for t in taken])
    stack = rules.bonus_tiles[state.tiles_taken :]
    sets = state.sets[player]
    lowest = [i for i in range(6) if held[i] == sets]
    bonus = stack and len(lowest) <= 4 and all(chips[i] for i in lowest)
    tiles = [0, *accumulate(stack)]  # points of the next n tiles
    moves, rolls = _next_turn_tables(rules.lucky_loser)
    points = []
    for move in moves:
        got = 0
        for i, k in move:
            got += gains[i][k]
        if bonus:
            steps = dict(move)
            complete = min(held[i] + takes[i][steps.get(i, 0)] for i in range(6)) - sets
            got += tiles[min(complete, len(stack))]
        points.append(got)
    return sum(weight * max(points[j] for j in best) for weight, best in rolls)


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


def _with_dice(game: LevelX, dice: Sequence[int]) -> LevelX:
    """A copy of ``game`` with ``dice`` on the table instead of its own (checked as a roll)."""
    from .game import _check_dice

    game._check_can_act(None)
    copy = game.clone()
    copy._set_dice(_check_dice(dice), False)
    return copy
