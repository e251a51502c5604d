"""LevelXWidget: play Level X inline in a notebook.

A thin adapter on :class:`~levelwidgets.widgets.base.GameWidget`: the engine
(:class:`~levelwidgets.levelx.LevelX`) decides every rule. This class turns the engine's position
into a compact JSON ``view`` for the browser and turns the browser's small intents
(``{"type": "roll"}``, ``{"type": "play", "groups": [[1, 6], [5, 5]]}``…) into engine calls.
Every intent is answered by a new view or by ``error``; an illegal one changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import traitlets

from ..levelx import ROWS, LevelX, LevelXError, NotationError, Rules, Turn
from ..levelx.bots import GreedyBot, RandomBot
from ..levelx.events import Event
from ..levelx.preview import move_key, preview_moves
from ..record import Step
from .base import GameWidget, Intent

_STATIC = Path(__file__).resolve().parent.parent / "static"

MoveListener = Callable[[Turn], None]


def _event_row(e: Event) -> list[Any]:
    """An event as a short array [kind, player, row, square, other, value], trailing Nones cut."""
    value = list(e.value) if isinstance(e.value, tuple | list) else e.value
    out = [e.kind, e.player, e.row, e.square, e.other, value]
    while out and out[-1] is None:
        out.pop()
    return out


class LevelXWidget(GameWidget):
    """Level X on a board you can click: hot-seat for 2–4 people, bots in any seat.

    >>> w = LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=1)
    >>> w.roll(); w.play(w.game.legal_moves()[0])   # same as clicking
    >>> w.game.play  # the engine itself; calls on it update the board at once
    """

    _esm = _STATIC / "levelx.js"
    _css = _STATIC / "levelx.css"
    _engine = LevelX
    _error_type = LevelXError
    _player_intents = frozenset({"roll", "play"})
    _undo_to_person = True

    #: Animate pieces step by step after each move.
    animate = traitlets.Bool(True).tag(sync=True)
    #: Show the teaching overlay (all groupings for the dice, chance of each sum).
    teach = traitlets.Bool(False).tag(sync=True)
    #: Chance that a roll can make each sum 5..10 (static per rule set; sent once).
    chances = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: LevelX | None = None,
        *,
        players: int | Sequence[str] = 2,
        bots: Sequence[object] | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
        language: str = "en",
        bot_delay: int = 700,
        animate: bool = True,
        teach: bool = False,
        read_only: bool = False,
        record_dir: str | Path = ".",
    ) -> None:
        if game is None:
            game = LevelX(players=players, seed=seed, rules=rules)
        super().__init__(
            game,
            bots,
            language=language,
            bot_delay=bot_delay,
            read_only=read_only,
            record_dir=record_dir,
            animate=animate,
            teach=teach,
        )
        self.chances = self._chances()
        self._publish([])

    # ------------------------------------------------------------------ public API

    def roll(self, dice: Sequence[int] | None = None) -> list[Event]:
        """Roll for the player whose turn it is (``dice`` to set them, e.g. in a lesson)."""
        return self._act(lambda: self._game.roll(dice))

    def play(self, move: object) -> list[Event]:
        """Play a move: notation ``"1+6 5+5"``, a list of groups, or a Move."""
        return self._act(lambda: self._game.play(move))

    def undo(self) -> None:
        """Take back the last action (a roll, or else a move), and the bots' actions after the
        last one of a person: one Undo returns to where a person was to act. :meth:`redo`
        brings it all back."""
        super().undo()

    def goto(self, turns: int) -> None:
        """Show the position after ``turns`` moves (before the next roll) of the line being
        looked at: back by one engine replay, forward by replaying the recorded steps."""
        game = self._game
        total = game.turns + sum(1 for step in self._future() if step.kind == "move")
        if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= total:
            raise LevelXError.coded(
                "levelx.goto_range",
                "Choose a move between 0 and {total}, not {turns!r}.",
                total=total,
                turns=turns,
            )
        self.seek(2 * turns)  # a turn is two steps: its roll, then its move

    def on_move(self, callback: MoveListener) -> Callable[[], None]:
        """Call ``callback(turn)`` after every move (from a click, a bot or a cell).

        ``turn`` is the engine's :class:`~levelwidgets.levelx.Turn`. Returns a function that
        removes the callback.
        """
        return super().on_move(callback)

    # ------------------------------------------------------------------ intents

    def _handlers(self) -> dict[str, Callable[[Intent], object]]:
        return {
            **super()._handlers(),
            "roll": lambda _m: self.roll(),
            "play": lambda m: self.play(_groups_from(m.get("groups"))),
            "goto": lambda m: self.goto(m.get("turns")),  # type: ignore[arg-type]
        }

    # ------------------------------------------------------------------ GameWidget hooks

    def _seats(self, game: LevelX) -> int:
        return game.players

    def _seat_to_act(self) -> int | None:
        return None if self._game.is_over else self._game.current_player

    def _bot_names(self) -> dict[str, Callable[[int], object]]:
        return {"greedy": lambda _seat: GreedyBot(), "random": lambda seat: RandomBot(seed=seat)}

    def _bot_step(self, bot: object) -> list[Event]:
        game = self._game
        if game.dice is None:
            return game.roll()
        return game.play(bot.choose(game))  # type: ignore[attr-defined]

    def _plies(self) -> int:
        return len(self._game.history)

    def _history_since(self, plies: int) -> list[Turn]:
        return list(self._game.history[plies:])

    def _entry_of(self, step: Step) -> Turn | None:
        if step.kind != "move":
            return None  # a roll is half a turn: the turn is told when it is played
        return self._game.history[step.ply // 2 - 1]

    def _can_take_back(self) -> bool:
        return self._game.dice is not None or bool(self._game.history)

    def _take_back_one(self) -> None:
        self._driving(self._game.undo)  # nothing to undo: NothingToUndoError, in its words

    def _log_entries(self, events: list[Event]) -> list[list[Any]]:
        return _with_passes([_event_row(e) for e in events], self._game.players)

    def _static_svg(self) -> str:
        return self._game._repr_svg_()

    def _game_replaced(self) -> None:
        self.chances = self._chances()

    def _view_fields(self) -> dict[str, Any]:
        game = self._game
        rows = [game.row_length(r) for r in ROWS]
        players = range(game.players)
        dice = list(game.dice) if game.dice is not None else None
        move_count = sum(1 for m in game.legal_moves() if m.groups) if dice else 0
        view: dict[str, Any] = {
            "names": list(game.names),
            "len": rows,
            "chips": [game.chips_left(r) for r in ROWS],
            "pos": [[game.piece(p, r) or 0 for r in ROWS] for p in players],
            "held": [list(game.chips_held(p).values()) for p in players],
            "tiles": [game.tiles(p) for p in players],
            "tilesLeft": game.tiles_left(),
            "score": game.scores(),
            "cur": game.current_player,
            "phase": game.phase,
            "round": game.round,
            "lastRound": game.is_last_round,
            "winners": game.winners,
            "dice": dice,
            "turnable": game.turnable_ones if dice else 0,
            # moves other than passing: then passing is a deliberate second choice
            "moveCount": move_count,
            "canMove": move_count > 0,
            "moves": [t.move.notation for t in game.history],
            "future": [step.notation for step in self._future() if step.kind == "move"],
            "canUndo": bool(game.history) or dice is not None,
        }
        notes: dict[str, list[str]] = {}
        for ply, (mark, comments) in self._notes_by_ply().items():
            turn = str((ply + 1) // 2)  # a turn is two steps: its roll, then its move
            old_mark, old_comments = notes.get(turn, ["", ""])
            notes[turn] = [mark or old_mark, " / ".join(c for c in (old_comments, comments) if c)]
        if notes:
            view["notes"] = notes
        if dice is not None and (self.teach or self._person_to_act()):
            # What each move would do, for the tray's hints and the teaching overlay.
            view["preview"] = {key: p.to_dict() for key, p in preview_moves(game).items()}
        if self.teach and dice is not None:
            view["teach"] = [
                [g.notation, list(g.turned), list(g.left_out), move_key(g.steps)]
                for g in game.groupings()
            ]
        return view

    def _person_to_act(self) -> bool:
        """A person (not a bot) is to act and may build groups (not in a read-only record)."""
        return not self.read_only and self._bots[self._game.current_player] is None

    @traitlets.observe("teach")
    def _teach_changed(self, _change: dict) -> None:
        if hasattr(self, "_game"):
            self._publish([])

    def _chances(self) -> dict[str, list]:
        """``{"5": [0.8534, "1106/1296"], ...}``: rounded for the bar, exact (of all 1296 rolls)."""
        from ..levelx.probability import sum_chances

        chances = sum_chances(lucky_loser=self._game.rules.lucky_loser, exact=True)
        return {str(k): [round(float(v), 4), f"{v * 1296}/1296"] for k, v in chances.items()}


#: Event kinds that are no part of a move: a turn whose events are only these was a pass.
_NOT_MOVING = frozenset({"rolled", "last_round", "game_over"})


def _with_passes(rows: list[list[Any]], players: int) -> list[list[Any]]:
    """Log rows with ``["passed", player]`` before the end of each turn that moved nothing
    (the engine says only whose turn it is next; the log says in words who passed)."""
    out: list[list[Any]] = []
    moved = False
    for row in rows:
        if row[0] == "turn_passed":
            if not moved:
                out.append(["passed", (row[1] - 1) % players])
            moved = False
        elif row[0] not in _NOT_MOVING:
            moved = True
        out.append(row)
    return out


def _groups_from(groups: object) -> list[list[int]]:
    """Groups from the browser: a list of lists of faces; anything else is a clear error."""
    if not isinstance(groups, list) or not all(
        isinstance(g, list) and all(isinstance(f, int) and not isinstance(f, bool) for f in g)
        for g in groups
    ):
        raise NotationError("A move must be a list of groups of dice faces, like [[1, 6], [5, 5]].")
    return groups
