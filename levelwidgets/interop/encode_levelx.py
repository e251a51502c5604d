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
from struct import Struct
from typing import Any

import numpy as np

PHASES = ("roll", "play", "over")
FACES = 6
#: Most bonus-tile holdings kept per config (each a few bytes; a game has few of them).
_TILE_CACHE = 4096


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


_PACKERS: dict[int, Any] = {}


def _floats(values: Any) -> bytes:
    """``values`` as float32 bytes (``struct`` packs a short row several times faster than
    ``array`` converts one, to the same bytes)."""
    pack = _PACKERS.get(len(values))
    if pack is None:
        pack = _PACKERS[len(values)] = Struct(f"{len(values)}f").pack
    return pack(*values)


def _hot(index: int, width: int) -> bytes:
    """The float32 bytes of a one-hot of ``width`` values with 1 at ``index``."""
    out = array("f", bytes(4 * width))
    out[index] = 1.0
    return out.tobytes()


class _Blocks:
    """A config's vector parts made once as float32 bytes; a tensor joins them (one C call
    each, where writing every value from Python cost several times more)."""

    def __init__(self, n: int, rows: tuple[int, ...], tiles: tuple[int, ...]) -> None:
        self.n, self.rows, self.tiles = n, rows, tiles
        self.current = [_hot(k, n) for k in range(n)]
        self.phase = {p: _hot(k, len(PHASES)) for k, p in enumerate(PHASES)}
        self.no_dice = bytes(4 * FACES)
        #: per row, the one-hot of each square 0 … L (a square past L counts as L)
        self.squares = [[_hot(s, length + 1) for s in range(length + 1)] for length in rows]
        self.ends = [length for length in rows]
        self._held: dict[tuple[int, ...], bytes] = {}
        self.size = _layout(n, rows, tiles)[-1]

    def held(self, cards: list[int]) -> bytes:
        """1 at k for each bonus tile ``tiles[k]`` in ``cards`` (equal tiles each once)."""
        key = tuple(cards)
        got = self._held.get(key)
        if got is None:
            out = array("f", bytes(4 * len(self.tiles)))  # made once per holding
            left = list(cards)
            for k, tile in enumerate(self.tiles):
                if tile in left:
                    left.remove(tile)
                    out[k] = 1.0
            if len(self._held) >= _TILE_CACHE:
                self._held.clear()
            got = self._held[key] = out.tobytes()
        return got


@lru_cache(maxsize=32)
def _blocks(n: int, rows: tuple[int, ...], tiles: tuple[int, ...]) -> _Blocks:
    return _Blocks(n, rows, tiles)


def tensor(game: Any, obs: dict[str, Any], me: int) -> np.ndarray:
    """The layout above, for ``obs``, the observation of seat ``me`` of ``game``."""
    n = game.num_players
    b = _blocks(n, *_rules(game))
    order = [(me + k) % n for k in range(n)]
    parts = [b.current[(obs["current_player"] - me) % n], b.phase[obs["phase"]]]
    dice = obs["dice"]
    if dice:
        counts = array("f", b.no_dice)
        for die in dice:
            counts[die - 1] += 1.0
        parts.append(counts.tobytes())
    else:
        parts.append(b.no_dice)
    squares, ends, nrows = b.squares, b.ends, len(b.rows)
    pieces = obs["pieces"]
    for seat in order:
        row = pieces[seat]
        if len(row) != nrows:
            raise ValueError(f"seat {seat} has {len(row)} rows of pieces; the rules have {nrows}")
        for k, square in enumerate(row):
            end = ends[k]
            parts.append(squares[k][square if square < end else end])
    chips = obs["chips_left"]
    parts.append(_floats(chips))
    parts.append(b.held(obs["tiles_left"]))
    held, scores = obs["tiles"], obs["scores"]
    parts.extend(b.held(held[seat]) for seat in order)
    parts.append(_floats([*(scores[seat] for seat in order), obs["turns"]]))
    out = bytearray().join(parts)  # writeable, like every tensor before
    if len(out) != 4 * b.size:
        raise ValueError(f"the observation does not fit the layout of {b.size} values")
    return np.frombuffer(out, dtype=np.float32)


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
