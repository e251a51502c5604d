"""One record model for both games: an annotated game tree, a cursor, files and handouts.

>>> from levelwidgets.levelx import GreedyBot, play_game
>>> from levelwidgets.record import GameRecord
>>> game = play_game([GreedyBot(), GreedyBot()], seed=3)
>>> rec = GameRecord.from_game(game)
>>> step = rec.mainline_node(3)  # ply 1: a roll, ply 2: its move, ply 3: the next roll
>>> step.kind, step.player_name
('roll', 'Player 2')
>>> _ = step.comment("Four dice, two pairs.").mark("!?")
>>> cur = rec.cursor()
>>> _ = cur.goto(step)
>>> cur.game.dice == tuple(step.chance["dice"])
True

The engines know nothing of records: records are built on top of them (see
:mod:`.protocol` for what each engine provides through its adapter).
"""

from __future__ import annotations

from .annotations import COLOURS, MARKS
from .cursor import Cursor, CursorMove
from .errors import RecordError
from .io import FORMAT, MAX_BYTES, VERSION
from .protocol import Replayable, adapter_for, adapter_named
from .tree import MAX_NODES, GameRecord, Node, Step


def record(game: object) -> GameRecord:
    """The record of a played Level X or Level 8 game (its history is the main line)."""
    return GameRecord.from_game(game)


__all__ = [
    "COLOURS",
    "FORMAT",
    "MARKS",
    "MAX_BYTES",
    "MAX_NODES",
    "VERSION",
    "Cursor",
    "CursorMove",
    "GameRecord",
    "Node",
    "RecordError",
    "Replayable",
    "Step",
    "adapter_for",
    "adapter_named",
    "record",
]
