"""A Level X bot that looks one turn ahead, exactly, over all 1,296 rolls of its next turn.

For every distinct legal move of the roll on the table, :class:`ExpectimaxBot` plays the move
on a copy of the position, then averages, over the rolls of its own next turn, the best value
it could reach with each roll (the other players' turns in between are left out, as in the
advisor), and picks the move worth the most. The lookahead is the advisor's own
:func:`~.advisor.next_turn_sum`, given what each number of steps in each row adds to the
bot's value beyond points.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .advisor import ROLL_COUNT, next_turn_sum
from .probability import group_count_distribution
from .rules import ROWS, Rules
from .state import State, resolve_steps, score

if TYPE_CHECKING:
    from .game import LevelX
    from .moves import Move

#: ``p``: weight of the player's own progress against points (at most 1, see the class).
PROGRESS_WEIGHT = 0.75
#: ``r``: weight of the other players' progress against the player's, divided by the square
#: of their number (2.5 for one rival, 0.28 for each of three).
RIVAL_WEIGHT = 2.5
#: ``t``: weight of the chance to be ousted from X before the next turn (at most 1).
THREAT_WEIGHT = 1.0
#: A row's progress terms count in full while this many chips are left, less below.
FULL_ROW = 6
#: What winning (losing) adds to (takes from) a position after which the player has no turn
#: left: more than any one turn scores, so that then only the result counts.
RESULT_VALUE = 100.0


class ExpectimaxBot:
    """Best value after the move plus the exact expected best gain of the next turn.

    The value of a position to the player is their score plus, for each open row (number
    ``n``, ``L`` squares with X, ``c`` chips left; ``s``: a piece's square, 0 off the board)

        min(1, c / 6) × (p × n × s / L − r / (k − 1)² × Σ n × s' / L − t × n × q)

    where the sum runs over the ``k - 1`` other players' squares ``s'`` and ``q`` is, if the
    player's piece is on X, the chance that some other player's next roll brings their piece
    there (ousting it). Why each part:

    - points alone make a weak bot: they only come on X squares, so most rolls score nothing
      now and a one-turn lookahead cannot see an X two turns away; progress (GreedyBot's
      measure) prices the squares on the way;
    - the lookahead leaves the other players out, so it would take a piece on X for a steady
      income: ``q`` prices the risk of losing it, and the rivals' progress prices ousting
      them and closing a row under their pieces (it matters less with more players: each
      rival is a smaller part of the opposition, and less often the one to beat);
    - a row about to close is worth little: its pieces leave the game with its last chip;
    - after the player's last turn (the round is the last) progress is worth nothing and
      only the result counts: the score, ± :data:`RESULT_VALUE` if ahead of (behind) every
      (some) other player. Behind then is a certain loss; ahead ends the game in front.
      (The positions of the next turn are valued by the formula, even one that ends the
      game: the lookahead adds row terms up, whatever the move does to the end.)

    The weights (:data:`PROGRESS_WEIGHT`, :data:`RIVAL_WEIGHT`, :data:`THREAT_WEIGHT`,
    :data:`FULL_ROW`) were tuned in seeded 2- and 4-player games against
    :class:`~.bots.GreedyBot`. ``p`` and ``t`` are at most 1, so a step never lowers the value
    (the chip for reaching X outweighs the risk on it, the chip that empties a row the piece
    it takes off the board): the lookahead need only try the maximal moves of each roll.
    ``seed`` is accepted so that every bot can be made as ``Bot(seed)``; it is not used: the
    bot is deterministic, and exact ties go to the move ``legal_moves()`` lists first.

    >>> from levelwidgets.levelx import GreedyBot, play_game
    >>> play_game([ExpectimaxBot(), GreedyBot()], seed=3).is_over
    True
    """

    name = "Expectimax"

    def __init__(
        self,
        seed: int | None = None,
        *,
        progress_weight: float = PROGRESS_WEIGHT,
        rival_weight: float = RIVAL_WEIGHT,
        threat_weight: float = THREAT_WEIGHT,
    ) -> None:
        for what, weight, top in (
            ("progress_weight", progress_weight, 1.0),
            ("rival_weight", rival_weight, float("inf")),
            ("threat_weight", threat_weight, 1.0),
        ):
            if not 0 <= weight <= top:
                raise ValueError(f"{what} must be from 0 to {top}, not {weight!r}")
        self.seed = seed
        self.weights = (float(progress_weight), float(rival_weight), float(threat_weight))
        # Row terms by (row index, own square, chips left, other squares), for these rules.
        self._rules: Rules | None = None
        self._rows: dict[tuple[int, int, int, tuple[int, ...]], tuple[float, ...]] = {}

    def choose(self, game: LevelX) -> Move:
        moves = game._moves[0]
        if len(moves) == 1:
            return moves[0]
        values = self.values(game)
        return moves[values.index(max(values))]

    def values(self, game: LevelX) -> list[float]:
        """The value of each move of :meth:`~.game.LevelX.legal_moves`, in that order: the
        position's value after it plus the expected best gain of the player's next turn."""
        state, rules = game._state, game.rules
        player = state.current
        out = []
        for move in game._moves[0]:
            after = state.copy()
            resolve_steps(after, rules, player, move.steps, None)
            out.append(self.lookahead_value(after, rules, player))
        return out

    def lookahead_value(self, state: State, rules: Rules, player: int) -> float:
        """``state``'s value to ``player`` plus the expected best gain of their next turn:
        over all 1,296 rolls, the most value a move of that roll adds. In the last round
        there is no next turn, and the value is the result (see the class)."""
        if state.end_triggered:
            mine = score(state, player)
            best = max(score(state, q) for q in range(state.players) if q != player)
            return mine + RESULT_VALUE * ((mine > best) - (mine < best))
        rows = [self._row(state, rules, player, i) for i in range(6)]
        extra = [tuple(v - row[0] for v in row) for row in rows]
        total = next_turn_sum(state, rules, player, extra)
        return score(state, player) + sum(row[0] for row in rows) + total / ROLL_COUNT

    def position_value(self, state: State, rules: Rules, player: int) -> float:
        """The value of ``state`` to ``player`` before the last round (see the class)."""
        return score(state, player) + sum(self._row(state, rules, player, i)[0] for i in range(6))

    def _row(self, state: State, rules: Rules, player: int, i: int) -> tuple[float, ...]:
        """Row ``i``'s term of the value after 0..4 steps of ``player`` there (0: as it is)."""
        if rules is not self._rules:
            self._rules, self._rows = rules, {}
        mine = state.pos[player][i]
        others = tuple(sorted(pos[i] for q, pos in enumerate(state.pos) if q != player))
        key = (i, mine, state.chips[i], others)
        terms = self._rows.get(key)
        if terms is None:
            terms = self._rows[key] = self._row_terms(rules, *key)
        return terms

    def _row_terms(
        self, rules: Rules, i: int, mine: int, left: int, others: tuple[int, ...]
    ) -> tuple[float, ...]:
        """The row's term after 0..4 steps, played by the rule: a step moves the piece a
        square (reaching X ousts the piece there, to its owner or to square 1 under
        ``row_start``, and takes a chip), or takes a chip once it is on X; the chip that
        empties the row takes every piece off the board."""
        last = rules.row_lengths[i]
        back = 1 if rules.oust == "row_start" and last > 1 else 0
        reach = _reach(rules.lucky_loser)[i]
        rivals = list(others)
        terms = [self._term(i, last, reach, mine, left, rivals)]
        for _ in range(4):
            if left:
                if mine < last:
                    mine += 1
                    if mine == last and last in rivals:
                        rivals[rivals.index(last)] = back
                if mine == last:
                    left -= 1
            terms.append(self._term(i, last, reach, mine, left, rivals))
        return tuple(terms)

    def _term(
        self, i: int, last: int, reach: tuple[float, ...], mine: int, left: int, others: list[int]
    ) -> float:
        """One row's part of the value (see the class); 0 once the row is closed."""
        if not left:
            return 0.0
        p, r, t = self.weights
        unit = ROWS[i] / last  # progress of one square
        term = unit * (p * mine - r / len(others) ** 2 * sum(others))
        if mine == last:
            safe = 1.0
            for square in others:
                if last - square < len(reach):  # a roll makes at most 4 steps in a row
                    safe *= 1.0 - reach[last - square]
            term -= t * ROWS[i] * (1.0 - safe)
        return term * min(1.0, left / FULL_ROW)

    def __repr__(self) -> str:
        names = ("progress_weight", "rival_weight", "threat_weight")
        defaults = (PROGRESS_WEIGHT, RIVAL_WEIGHT, THREAT_WEIGHT)
        shown = [
            f"{n}={w}" for n, w, d in zip(names, self.weights, defaults, strict=True) if w != d
        ]
        return f"ExpectimaxBot({', '.join(shown)})"


@cache
def _reach(lucky_loser: bool) -> tuple[tuple[float, ...], ...]:
    """Per row index, the chance that one roll allows at least 0, 1, …, 4 steps there: the
    exact distribution of the most disjoint groups of the row's sum, summed from the top."""
    chances = group_count_distribution(lucky_loser)
    return tuple(
        tuple(float(sum(c for k, c in chances[row].items() if k >= n)) for n in range(5))
        for row in ROWS
    )
