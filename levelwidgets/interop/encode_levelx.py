"""Level X observations as a float32 vector and as text (from ``game.observation(seat)``).

Level X hides nothing, so every seat sees the whole position; seats are still listed
*observer first* (``rel`` = seats after the observer in turn order) so one policy serves
every seat. With *n* seats, the six rows' lengths *L* and *T* bonus tiles, the layout is:

=========================  ==================  ==============================================
Part                       Size                Values
=========================  ==================  ==============================================
current player             n                   one-hot, relative to the observer
phase                      3                   one-hot: roll, play, over
dice                       6                   how many dice show 1 … 6 (0 before a roll)
pieces                     n × Σ(L + 1)        per seat, per row 5 … 10: one-hot of the step
chips left                 6                   chips left per row
tiles left                 T                   1 per bonus tile still on the table
tiles taken                n × T               per seat: the bonus tiles it holds
scores                     n                   points (raw)
turns                      1                   turns played (raw)
=========================  ==================  ==============================================
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from operator import getitem
from struct import Struct
from typing import Any

import numpy as np

from ..levelx.rules import ROWS

#: The chip values of rows 5 … 10, as :func:`seat_tensor` writes the scores out.
_ROW_VALUES = (5, 6, 7, 8, 9, 10)
if ROWS != _ROW_VALUES:  # pragma: no cover - a guard for a change of the engine's rows
    raise ImportError(f"encode_levelx writes scores for rows {_ROW_VALUES}, not {ROWS}")

PHASES = ("roll", "play", "over")
FACES = 6
#: Most pieces rows, dice and tile holdings kept per config (each at most a few hundred
#: bytes; the cache starts afresh when full).
_CACHE = 4096
#: Steps past a row's end that find their block at once (any further ones are clipped too).
_PAST = 4


def _rules(game: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(game.rules.row_lengths), tuple(game.rules.bonus_tiles)


@lru_cache(maxsize=32)
def _layout(n: int, rows: tuple[int, ...], tiles: tuple[int, ...]) -> tuple[int, ...]:
    """Where each part starts (fixed by the config): current, phase, dice, pieces, chips,
    tiles left, tiles taken, scores, turns, and the total size."""
    starts = [0]
    for width in (n, len(PHASES), FACES, n * sum(r + 1 for r in rows), len(rows), len(tiles)):
        starts.append(starts[-1] + width)
    starts.append(starts[-1] + n * len(tiles))  # scores
    starts.append(starts[-1] + n)  # turns
    starts.append(starts[-1] + 1)  # the size
    return tuple(starts)


def size(game: Any) -> int:
    """The vector's length; fixed by the config (players and rules)."""
    return _layout(game.num_players, *_rules(game))[-1]


def _hot(index: int, width: int) -> bytes:
    """The float32 bytes of a one-hot of ``width`` values with 1 at ``index``."""
    out = array("f", bytes(4 * width))
    out[index] = 1.0
    return out.tobytes()


class _Blocks:
    """A config's vector parts made once as float32 bytes; a tensor joins them (one C call
    each, where writing every value from Python cost several times more). The parts that
    follow the play (a seat's pieces, the dice, the bonus tiles held) are kept per value:
    a game meets few of them."""

    def __init__(self, n: int, rows: tuple[int, ...], tiles: tuple[int, ...]) -> None:
        self.n, self.rows, self.tiles = n, rows, tiles
        self.current = [_hot(k, n) for k in range(n)]
        self.phase = {p: _hot(k, len(PHASES)) for k, p in enumerate(PHASES)}
        self.no_dice = bytes(4 * FACES)
        self.no_tiles = bytes(4 * len(tiles))
        self.pack_chips = Struct(f"{len(rows)}f").pack
        self.pack_tail = Struct(f"{n + 1}f").pack  # the scores, then the turns
        self.size = _layout(n, rows, tiles)[-1]
        #: per row, the one-hot of each step 0 … L, then L's again for the steps past it
        self.squares = [
            [_hot(min(step, length), length + 1) for step in range(length + 1 + _PAST)]
            for length in rows
        ]
        self._kept: dict[tuple[str, tuple[int, ...]], bytes] = {}
        #: a seat's pieces block by its steps (see :meth:`seat_pieces`)
        self.pieces: dict[tuple[int, ...], bytes] = {}
        #: the seats in the tensor's order, observer first, per observer
        self.orders = [tuple((me + k) % n for k in range(n)) for me in range(n)]
        #: the seat to act, phase and dice joined, by (seat after the observer, dice, over)
        self.heads: dict[tuple[int, tuple[int, ...] | None, bool], bytes] = {}
        #: the tiles left and every seat's tiles before any tile is taken
        self.untouched = self.held(list(tiles)) + self.no_tiles * n
        #: the tiles-left block by the number of tiles taken (the rest of the stack)
        self.lefts = [self.held(list(tiles[taken:])) for taken in range(len(tiles) + 1)]
        #: the chips-left block by the chips left per row
        self.chips_kept: dict[tuple[int, ...], bytes] = {}
        #: a seat's bonus tiles block by the tiles it holds
        self.hands: dict[tuple[int, ...], bytes] = {}
        #: :func:`seat_tensor` for this config, its blocks bound (see :func:`_bound_encoder`)
        self.encode = _bound_encoder(self)

    def chips_block(self, left: list[int]) -> bytes:
        """The chips left per row, kept in :attr:`chips_kept` (they change only when a chip
        is taken)."""
        block = self.pack_chips(*left)
        if len(self.chips_kept) >= _CACHE:
            self.chips_kept.clear()
        self.chips_kept[tuple(left)] = block
        return block

    def hand(self, cards: list[int]) -> bytes:
        """A seat's bonus tiles (:meth:`held`), kept in :attr:`hands`."""
        block = self._held(cards)
        if len(self.hands) >= _CACHE:
            self.hands.clear()
        self.hands[tuple(cards)] = block
        return block

    def seat_pieces(self, seat: int, row: list[int]) -> bytes:
        """One seat's pieces, the one-hots of its six rows joined, kept by their steps (the
        seats that did not move find theirs: one lookup instead of six blocks)."""
        rows = len(self.rows)
        if len(row) != rows:
            raise ValueError(f"seat {seat} has {len(row)} rows of pieces; the rules have {rows}")
        try:
            block = b"".join(map(getitem, self.squares, row))  # one C loop over the six rows
        except IndexError:  # a step past the padding: the plain way
            block = b"".join(_hot(min(s, r), r + 1) for s, r in zip(row, self.rows, strict=True))
        if len(self.pieces) >= _CACHE:
            self.pieces.clear()
        self.pieces[tuple(row)] = block
        return block

    def head(self, current: int, dice: tuple[int, ...] | None, over: bool) -> bytes:
        """The first three parts, kept in :attr:`heads` (a config has a few thousand)."""
        phase = "over" if over else "roll" if dice is None else "play"
        block = (
            self.current[current] + self.phase[phase] + (self.dice(dice) if dice else self.no_dice)
        )
        if len(self.heads) >= _CACHE:
            self.heads.clear()
        self.heads[current, dice, over] = block
        return block

    def _get(self, what: str, values: list[int], make: Any) -> bytes:
        key = (what, tuple(values))
        got = self._kept.get(key)
        if got is None:
            if len(self._kept) >= _CACHE:
                self._kept.clear()
            got = self._kept[key] = make(values)
        return got

    def dice(self, dice: list[int]) -> bytes:
        """How many dice show 1 … 6."""
        return self._get("dice", dice, self._dice)

    def _dice(self, dice: list[int]) -> bytes:
        counts = array("f", self.no_dice)
        for die in dice:
            counts[die - 1] += 1.0
        return counts.tobytes()

    def held(self, cards: list[int]) -> bytes:
        """1 at k for each bonus tile ``tiles[k]`` in ``cards`` (equal tiles each once)."""
        return self._get("held", cards, self._held)

    def _held(self, cards: list[int]) -> bytes:
        out = array("f", bytes(4 * len(self.tiles)))
        left = list(cards)
        for k, tile in enumerate(self.tiles):
            if tile in left:
                left.remove(tile)
                out[k] = 1.0
        return out.tobytes()


@lru_cache(maxsize=32)
def _blocks(n: int, rows: tuple[int, ...], tiles: tuple[int, ...]) -> _Blocks:
    return _Blocks(n, rows, tiles)


#: The blocks last used per rules object, by identity (the rules of a game never change).
_BY_RULES: dict[int, tuple[Any, _Blocks]] = {}
_FLOAT32 = np.dtype(np.float32)


def _blocks_of(game: Any) -> _Blocks:
    rules, n = game.rules, game.num_players
    got = _BY_RULES.get(id(rules))
    if got is None or got[0] is not rules or got[1].n != n:
        if len(_BY_RULES) >= 64:
            _BY_RULES.clear()
        got = _BY_RULES[id(rules)] = (rules, _blocks(n, *_rules(game)))
    return got[1]


def tensor(game: Any, obs: dict[str, Any], me: int) -> np.ndarray:
    """The layout above, for ``obs``, the observation of seat ``me`` of ``game``."""
    got = _BY_RULES.get(id(game.rules))
    b = got[1] if got is not None and got[0] is game.rules else _blocks_of(game)
    n = b.n
    if n != game.num_players:
        b = _blocks_of(game)
        n = b.n
    order = [(me + k) % n for k in range(n)] if me else range(n)
    pieces, held, scores = obs["pieces"], obs["tiles"], obs["scores"]
    parts = [b.current[(obs["current_player"] - me) % n], b.phase[obs["phase"]]]
    dice = obs["dice"]
    parts.append(b.dice(dice) if dice else b.no_dice)
    kept = b.pieces
    for seat in order:
        row = pieces[seat]
        block = kept.get(tuple(row))
        parts.append(b.seat_pieces(seat, row) if block is None else block)
    parts.append(b.pack_chips(*obs["chips_left"]))
    left = obs["tiles_left"]
    parts.append(b.held(left) if left else b.no_tiles)
    for seat in order:
        cards = held[seat]
        parts.append(b.held(cards) if cards else b.no_tiles)
    parts.append(b.pack_tail(*[scores[seat] for seat in order], obs["turns"]))
    out = bytearray().join(parts)  # writeable, like every tensor before
    if len(out) != 4 * b.size:
        raise ValueError(f"the observation does not fit the layout of {b.size} values")
    return np.frombuffer(out, dtype=_FLOAT32)


def seat_tensor(game: Any, me: int) -> np.ndarray:
    """:func:`tensor` of ``game.observation(me)``, byte for byte, read from the position
    without making the observation (a training loop asks for one at every decision: the
    observation's eleven copies cost as much as the tensor itself).

    Why this keeps the rule of sight: Level X hides nothing, ``LevelX.observation`` is the
    same for every viewer and is a copy of exactly the fields read here (the seat to act,
    phase, dice, pieces, chips, bonus tiles, scores, turns). :func:`.core.seat_tensor_function`
    takes this path only for a game whose ``observation`` is ``LevelX``'s own (a subclass
    that changes it is encoded from its observation), and the tests check it against
    :func:`tensor` of the observation for every seat of many positions. ``me`` must be a
    seat (the callers check it)."""
    got = _BY_RULES.get(id(game.rules))
    b = got[1] if got is not None and got[0] is game.rules else _blocks_of(game)
    if b.n != len(game._state.pos):
        b = _blocks_of(game)
    return b.encode(game, me)


def config_encoder(game: Any) -> Any:
    """:func:`seat_tensor` for the games of ``game``'s config only (players, row lengths,
    bonus tiles: an environment's games), the config's blocks found once rather than at
    every call. A game of another player count is refused; one of other rows or tiles would
    be encoded wrongly, so only a caller that keeps the config may hold it."""
    return _blocks_of(game).encode


def _bound_encoder(b: _Blocks) -> Any:
    """The body of :func:`seat_tensor` for the config of ``b``, its blocks and packers bound
    as local names (a training loop calls it at every decision: each attribute looked up
    per call cost more than the bytes it joins)."""
    n, orders = b.n, b.orders
    heads, head = b.heads, b.head
    kept, seat_pieces = b.pieces, b.seat_pieces
    pack_tail = b.pack_tail
    untouched, lefts, no_tiles = b.untouched, b.lefts, b.no_tiles
    hands, hand = b.hands, b.hand
    chips_kept, pack_chips_kept = b.chips_kept, b.chips_block
    join = bytearray().join  # a new bytearray per call (writeable and the caller's own)
    size, shape = 4 * b.size, (b.size,)
    # ndarray(shape, dtype, buffer) is np.frombuffer without its keyword parsing
    array, float32 = np.ndarray, _FLOAT32

    def encode(game: Any, me: int) -> np.ndarray:
        state = game._state
        pos = state.pos
        if len(pos) != n:
            raise ValueError(f"the position has {len(pos)} seats; this encoder is for {n}")
        order = orders[me]
        # the seat to act, the phase and the dice: one block, kept by their values
        key = (state.current - me) % n, game._dice, state.over
        block = heads.get(key)
        parts = [head(*key) if block is None else block]
        for seat in order:
            row = pos[seat]
            block = kept.get(tuple(row))
            parts.append(seat_pieces(seat, row) if block is None else block)
        left = state.chips
        block = chips_kept.get(tuple(left))
        parts.append(pack_chips_kept(left) if block is None else block)
        # the scores as levelx.state.score counts them (rows 5 … 10: _ROW_VALUES) written
        # out, plus the bonus tiles held
        chips = state.held
        taken = state.tiles_taken
        if not taken:  # every tile is left and nobody holds one (the engine keeps that count)
            parts.append(untouched)
            scores = [
                5 * h[0] + 6 * h[1] + 7 * h[2] + 8 * h[3] + 9 * h[4] + 10 * h[5]
                for h in map(chips.__getitem__, order)
            ]
        else:
            parts.append(lefts[taken])
            held = state.tiles
            scores = []
            for seat in order:
                cards = held[seat]
                h = chips[seat]
                score = 5 * h[0] + 6 * h[1] + 7 * h[2] + 8 * h[3] + 9 * h[4] + 10 * h[5]
                if cards:
                    block = hands.get(tuple(cards))
                    parts.append(hand(cards) if block is None else block)
                    score += sum(cards)
                else:
                    parts.append(no_tiles)
                scores.append(score)
        parts.append(pack_tail(*scores, state.turn))
        out = join(parts)
        if len(out) != size:
            raise ValueError(f"the position does not fit the layout of {size // 4} values")
        return array(shape, float32, out)

    return encode


def legal_table(game: Any) -> Any:
    """The engine's legal-move table of the position (a permanent object per sorted roll,
    rule switch and closed rows): while a seat is to move, the legal action ids are a
    function of it alone, so a mask can be kept by its identity without listing the ids
    (see :meth:`.core.MaskCache.of_table`). None before a roll and once over (the ids are
    the rolls or none then). Level X hides nothing: anyone may know it."""
    if game._dice is None or game._state.over:
        return None
    return game._moves


def text(obs: dict[str, Any], me: int) -> str:
    """A compact text of the position as seat ``me`` sees it (every seat sees everything)."""
    dice = " ".join(map(str, obs["dice"])) if obs["dice"] else "-"
    lines = [
        f"seat {me} sees: turn {obs['turns']}, seat {obs['current_player']} to {obs['phase']}",
        f"dice {dice}",
    ]
    for seat, pieces in enumerate(obs["pieces"]):
        tiles = " ".join(map(str, obs["tiles"][seat])) or "-"
        rows = " ".join(map(str, pieces))
        lines.append(f"seat {seat}: rows {rows}, tiles {tiles}, score {obs['scores'][seat]}")
    chips = " ".join(map(str, obs["chips_left"]))
    left = " ".join(map(str, obs["tiles_left"])) or "-"
    lines.append(f"chips {chips}, tiles left {left}")
    return "\n".join(lines)
