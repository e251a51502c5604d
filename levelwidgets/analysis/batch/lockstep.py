"""Many games of Level X played in lockstep with numpy.

All games start together and every seat plays once per round, so at any moment every unfinished
game waits for the same seat: one turn of seat ``p`` is a handful of whole-array operations.
A game ends at the end of a round, so results are collected between rounds (and finished games
dropped from the arrays once there are enough of them).

Per game the position is: one *row state* per row (every player's square in it, see
:class:`.tables.RowTables`), the chips left per row, the chips each player holds, complete sets,
bonus points, tiles taken, closed rows and whether the last round has started. Rare events
(a row closing, a set completing) are handled on the few games they touch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...levelx.rules import ROWS, Rules
from .tables import K_SIZE, WANT_BITS, WANT_MASK, MoveTables, RowTables

#: Chips left in a closed row: no step reaches it (the move tables leave closed rows out), and
#: ``chips <= 0`` then means "this turn closed the row" and nothing else.
CLOSED = 1 << 30
ROLL_COUNT = 1296
#: Games played together: large enough to spread numpy's per-call cost, small enough that a
#: chunk's arrays stay in cache (measured: 4096–16384 are about equally fast).
CHUNK = 8192
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << len(ROWS))], dtype=np.int32)
ROW_VALUES = np.array(ROWS, dtype=np.intp)

#: ``draw(games, seat) -> (roll indices into moves.ROLLS, uniforms in [0, 1))`` for the
#: unfinished ``games`` (their numbers in the batch) whose ``seat`` is to play.
Draw = Callable[[np.ndarray, int], tuple[np.ndarray, np.ndarray]]
Policy = Callable[["Lockstep", int, np.ndarray, np.ndarray], np.ndarray]


class NumpyDraws:
    """Rolls and move choices from one numpy Generator (the simulator's default)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng

    def __call__(self, games: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
        # One draw per game: the whole part picks the roll (as the engine does), the fraction
        # left is again uniform in [0, 1) (to within 2**-42) and picks the move.
        x = self._rng.random(games.size)
        x *= ROLL_COUNT
        rolls = x.astype(np.intp)
        x -= rolls
        return rolls, x


@dataclass(frozen=True)
class Outcome:
    """Final positions, one column per game in the order asked for.

    ``held[p, g, r]``: chips of row ``ROWS[r]`` player ``p`` holds; ``bonus[p, g]``: their
    bonus points; ``tiles[p, g]``: how many tiles; ``chips_left[g, r]``; ``turns[g]``.
    """

    held: np.ndarray
    bonus: np.ndarray
    tiles: np.ndarray
    chips_left: np.ndarray
    turns: np.ndarray

    @property
    def scores(self) -> np.ndarray:
        """Chip values plus bonus points, ``[p, g]``."""
        return self.held @ ROW_VALUES + self.bonus


class Lockstep:
    """The unfinished games' positions: arrays with one column per game, rows as ROWS.

    Everything is ``intp`` and laid out ``[..., row, game]``: numpy gathers fastest with
    native indices, and per-row slices are contiguous, so the min over rows is cheap.
    """

    def __init__(
        self, games: np.ndarray, players: int, rules: Rules, moves: MoveTables, rows: RowTables
    ) -> None:
        self.players, self.moves, self.rows = players, moves, rows
        self.stack_size = len(rules.bonus_tiles)
        self.stack_sums = np.cumsum([0, *rules.bonus_tiles]).astype(np.intp)
        steps = moves.steps.T.astype(np.intp)
        self.move_steps = [np.ascontiguousarray(steps + p * rows.size) for p in range(players)]
        self.flat_table = moves.table.ravel().astype(np.intp)
        self.count = moves.count.astype(np.intp)
        self.roll_slot = moves.roll_slot.astype(np.intp)
        self.trans = rows.trans.astype(np.intp)
        self.base = rows.base.astype(np.intp)
        n_games = games.size
        shape = (len(ROWS), n_games)
        self.games = games  # numbers of the games in the batch
        self.state = np.repeat(self.base[:, None], n_games, axis=1)
        chips = np.array(rules.chips(players), dtype=np.intp)
        self.chips = np.repeat(chips[:, None], n_games, axis=1)
        self.held = np.zeros((players, *shape), dtype=np.intp)
        self.sets = np.zeros((players, n_games), dtype=np.intp)
        self.bonus = np.zeros((players, n_games), dtype=np.intp)
        self.tiles = np.zeros((players, n_games), dtype=np.intp)
        self.taken = np.zeros(n_games, dtype=np.intp)  # tiles taken from the stack
        self.closed = np.zeros(n_games, dtype=np.intp)  # bit r: row ROWS[r] closed
        self.last_round = np.zeros(n_games, dtype=bool)
        self.finished = np.zeros(n_games, dtype=bool)  # result already in the Outcome
        self.unfinished = n_games

    # ------------------------------------------------------------------ one turn

    def turn(self, seat: int, draw: Draw, policy: Policy) -> None:
        """Seat ``seat`` rolls, chooses and moves in every unfinished game."""
        rolls, uniforms = draw(self.games, seat)
        slots = self.roll_slot[rolls]
        slots += self.closed
        move = policy(self, seat, slots, uniforms)
        self.apply(seat, move)

    def apply(self, seat: int, move: np.ndarray) -> None:
        """Resolve move ids ``move`` (one per game) for ``seat``: the spec's Turn, steps 4–5."""
        index = np.take(self.move_steps[seat], move, axis=1)
        index += self.state
        out = np.take(self.trans, index)
        np.right_shift(out, WANT_BITS, out=self.state)
        out &= WANT_MASK  # the chips asked for
        self.chips -= out
        self.held[seat] += out
        closing = np.flatnonzero(np.minimum.reduce(self.chips, axis=0) <= 0)
        if closing.size:
            self._close_rows(seat, closing)
        complete = np.minimum.reduce(self.held[seat], axis=0)
        more = np.flatnonzero(complete > self.sets[seat])
        if more.size:
            self._take_tiles(seat, more, complete[more])

    def _close_rows(self, seat: int, games: np.ndarray) -> None:
        """Rows of ``games`` whose last chip went this turn: hand back the chips asked for
        beyond it, take every piece out, and check the end condition."""
        r, k = np.nonzero(self.chips[:, games] <= 0)
        g = games[k]
        self.held[seat, r, g] += self.chips[r, g]  # chips[r, g] = -(chips asked beyond the last)
        self.chips[r, g] = CLOSED
        self.state[r, g] = self.base[r]
        np.bitwise_or.at(self.closed, g, 1 << r)
        self._check_end(games)

    def _take_tiles(self, seat: int, g: np.ndarray, complete: np.ndarray) -> None:
        """One tile per newly completed set of games ``g``, from the top of the stack while
        tiles last."""
        new = complete - self.sets[seat, g]
        self.sets[seat, g] = complete
        taken = self.taken[g]
        count = np.minimum(new, self.stack_size - taken)
        self.bonus[seat, g] += self.stack_sums[taken + count] - self.stack_sums[taken]
        self.tiles[seat, g] += count
        self.taken[g] = taken + count
        self._check_end(g[count > 0])

    def _check_end(self, g: np.ndarray) -> None:
        """Three rows closed or every tile taken: this round is the last (as ``_check_end``)."""
        met = (_POPCOUNT[self.closed[g]] >= 3) | (self.taken[g] >= self.stack_size)
        self.last_round[g] |= met

    # ------------------------------------------------------------------ between rounds

    def retire(self, rounds: int, out: Outcome) -> None:
        """Copy games whose last round just ended into ``out``; drop finished games once they
        are a quarter of the arrays (until then they play on harmlessly: copying every array
        each round costs more than the wasted turns)."""
        new = np.flatnonzero(self.last_round & ~self.finished)
        if not new.size:
            return
        g = self.games[new]
        out.held[:, g] = np.take(self.held, new, axis=2).transpose(0, 2, 1)
        out.bonus[:, g] = self.bonus[:, new]
        out.tiles[:, g] = self.tiles[:, new]
        chips = np.take(self.chips, new, axis=1).T
        out.chips_left[g] = np.where(chips == CLOSED, 0, chips)
        out.turns[g] = rounds * self.players
        self.finished[new] = True
        self.unfinished -= new.size
        if self.unfinished * 4 <= self.games.size * 3:
            self._keep(np.flatnonzero(~self.finished))

    def _keep(self, keep: np.ndarray) -> None:
        """Keep only the games at positions ``keep``."""
        for name in _PER_GAME:
            setattr(self, name, np.take(getattr(self, name), keep, axis=-1))


#: Lockstep attributes with one entry per game (games on the last axis).
_PER_GAME = (
    "games",
    "state",
    "chips",
    "held",
    "sets",
    "bonus",
    "tiles",
    "taken",
    "closed",
    "last_round",
    "finished",
)


def play(
    n_games: int,
    players: int,
    rules: Rules,
    moves: MoveTables,
    rows: RowTables,
    draw: Draw,
    policy: Policy,
) -> Outcome:
    """Play ``n_games`` whole games in lockstep and return their final positions.

    Games are played ``CHUNK`` at a time: the arrays of a chunk stay in the processor's cache.
    """
    out = Outcome(
        held=np.zeros((players, n_games, len(ROWS)), dtype=np.int32),
        bonus=np.zeros((players, n_games), dtype=np.int32),
        tiles=np.zeros((players, n_games), dtype=np.int32),
        chips_left=np.zeros((n_games, len(ROWS)), dtype=np.int32),
        turns=np.zeros(n_games, dtype=np.int32),
    )
    for start in range(0, n_games, CHUNK):
        games = np.arange(start, min(start + CHUNK, n_games))
        _play_chunk(Lockstep(games, players, rules, moves, rows), draw, policy, out)
    return out


def _play_chunk(games: Lockstep, draw: Draw, policy: Policy, out: Outcome) -> None:
    rounds = 0
    while games.unfinished:
        for seat in range(games.players):
            games.turn(seat, draw, policy)
        rounds += 1
        games.retire(rounds, out)


# ---------------------------------------------------------------------------------------------
# Policies: which legal move each game plays.


def random_policy(
    games: Lockstep, seat: int, slots: np.ndarray, uniforms: np.ndarray
) -> np.ndarray:
    """As RandomBot: ``moves[int(u * len(moves))]`` among the engine's distinct legal moves."""
    j = uniforms * games.count[slots]
    index = j.astype(np.intp)
    index += slots * games.moves.width
    return np.take(games.flat_table, index)


def greedy_policy(
    games: Lockstep, seat: int, slots: np.ndarray, uniforms: np.ndarray
) -> np.ndarray:
    """As GreedyBot: most points now, then most progress; ties to the first move listed.

    Every candidate move of every game is resolved at once: arrays ``[row, game, candidate]``.
    """
    candidates = games.flat_table.reshape(-1, games.moves.width)[slots]  # [game, candidate]
    steps = np.take(games.move_steps[seat], candidates, axis=1)
    out = np.take(games.trans, steps + games.state[:, :, None])
    want = out & WANT_MASK
    after = games.chips[:, :, None] - want
    closing = after <= 0
    chips = np.where(closing, after, 0) + want  # capped by the chips left
    gain = np.tensordot(ROW_VALUES, chips, axes=1) + _tile_gain(games, seat, chips)
    valid = np.arange(games.moves.width) < games.count[slots][:, None]
    gain = np.where(valid, gain, np.iinfo(np.intp).min)
    best = gain == gain.max(axis=1, keepdims=True)
    slot = (out >> WANT_BITS) // K_SIZE
    terms = np.where(closing, 0.0, np.take(games.rows.progress[seat], slot))
    progress = terms[0]
    for r in range(1, len(ROWS)):  # row by row, as GreedyBot's sum() adds
        progress = progress + terms[r]
    j = np.argmax(np.where(best, progress, -np.inf), axis=1)
    return candidates[np.arange(candidates.shape[0]), j]


def _tile_gain(games: Lockstep, seat: int, chips: np.ndarray) -> np.ndarray:
    """Bonus points each candidate move (``chips[row, game, candidate]``) would earn now."""
    complete = np.minimum.reduce(games.held[seat][:, :, None] + chips, axis=0)
    new = np.maximum(complete - games.sets[seat][:, None], 0)
    taken = games.taken[:, None]
    count = np.minimum(new, games.stack_size - taken)
    return games.stack_sums[taken + count] - games.stack_sums[taken]


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
