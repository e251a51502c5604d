"""Bot simulations and pandas tables for analysts (needs the ``[analysis]`` extra).

>>> from levelwidgets.levelx import GreedyBot, RandomBot
>>> games = simulate(lambda seed: [GreedyBot(), RandomBot(seed)], games=10)
>>> frame = games_frame(games)
>>> len(frame), bool(frame["over"].all())
(10, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .bots import Bot, play_game
from .game import LevelX
from .rules import ROWS, Rules

if TYPE_CHECKING:
    import pandas as pd


def simulate(
    make_bots: Callable[[int], Sequence[Bot]],
    games: int,
    seed: int = 0,
    rules: Rules | None = None,
) -> list[LevelX]:
    """Play ``games`` games; game ``k`` uses seed ``seed + k`` and bots ``make_bots(seed + k)``.

    Every game is kept whole, so any one can be stepped through or shown afterwards.
    """
    return [play_game(make_bots(seed + k), seed=seed + k, rules=rules) for k in range(games)]


def _pandas():
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("This needs pandas: pip install 'levelwidgets[analysis]'") from exc
    return pd


def games_frame(games: Sequence[LevelX]) -> pd.DataFrame:
    """One row per game: seed, turns, rounds, scores per seat, winner(s), rows closed."""
    pd = _pandas()
    rows = []
    for game in games:
        row = {
            "seed": game.seed,
            "players": game.players,
            "turns": game.turns,
            "rounds": game.round,
            "over": game.is_over,
            "winner": " & ".join(game.names[w] for w in game.winners) or None,
            "tie": len(game.winners) > 1,
            "rows_closed": sum(game.is_closed(r) for r in ROWS),
            "tiles_taken": len(game.rules.bonus_tiles) - len(game.tiles_left()),
        }
        for seat, name in enumerate(game.names):
            row[f"score_{seat}"] = game.score(seat)
            row[f"name_{seat}"] = name
        rows.append(row)
    return pd.DataFrame(rows)


def turns_frame(game: LevelX) -> pd.DataFrame:
    """One row per turn of one game: dice, move, steps, chips and points gained, events."""
    pd = _pandas()
    rows = []
    for t in game.history:
        chips = [e.row for e in t.events if e.kind == "chip"]
        tiles = [e.value for e in t.events if e.kind == "bonus"]
        rows.append(
            {
                "turn": t.number,
                "round": t.round,
                "player": game.names[t.player],
                "dice": "-".join(map(str, t.dice)),
                "move": t.move.notation,
                "steps": len(t.move.steps),
                "turned": len(t.move.turned),
                "chips": len(chips),
                "points": sum(chips) + sum(tiles),
                "ousted": sum(1 for e in t.events if e.kind == "ousted"),
                "rows_closed": [e.row for e in t.events if e.kind == "row_closed"],
            }
        )
    return pd.DataFrame(rows)
