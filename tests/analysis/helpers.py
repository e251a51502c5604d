"""Small games frames built by hand, so every expected number can be counted on paper."""

from __future__ import annotations

import pandas as pd


def two_player_frame(
    first_wins: int, second_wins: int, ties: int = 0, bots: tuple[str, str] = ("A", "B")
) -> pd.DataFrame:
    """Seat 0 wins ``first_wins`` games, seat 1 ``second_wins``, ``ties`` end level; the two
    bots swap seats every game."""
    outcomes = [0] * first_wins + [1] * second_wins + [-1] * ties
    rows = []
    for k, seat in enumerate(outcomes):
        a, b = bots if k % 2 == 0 else bots[::-1]
        scores = {0: (10, 5), 1: (5, 10), -1: (7, 7)}[seat]
        rows.append(
            {
                "seed": k,
                "turns": 30 + 2 * (k % 5),
                "winner_seat": seat,
                "bot_0": a,
                "bot_1": b,
                "score_0": scores[0],
                "score_1": scores[1],
            }
        )
    return pd.DataFrame(rows)
