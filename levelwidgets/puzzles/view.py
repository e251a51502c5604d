"""A puzzle in its game's widget: the position set up, the student's seat to move, no bots.

The widget is the game's own (LevelXWidget, Level8Widget, Level8BoardWidget) on the puzzle's
record; the puzzle listens with the widget's ``on_move`` (no rule of its own in the browser):
the first move played at the puzzle's position is judged, its verdict goes into the widget's
``notice`` (shown next to the error toast, in the widget's language) and, as a comment, on the
answered step of the record. Another move there (after Undo) is another attempt; a move
already answered once (redone, or played again) is not judged twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..record import Node

if TYPE_CHECKING:
    from .puzzle import Puzzle


def puzzle_widget(puzzle: Puzzle, *, student: str = "", language: str | None = None) -> Any:
    """A new widget at ``puzzle``'s position, answering it when the student plays."""
    from ..widgets import Level8BoardWidget, Level8Widget, LevelXWidget

    language = language or puzzle.language
    record, start = puzzle.record, puzzle._start
    game = puzzle.game
    common = {"bots": None, "language": language, "bot_delay": 0}
    if puzzle.game_name == "levelx":
        w = LevelXWidget(game, **common)
    elif puzzle.game_name == "level8board":
        w = Level8BoardWidget(game, seat=puzzle.seat, **common)
    else:
        w = Level8Widget(game, seat=puzzle.seat, **common)
    if record is not None and start is not None:  # play into the puzzle's record (as load does)
        cursor = record.cursor()
        cursor.goto(start)
        w._watch_record(record)
        w._attach(w.game, cursor)
    start_plies = game.plies
    w.notice = puzzle.notice()

    def on_move(entry: Any) -> None:
        if w.game.plies != start_plies + 1:
            return  # a move elsewhere (after the answer, or back in the game's history)
        node = _answered_node(w, start)
        if start is not None and node is None:
            return
        action = entry.move if hasattr(entry, "move") else entry.action
        verdict = puzzle.answer(action, student=student, node=node, language=w.language)
        w.notice = puzzle.notice(verdict)

    w.on_move(on_move)
    return w


def _answered_node(w: Any, start: Node | None) -> Node | None:
    """The step of the record right after the puzzle's position on the widget's line."""
    cursor = getattr(w, "_cursor", None)
    if cursor is None or start is None:
        return None
    node: Node | None = cursor.node
    while node is not None and node.parent is not start:
        node = node.parent
    return node
