"""LevelXWidget: play Level X inline in a notebook.

A thin adapter: the engine (:class:`~levelwidgets.levelx.LevelX`) decides every rule. This class
turns the engine's position into a compact JSON ``view`` for the browser and turns the browser's
small intents (``{"type": "roll"}``, ``{"type": "play", "groups": [[1, 6], [5, 5]]}``…) into
engine calls. Every intent is answered by a new view or by ``error``; an illegal one changes
nothing. Bot pacing is driven by the browser (it sends ``advance`` after a delay), so the kernel
runs no timers and Python code can step bots synchronously with :meth:`LevelXWidget.advance`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .._listeners import Listeners
from ..levelx import ROWS, LevelX, LevelXError, NotationError, Rules, Turn
from ..levelx.bots import GreedyBot, RandomBot
from ..levelx.events import Event

_STATIC = Path(__file__).resolve().parent.parent / "static"
_LOG_SIZE = 8  # events kept in the view's log
_LANGUAGES = ("en", "de")

MoveListener = Callable[[Turn], None]
# A redo entry: ("roll", dice, drawn) or ("play", notation).
_RedoEntry = tuple[Any, ...]


def _bot_from(spec: object, seat: int) -> object | None:
    """Accept a bot object, None (a person), or the names "greedy" / "random"."""
    if spec is None or spec is False:
        return None
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in ("", "human", "person", "none"):
            return None
        if key == "greedy":
            return GreedyBot()
        if key == "random":
            return RandomBot(seed=seat)
        raise ValueError(f'Unknown bot {spec!r}: use "greedy", "random", None or a bot object.')
    if not callable(getattr(spec, "choose", None)):
        raise ValueError(f"A bot needs a choose(game) method; {spec!r} has none.")
    return spec


def _event_row(e: Event) -> list[Any]:
    """An event as a short array [kind, player, row, square, other, value], trailing Nones cut."""
    value = list(e.value) if isinstance(e.value, tuple | list) else e.value
    out = [e.kind, e.player, e.row, e.square, e.other, value]
    while out and out[-1] is None:
        out.pop()
    return out


class LevelXWidget(anywidget.AnyWidget):
    """Level X on a board you can click: hot-seat for 2–4 people, bots in any seat.

    >>> w = LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=1)
    >>> w.roll(); w.play(w.game.legal_moves()[0])   # same as clicking
    >>> w.game.play  # the engine itself; calls on it update the board at once
    """

    _esm = _STATIC / "levelx.js"
    _css = _STATIC / "levelx.css"

    #: Everything the board shows, derived from the engine (compact: numbers and short strings).
    view = traitlets.Dict().tag(sync=True)
    #: Message for the last refused intent ("" when the last intent succeeded).
    error = traitlets.Unicode("").tag(sync=True)
    #: Counts refused intents, so the same message twice still flashes.
    error_id = traitlets.Int(0).tag(sync=True)
    #: Label language: "en" or "de".
    language = traitlets.Unicode("en").tag(sync=True)
    #: Milliseconds between bot actions (roll, then move); 0 plays bots at once (analysts).
    bot_delay = traitlets.Int(700).tag(sync=True)
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
    ) -> None:
        if game is None:
            game = LevelX(players=players, seed=seed, rules=rules)
        elif not isinstance(game, LevelX):
            raise TypeError(f"game must be a LevelX, not {type(game).__name__}.")
        self._game = game
        self._bots = self._check_bots(bots, game.players)
        self._redo: list[_RedoEntry] = []
        self._seq = 0
        self._log: list[list[Any]] = []
        self._new_events = 0
        self._move_listeners = Listeners()
        self._known_turns = len(game.history)
        self._quiet = False  # True while the widget itself drives the engine
        super().__init__(
            language=self._check_language(language),
            bot_delay=bot_delay,
            animate=animate,
            teach=teach,
        )
        self._unsubscribe = game.on_change(self._on_game_change)
        self.chances = self._chances()
        self.on_msg(self._handle_message)
        self._publish([])

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> LevelX:
        """The engine. Call its methods freely: the board follows at once."""
        return self._game

    @game.setter
    def game(self, game: LevelX) -> None:
        if not isinstance(game, LevelX):
            raise TypeError(f"game must be a LevelX, not {type(game).__name__}.")
        if len(self._bots) != game.players:
            self._bots = [None] * game.players
        self._unsubscribe()
        self._game = game
        self._unsubscribe = game.on_change(self._on_game_change)
        self._redo.clear()
        self._log.clear()
        self._known_turns = len(game.history)
        self.chances = self._chances()
        self._publish([])

    @property
    def bots(self) -> list[object | None]:
        """One entry per seat: None for a person, else a bot with ``choose(game)``."""
        return list(self._bots)

    @bots.setter
    def bots(self, bots: Sequence[object] | None) -> None:
        self._bots = self._check_bots(bots, self._game.players)
        self._publish([])

    def roll(self, dice: Sequence[int] | None = None) -> list[Event]:
        """Roll for the player whose turn it is (``dice`` to set them, e.g. in a lesson)."""
        return self._act(lambda: self._game.roll(dice))

    def play(self, move: object) -> list[Event]:
        """Play a move: notation ``"1+6 5+5"``, a list of groups, or a Move."""
        return self._act(lambda: self._game.play(move))

    def undo(self) -> None:
        """Take back the last action (a roll, or else a move); :meth:`redo` brings it back."""
        game = self._game
        if game.dice is not None:
            entry: _RedoEntry = ("roll", tuple(game.dice), game.dice_drawn)
        elif game.history:
            entry = ("play", game.history[-1].move.notation)
        else:
            game.undo()  # raises NothingToUndoError with the engine's message
            return
        self._driving(game.undo)
        self._redo.append(entry)
        self._log.clear()  # those events are taken back
        self._publish([])

    def redo(self) -> None:
        """Re-apply the last action taken back by :meth:`undo`."""
        if not self._redo:
            raise LevelXError("There is nothing to redo.")
        entry = self._redo[-1]
        game = self._game
        if entry[0] == "roll":
            _, dice, drawn = entry
            events = self._driving(lambda: game.roll(None if drawn else dice))
            if tuple(game.dice) != tuple(dice):  # the generator was not where we left it
                self._driving(game.undo)
                events = self._driving(lambda: game.roll(dice))
        else:
            events = self._driving(lambda: game.play(entry[1]))
        self._redo.pop()
        self._after_change(events)

    def goto(self, turns: int) -> None:
        """Show the position after ``turns`` moves (before the next roll), via undo/redo."""
        total = len(self._game.history) + sum(1 for e in self._redo if e[0] == "play")
        if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= total:
            raise LevelXError(f"Choose a move between 0 and {total}, not {turns!r}.")
        game = self._game
        if turns < game.turns or game.dice is not None:
            # One engine replay instead of one per undo; the redo stack gets the same entries
            # undo() would push: the unplayed roll, then each move and its roll, newest first.
            entries: list[_RedoEntry] = []
            if game.dice is not None:
                entries.append(("roll", tuple(game.dice), game.dice_drawn))
            undone = self._driving(lambda: game.rewind(min(turns, game.turns)))
            for turn in reversed(undone):
                entries += [("play", turn.move.notation), ("roll", tuple(turn.dice), turn.drawn)]
            self._redo.extend(entries)
            self._log.clear()
        while game.turns < turns:
            self.redo()
        self._publish([])

    def advance(self) -> bool:
        """Let the bot whose turn it is take one step (roll, or play); False if no bot is due."""
        bot = self._bot_to_act()
        if bot is None:
            return False
        if self._game.dice is None:
            self._act(lambda: self._game.roll(), run_bots=False)
        else:
            move = bot.choose(self._game)  # type: ignore[attr-defined]
            self._act(lambda: self._game.play(move), run_bots=False)
        return True

    def run_bots(self) -> int:
        """Let bots act until a person must act or the game ends; returns the steps taken."""
        steps = 0
        while self.advance():
            steps += 1
        return steps

    def on_move(self, callback: MoveListener) -> Callable[[], None]:
        """Call ``callback(turn)`` after every move (from a click, a bot or a cell).

        ``turn`` is the engine's :class:`~levelwidgets.levelx.Turn`. Returns a function that
        removes the callback.
        """
        return self._move_listeners.add(callback)

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe", None)  # absent if __init__ failed early
        if unsubscribe is not None:
            unsubscribe()
        super().close()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | dict | None:
        """The widget view, plus a static SVG and text for places without widgets (GitHub)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = dict(data)
        with contextlib.suppress(Exception):  # a broken picture must never hide the widget
            data["image/svg+xml"] = self._game._repr_svg_()
        data["text/plain"] = repr(self._game)
        return data, meta

    # ------------------------------------------------------------------ intents from the browser

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "advance":
            # Every open view schedules an advance; only the one for the current view counts.
            if content.get("seq") == self._seq:
                self._guard(self.advance)
            return
        handlers: dict[str, Callable[[], object]] = {
            "roll": lambda: self.roll(),
            "play": lambda: self.play(_groups_from(content.get("groups"))),
            "undo": self.undo,
            "redo": self.redo,
            "goto": lambda: self.goto(content.get("turns")),  # type: ignore[arg-type]
            "refresh": lambda: self._publish([]),
        }
        handler = handlers.get(kind)  # type: ignore[arg-type]
        if handler is None:
            self._fail(f"Unknown request {kind!r}.")
            return
        if kind in ("roll", "play") and self._bot_to_act() is not None:
            self._fail("It is a bot's turn: wait for it to play.")
            return
        self._guard(handler)

    def _guard(self, action: Callable[[], object]) -> None:
        try:
            action()
        except LevelXError as exc:
            self._fail(str(exc))

    def _fail(self, message: str) -> None:
        self.error = message
        self.error_id += 1

    # ------------------------------------------------------------------ keeping the view in step

    def _act(self, action: Callable[[], list[Event]], run_bots: bool = True) -> list[Event]:
        events = self._driving(action)
        self._redo.clear()  # a new action starts a new future
        self._after_change(events, run_bots=run_bots)
        return events

    def _driving(self, action: Callable[[], Any]) -> Any:
        self._quiet = True
        try:
            return action()
        finally:
            self._quiet = False

    def _on_game_change(self, _game: LevelX, events: list[Event]) -> None:
        """Engine listener: calls made from cells (w.game.play(...)) update the board."""
        if self._quiet:
            return
        self._redo.clear()
        self._after_change(list(events))

    def _after_change(self, events: list[Event], run_bots: bool = True) -> None:
        self.error = ""
        if run_bots and self.bot_delay <= 0:
            events = list(events)
            while (bot := self._bot_to_act()) is not None:
                game = self._game
                if game.dice is None:
                    events += self._driving(game.roll)
                else:
                    events += self._driving(lambda b=bot, g=game: g.play(b.choose(g)))
        self._publish(events)
        self._tell_move_listeners()

    def _tell_move_listeners(self) -> None:
        history = self._game.history
        new = history[self._known_turns :]
        self._known_turns = len(history)
        for turn in new:
            self._move_listeners.notify(turn)

    def _bot_to_act(self) -> object | None:
        game = self._game
        return None if game.is_over else self._bots[game.current_player]

    def _publish(self, events: list[Event]) -> None:
        """Send the whole position: small enough (~1–2 KB) that diffs are not worth it."""
        game = self._game
        rows = [game.row_length(r) for r in ROWS]
        self._log = (self._log + [_event_row(e) for e in events])[-_LOG_SIZE:]
        self._seq += 1
        players = range(game.players)
        dice = list(game.dice) if game.dice is not None else None
        view: dict[str, Any] = {
            "seq": self._seq,
            "names": list(game.names),
            "bots": [_bot_label(b) for b in self._bots],
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
            "moves": [t.move.notation for t in game.history],
            "future": [e[1] for e in reversed(self._redo) if e[0] == "play"],
            "canUndo": bool(game.history) or dice is not None,
            "canRedo": bool(self._redo),
            "log": self._log,
            "new": min(len(events), len(self._log)),
        }
        if self.teach and dice is not None:
            view["teach"] = [
                [g.notation, list(g.turned), list(g.left_out)] for g in game.groupings()
            ]
        self.view = view

    @traitlets.observe("teach")
    def _teach_changed(self, _change: dict) -> None:
        if hasattr(self, "_game"):
            self._publish([])

    @traitlets.validate("language")
    def _valid_language(self, proposal: dict) -> str:
        return self._check_language(proposal["value"])

    def _chances(self) -> dict[str, list]:
        """``{"5": [0.8534, "1106/1296"], ...}``: rounded for the bar, exact (of all 1296 rolls)."""
        from ..levelx.probability import sum_chances

        chances = sum_chances(lucky_loser=self._game.rules.lucky_loser, exact=True)
        return {str(k): [round(float(v), 4), f"{v * 1296}/1296"] for k, v in chances.items()}

    @staticmethod
    def _check_language(language: str) -> str:
        if language not in _LANGUAGES:
            raise traitlets.TraitError(f"language must be one of {_LANGUAGES}, not {language!r}.")
        return language

    @staticmethod
    def _check_bots(bots: Sequence[object] | None, players: int) -> list[object | None]:
        if bots is None:
            return [None] * players
        if isinstance(bots, str) or len(bots) != players:
            raise ValueError(f"bots needs one entry per seat ({players}), e.g. [None, 'greedy'].")
        return [_bot_from(b, i) for i, b in enumerate(bots)]


def _bot_label(bot: object | None) -> str:
    if bot is None:
        return ""
    return str(getattr(bot, "name", None) or type(bot).__name__)


def _groups_from(groups: object) -> list[list[int]]:
    """Groups from the browser: a list of lists of faces; anything else is a clear error."""
    if not isinstance(groups, list) or not all(
        isinstance(g, list) and all(isinstance(f, int) and not isinstance(f, bool) for f in g)
        for g in groups
    ):
        raise NotationError("A move must be a list of groups of dice faces, like [[1, 6], [5, 5]].")
    return groups
