"""From one row per game to one row per seat, with the share of the win each seat earned.

The games frame (e.g. :func:`levelwidgets.analysis.games_frame`) has one row per game:

- ``seed``, ``turns``;
- ``bot_0`` … ``bot_{n-1}``: the bot (its name) in each seat; a seat left empty (NaN) in
  games with fewer players;
- ``winner_seat``: the winner's seat; ``-1`` for a tie; NaN for a game without a result
  (unfinished);
- for ties, who tied: ``winner_seats`` (the seats sharing the win) when the frame has it,
  else the seats with the top ``score_i``.

A tie among ``k`` seats gives each ``1/k`` of a win, so every finished game hands out exactly
one win and the win rates of a game's bots add up to 1. Unfinished games earn nothing, are left
out and are counted separately.
"""

from __future__ import annotations

import math
import re
from numbers import Real
from typing import TYPE_CHECKING, Any

from ._deps import pandas

if TYPE_CHECKING:
    import pandas as pd

REQUIRED = ("seed", "turns", "winner_seat")
_BOT = re.compile(r"bot_(\d+)")


def bot_columns(frame: pd.DataFrame) -> list[str]:
    """``bot_0`` … ``bot_{n-1}`` in seat order; a ValueError says what is missing."""
    pd = pandas()
    if not isinstance(frame, pd.DataFrame):
        raise ValueError(f"Expected a pandas DataFrame of games, not {type(frame).__name__}.")
    missing = [c for c in REQUIRED if c not in frame.columns]
    seats = sorted(int(m[1]) for c in frame.columns if (m := _BOT.fullmatch(str(c))))
    if missing or not seats:
        need = ", ".join([*missing, *([] if seats else ["bot_0, bot_1, …"])])
        raise ValueError(
            f"The games frame lacks {need}: one row per game with seed, turns, winner_seat and "
            "the bot in each seat (levelwidgets.analysis.games_frame(games) makes one)."
        )
    if seats != list(range(len(seats))):
        raise ValueError(f"Seat columns must be bot_0 … bot_{len(seats) - 1} without gaps.")
    return [f"bot_{s}" for s in seats]


def seat_results(frame: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """One row per seat of every finished game, and the number of unfinished games.

    Columns: ``game`` (the row's position), ``seed``, ``seat``, ``bot``, ``players``,
    ``turns``, ``credit`` (1 for a win, ``1/k`` in a ``k``-way tie, else 0) and ``tie``
    (the seat shared the win).

    Whole columns at a time (a million games take seconds); a frame with anything irregular
    goes through the row-by-row reading below, which says which game is wrong and why.
    """
    columns = bot_columns(frame)
    fast = _seat_results_fast(frame, columns)
    if fast is not None:
        return fast
    return _seat_results_rows(frame, columns)


_NAMES = ["game", "seed", "seat", "bot", "players", "turns", "credit", "tie"]


def _seat_results_fast(frame: pd.DataFrame, columns: list[str]) -> tuple[pd.DataFrame, int] | None:
    """The vectorised :func:`seat_results`, or None when a row needs the careful reading."""
    import numpy as np

    pd = pandas()
    bots = frame[columns]
    present = bots.notna().to_numpy()
    players = present.sum(axis=1)
    if (players < 2).any() or not (present == (np.arange(len(columns)) < players[:, None])).all():
        return None
    winner = pd.to_numeric(frame["winner_seat"], errors="coerce").astype("float64").to_numpy()
    empty = frame["winner_seat"].isna().to_numpy()
    if np.isnan(winner[~empty]).any():
        return None  # text or other odd values: let the row reader say which
    finished = ~empty
    if ((winner[finished] != np.floor(winner[finished])) | (winner[finished] < -1)).any() or (
        winner[finished] >= players[finished]
    ).any():
        return None
    credit = np.zeros(present.shape)
    sole = finished & (winner >= 0)
    credit[sole.nonzero()[0], winner[sole].astype(int)] = 1.0
    tied = np.zeros(present.shape, dtype=bool)
    for game in (finished & (winner == -1)).nonzero()[0]:
        record = frame.iloc[game].to_dict()
        seats = _winners(record, int(players[game]), f"game {game} (seed {record['seed']})")
        assert seats is not None  # a finished game (winner -1) has its tied seats
        tied[game, seats] = True
        credit[game, seats] = 1 / len(seats)
    games, seats = (present & finished[:, None]).nonzero()  # game-major, seats in order
    out = pd.DataFrame(
        {
            "game": games,
            "seed": frame["seed"].to_numpy()[games],
            "seat": seats,
            "bot": bots.to_numpy()[games, seats].astype(str),
            "players": players[games],
            "turns": frame["turns"].to_numpy()[games],
            "credit": credit[games, seats],
            "tie": tied[games, seats],
        },
        columns=_NAMES,
    )
    return out, int(empty.sum())


def _seat_results_rows(frame: pd.DataFrame, columns: list[str]) -> tuple[pd.DataFrame, int]:
    pd = pandas()
    rows: list[dict[str, Any]] = []
    unfinished = 0
    for game, record in enumerate(frame.to_dict("records")):
        bots = [record[c] for c in columns]
        present = [s for s, b in enumerate(bots) if not _missing(b)]
        where = f"game {game} (seed {record['seed']})"
        if present != list(range(len(present))) or len(present) < 2:
            raise ValueError(f"{where}: seats must be filled from bot_0 on, two at least.")
        winners = _winners(record, len(present), where)
        if winners is None:
            unfinished += 1
            continue
        for seat in present:
            rows.append(
                {
                    "game": game,
                    "seed": record["seed"],
                    "seat": seat,
                    "bot": str(bots[seat]),
                    "players": len(present),
                    "turns": record["turns"],
                    "credit": 1 / len(winners) if seat in winners else 0.0,
                    "tie": len(winners) > 1 and seat in winners,
                }
            )
    return pd.DataFrame(rows, columns=_NAMES), unfinished


def _winners(record: dict[str, Any], players: int, where: str) -> list[int] | None:
    """The winning seats, or None for a game without a result."""
    value = record["winner_seat"]
    if _missing(value):
        return None
    if not _whole(value) or not -1 <= value < players:
        raise ValueError(
            f"{where}: winner_seat must be a seat 0…{players - 1}, -1 for a tie or empty (NaN) "
            f"for an unfinished game, not {value!r}."
        )
    if value >= 0:
        return [int(value)]
    if "winner_seats" in record and not _missing(record["winner_seats"]):
        tied = _seat_list(record["winner_seats"])
    else:
        scores: list[Any] = [record.get(f"score_{s}") for s in range(players)]
        if any(_missing(x) for x in scores):
            raise ValueError(f"{where} is a tie: say who tied in winner_seats or score_0 ….")
        tied = [s for s, x in enumerate(scores) if x == max(scores)]
    if len(tied) < 2 or not all(0 <= s < players for s in tied):
        raise ValueError(f"{where} is a tie (winner_seat -1) but the tied seats are {tied}.")
    return tied


def _seat_list(value: object) -> list[int]:
    """Seats from a list/tuple, or from text such as ``"0 1"`` or ``"(0, 1)"`` (a CSV file)."""
    if isinstance(value, str):
        return [int(s) for s in re.findall(r"\d+", value)]
    return [int(s) for s in value]  # type: ignore[attr-defined]


def _missing(value: object) -> bool:
    """None, NaN or pandas' NA (an empty cell); a list of seats is never missing."""
    if value is None:
        return True
    if hasattr(value, "__len__"):
        return False
    try:
        return bool(value != value)
    except TypeError:  # pd.NA refuses to be a bool
        return True


def _whole(value: object) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and value == math.floor(value)
