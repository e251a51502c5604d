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
from typing import Any

import numpy as np

PHASES = ("roll", "play", "over")
FACES = 6
#: One float32 zero: ``_ZERO * n`` is a zeroed vector of n values in one C call.
_ZERO = array("f", [0.0])


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


def _flag_tiles(out: array, start: int, held: list[int], tiles: tuple[int, ...]) -> None:
    """1 at ``start + k`` for each bonus tile ``tiles[k]`` in ``held`` (equal tiles each once)."""
    left = list(held)
    for k, tile in enumerate(tiles):
        if tile in left:
            left.remove(tile)
            out[start + k] = 1.0


def tensor(game: Any, obs: dict[str, Any], me: int) -> np.ndarray:
    """The layout above, for ``obs``, the observation of seat ``me`` of ``game``."""
    n = game.num_players
    rows, tiles = _rules(game)
    cur, phase, dice, pieces, chips, left, taken, scores, turns, total = _layout(n, rows, tiles)
    order = [(me + k) % n for k in range(n)]
    out = _ZERO * total  # float32 items written as cheaply as a list's; no copy at the end
    out[cur + (obs["current_player"] - me) % n] = 1.0
    out[phase + PHASES.index(obs["phase"])] = 1.0
    for die in obs["dice"] or ():
        out[dice + die - 1] += 1.0
    i = pieces
    for seat in order:
        for square, length in zip(obs["pieces"][seat], rows, strict=True):
            out[i + min(square, length)] = 1.0
            i += length + 1
    for k, chips_left in enumerate(obs["chips_left"]):
        out[chips + k] = chips_left
    _flag_tiles(out, left, obs["tiles_left"], tiles)
    for k, seat in enumerate(order):
        _flag_tiles(out, taken + k * len(tiles), obs["tiles"][seat], tiles)
        out[scores + k] = obs["scores"][seat]
    out[turns] = obs["turns"]
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
