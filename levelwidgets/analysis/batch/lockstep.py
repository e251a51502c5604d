"""Many games of Level X played in lockstep with numpy.

All games start together and every seat plays once per round, so at any moment every unfinished
game waits for the same seat: one turn of seat ``p`` is a handful of whole-array operations.
A game ends at the end of a round, so results are collected between rounds (and finished games
dropped from the arrays once there are enough of them).

Per game the position is: one *row arrangement* per row (every player's square in it, see
:class:`.tables.RowTables`), the chips left per row, the chips each player holds, complete sets,
bonus points, tiles taken, closed rows and whether the last round has started. Rare events
(a row closing, a set completing) are handled on the few games they touch.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np

from ...levelx.rules import ROWS, Rules
from .tables import (
    CHIPS_MORE,
    K_SIZE,
    MAX_TOUCHED,
    WANT_BITS,
    WANT_MASK,
    GreedyTables,
    MoveTables,
    RowTables,
    greedy_tables,
)

#: Chips left in a closed row: no step reaches it (the move tables leave closed rows out), and
#: ``chips <= 0`` then means "this turn closed the row" and nothing else.
CLOSED = 1 << 30
ROLL_COUNT = 1296
#: Games played together: large enough to spread numpy's per-call cost, small enough that a
#: chunk's arrays stay in cache. Seeding each game's generator (1247 dependent numpy steps per
#: chunk, ``mt.init_by_array``) is the part that gains most from a larger chunk: a 2-player
#: random study ran 18.2–19.8× the engine at 8192 and 20.7–21.7× at 16384 (alternated runs,
#: ``benchmarks/simulation_speed.py --levelx``; greedy alike, peak memory of a million games
#: unchanged).
CHUNK = 16384
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << len(ROWS))], dtype=np.int32)
ROW_VALUES = np.array(ROWS, dtype=np.intp)
#: ``ROW_BITS @ flags[row, game]``: each game's rows as a bit mask (bit r: ``ROWS[r]``).
ROW_BITS = 1 << np.arange(len(ROWS))
ALL_CLOSED = (1 << len(ROWS)) - 1
#: ``np.take(..., mode=CLIP)`` skips the bounds check (half the time of a gather): every index
#: here comes from the tables, and the tests replay engine games through all of them.
CLIP: Final = "clip"

#: ``draw(games, seat) -> (roll indices into moves.ROLLS, uniforms in [0, 1))`` for the
#: unfinished ``games`` (their numbers in the batch) whose ``seat`` is to play. A draw with a
#: true ``per_turn`` attribute is called ``draw(games, seat, turn)`` instead: ``turn`` is the
#: number of turns played before this one, the same in every game of a chunk (lockstep).
#: The values may be empty for a seat whose policy reads none (greedy).
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

    Laid out ``[..., row, game]``: per-row slices are contiguous, so the min over rows is
    cheap. What serves as an index (row states, table slots) is ``intp``, numpy's native
    index; chips and the row tables' entries are ``int32`` (half the memory to stream).
    """

    def __init__(
        self, games: np.ndarray, players: int, rules: Rules, moves: MoveTables, rows: RowTables
    ) -> None:
        self.players, self.moves, self.rows, self.rules = players, moves, rows, rules
        self.stack_size = len(rules.bonus_tiles)
        self.stack_sums = np.cumsum([0, *rules.bonus_tiles]).astype(np.intp)
        self.move_bits, self.seat_moves = seat_move_tables(moves, rows, players)
        # move ids in the smallest type that holds them: the table (126 rolls × 64 closed-row
        # masks × up to 29 moves) then stays in the processor's cache
        self.flat_table = moves.table.ravel().astype(np.min_scalar_type(moves.steps.shape[0]))
        self.count = moves.count.astype(np.intp)
        # as floats: ``uniform * count`` then multiplies floats alone (no int conversion
        # per game); the product is the engine's ``random() * len(moves)`` exactly
        self.count_f = moves.count.astype(np.float64)
        self.count_raw = self.count_f * 2.0**-53  # for a bot's value times 2**53, exactly
        self.roll_slot = moves.roll_slot.astype(np.intp)
        self.trans = rows.trans.astype(np.int32)
        self.base = rows.base.astype(np.intp)
        # Greedy play: row-table entries of 0..4 steps of each seat, by ``state + k_index[p]``;
        # each move's steps per row; where each game's 30 (row, steps) keys start in the
        # flattened ``[game, row, steps]`` array.
        self.k_index = [p * rows.size + np.arange(K_SIZE) for p in range(players)]
        self.move_rows = moves.steps.astype(np.intp)
        self.pair_base = np.arange(games.size) * (len(ROWS) * K_SIZE)
        self.row_bits = np.arange(len(ROWS))[:, None]
        n_games = games.size
        shape = (len(ROWS), n_games)
        self.games = games  # numbers of the games in the batch
        # each row's arrangement ``state // K_SIZE``, shifted left by ``move_bits``: adding a
        # move id gives the place of that move's outcome in the seat's ``seat_moves`` table
        # int32: the index sums stay half the size (take converts them once, which costs
        # less than adding and shifting in 64 bits)
        self.arr_base = ((self.base // K_SIZE) << self.move_bits).astype(np.int32)
        self.arr = np.repeat(self.arr_base[:, None], n_games, axis=1)
        chips = np.array(rules.chips(players), dtype=np.int32)
        self.chips = np.repeat(chips[:, None], n_games, axis=1)
        self.held = np.zeros((players, *shape), dtype=np.int32)
        self.sets = np.zeros((players, n_games), dtype=np.int32)
        self.bonus = np.zeros((players, n_games), dtype=np.intp)
        self.tiles = np.zeros((players, n_games), dtype=np.intp)
        self.taken = np.zeros(n_games, dtype=np.intp)  # tiles taken from the stack
        self.closed = np.zeros(n_games, dtype=np.intp)  # bit r: row ROWS[r] closed
        self.last_round = np.zeros(n_games, dtype=bool)
        self.finished = np.zeros(n_games, dtype=bool)  # over and frozen (see retire)
        self.unfinished = n_games

    @functools.cached_property
    def greedy(self) -> GreedyTables:
        return greedy_tables(self.rules, self.players)

    def states(self, g: np.ndarray) -> np.ndarray:
        """The row-table states ``[row, game]`` of games ``g`` (:class:`.tables.RowTables`)."""
        return (self.arr[:, g] >> self.move_bits) * K_SIZE

    # ------------------------------------------------------------------ one turn

    def turn(self, seat: int, draw: Draw, policy: Policy, turn: int | None = None) -> None:
        """Seat ``seat`` rolls, chooses and moves in every unfinished game (``turn``: turns
        played before, for a ``per_turn`` draw)."""
        if turn is not None and getattr(draw, "per_turn", False):
            if policy is random_policy and hasattr(draw, "unscaled"):
                # the bots' values times 2**53, and the move counts times 2**-53: the
                # same product, one multiplication fewer
                rolls, values = draw.unscaled(self.games, seat, turn)  # type: ignore[attr-defined]
                slots = np.take(self.roll_slot, rolls, mode=CLIP)
                slots += self.closed
                self.apply(seat, _random_move(self, slots, values, self.count_raw))
                return
            rolls, uniforms = draw(self.games, seat, turn)  # type: ignore[call-arg]
        else:
            rolls, uniforms = draw(self.games, seat)
        slots = np.take(self.roll_slot, rolls, mode=CLIP)
        slots += self.closed
        move = policy(self, seat, slots, uniforms)
        self.apply(seat, move)

    def apply(self, seat: int, move: np.ndarray) -> None:
        """Resolve move ids ``move`` (one per game) for ``seat``: the spec's Turn, steps 4–5."""
        index = self.arr + move  # [row, game]: no lookup of the move's steps per row
        out = np.take(self.seat_moves[seat], index, mode=CLIP)
        np.right_shift(out, WANT_BITS, out=self.arr)
        out &= WANT_MASK  # the chips asked for
        self.chips -= out
        self.held[seat] += out
        # games where a row closed: the fewest chips per game, then one number per game
        # (a fraction of the cost of finding the places among all rows)
        closing = np.flatnonzero(np.minimum.reduce(self.chips, axis=0) <= 0)
        if closing.size:
            self._close_rows(seat, closing)
        complete = np.minimum.reduce(self.held[seat], axis=0)
        more = np.flatnonzero(complete > self.sets[seat])
        if more.size:
            self._take_tiles(seat, more, complete[more])

    def _close_rows(self, seat: int, games: np.ndarray) -> None:
        """Rows of ``games`` (positions) whose last chip went this turn: hand back the chips
        asked for beyond it and take every piece out."""
        closing = self.chips[:, games] <= 0  # [row, game of games]
        r, i = np.nonzero(closing)  # row, position in games
        flat = r * self.games.size + games[i]  # places in the [row, game] arrays
        chips = self.chips.reshape(-1)
        held = self.held[seat].reshape(-1)
        held[flat] += chips[flat]  # -(chips asked beyond the last)
        chips[flat] = CLOSED
        self.arr.reshape(-1)[flat] = self.arr_base[r]
        # each game's closing rows as bits (a game may close two rows at once; each bit once,
        # so their sum is their union): one bincount instead of ufunc.at
        bits = np.bincount(i, weights=ROW_BITS[r], minlength=games.size)
        self.closed[games] |= bits.astype(np.intp)

    def _take_tiles(self, seat: int, g: np.ndarray, complete: np.ndarray) -> None:
        """One tile per newly completed set of games ``g``, from the top of the stack while
        tiles last."""
        sets, bonus, tiles = self.sets[seat], self.bonus[seat], self.tiles[seat]  # row views:
        new = complete - sets[g]  # one index array indexes faster than (seat, g)
        sets[g] = complete
        taken = self.taken[g]
        count = np.minimum(new, self.stack_size - taken)
        bonus[g] += self.stack_sums[taken + count] - self.stack_sums[taken]
        tiles[g] += count
        self.taken[g] = taken + count

    # ------------------------------------------------------------------ between rounds

    def retire(self, rounds: int, out: Outcome) -> None:
        """Games whose last round just ended: note their length and freeze them (all rows
        closed: only the empty move is legal, so they play on without changing). Their
        positions go to ``out`` when finished games are a quarter of the arrays and are
        dropped from them (a few large copies instead of one per round).

        A round is the last when three rows are closed or every tile is taken at any turn of
        it (the engine's ``_check_end``, which looks when a row closes or a tile goes): both
        only grow, so one look at the end of the round finds the same rounds as a look after
        every turn, with two calls instead of a few per turn. Without tiles the condition
        holds from the start, and the engine sees it at the first row that closes."""
        if self.stack_size:
            over = np.take(_POPCOUNT, self.closed, mode=CLIP) >= 3
            over |= self.taken >= self.stack_size
        else:
            over = self.closed != 0
        self.last_round |= over
        new = np.flatnonzero(self.last_round != self.finished)  # finished implies last_round
        if not new.size:
            return
        out.turns[self.games[new]] = rounds * self.players
        self.finished[new] = True
        self.closed[new] = ALL_CLOSED
        self.unfinished -= new.size
        if self.unfinished * 4 <= self.games.size * 3:
            self.record(np.flatnonzero(self.finished), out)
            self._keep(np.flatnonzero(~self.finished))

    def record(self, done: np.ndarray, out: Outcome) -> None:
        """Copy the final positions of the finished games at positions ``done`` into ``out``."""
        g = self.games[done]
        out.held[:, g] = np.take(self.held, done, axis=2).transpose(0, 2, 1)
        out.bonus[:, g] = self.bonus[:, done]
        out.tiles[:, g] = self.tiles[:, done]
        chips = np.take(self.chips, done, axis=1).T
        out.chips_left[g] = np.where(chips == CLOSED, 0, chips)

    def _keep(self, keep: np.ndarray) -> None:
        """Keep only the games at positions ``keep``."""
        for name in _PER_GAME:
            setattr(self, name, np.take(getattr(self, name), keep, axis=-1, mode=CLIP))


def seat_move_tables(moves: MoveTables, rows: RowTables, players: int) -> _SeatMoves:
    """``(bits, tables)``: ``tables[p][(a << bits) + m]`` is what move ``m`` of seat ``p``
    does to a row in arrangement ``a`` (``state // K_SIZE``, which names the row too), as
    ``(new_a << bits) << WANT_BITS | want``. One lookup per row then resolves a move, where
    the row tables need the move's steps in that row first (a second lookup of six).

    Built once per pair of tables (they are cached, so once per rules and player count)."""
    key = (id(moves), id(rows), players)
    found = _SEAT_MOVES.get(key)
    if found is not None and found[0] is moves and found[1] is rows:
        return found[2]
    bits = max(1, (moves.steps.shape[0] - 1).bit_length())
    n_arr = rows.size // K_SIZE
    row_of = np.searchsorted(rows.base // K_SIZE, np.arange(n_arr), side="right") - 1
    index = np.arange(n_arr) * K_SIZE + moves.steps[:, row_of]  # [move, arrangement]
    tables = []
    for p in range(players):
        entry = rows.trans[p * rows.size + index].astype(np.int64)
        new = (entry >> WANT_BITS) // K_SIZE
        table = np.zeros((n_arr, 1 << bits), dtype=np.int64)
        table[:, : index.shape[0]] = ((new << bits) << WANT_BITS | (entry & WANT_MASK)).T
        tables.append(table.ravel().astype(np.int32))
    _SEAT_MOVES[key] = (moves, rows, (bits, tables))
    return bits, tables


_SeatMoves = tuple[int, list[np.ndarray]]
_SEAT_MOVES: dict[tuple[int, int, int], tuple[MoveTables, RowTables, _SeatMoves]] = {}


#: Lockstep attributes with one entry per game (games on the last axis).
_PER_GAME = (
    "games",
    "arr",
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
            games.turn(seat, draw, policy, rounds * games.players + seat)
        rounds += 1
        games.retire(rounds, out)
    games.record(np.arange(games.games.size), out)


# ---------------------------------------------------------------------------------------------
# Policies: which legal move each game plays.


def random_policy(
    games: Lockstep, seat: int, slots: np.ndarray, uniforms: np.ndarray
) -> np.ndarray:
    """As RandomBot: ``moves[int(u * len(moves))]`` among the engine's distinct legal moves."""
    return _random_move(games, slots, uniforms, games.count_f)


def _random_move(
    games: Lockstep, slots: np.ndarray, values: np.ndarray, count: np.ndarray
) -> np.ndarray:
    """``table[slot][int(value * count[slot])]``: ``count`` is the move counts, or the move
    counts times ``2**-53`` for values times ``2**53`` (the same real product, so the same
    float: a power of two scales exactly)."""
    j = np.take(count, slots, mode=CLIP)
    j *= values
    index = j.astype(np.intp)
    slots *= games.moves.width
    index += slots
    return np.take(games.flat_table, index, mode=CLIP)


def greedy_policy(
    games: Lockstep, seat: int, slots: np.ndarray, uniforms: np.ndarray
) -> np.ndarray:
    """As GreedyBot: most points now, then most progress; ties to the first move listed.

    Each game's 30 (row, steps) outcomes are looked up once (:class:`.tables.GreedyTables`:
    exact integer keys), and a move's key is the sum over the at most three rows it steps
    in: arrays ``[game, candidate]``. Bonus tiles (where a move can complete a set) and exact
    ties (where the engine's float sums decide) are settled on the few moves concerned.
    """
    n = slots.size
    index = np.minimum(games.chips, CHIPS_MORE).T  # [game, row]
    index += (games.arr.T >> games.move_bits) * (CHIPS_MORE + 1)
    keys = np.take(games.greedy.key[seat], index, axis=0, mode=CLIP)  # [game, row, steps]
    keys = keys.reshape(n, -1)
    base = games.pair_base[:n, None]
    touch = games.moves.touch
    cand = np.take(keys, np.take(touch[0], slots, axis=0, mode=CLIP) + base, mode=CLIP)
    cand += np.take(keys, np.take(touch[1], slots, axis=0, mode=CLIP) + base, mode=CLIP)
    three = np.flatnonzero(np.take(games.moves.three, slots, mode=CLIP))
    if three.size:
        cand[three] += np.take(keys, np.take(touch[2], slots[three], axis=0) + base[three])
    _add_tile_keys(games, seat, slots, cand)
    j = np.argmax(cand, axis=1)  # the first best move, as the engine's strict ">"
    top = np.take_along_axis(cand, j[:, None], axis=1)
    tied = np.flatnonzero(np.count_nonzero(cand == top, axis=1) > 1)
    if tied.size:
        tied = tied[top[tied, 0] > 0]  # key 0: the empty move, alone (padding repeats it)
        if tied.size:
            j[tied] = _break_ties(games, seat, slots[tied], tied, cand[tied] == top[tied])
    j += slots * games.moves.width
    return np.take(games.flat_table, j, mode=CLIP)


def _add_tile_keys(games: Lockstep, seat: int, slots: np.ndarray, cand: np.ndarray) -> None:
    """Add the bonus points of each candidate to ``cand`` (as ``points * big``) where it can
    complete a set: tiles are left and the move steps in every row short of the next set."""
    held = games.held[seat]
    short = held == games.sets[seat]
    mask = np.bitwise_or.reduce(short << games.row_bits, axis=0)
    g = np.flatnonzero((_POPCOUNT[mask] <= MAX_TOUCHED) & (games.taken < games.stack_size))
    if not g.size:
        return
    need = mask[g][:, None]
    k, c = np.nonzero(np.take(games.moves.row_mask, slots[g], axis=0) & need == need)
    if not k.size:
        return
    g = g[k]
    move = games.moves.table[slots[g], c]
    index = games.states(g) + games.move_rows[move].T  # [row, pair]
    index += seat * games.rows.size
    chips = np.minimum(np.take(games.trans, index) & WANT_MASK, games.chips[:, g])
    complete = np.minimum.reduce(held[:, g] + chips, axis=0)
    new = complete - games.sets[seat, g]
    taken = games.taken[g]
    count = np.minimum(new, games.stack_size - taken)
    bonus = games.stack_sums[taken + count] - games.stack_sums[taken]
    cand[g, c] += bonus * games.greedy.big


def _candidate_rows(
    games: Lockstep, seat: int, slots: np.ndarray, g: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Row-table entries ``[game, candidate, row]`` after each candidate move of games ``g``
    (``slots`` theirs), and the chips left ``[game, 1, row]``."""
    steps = np.take(games.move_rows, np.take(games.moves.table, slots, axis=0), axis=0)
    index = games.states(g).T[:, None, :] + steps
    index += seat * games.rows.size
    return np.take(games.trans, index), games.chips[:, g].T[:, None, :]


def _break_ties(
    games: Lockstep, seat: int, slots: np.ndarray, g: np.ndarray, best: np.ndarray
) -> np.ndarray:
    """Among exactly tied best moves (``best[game, candidate]``) of games ``g``, the one
    GreedyBot takes: largest float progress summed row by row as ``_progress`` does, then
    the first listed."""
    out, chips = _candidate_rows(games, seat, slots, g)
    closing = (out & WANT_MASK) >= chips
    slot = (out >> WANT_BITS) // K_SIZE
    terms = np.where(closing, 0.0, np.take(games.rows.progress[seat], slot))
    progress = terms[..., 0]
    for r in range(1, len(ROWS)):  # row by row, as GreedyBot's sum() adds
        progress = progress + terms[..., r]
    return np.argmax(np.where(best, progress, -np.inf), axis=1)


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
