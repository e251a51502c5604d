"""One compact row per game, the same for a study's workers and for games played anywhere."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def game_row(game: str, g: Any, k: int, seed: int, labels: Sequence[str]) -> dict[str, Any]:
    """One row: ``game_index``, ``seed``, ``players``, ``turns``, ``rounds``, ``over``,
    ``winner_seat`` (-1 for a tie, None unfinished), ``winner_seats``, ``winner_bot``,
    ``tie``, per seat ``bot_i`` and ``score_i`` (Level X points; Level 8 the level reached),
    Level X ``chips_row_r`` (chips taken per row) and ``rows_closed``, Level 8
    ``rounds_to_finish``."""
    winners = list(g.winners)
    sole = len(winners) == 1
    over = g.is_over
    row: dict[str, Any] = {
        "game_index": k,
        "seed": seed,
        "players": len(labels),
        "turns": g.plies,
        "rounds": g.round,
        "over": over,
        "winner_seat": winners[0] if sole else (-1 if winners else None),
        "winner_seats": tuple(winners),
        "winner_bot": labels[winners[0]] if sole else None,
        "tie": len(winners) > 1,
    }
    for seat, label in enumerate(labels):
        row[f"bot_{seat}"] = label
        row[f"score_{seat}"] = g.score(seat) if game == "levelx" else g.levels[seat]
    if game == "levelx":
        from ..levelx.rules import ROWS

        row["rows_closed"] = sum(g.is_closed(r) for r in ROWS)
        held = [g.chips_held(seat) for seat in range(len(labels))]
        for r in ROWS:
            row[f"chips_row_{r}"] = sum(h[r] for h in held)
    else:
        row["rounds_to_finish"] = g.round if over else None
    return row
