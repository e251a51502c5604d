"""Pandas tables of Level X games for analysts (needs the ``[analysis]`` extra).

Bot studies run through :func:`levelwidgets.analysis.simulate` (seats rotated, seeded,
chunked on any executor); :func:`games_frame` and :func:`turns_frame` tabulate games played
anywhere else, e.g. in a widget, with the same columns:

>>> from levelwidgets.levelx import GreedyBot, RandomBot, play_game
>>> games = [play_game([GreedyBot(), RandomBot(s)], seed=s, names=["Greedy", "Random"])
...          for s in range(10)]
>>> frame = games_frame(games)
>>> len(frame), bool(frame["over"].all()), frame.loc[0, "bot_1"]
(10, True, 'Random')

``levelwidgets.analysis.summary(frame)`` turns the frame into win rates per bot with intervals.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .._bots import bot_label
from ..levelx.bots import Bot, play_game
from ..levelx.game import LevelX
from ..levelx.rules import Rules
from ._deps import pandas

if TYPE_CHECKING:
    import pandas as pd


def simulate(
    make_bots: Callable[[int], Sequence[Bot]],
    games: int,
    seed: int = 0,
    rules: Rules | None = None,
) -> list[LevelX]:
    """Deprecated: use :func:`levelwidgets.analysis.simulate` (``keep_games=True`` keeps
    records to step through, :func:`levelwidgets.analysis.load_game` opens one).

    Plays ``games`` games one after another, keeping every game object in memory; game
    ``k`` uses seed ``seed + k`` and bots ``make_bots(seed + k)``, seats named after their
    bots (:func:`seat_names`).
    """
    warnings.warn(
        "levelwidgets.analysis.levelx_frames.simulate is deprecated: use "
        "levelwidgets.analysis.simulate('levelx', bots, n_games, seed) (seats rotated, any "
        "executor, progress bar; keep_games=True keeps records for load_game)",
        DeprecationWarning,
        stacklevel=2,
    )
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
    """One row per game, the columns of a :func:`levelwidgets.analysis.simulate` frame
    (``game_index`` is the position in ``games``, ``bot_i`` the player's name), plus
    ``name_i`` (the same name), ``winner`` (the winners' names joined by " & ") and
    ``tiles_taken``. This is the frame ``levelwidgets.analysis.summary`` reads.
    """
    from .collect import RowCollector
    from .rows import game_row

    rows = []
    for k, game in enumerate(games):
        row = game_row("levelx", game, k, game.seed, game.names)
        row["winner"] = " & ".join(game.names[w] for w in game.winners) or None
        row["tiles_taken"] = len(game.rules.bonus_tiles) - len(game.tiles_left())
        for seat, name in enumerate(game.names):
            row[f"name_{seat}"] = name
        rows.append(row)
    table = RowCollector([name for game in games for name in game.names])
    table.add(rows)
    return table.frame()


def turns_frame(game: LevelX) -> pd.DataFrame:
    """One row per turn of one game: dice, move, steps, chips and points gained, events."""
    pd = pandas()
    rows = []
    for t in game.history:
        # a chip event always names its row (the chip's value)
        chips = [e.row for e in t.events if e.kind == "chip" and e.row is not None]
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
