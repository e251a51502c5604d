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

from typing import Any

import numpy as np

PHASES = ("roll", "play", "over")
FACES = 6


def _rules(game: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(game.rules.row_lengths), tuple(game.rules.bonus_tiles)


def size(game: Any) -> int:
    """The vector's length; fixed by the config (players and rules)."""
    n = game.num_players
    rows, tiles = _rules(game)
    return (
        n
        + len(PHASES)
        + FACES
        + n * sum(r + 1 for r in rows)
        + len(rows)
        + len(tiles) * (n + 1)
        + n
        + 1
    )


def _tile_flags(held: list[int], tiles: tuple[int, ...]) -> list[float]:
    left = list(held)
    out = []
    for t in tiles:
        if t in left:
            left.remove(t)
            out.append(1.0)
        else:
            out.append(0.0)
    return out


def tensor(game: Any, obs: dict[str, Any], me: int) -> np.ndarray:
    """The layout above, for ``obs``, the observation of seat ``me`` of ``game``."""
    n = game.num_players
    rows, tiles = _rules(game)
    order = [(me + k) % n for k in range(n)]
    out = np.zeros(size(game), dtype=np.float32)
    i = 0
    out[i + (obs["current_player"] - me) % n] = 1.0
    i += n
    out[i + PHASES.index(obs["phase"])] = 1.0
    i += len(PHASES)
    for die in obs["dice"] or ():
        out[i + die - 1] += 1.0
    i += FACES
    for seat in order:
        for r, length in enumerate(rows):
            out[i + min(obs["pieces"][seat][r], length)] = 1.0
            i += length + 1
    out[i : i + len(rows)] = obs["chips_left"]
    i += len(rows)
    out[i : i + len(tiles)] = _tile_flags(obs["tiles_left"], tiles)
    i += len(tiles)
    for seat in order:
        out[i : i + len(tiles)] = _tile_flags(obs["tiles"][seat], tiles)
        i += len(tiles)
    for seat in order:
        out[i] = obs["scores"][seat]
        i += 1
    out[i] = obs["turns"]
    return out


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
