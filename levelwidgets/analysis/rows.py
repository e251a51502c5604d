"""One compact row per game, the same for a study's workers and for games played anywhere."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .kinds import KINDS

_BOT = tuple(f"bot_{seat}" for seat in range(8))
_SCORE = tuple(f"score_{seat}" for seat in range(8))


def game_row(game: str, g: Any, k: int, seed: int, labels: Sequence[str]) -> dict[str, Any]:
    """One row: ``game_index``, ``seed``, ``players``, ``turns`` (the game's ``plies``: Level X
    turns, Level 8 actions), ``rounds``, ``over``,
    ``winner_seat`` (-1 for a tie, None unfinished), ``winner_seats``, ``winner_bot``,
    ``tie``, per seat ``bot_i`` and ``score_i`` (Level X points; Level 8 the level reached),
    Level X ``chips_row_r`` (chips taken per row) and ``rows_closed``, Level 8
    ``rounds_to_finish``."""
    kind = KINDS[game]
    scores, winners = kind.result(g, len(labels))
    over = g.is_over
    sole = len(winners) == 1
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
        row[_BOT[seat]] = label
        row[_SCORE[seat]] = scores[seat]
    row.update(kind.columns(g, len(labels)))
    return row
