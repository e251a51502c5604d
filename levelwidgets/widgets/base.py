"""GameWidget: what every game widget does, whatever the game.

A game widget holds an engine object and publishes a compact JSON ``view`` of it for one viewer;
the browser renders that view and sends small intents back (``{"type": "draw"}``…). This base
class owns the parts that do not depend on the game:

- publishing the view (with a counter ``seq``, undo/redo flags, and the log: the last events
  kept, worded for the viewer and language of now by :func:`~.log.log_lines`), as a patch of
  the view the browser holds when that is smaller (:mod:`.viewsync`);
- (from :class:`~.intents.IntentWidget`) ``error``/``error_id``/``error_info`` for refused
  intents, ``language``, and dispatch with clear errors for unknown or malformed intents;
- bot seats, and browser-paced ``advance`` (the front end waits ``bot_delay`` ms, then sends
  ``{"type": "advance", "seq": view.seq}``; only the newest view's advance counts), or instant
  bots with ``bot_delay=0``;
- undo/redo/goto on the game's record (:mod:`levelwidgets.record`): undo takes back engine steps,
  redo replays the recorded steps of the line being looked at, playing on adds a variation;
- ``on_move`` listeners told once about each new history entry;
- the mimebundle: the widget view plus a static SVG drawn for the widget's viewer, and in a
  notebook a picture output of its own next to the widget, kept current, for places where the
  widget cannot render (:mod:`.picture`).

A game adds its view fields, its intents and a few small hooks (see the ``_hook`` methods);
what every engine answers under the protocol's names (:mod:`levelwidgets.protocol`:
``num_players``, ``current_player``, ``is_over``, ``plies``, ``undo``) the base reads itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, cast

import traitlets

from .._bots import bot_label
from .._listeners import Listeners
from ..errors import GameError
from ..record import MAX_NODES, Cursor, Node, RecordError, Step, adapter_for
from .intents import (
    LANGUAGES,
    Handler,
    Intent,
    IntentError,
    IntentWidget,
    check_language,
    locked,
)
from .log import log_lines
from .picture import PictureMixin
from .review import ReviewMixin
from .scrub import ScrubMixin
from .shapes import NO_FIELDS, Bool, Int, Opt, Shape
from .takebacks import TAKEBACKS, TakebacksMixin, check_takebacks
from .viewsync import ViewSync

__all__ = [
    "LANGUAGES",
    "TAKEBACKS",
    "GameWidget",
    "Handler",
    "Intent",
    "IntentError",
    "check_language",
    "locked",
]

LOG_SIZE = 8  # lines kept in the view's log
#: The largest view counter an ``advance`` names (JavaScript's largest exact whole number).
MAX_SEQ = 2**53 - 1


class GameWidget(ViewSync, ScrubMixin, PictureMixin, ReviewMixin, TakebacksMixin, IntentWidget):
    """Base of the game widgets: view publishing, intents, bots, undo/redo, listeners.

    Subclasses set ``_engine`` (the engine class) and implement the ``_hook`` methods.
    """

    #: The engine class this widget wraps (for type checks and messages).
    _engine: ClassVar[type]
    #: Intents that act for the player to move; refused while a bot is to act.
    _player_intents: ClassVar[frozenset[str]] = frozenset()
    #: Undo/redo step over bot moves, so one press returns to where a person was to act.
    _undo_to_person: ClassVar[bool] = False

    #: Everything the table shows for this widget's viewer (compact: numbers, short strings).
    view = traitlets.Dict().tag(sync=True)
    #: Milliseconds between bot actions; 0 plays bots at once (analysts, tests).
    bot_delay = traitlets.Int(700).tag(sync=True)
    #: A record handed to a class: the browser can step through it, not change it.
    read_only = traitlets.Bool(False).tag(sync=True)
    #: Annotate mode: clicks on the board highlight instead of play (set by the browser).
    annotate = traitlets.Bool(False).tag(sync=True)
    #: Projector mode: the browser zooms the whole widget to the cell, smallest text >= 16 px.
    projector = traitlets.Bool(False).tag(sync=True)
    #: A message for the person at the widget that is no error (a puzzle's question, then its
    #: verdict): ``{}`` or ``{"tone": "info"|"good"|"bad", "text": str or {"en": …, "de": …}}``;
    #: it stays until changed (``js/src/common/notice.js`` shows it next to the error toast).
    notice = traitlets.Dict().tag(sync=True)
    #: Record files in :attr:`record_dir` (filled when the browser asks, for its Open list).
    record_files = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: Intents a read-only widget still takes: looking around, not changing anything.
    _READ_ONLY_INTENTS: ClassVar[frozenset[str]] = frozenset(
        {
            "undo",
            "redo",
            "resync",
            "scrub_views",
            "goto",
            "seek",
            "jump",
            "refresh",
            "advance",
            "reveal",  # hot-seat: whose hand the screen shows (the game stays as it is)
            "list_records",
            "open_record",
            "handout",  # a printable page of the record, downloaded: the record stays as it is
        }
    )

    def __init__(
        self,
        game: object,
        bots: Sequence[object] | None,
        *,
        language: str | None = None,
        bot_delay: int = 700,
        read_only: bool = False,
        record_dir: str | Path = ".",
        takebacks: str | None = None,
        **traits: Any,
    ) -> None:
        self._check_game(game)
        self._takebacks = check_takebacks(takebacks)
        #: The folder the browser's Save and Open use (a notebook's kernel runs next to it).
        self.record_dir = Path(record_dir)
        self._file = ""  # the record file last saved or opened
        self._game: Any = cast(Any, game)  # checked above; Any keeps it from narrowing to object
        self._bots = self._check_bots(bots, self._game.num_players)
        self._seq = 0
        self._log: list[Any] = []
        self._move_listeners = Listeners()
        self._quiet = False  # True while the widget itself drives the engine
        self._plies_shown = self._game.plies  # history entries in the view last published
        self._use_cursor(self._new_cursor(game))  # where the game is in its record
        # the deepest step of the line being looked at (undo and redo move along it)
        self._line_end: Node | None = None if self._cursor is None else self._cursor.node
        super().__init__(
            language=None if language is None else check_language(language),
            bot_delay=bot_delay,
            read_only=bool(read_only),
            **traits,
        )
        self._start_picture()
        self._unsubscribe = game.on_change(self._on_game_change)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> Any:
        """The engine. Call its methods freely: the widget follows at once."""
        return self._game

    @game.setter
    @locked
    def game(self, game: Any) -> None:
        self._check_game(game)
        self._attach(game, self._new_cursor(game))

    @locked
    def _attach(self, game: Any, cursor: Cursor | None) -> None:
        """Follow ``game`` from now on, in its record at ``cursor``."""
        if len(self._bots) != game.num_players:
            self._bots = [None] * game.num_players
        self._unsubscribe()
        self._game = game
        self._unsubscribe = game.on_change(self._on_game_change)
        self._log.clear()
        self._plies_shown = self._game.plies
        self._use_cursor(cursor)
        self._line_end = None if cursor is None else cursor.node
        self._forget_sent_view()  # another game: the whole view goes out
        self._game_replaced()
        self._after_change([], run_bots=False)

    @property
    def bots(self) -> list[object | None]:
        """One entry per seat: None for a person, else a bot object."""
        return list(self._bots)

    @bots.setter
    @locked
    def bots(self, bots: Sequence[object] | None) -> None:
        self._bots = self._check_bots(bots, self._game.num_players)
        self._publish([])

    @locked
    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the same players, bots and rules: a new random seed, or
        ``seed`` (the same seed as now plays the same dice and cards again). The old game's
        record is left as it was (save it first to keep it)."""
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise self._error_type(
                f"A seed is a whole number (or None for a new one), not {seed!r:.40}."
            )
        adapter = adapter_for(self._game)
        config = adapter.config_of(self._game)
        if seed is not None and seed == config.get("seed"):
            self._check_takeback(None)  # the same cards again: a takeback to the start
        if seed is None:
            import secrets  # (with hashlib: only when a new game draws its seed)

            seed = secrets.randbelow(1_000_000)
        config["seed"] = seed
        try:
            game = adapter.new_game(config)
        except RecordError as exc:
            raise self._error_type(f"No new game with seed {config['seed']!r}: {exc}") from None
        self._file = ""
        self.game = game

    @locked
    def undo(self) -> None:
        """Take back the last action; :meth:`redo` brings it back. The :attr:`takebacks`
        policy may refuse it (nothing changes then)."""
        refusal = self._undo_refusal()
        if refusal is not None:
            raise refusal
        self._take_back_one()
        if self._undo_to_person:
            while self._bot_to_act() is not None and self._can_take_back():
                self._take_back_one()
        self._log.clear()  # those events are taken back
        self._publish([])

    @locked
    def redo(self) -> None:
        """Re-apply the last action taken back by :meth:`undo`."""
        events = self._redo_one()
        if self._undo_to_person:
            while self._future() and self._bot_to_act() is not None:
                events += self._redo_one()
        self._after_change(events, run_bots=False)

    @locked
    def advance(self) -> bool:
        """Let the bot whose turn it is take one step; False if no bot is due."""
        bot = self._bot_to_act()
        if bot is None:
            return False
        self._act(lambda: self._bot_step(bot), run_bots=False)
        return True

    @locked
    def run_bots(self) -> int:
        """Let bots act until a person must act or the game ends; returns the steps taken."""
        steps = 0
        while self.advance():
            steps += 1
        return steps

    def on_move(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(entry)`` once for every new history entry (click, bot or cell).

        Returns a function that removes the callback.
        """
        return self._move_listeners.add(callback)

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe", None)  # absent if __init__ failed early
        if unsubscribe is not None:
            unsubscribe()
        super().close()

    def _plain_text(self) -> str:
        return repr(self._game)

    def _picture_label(self) -> str:
        return repr(self._game).strip("<>")

    def _picture_kind(self) -> str:
        return "review" if self.read_only else "play"

    def _picture_html(self) -> str:
        """The picture, with the record's marks and comments under it (a reviewed game's
        judgements stay readable where the widget cannot run)."""
        out = super()._picture_html()
        notes = self._notes_html()
        end = "</div>"
        if notes and out.endswith(end):  # inside the picture's box: hidden with it
            out = out[: -len(end)] + notes + end
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}({getattr(self, '_game', None)!r})"

    # ------------------------------------------------------------------ intents from the browser

    def _intercept(self, kind: object, content: Intent) -> bool:
        # Every open view schedules an advance; only the one for the current view counts
        # (a stale one is dropped: it changes nothing, not even the error shown).
        return kind == "advance" and content["seq"] != self._seq

    def _refusal(self, kind: str) -> GameError | None:
        if self.read_only and kind not in self._READ_ONLY_INTENTS:
            return GameError.coded(
                "widget.read_only",
                "This record is read-only: step through it, but it cannot be changed.",
            )
        if kind in self._player_intents and self._seat_to_act() is None:
            return GameError.coded(
                "widget.game_over",
                "The game is over: press New game to play again (or Undo a move).",
            )
        if kind in self._player_intents and self._bot_to_act() is not None:
            return GameError.coded("widget.bot_turn", "It is a bot's turn: wait for it to play.")
        return None

    def _handlers(self) -> dict[str, Handler]:
        """Intent type -> handler; games extend this table with their own intents."""
        return {
            "undo": lambda _m: self.undo(),
            "redo": lambda _m: self.redo(),
            "refresh": lambda _m: self._publish([]),
            "resync": lambda _m: self._resync(),
            "scrub_views": lambda m: self._send_scrub_views(m["first"], m["count"]),
            "advance": lambda _m: self.advance(),
            "new_game": lambda m: self.new_game(
                getattr(self._game, "seed", None) if m["same"] else None
            ),
            **self._review_handlers(),
        }

    def _shapes(self) -> dict[str, Shape]:
        """The shapes of :meth:`_handlers`' intents (games extend it with their own)."""
        return {
            "undo": NO_FIELDS,
            "redo": NO_FIELDS,
            "refresh": NO_FIELDS,
            "resync": NO_FIELDS,
            "scrub_views": Shape(first=Opt(Int(0, MAX_NODES)), count=Opt(Int(1, MAX_NODES))),
            "new_game": Shape(same=Opt(Bool(), False)),
            "advance": Shape(seq=Int(0, MAX_SEQ)),
            **self._review_shapes(),
        }

    def _shapes_key(self) -> object:
        # the review bar's shapes follow the kind of game (its highlight kinds); a game's own
        # shapes add what they read (Level X: the seats)
        return type(self._game)

    def _state_mark(self) -> object:
        """The game (its engine state and random generator), where it is in its record, and
        the record's changes: equal before and after a request that changed none of them."""
        cursor = self._cursor
        return (
            id(self._game),
            self._engine_mark(),
            self._record_changes,
            id(cursor),
            None if cursor is None else id(cursor.node),
            id(self._line_end),
            self._file,
        )

    def _engine_mark(self) -> object:
        """The engine's state, equal exactly when the game is (games may make it cheaper)."""
        return self._game.snapshot()

    # ------------------------------------------------------------------ keeping the view in step

    @locked
    def _act(self, action: Callable[[], list[Any]], run_bots: bool = True) -> list[Any]:
        events = self._driving(action)
        self._after_change(list(events), run_bots=run_bots)
        return events

    def _driving(self, action: Callable[[], Any]) -> Any:
        self._quiet = True
        try:
            return action()
        finally:
            self._quiet = False

    def _on_game_change(self, _game: object, events: list[Any]) -> None:
        """Engine listener: calls made from cells (``w.game.…``) update the widget."""
        if self._quiet:
            return
        if self._game.plies < self._plies_shown:  # taken back from a cell
            self._log.clear()
        self._after_change(list(events))

    def _after_change(self, events: list[Any], run_bots: bool = True) -> None:
        self.error = ""
        if run_bots and self.bot_delay <= 0:
            while (bot := self._bot_to_act()) is not None:
                events += self._driving(partial(self._bot_step, bot))
        self._publish(events)
        self._tell_move_listeners()

    def _tell_move_listeners(self) -> None:
        """Tell ``on_move`` about each step once, when it is first played: the record's
        cursor marks a step new when it adds its node, so a step redone, or played again
        after an undo, is not told twice."""
        steps, self._new_steps = self._new_steps, []
        if self._cursor is None:  # no record to follow: tell what lies past the last told
            entries = self._history_since(min(self._told, self._game.plies))
            self._told = self._game.plies
        else:
            entries = [entry for step in steps if (entry := self._entry_of(step)) is not None]
        for entry in entries:
            self._move_listeners.notify(entry)

    def _bot_to_act(self) -> object | None:
        if self.read_only:
            return None  # a record handed out is looked at, not played on
        seat = self._seat_to_act()
        return None if seat is None else self._bots[seat]

    def _publish(self, events: list[Any]) -> None:
        """Publish the view of now (:meth:`_send_view` sends it, whole or as a patch)."""
        self._follow_game()
        self._plies_shown = self._game.plies
        rows = self._log_entries(events)
        self._log = (self._log + rows)[-LOG_SIZE:]
        self._seq += 1
        view: dict[str, Any] = {
            "seq": self._seq,
            "bots": [bot_label(b) for b in self._bots],
            "log": log_lines(self._game, self._log, self._log_viewer(), self.language),
            "new": min(len(rows), len(self._log)),
            "canRedo": bool(self._future()),
        }
        view.update(self._view_fields())
        floor, undo_refusal = self._takeback_marks()
        if undo_refusal is not None:
            view["canUndo"] = False  # the takeback policy stops it (Undo would say why)
        view["takebacks"] = self.takebacks
        view["review"] = self._review_view()
        view["review"]["floor"] = floor  # the review bar goes no further back
        view["review"]["scrubKey"] = self._scrub_key()  # the views sent ahead it may show
        if self._captured is not None:  # working out the views of other steps (.scrub)
            self._captured.append(view)
            return
        self._send_view(view)
        self._refresh_picture()

    @traitlets.validate("bot_delay")
    def _valid_bot_delay(self, proposal: dict) -> int:
        delay = proposal["value"]
        if not 0 <= delay <= 60_000:
            raise traitlets.TraitError(
                f"bot_delay is the pause before each bot action in milliseconds, from 0 (at "
                f"once) to 60000; {delay} is not."
            )
        return delay

    @traitlets.observe("read_only")
    @locked
    def _read_only_changed(self, _change: dict) -> None:
        if hasattr(self, "_game"):
            self._publish([])

    @traitlets.observe("language")
    @locked
    def _language_changed(self, _change: dict) -> None:
        # the log (and the picture's caption) are in the widget's language
        if hasattr(self, "_game"):
            self._forget_sent_view()  # nearly every text changes: the whole view goes out
            self._publish([])

    def _check_game(self, game: object) -> None:
        if not isinstance(game, self._engine):
            raise TypeError(f"game must be a {self._engine.__name__}, not {type(game).__name__}.")

    def _check_bots(self, bots: Sequence[object] | None, seats: int) -> list[object | None]:
        if bots is None:
            return [None] * seats
        if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != seats:
            raise ValueError(f"bots needs one entry per seat ({seats}), e.g. [None, 'greedy'].")
        return [self._bot_from(b, i) for i, b in enumerate(bots)]

    def _bot_from(self, spec: object, seat: int) -> object | None:
        """Accept a bot object, None (a person), or one of the game's bot names."""
        if spec is None or spec is False:
            return None
        names = self._bot_names()
        if isinstance(spec, str):
            key = spec.strip().lower()
            if key in ("", "human", "person", "none"):
                return None
            if key in names:
                return names[key](seat)
            known = ", ".join(f'"{n}"' for n in names)
            raise ValueError(f"Unknown bot {spec!r}: use {known}, None or a bot object.")
        if not callable(getattr(spec, "choose", None)):
            raise ValueError(f"A bot needs a choose(...) method; {spec!r} has none.")
        return spec

    # ------------------------------------------------------------------ hooks for each game

    #: The engine's error base, raised for widget-level refusals (e.g. nothing to redo).
    _error_type: ClassVar[type[GameError]] = GameError

    def _seat_to_act(self) -> int | None:
        """The seat that must act now (None when the game is over)."""
        game = self._game
        return None if game.is_over else game.current_player

    def _bot_names(self) -> dict[str, Callable[[int], object]]:
        """Bot names accepted in ``bots=[...]`` -> factory taking the seat."""
        raise NotImplementedError

    def _bot_step(self, bot: object) -> list[Any]:
        """Let ``bot`` take one step in the engine; returns its events."""
        raise NotImplementedError

    def _history_since(self, plies: int) -> list[Any]:
        """History entries after the first ``plies`` (entries before the first ply, such as
        Level 8's deal, are skipped)."""
        history = self._game.history
        return list(history[len(history) - self._game.plies + plies :])

    def _entry_of(self, step: Step) -> Any | None:
        """The history entry ``step`` of the record made (what ``on_move`` reports), or None
        for a step that makes none (a Level X roll)."""
        raise NotImplementedError

    def _can_take_back(self) -> bool:
        raise NotImplementedError

    def _take_back_one(self) -> None:
        """Undo one engine step (the record keeps it: :meth:`redo` finds it there); with
        nothing to undo, the engine's own error says so."""
        self._driving(lambda: self._game.undo(1))

    def _log_entries(self, events: list[Any]) -> list[Any]:
        """The engine events the log keeps (whole: they are filtered and worded for whoever
        looks when the view is published)."""
        return list(events)

    def _log_viewer(self) -> int | str:
        """Whose eyes the log is written for now (a seat, "spectator" or "teacher")."""
        return "spectator"

    def _view_fields(self) -> dict[str, Any]:
        """The game's own part of the view."""
        raise NotImplementedError

    def _game_replaced(self) -> None:
        """Called after ``game`` was set to a new engine object."""
