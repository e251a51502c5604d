"""A puzzle's position: a copy of a game at a decision, from a game, a record node or a file.

The puzzle keeps its own copy, so nothing the student (or a check) plays ever reaches the game,
record or file the teacher handed in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..level8 import Level8
from ..level8.board import Level8Board
from ..levelx import LevelX
from ..record import GameRecord, Node, RecordError
from .errors import PositionError

#: The games a puzzle can be set in, by the name a puzzle file uses.
GAMES: dict[str, type] = {"levelx": LevelX, "level8": Level8, "level8board": Level8Board}


def game_name(game: object) -> str:
    """The puzzle-file name of ``game``'s kind ("levelx", "level8", "level8board")."""
    for name, cls in reversed(GAMES.items()):  # the board game before the card game it extends
        if isinstance(game, cls):
            return name
    raise PositionError(
        f"A puzzle is set in a Level X, Level 8 or Level 8 board game, not a {type(game).__name__}."
    )


def copy_position(position: object) -> Any:
    """A new game at ``position``: a game (copied), a record node (the game there) or a record
    file's path (the end of its main line). Refuses anything else and positions where no
    person has a choice to make."""
    if isinstance(position, Node):
        game = position.record.game_at(position)
    elif isinstance(position, str | Path):
        path = Path(position)
        if not path.is_file():
            raise PositionError(f"There is no record file {str(path)!r:.200}.")
        try:
            record = GameRecord.load(path)
        except (RecordError, OSError, ValueError) as exc:
            raise PositionError(f"{path.name} is no record file a puzzle can use: {exc}") from None
        game = record.game_at(last_node(record))
    else:
        game_name(position)  # a game of ours, or a clear refusal
        game = position.clone()  # type: ignore[attr-defined]
    check_decision(game)
    return game


def check_decision(game: Any) -> None:
    """Refuse a position where a student cannot be asked anything."""
    if game.is_over:
        raise PositionError("The game is over there: a puzzle needs a move still to be made.")
    if game.is_chance():
        raise PositionError(
            "The dice are still to be rolled there: roll first (game.roll()), then ask which "
            "move is best."
        )
    actions = game.legal_actions()
    if len(actions) < 2:
        raise PositionError(
            f"There is only {len(actions)} legal move there: a puzzle needs a choice."
        )


def last_node(record: GameRecord) -> Node:
    """The end of ``record``'s main line (the record itself when it has no step)."""
    node: Node = record
    for node in record.mainline():  # noqa: B007  (the last one is wanted)
        pass
    return node
