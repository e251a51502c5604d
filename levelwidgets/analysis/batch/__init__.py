"""A numpy batch simulator for Level X: thousands of bot games at once, for statistics.

Analysts reach it through :func:`levelwidgets.analysis.simulate` (``engine="batch"``, or
``"auto"``, which picks it whenever every bot is a policy it plays: :data:`POLICIES`). That
frame is the engine's frame, column for column and game for game: :func:`play_block` draws
game ``k``'s dice from ``random.Random(seed_k)`` (seeded in numpy, :mod:`.mt`) and each
RandomBot's choices from its seed and a draw counter (:class:`BotStreams`), exactly the values
the engine and the bots use, so any row replays with the engine from its ``seed``
(:class:`EngineDraws`).

>>> from levelwidgets.analysis import simulate
>>> batch = simulate("levelx", ["greedy", "random"], 200, seed=3, engine="batch", progress=False)
>>> engine = simulate("levelx", ["greedy", "random"], 200, seed=3, engine="engine", progress=False)
>>> batch.equals(engine), batch.attrs["engine"], engine.attrs["engine"]
(True, 'batch', 'engine')

The games follow the engine's rules exactly: the legal moves and what steps do to a row are
tabulated by running the engine itself (:mod:`.tables`), and the policies copy
:class:`~levelwidgets.levelx.RandomBot` and :class:`~levelwidgets.levelx.GreedyBot` (same
choices for the same dice).

The older :func:`simulate` here (its own signature and columns, one numpy generator for all
games) still works, with a ``DeprecationWarning``; :func:`simulate_outcome` stays for tests.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...levelx import bots
from ...levelx.errors import RulesError
from ...levelx.rules import DEFAULT_RULES, MAX_PLAYERS, MIN_PLAYERS, ROWS, Rules
from .._deps import pandas
from . import mt
from .lockstep import CHUNK, POLICIES, ROLL_COUNT, Draw, NumpyDraws, Outcome, Policy, play
from .tables import move_tables, row_tables

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "POLICIES",
    "BotStreams",
    "EngineDraws",
    "Outcome",
    "StudyColumns",
    "engine_rolls",
    "engine_uniforms",
    "play_block",
    "play_games",
    "simulate",
    "simulate_outcome",
]


def simulate(
    n_games: int,
    players: int = 4,
    policy: str = "random",
    seed: int = 0,
    rules: Rules | None = None,
) -> pd.DataFrame:
    """Deprecated: use ``levelwidgets.analysis.simulate("levelx", [policy] * players, n_games,
    seed, engine="batch")`` (the engine's columns; summary(), compare() and load_game() read
    it).

    Plays ``n_games`` games, every seat with ``policy``; one row per game. Columns:
    ``game_id`` (``"<seed>:<k>"``), ``turns``, ``winner_seat`` (-1 when the top score is
    shared), ``n_winners``, then ``score_<p>`` and ``bonus_<p>`` (bonus tile points, part of
    the score) per seat. The same arguments give the same frame.
    """
    warnings.warn(
        "levelwidgets.analysis.batch.simulate is deprecated: use "
        "levelwidgets.analysis.simulate('levelx', [policy] * players, n_games, seed, "
        "engine='batch'), whose frame summary(), compare() and load_game() read "
        "(this function goes in the next release)",
        DeprecationWarning,
        stacklevel=2,
    )
    outcome = simulate_outcome(n_games, players, policy, seed, rules)
    return outcome_frame(outcome, seed)


def simulate_outcome(
    n_games: int,
    players: int = 4,
    policy: str = "random",
    seed: int = 0,
    rules: Rules | None = None,
    draw: Draw | None = None,
) -> Outcome:
    """Play ``n_games`` games, every seat with ``policy``; the final positions as arrays.

    ``draw`` replaces the seeded numpy generator (tests replay engine games with it).
    """
    rules = _check(n_games, players, policy, seed, rules)
    moves = move_tables(rules.lucky_loser)
    rows = row_tables(rules, players)
    if draw is None:
        draw = NumpyDraws(np.random.default_rng(seed))
    return play(n_games, players, rules, moves, rows, draw, POLICIES[policy])


def outcome_frame(outcome: Outcome, seed: int) -> pd.DataFrame:
    """The per-game table of the deprecated :func:`simulate`."""
    pd = pandas()
    scores = outcome.scores
    n_games = scores.shape[1]
    top = scores == scores.max(axis=0) if n_games else scores.astype(bool)
    n_winners = top.sum(axis=0)
    columns: dict[str, object] = {
        "game_id": [f"{seed}:{k}" for k in range(n_games)],
        "turns": outcome.turns,
        "winner_seat": np.where(n_winners == 1, top.argmax(axis=0), -1),
        "n_winners": n_winners,
    }
    for p in range(scores.shape[0]):
        columns[f"score_{p}"] = scores[p]
    for p in range(scores.shape[0]):
        columns[f"bonus_{p}"] = outcome.bonus[p]
    return pd.DataFrame(columns)


# ---------------------------------------------------------------------------------------------
# The engine's random streams, many games at once


def engine_uniforms(seeds: Sequence[int], count: int) -> np.ndarray:
    """``[random.Random(s).random() for _ in range(count)]`` for every seed, bit for bit, as
    one array ``[count, len(seeds)]`` (the ``i``-th values of all games side by side).

    Seeded and twisted with numpy (:mod:`.mt`), ``_MT_GAMES`` seeds at a time, whatever
    their size.
    """
    return _engine_values(seeds, count, None)


def engine_rolls(seeds: Sequence[int], count: int) -> np.ndarray:
    """The engine's first ``count`` rolls (numbers into ``ROLLS``, ``int(random() * 1296)``
    as :meth:`LevelX.roll`) for every seed, ``int16`` ``[count, len(seeds)]``."""
    return _engine_values(seeds, count, ROLL_COUNT)


def _engine_values(seeds: Sequence[int], count: int, scale: int | None) -> np.ndarray:
    values = np.asarray(seeds)
    if values.dtype.kind not in "iu":  # ints beyond 64 bits: seeded from Python ints
        values = np.asarray(list(seeds), dtype=object)
    if values.size <= _MT_GAMES and values.dtype != object:
        return _mt_values(values, count, scale)
    out = np.empty((count, values.size), dtype=np.float64 if scale is None else np.int16)
    parts = max(1, -(-values.size // _MT_GAMES))
    width = max(1, -(-values.size // parts))  # equal parts of at most _MT_GAMES seeds
    for a in range(0, values.size, width):
        part = values[a : a + width]
        out[:, a : a + part.size] = _mt_values(
            part if part.dtype != object else part.tolist(), count, scale
        )
    return out


def _mt_values(seeds: Sequence[int] | np.ndarray, count: int, scale: int | None) -> np.ndarray:
    if scale is None:
        return mt.random_values(seeds, count)
    return mt.scaled_values(seeds, count, scale)


#: Seeds seeded together: each step of the seeding is one numpy operation on this many
#: words, so wider is faster (per-call cost spread: 1.45 ns a game and step at 8192, 1.1 at
#: 16384), but the states take 2.5 kB a game: at 16384 (40 MB at a time) a million-row study
#: peaked at 140 MB of the 150 allowed (benchmarks/simulate_overhead.py), so 8192 it is.
_MT_GAMES = 8192


def bot_first_states(seeds: Sequence[int] | np.ndarray) -> np.ndarray:
    """``RandomBot(s)``'s generator state before its first choice, for every seed, as
    ``uint64`` (:func:`~levelwidgets.levelx.bots.first_state` over arrays)."""
    values = np.asarray(seeds)
    kind = values.dtype.kind
    if kind == "u" or (kind == "i" and (values.size == 0 or values.min() >= 0)):
        words = values.astype(np.uint64)
    else:  # odd seeds (negative, beyond 64 bits, text): as RandomBot reduces them
        words = np.array([bots.seed_word(s) for s in list(seeds)], dtype=np.uint64)
    x = words + np.uint64(bots.SPLITMIX_GAMMA)
    x ^= x >> np.uint64(30)
    x *= np.uint64(bots.SPLITMIX_M1)
    x ^= x >> np.uint64(27)
    x *= np.uint64(bots.SPLITMIX_M2)
    x ^= x >> np.uint64(31)
    return x


def _lcg_jumps(count: int) -> tuple[np.ndarray, np.ndarray]:
    """``(a_k, c_k)`` for ``k = 0 … count``: RandomBot's state after ``k`` draws is
    ``a_k * x0 + c_k`` (mod 2**64)."""
    mul, inc = [1], [0]
    for _ in range(count):
        mul.append(mul[-1] * bots.LCG_MULTIPLIER & bots.MASK64)
        inc.append((inc[-1] * bots.LCG_MULTIPLIER + bots.LCG_INCREMENT) & bots.MASK64)
    return np.array(mul, dtype=np.uint64), np.array(inc, dtype=np.uint64)


class BotStreams:
    """The values RandomBots seeded ``seeds`` draw, one per turn of their seat: the ``k``-th
    is computed from the seed and ``k`` (no generator to seed or step, see
    :class:`~levelwidgets.levelx.RandomBot`)."""

    def __init__(self, seeds: Sequence[int] | np.ndarray) -> None:
        self.first = bot_first_states(seeds)
        self._mul, self._inc = _lcg_jumps(64)
        # the first states of the last ``games`` asked for: the lockstep passes the same
        # array turn after turn until it drops finished games
        self._games: np.ndarray | None = None
        self._first: np.ndarray = self.first

    def value(self, games: np.ndarray, k: int) -> np.ndarray:
        """The ``k``-th value (``k`` ≥ 1) of the bots of ``games``."""
        out = self.unscaled(games, k)
        out *= _UNIT
        return out

    def unscaled(self, games: np.ndarray, k: int) -> np.ndarray:
        """:meth:`value` times ``2**53``: the value's 53 bits as a float (a caller that
        multiplies by ``2**-53`` anyway saves the step)."""
        if k >= self._mul.size:
            self._mul, self._inc = _lcg_jumps(2 * k)
        if games is not self._games:
            self._games, self._first = games, np.take(self.first, games)
        x = self._first * self._mul[k]
        x += self._inc[k]
        x >>= np.uint64(11)
        return x.view(np.int64).astype(np.float64)


_UNIT = 2.0**-53
_NO_VALUES = np.empty(0)


class EngineDraws:
    """A lockstep ``Draw`` giving each game the engine's own dice and each RandomBot its own
    choices: game ``i`` rolls from ``random.Random(game_seeds[i])`` (one ``random()`` per
    roll, as :meth:`LevelX.roll`), and the bot in seat ``s`` picks with the values of
    ``RandomBot(seat_seeds[s][i])`` (one per turn, :class:`BotStreams`); ``seat_seeds[s] is
    None`` for a seat that draws nothing (GreedyBot).

    Dice are drawn ahead for ``rounds`` rounds; :meth:`short` names the games that needed
    more (their results are wrong and must be played again with more rounds).
    """

    per_turn = True  # called with the turn number (the lockstep's games all share it)

    def __init__(
        self,
        game_seeds: Sequence[int] | np.ndarray,
        seat_seeds: Sequence[Sequence[int] | np.ndarray | None],
        rounds: int,
        rolls: np.ndarray | None = None,
    ) -> None:
        self.players = len(seat_seeds)
        self.width = rounds * self.players
        if rolls is None:
            rolls = engine_rolls(game_seeds, self.width)
        elif rolls.shape != (self.width, len(game_seeds)):
            raise ValueError(f"rolls must be [{self.width}, {len(game_seeds)}], not {rolls.shape}")
        self._rolls = rolls  # [turn, game]
        self._seats = [None if s is None else BotStreams(s) for s in seat_seeds]
        self._spare: np.random.Generator | None = None

    def __call__(self, games: np.ndarray, seat: int, turn: int) -> tuple[np.ndarray, np.ndarray]:
        rolls = self._rolls_of(games, turn)
        stream = self._seats[seat]
        if stream is None:  # GreedyBot: draws nothing (its policy reads no values)
            return rolls, _NO_VALUES
        return rolls, stream.value(games, turn // self.players + 1)

    def unscaled(self, games: np.ndarray, seat: int, turn: int) -> tuple[np.ndarray, np.ndarray]:
        """As a call, with the bots' values times ``2**53`` (:meth:`BotStreams.unscaled`),
        for a seat that plays at random."""
        stream = self._seats[seat]
        if stream is None:
            raise ValueError(f"seat {seat} draws no values")
        return self._rolls_of(games, turn), stream.unscaled(games, turn // self.players + 1)

    def _rolls_of(self, games: np.ndarray, turn: int) -> np.ndarray:
        if turn < self.width:
            row = self._rolls[turn]
            # games are a subset of the columns, in order: all of them until games end
            rolls = row if games.size == row.size else np.take(row, games)
        else:  # past the dice drawn ahead: the game is replayed (short); any dice end it
            if self._spare is None:
                self._spare = np.random.default_rng(0)
            rolls = self._spare.integers(0, ROLL_COUNT, games.size, dtype=np.int16)
        return rolls

    def short(self, turns: np.ndarray) -> np.ndarray:
        """Positions of games of ``turns`` turns whose dice ran out before they ended."""
        return np.flatnonzero(turns > self.width)


# ---------------------------------------------------------------------------------------------
# A study's frame, block by block

#: Rounds of random numbers drawn ahead per game: longer games (rare) are played again.
AHEAD_ROUNDS = 48
#: ... by player count when every seat is greedy, or when some seat plays at random: a
#: round more than the longest of 4000 games of the default rules (random 2/3/4 players:
#: 42/34/32 rounds, greedy 22/18/17). Drawing, twisting and tempering what a game never uses
#: cost as much as its seeding.
AHEAD_BY_PLAYERS = {"greedy": {2: 24, 3: 20, 4: 19}, "random": {2: 44, 3: 36, 4: 34}}


def ahead_rounds(policies: Sequence[str]) -> int:
    """Rounds drawn ahead for a game of ``policies`` (:data:`AHEAD_BY_PLAYERS`)."""
    kind = "random" if "random" in policies else "greedy"
    return min(AHEAD_ROUNDS, AHEAD_BY_PLAYERS[kind].get(len(policies), AHEAD_ROUNDS))


def seat_policy(policies: Sequence[str]) -> Policy:
    """One lockstep policy that plays ``policies[seat]`` in each seat."""
    if len(set(policies)) == 1:
        return POLICIES[policies[0]]
    table = [POLICIES[p] for p in policies]

    def by_seat(games, seat: int, slots: np.ndarray, uniforms: np.ndarray) -> np.ndarray:  # type: ignore[no-untyped-def]
        return table[seat](games, seat, slots, uniforms)

    return by_seat


def play_games(
    policies: Sequence[str],
    game_seeds: Sequence[int] | np.ndarray,
    seat_seeds: Sequence[Sequence[int] | np.ndarray | None],
    rules: Rules,
    rolls: np.ndarray | None = None,
) -> Outcome:
    """Play one game per entry of ``game_seeds``, seat ``s`` with ``policies[s]``, on the
    engine's random streams (see :class:`EngineDraws`); games that outlast the streams drawn
    ahead are played again with longer ones, so every result is the engine's. ``rolls``:
    the games' first ``ahead_rounds(policies) * players`` rolls when already drawn
    (:func:`engine_rolls`)."""
    players = len(policies)
    moves = move_tables(rules.lucky_loser)
    rows = row_tables(rules, players)
    policy = seat_policy(policies)
    rounds = ahead_rounds(policies)
    draw = EngineDraws(game_seeds, seat_seeds, rounds, rolls)
    out = play(len(game_seeds), players, rules, moves, rows, draw, policy)
    redo = draw.short(out.turns)
    while redo.size:
        rounds *= 4
        seeds = np.asarray(game_seeds)[redo]
        seats = [None if s is None else np.asarray(s)[redo] for s in seat_seeds]
        again = EngineDraws(seeds, seats, rounds)
        part = play(len(seeds), players, rules, moves, rows, again, policy)
        for name in ("held", "bonus", "tiles"):
            getattr(out, name)[:, redo] = getattr(part, name)
        out.chips_left[redo] = part.chips_left
        out.turns[redo] = part.turns
        redo = redo[again.short(part.turns)]
    return out


class StudyColumns:
    """The columns of an engine study's frame (:func:`..rows.game_row`, the dtypes of
    :mod:`..collect`), allocated once for ``n_games`` rows and filled block by block: no
    per-game Python objects, so a million rows take about 100 MB. Bot names are kept as
    entry numbers (``int8``) until :meth:`frame` turns them into text, which then takes
    from the few labels instead of checking a string per row."""

    def __init__(self, n_games: int, labels: Sequence[str]) -> None:
        n, players = n_games, len(labels)
        self.players = players
        self.labels = list(labels)
        # the winners' seats for every set of them (bit s: seat s), one tuple each, shared
        # by the rows (as the engine path's collector shares equal tuples)
        self.winners = np.empty(1 << players, dtype=object)
        for mask in range(1 << players):
            self.winners[mask] = tuple(s for s in range(players) if mask >> s & 1)
        #: columns of entry numbers (-1: none), turned into their labels by :meth:`frame`
        self.named = {f"bot_{seat}" for seat in range(players)} | {"winner_bot"}
        self.cols: dict[str, np.ndarray] = {
            "game_index": np.arange(n, dtype=np.int64),
            "seed": np.zeros(n, dtype=np.int64),
            "players": np.full(n, players, dtype=np.int8),
            "turns": np.zeros(n, dtype=np.int32),
            "rounds": np.zeros(n, dtype=np.int16),
            "over": np.ones(n, dtype=bool),
            "winner_seat": np.zeros(n, dtype=np.int8),
            "winner_seats": np.empty(n, dtype=object),
            "winner_bot": np.zeros(n, dtype=np.int8),
            "tie": np.zeros(n, dtype=bool),
        }
        for seat in range(players):
            self.cols[f"bot_{seat}"] = np.zeros(n, dtype=np.int8)
            self.cols[f"score_{seat}"] = np.zeros(n, dtype=np.int16)
        self.cols["rows_closed"] = np.zeros(n, dtype=np.int8)
        for r in ROWS:
            self.cols[f"chips_row_{r}"] = np.zeros(n, dtype=np.int8)

    def fill(self, ks: np.ndarray, seeds: np.ndarray, out: Outcome) -> None:
        """Rows ``ks`` (increasing game numbers, seeded ``seeds``): game ``k`` seats entry
        ``(k + s) % players`` in seat ``s``, as every study does."""
        c, players = self.cols, self.players
        rows = _rows_of(ks)
        scores = out.scores  # [seat, game]
        top = scores == scores.max(axis=0)
        n_top = top.sum(axis=0)
        sole = n_top == 1
        first = top.argmax(axis=0)
        c["seed"][rows] = seeds
        c["turns"][rows] = out.turns
        c["rounds"][rows] = out.turns // players
        c["winner_seat"][rows] = np.where(sole, first, -1)
        c["tie"][rows] = ~sole
        c["winner_bot"][rows] = np.where(sole, (ks + first) % players, -1)
        mask = top[0].astype(np.intp)
        for seat in range(1, players):
            mask |= top[seat].astype(np.intp) << seat
        c["winner_seats"][rows] = np.take(self.winners, mask)
        for seat in range(players):
            c[f"bot_{seat}"][rows] = (ks + seat) % players
            c[f"score_{seat}"][rows] = scores[seat]
        c["rows_closed"][rows] = (out.chips_left == 0).sum(axis=1)
        taken = out.held.sum(axis=0)  # [game, row]
        for i, r in enumerate(ROWS):
            c[f"chips_row_{r}"][rows] = taken[:, i]

    def frame(self, done: int) -> pd.DataFrame:
        """The first ``done`` rows as the engine path's DataFrame, handing the arrays over
        (no copies but the text columns', made and freed one at a time): call it once."""
        pd = pandas()
        labels = pd.array(self.labels, dtype="str")  # pandas' text dtype, as the engine's
        data: dict[str, object] = {}
        for name in list(self.cols):
            values = self.cols.pop(name)[:done]
            if name == "winner_seat":
                data[name] = pd.arrays.IntegerArray(values, np.zeros(done, dtype=bool))
            elif name in self.named:  # entry numbers: their labels, -1 missing
                data[name] = labels.take(values.astype(np.intp), allow_fill=True)
            else:
                data[name] = values
            del values
        return pd.DataFrame(data, copy=False)


def _rows_of(ks: np.ndarray) -> slice | np.ndarray:
    """``ks`` as a slice when they are consecutive (a slice assigns without an index array)."""
    if ks.size and int(ks[-1]) - int(ks[0]) == ks.size - 1:
        return slice(int(ks[0]), int(ks[-1]) + 1)
    return ks


def study_blocks(n_games: int, entries: int) -> list[tuple[int, int]]:
    """Blocks of game numbers ``[start, stop)`` of ``CHUNK * entries`` games: a block fills
    ``entries`` lockstep chunks (:func:`block_groups`)."""
    size = CHUNK * entries
    return [(a, min(a + size, n_games)) for a in range(0, n_games, size)]


def block_groups(start: int, stop: int, policies: Sequence[str]) -> list[np.ndarray]:
    """The game numbers of a block, in groups played together (each one lockstep chunk at
    most): the games of one rotation of the seats (``k % n``) when the entries play
    different policies; when they all play the same, rotations play alike and consecutive
    games go together, in parts as equal as ``CHUNK`` allows (no small last chunk)."""
    n = len(policies)
    if len(set(policies)) > 1:
        groups = [np.arange(start + (r - start) % n, stop, n) for r in range(n)]
    else:
        parts = max(1, -(-(stop - start) // CHUNK))
        groups = np.array_split(np.arange(start, stop), parts)
    return [g for g in groups if g.size]


def play_block(
    columns: StudyColumns,
    start: int,
    stop: int,
    policies: Sequence[str],
    seed: int,
    rules: Rules,
    seeds_of: Callable[[int, np.ndarray, Sequence[int | None]], list[np.ndarray]],
) -> None:
    """Play games ``start``–``stop - 1`` of a study: game ``k`` seats entry ``(k + s) % n``
    in seat ``s``, seeded as the engine path seeds it (``seeds_of(seed, ks, seats)``: the
    seeds of games ``ks`` and of their bots in ``seats``, :func:`..simulate.seed_columns`)."""
    n = len(policies)
    groups = block_groups(start, stop, policies)
    draws = [p == "random" for p in policies]
    seeds = []
    for ks in groups:
        # the bots' seeds of the seats that draw (a seat's entry depends on the group)
        r = int(ks[0]) % n
        seats = [s for s in range(n) if draws[(r + s) % n]]
        columns_of = seeds_of(seed, ks, [None, *seats])
        seeds.append(dict(zip([None, *seats], columns_of, strict=True)))
    # The whole block's dice at once, ``_MT_GAMES`` per numpy call of the seeding.
    rolls = engine_rolls(np.concatenate([s[None] for s in seeds]), ahead_rounds(policies) * n)
    at = 0
    for ks, seeded in zip(groups, seeds, strict=True):
        r = int(ks[0]) % n
        seat_policies = [policies[(r + s) % n] for s in range(n)]
        seat_seeds = [seeded.get(s) for s in range(n)]
        part = rolls[:, at : at + ks.size]
        at += ks.size
        out = play_games(seat_policies, seeded[None], seat_seeds, rules, part)
        columns.fill(ks, seeded[None], out)


def _check(n_games: object, players: object, policy: object, seed: object, rules: object) -> Rules:
    """Refuse bad arguments with the engine's error type, before any work is done."""
    if not _is_int(n_games) or n_games < 0:  # type: ignore[operator]
        raise RulesError.coded(
            "levelx.batch_games", "n_games must be a whole number ≥ 0, not {n!r}.", n=n_games
        )
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:  # type: ignore[operator]
        raise RulesError.coded(
            "levelx.player_count",
            "Level X is for {least} to {most} players, not {count}.",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=players,
        )
    if not isinstance(policy, str) or policy not in POLICIES:
        raise RulesError.coded(
            "levelx.batch_policy",
            "policy must be one of {names:, }, not {policy!r}.",
            names=sorted(POLICIES),
            policy=policy,
        )
    if not _is_int(seed) or seed < 0:  # type: ignore[operator]
        raise RulesError.coded(
            "levelx.batch_seed", "seed must be a whole number ≥ 0, not {seed!r}.", seed=seed
        )
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError.coded("levelx.rules_type", "rules must be a Rules(...) object.")
    rules.chips(players)  # type: ignore[arg-type]  # fails for a missing player count
    return rules


def _is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)
