"""Bot simulations and pandas tables for analysts (needs the ``[analysis]`` extra).

Seats are named after their bots, so tables, records and the widget say who played:

>>> from levelwidgets.analysis import rotate_seats
>>> from levelwidgets.levelx import GreedyBot, RandomBot
>>> games = simulate(rotate_seats(lambda seed: [GreedyBot(), RandomBot(seed)]), games=10)
>>> frame = games_frame(games)
>>> len(frame), bool(frame["over"].all())
(10, True)
>>> frame[["bot_0", "bot_1"]].head(2).to_dict("records")
[{'bot_0': 'Greedy', 'bot_1': 'Random'}, {'bot_0': 'Random', 'bot_1': 'Greedy'}]

``levelwidgets.analysis.summary(frame)`` turns the frame into win rates per bot with intervals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .._bots import bot_label
from ..analysis._deps import pandas
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

    Each seat is named after its bot (:func:`seat_names`), whatever order ``make_bots`` puts
    them in (``levelwidgets.analysis.rotate_seats`` rotates them). Every game is kept whole,
    so any one can be stepped through or shown afterwards.
    """
    played = []
    for k in range(games):
        bots = make_bots(seed + k)
        played.append(play_game(bots, seed=seed + k, rules=rules, names=seat_names(bots)))
    return played


def seat_names(bots: Sequence[Bot]) -> list[str]:
    """The bots' names (``name``, else the class name); a name used twice gets the seat number.

    >>> from levelwidgets.levelx import GreedyBot, RandomBot
    >>> seat_names([GreedyBot(), RandomBot()]), seat_names([GreedyBot(), GreedyBot()])
    (['Greedy', 'Random'], ['Greedy 1', 'Greedy 2'])
    """
    names = [bot_label(bot) for bot in bots]
    return [f"{n} {seat + 1}" if names.count(n) > 1 else n for seat, n in enumerate(names)]


def games_frame(games: Sequence[LevelX]) -> pd.DataFrame:
    """One row per game: seed, turns, rounds, scores per seat, winner(s), rows closed.

    Per seat ``i``: ``bot_i`` (the player's name: the bot's name after :func:`simulate`),
    ``score_i`` and ``name_i`` (the same name). The winner: ``winner_seat`` (-1 for a tie,
    NaN while unfinished), ``winner_seats`` (all seats sharing the win), ``winner_bot`` (None
    for a tie) and ``winner`` (the names, joined by " & "). This is the frame
    ``levelwidgets.analysis.summary`` reads.
    """
    pd = pandas()
    rows = []
    for game in games:
        winners = game.winners
        sole = len(winners) == 1
        row = {
            "seed": game.seed,
            "players": game.players,
            "turns": game.turns,
            "rounds": game.round,
            "over": game.is_over,
            "winner": " & ".join(game.names[w] for w in winners) or None,
            "tie": len(winners) > 1,
            "winner_seat": winners[0] if sole else (-1 if winners else math.nan),
            "winner_seats": tuple(winners),
            "winner_bot": game.names[winners[0]] if sole else None,
            "rows_closed": sum(game.is_closed(r) for r in ROWS),
            "tiles_taken": len(game.rules.bonus_tiles) - len(game.tiles_left()),
        }
        for seat, name in enumerate(game.names):
            row[f"bot_{seat}"] = name
            row[f"score_{seat}"] = game.score(seat)
            row[f"name_{seat}"] = name
        rows.append(row)
    return pd.DataFrame(rows)


def turns_frame(game: LevelX) -> pd.DataFrame:
    """One row per turn of one game: dice, move, steps, chips and points gained, events."""
    pd = pandas()
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
