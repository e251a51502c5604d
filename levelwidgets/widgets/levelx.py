"""LevelXWidget: play Level X inline in a notebook.

A thin adapter on :class:`~levelwidgets.widgets.base.GameWidget`: the engine
(:class:`~levelwidgets.levelx.LevelX`) decides every rule. This class turns the engine's position
into a compact JSON ``view`` for the browser and turns the browser's small intents
(``{"type": "roll"}``, ``{"type": "play", "groups": [[1, 6], [5, 5]]}``…) into engine calls.
Every intent is answered by a new view or by ``error``; an illegal one changes nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, cast

import traitlets

from ..errors import GameError
from ..levelx import ROWS, LevelX, LevelXError, Rules, Turn
from ..levelx.bots import GreedyBot, RandomBot
from ..levelx.events import Event
from ..levelx.moves import all_moves, group_verdicts, legal_grouping_keys
from ..levelx.preview import move_key, preview_moves
from ..names import shown_names
from ..record import MAX_NODES, Step
from .base import GameWidget, Intent, IntentError, locked
from .idle import WorksAhead
from .log import log_lines
from .patch import Window
from .shapes import NO_FIELDS, Bool, Coded, Int, ListOf, Shape, given

_STATIC = Path(__file__).resolve().parent.parent / "static"

MoveListener = Callable[[Turn], None]


def _event_row(e: Event) -> list[Any]:
    """An event as a short array [kind, player, row, square, other, value], trailing Nones cut."""
    value = list(e.value) if isinstance(e.value, tuple | list) else e.value
    out = [e.kind, e.player, e.row, e.square, e.other, value]
    while out and out[-1] is None:
        out.pop()
    return out


class LevelXWidget(WorksAhead, GameWidget):
    """Level X on a board you can click: hot-seat for 2–4 people, bots in any seat.

    >>> w = LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=1)
    >>> w.roll(); w.play(w.game.legal_moves()[0])   # same as clicking
    >>> w.game.play  # the engine itself; calls on it update the board at once
    """

    _esm = _STATIC / "levelx.js"
    _css = _STATIC / "levelx.css"
    _engine = LevelX
    _texts_memo: Any = None  # (line end and shape, its move texts, turns, windows)
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
        language: str | None = None,
        bot_delay: int = 700,
        animate: bool = True,
        teach: bool = False,
        read_only: bool = False,
        record_dir: str | Path = ".",
        takebacks: str | None = None,
    ) -> None:
        if game is None:
            game = LevelX(players=players, seed=seed, rules=rules)
        self._setting_up = False
        self._new_events: list[Event] = []  # the last change's events, for the board to play
        super().__init__(
            game,
            bots,
            language=language,
            bot_delay=bot_delay,
            read_only=read_only,
            record_dir=record_dir,
            takebacks=takebacks,
            animate=animate,
            teach=teach,
        )
        self.chances = self._chances()
        self._publish([])

    # ------------------------------------------------------------------ public API

    def roll(self, dice: Sequence[int] | None = None) -> list[Event]:
        """Roll for the player whose turn it is (``dice`` to set them, e.g. in a lesson)."""
        self._check_not_setting_up()
        return self._act(lambda: self._game.roll(dice))

    def play(self, move: object) -> list[Event]:
        """Play a move: notation ``"1+6 5+5"``, a list of groups, or a Move."""
        self._check_not_setting_up()
        return self._act(lambda: self._game.play(move))

    def undo(self) -> None:
        """Take back the last action (a roll, or else a move), and the bots' actions after the
        last one of a person: one Undo returns to where a person was to act. :meth:`redo`
        brings it all back."""
        super().undo()

    @locked
    def goto(self, turns: int) -> None:
        """Show the position after ``turns`` moves (before the next roll) of the line being
        looked at: back by one engine replay, forward by replaying the recorded steps."""
        texts = self._move_texts()  # the line's moves, kept while stepping along it
        total = len(texts["moves"]) + len(texts["future"])
        if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= total:
            raise LevelXError.coded(
                "levelx.goto_range",
                "Choose a move between 0 and {total}, not {turns!r}.",
                total=total,
                turns=turns,
            )
        self.seek(2 * turns)  # a turn is two steps: its roll, then its move

    @property
    def setup(self) -> bool:
        """Set-up mode: pieces are placed by hand (:meth:`set_piece`), nobody rolls or plays,
        bots wait. Turning it on is allowed at the start of a turn (before rolling), not in a
        read-only record; turning it off keeps the position as the game's new start."""
        return self._setting_up

    @setup.setter
    @locked
    def setup(self, on: bool) -> None:
        self._set_setup(on)
        self._after_change([], run_bots=not self._setting_up)

    @locked
    def set_piece(self, seat: int, row: int, square: int) -> None:
        """In set-up mode, put ``seat``'s piece of ``row`` on ``square`` (0 = off the board).
        The engine checks the new position (:meth:`LevelX.from_position`); a refused one
        raises its :class:`~levelwidgets.levelx.position.PositionError` and changes nothing."""
        if not self._setting_up:
            raise LevelXError.coded(
                "levelx.setup_off", "Press Set up first to place pieces by hand."
            )
        game = self._game
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.num_players:
            raise self._seat_refusal(seat, LevelXError)
        if isinstance(row, str) and row.isdigit():
            row = int(row)
        pieces: list[dict[Any, Any]] = [
            {r: game.piece(p, r) or 0 for r in ROWS} for p in range(game.num_players)
        ]
        pieces[seat][row] = square
        self._rebuild(pieces=pieces)

    def _seat_refusal(self, seat: object, error: type[GameError] = IntentError) -> GameError:
        return error.coded(
            "levelx.setup_seat",
            "There is no seat {seat!r}: seats are 0 to {last}.",
            seat=given(seat),
            last=self._game.num_players - 1,
        )

    @locked
    def set_current(self, seat: int) -> None:
        """In set-up mode, make ``seat`` the one to move next (checked by the engine)."""
        if not self._setting_up:
            raise LevelXError.coded(
                "levelx.setup_off", "Press Set up first to place pieces by hand."
            )
        self._rebuild(current=seat)

    @locked
    def set_position(
        self,
        *,
        pieces: object = None,
        chips: object = None,
        tiles: object = None,
        current: object = None,
    ) -> None:
        """Replace the position with one set up by hand, the shapes of
        :meth:`LevelX.from_position` (anything not given stays as it is now): the game
        starts again from it (same players, rules and seed; undo stops there). Only at the
        start of a turn (before rolling) and not in a read-only record."""
        if self.read_only:
            raise LevelXError.coded(
                "widget.read_only",
                "This record is read-only: step through it, but it cannot be changed.",
            )
        self._check_can_set_up()
        self._rebuild(pieces=pieces, chips=chips, tiles=tiles, current=current)
        if not self._setting_up and self.bot_delay <= 0:
            self.run_bots()  # a bot to move next plays at once (else the browser paces it)

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
            "play": lambda m: self.play(m["groups"]),
            "goto": lambda m: self.goto(m["turns"]),
            "setup": lambda m: setattr(self, "setup", m["on"]),
            "set_piece": lambda m: self.set_piece(m["seat"], m["row"], m["square"]),
            "set_current": lambda m: self.set_current(m["seat"]),
        }

    def _shapes_key(self) -> object:
        return (type(self._game), self._game.num_players)  # set_piece's seats

    def _shapes(self) -> dict[str, Shape]:
        seat = Coded(Int(0, self._game.num_players - 1), self._seat_refusal)
        return {
            **super()._shapes(),
            "roll": NO_FIELDS,
            "play": Shape(groups=GROUPS),
            "goto": Shape(turns=Int(0, MAX_NODES)),
            "setup": Shape(on=Coded(Bool(), _setup_flag_refusal)),
            # which rows and squares exist, and who may move first, the engine says (in words
            # the browser translates): the shape keeps them small whole numbers
            "set_piece": Shape(seat=seat, row=SET_UP_NUMBER, square=SET_UP_NUMBER),
            "set_current": Shape(seat=SET_UP_NUMBER),
        }

    def _state_mark(self) -> object:
        return (super()._state_mark(), self._setting_up)

    def _engine_mark(self) -> object:
        # the position, the turns played, the dice and the random generator: what the
        # snapshot holds, without writing out every turn of a 10,000-step history per request
        game = self._game
        return (
            game.plies,
            game._state.to_dict(),
            game._dice,
            game._drawn,
            game._rng.getstate(),
        )

    def _refusal(self, kind: str) -> GameError | None:
        refusal = super()._refusal(kind)
        if refusal is None and kind in _NOT_IN_SETUP:
            try:
                self._check_not_setting_up()
            except LevelXError as exc:
                return exc
        return refusal

    def _check_not_setting_up(self) -> None:
        if self._setting_up:
            raise LevelXError.coded(
                "levelx.setup_active",
                "Set-up mode is on: place the pieces, then press Set up again to play.",
            )

    # ------------------------------------------------------------------ set-up mode

    def _set_setup(self, on: bool) -> None:
        on = bool(on)
        if on and not self._setting_up:
            if self.read_only:
                raise LevelXError.coded(
                    "widget.read_only",
                    "This record is read-only: step through it, but it cannot be changed.",
                )
            self._check_can_set_up()
        self._setting_up = on

    def _check_can_set_up(self) -> None:
        game = self._game
        if game.dice is not None:
            raise LevelXError.coded(
                "levelx.setup_rolled",
                "Set a position up at the start of a turn: {name} has already rolled.",
                name=game.names[game.current_player],
            )

    def _rebuild(
        self,
        *,
        pieces: object = None,
        chips: object = None,
        tiles: object = None,
        current: object = None,
    ) -> None:
        """Start the game again from the current position with the given parts replaced,
        every check the engine's (nothing changes when it refuses)."""
        game = self._game
        players = range(game.num_players)
        if pieces is None:
            pieces = [[game.piece(p, r) or 0 for r in ROWS] for p in players]
        if chips is None:
            chips = [list(game.chips_held(p).values()) for p in players]
        if tiles is None:
            tiles = [game.tiles(p) for p in players]
        if current is None:
            current = game.current_player
        new = LevelX.from_position(
            list(game.names),
            pieces=pieces,  # type: ignore[arg-type]
            chips=chips,  # type: ignore[arg-type]
            tiles=tiles,  # type: ignore[arg-type]
            current=current,  # type: ignore[arg-type]
            rules=game.rules,
            seed=game.seed,
        )
        self._file = ""  # a new start: the old record stays as it was saved
        self.game = new

    # ------------------------------------------------------------------ GameWidget hooks

    def _bot_to_act(self) -> object | None:
        return None if self._setting_up else super()._bot_to_act()  # bots wait in set-up

    def _bot_names(self) -> dict[str, Callable[[int], object]]:
        return {"greedy": lambda _seat: GreedyBot(), "random": lambda seat: RandomBot(seed=seat)}

    def _bot_step(self, bot: object) -> list[Event]:
        game = self._game
        if game.dice is None:
            return game.roll()
        return game.play(bot.choose(game))  # type: ignore[attr-defined]

    def _entry_of(self, step: Step) -> Turn | None:
        if step.kind != "move":
            return None  # a roll is half a turn: the turn is told when it is played
        return self._game.history_entry(step.ply // 2 - 1)

    def _peek_at(self, step: Step, persons: set[int]) -> GameError | None:
        # Level X hides no cards, but a roll taken back would come again (the seed decides
        # it): who took it back would know the dice before choosing the move before it.
        if step.kind != "roll" or not persons:
            return None
        return LevelXError.coded(
            "levelx.no_peeking",
            "Undo stops here: the dice rolled at step {step} are known now, and taking the "
            "roll back would be a free look (takebacks are no_peeking).",
            step=step.ply,
        )

    def _can_take_back(self) -> bool:
        return self._game.dice is not None or bool(self._game.plies)

    def _log_entries(self, events: list[Event]) -> list[Event]:
        # whose turn it is shows on the board; the log says what happened, and who passed
        return [e for e in self._animated(events) if e.kind != "turn_passed"]

    def _animated(self, events: list[Event]) -> list[Event]:
        """The events of one change as the board plays them out (with who passed)."""
        return _with_passes(list(events), self._game.num_players)

    def _publish(self, events: list[Any]) -> None:
        self._new_events = self._animated(events)
        super()._publish(events)
        if self._captured is None:  # (not a view worked out for scrubbing)
            self._ponder()

    def _ponder(self) -> None:
        """While the person looks at the view just sent, work out what their Roll will ask
        for (:mod:`.idle`): the click's answer then does not wait for it."""
        ahead = self._game.dice is None and self._rolls_previewed()
        self._work_ahead(self._warm_next_roll if ahead else None)

    def _previews_shown(self) -> bool:
        """Whether a roll's view carries its move previews and group verdicts: for a person
        building a move, or for the teacher's overlay."""
        return self.teach or self._person_to_act()

    def _rolls_previewed(self) -> bool:
        """Whether a roll may come now and its view would carry the previews."""
        return not self._game.is_over and not self._setting_up and self._previews_shown()

    def _warm_next_roll(self) -> None:
        """Fill the caches the next roll's view reads, for the dice the seed gives next (on a
        copy: the game's generator stays where it is)."""
        game = self._game
        if game.dice is not None or not self._rolls_previewed():
            return
        ahead = game.clone()
        ahead.roll()
        rolled = tuple(sorted(cast(tuple[int, ...], ahead.dice)))
        _previews(ahead)
        _group_checks(rolled, ahead.rules.lucky_loser)
        legal_grouping_keys(rolled, ahead.rules.lucky_loser)
        _roll_ways(ahead.dice)

    def _static_svg(self) -> str:
        return self._game.to_svg(language=self.language)

    def _scrub_options(self) -> tuple[Any, ...]:
        return (self.teach,)

    def _game_replaced(self) -> None:
        self.chances = self._chances()

    def _view_fields(self) -> dict[str, Any]:
        game = self._game
        rows = [game.row_length(r) for r in ROWS]
        players = range(game.num_players)
        dice = list(game.dice) if game.dice is not None else None
        move_count = sum(1 for m in game.legal_moves() if m.groups) if dice else 0
        view: dict[str, Any] = {
            "names": shown_names(game.names, self.language),
            # the last change's events, for the board to play out step by step, each with
            # its sentence for the ticker (written here, like the log: see .log)
            "events": [_event_row(e) for e in self._new_events],
            "eventTexts": [
                line[0]
                for line in log_lines(game, self._new_events, self._log_viewer(), self.language)
            ],
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
            # the exact chance of this roll: [ways, of all ordered rolls], e.g. [12, 1296]
            "rollWays": _roll_ways(dice),
            "turnable": game.turnable_ones if dice else 0,
            # moves other than passing: then passing is a deliberate second choice
            "moveCount": move_count,
            "canMove": move_count > 0,
            **self._move_texts(),
            "canUndo": bool(game.plies) or dice is not None,
            "setup": self._setting_up,
            # set-up mode may be turned on: at the start of a turn, not in a read-only record
            "canSetup": dice is None and not self.read_only,
        }
        notes: dict[str, list[str]] = {}
        for ply, (mark, comments) in self._notes_by_ply().items():
            turn = str((ply + 1) // 2)  # a turn is two steps: its roll, then its move
            old_mark, old_comments = notes.get(turn, ["", ""])
            notes[turn] = [mark or old_mark, " / ".join(c for c in (old_comments, comments) if c)]
        if notes:
            view["notes"] = notes
        if dice is not None and self._previews_shown():
            # What each move would do, for the tray's hints and the teaching overlay.
            view["preview"] = _previews(game)
            # Python's verdict of every group the tray can build, and every legal grouping,
            # by key (moves.group_key / grouping_key): the tray marks each group ✔ or ✘ and
            # offers Play only for a listed grouping, deciding nothing itself.
            rolled = tuple(sorted(dice))
            lucky = game.rules.lucky_loser
            view["groupChecks"] = _group_checks(rolled, lucky)
            view["legalKeys"] = list(legal_grouping_keys(rolled, lucky))
        if self.teach and dice is not None:
            view["teach"] = [
                [g.notation, list(g.turned), list(g.left_out), move_key(g.steps)]
                for g in game.groupings()
            ]
            view["advice"] = _advice(game)
        return view

    def _move_texts(self) -> dict[str, list[str]]:
        """``moves`` (the turns played) and ``future`` (the moves after them on the line
        looked at): one list per line of the record, kept while stepping along it, so a
        step does not write thousands of moves again."""
        game, cursor = self._game, self._cursor
        if cursor is None:
            return {"moves": [t.move.notation for t in game.history], "future": []}
        future = self._future()
        end = future[-1] if future else cursor.node
        key = (end, getattr(self, "_shape", 0))
        memo = self._texts_memo
        if memo is not None and memo[0] != key and end._parent is memo[0][0]:
            # the line grew by one step (a move played at its end): its texts and one more
            # (a node's path never changes while it is in the record)
            added = cast(Step, end)
            grown = memo[1] + (added.notation,) if added._data["kind"] == "move" else memo[1]
            memo = self._texts_memo = (key, grown, -1, {})
        if memo is None or memo[0] != key:
            texts = tuple(
                step.notation  # type: ignore[attr-defined]  # every step after the root
                for step in end.path()[1:]
                if step._data["kind"] == "move"  # type: ignore[attr-defined]
            )
            memo = self._texts_memo = (key, texts, -1, {})
        turns = game.plies
        if memo[2] != turns:  # windows of the line (.patch.Window): a step diffs in O(1)
            texts = memo[1]
            windows = {"moves": Window(texts, 0, turns), "future": Window(texts, turns, len(texts))}
            memo = self._texts_memo = (key, texts, turns, windows)
        return dict(memo[3])

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


def _roll_ways(dice: Sequence[int] | None) -> list[int] | None:
    """The exact chance of this roll, ``[ways, of all ordered rolls]``, None before a roll."""
    if not dice:
        return None
    from ..levelx.probability import roll_ways  # (the chances module: at the first roll)

    return list(roll_ways(dice))


#: Move previews of the positions last shown (:func:`_previews`), newest last.
_PREVIEWS: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
PREVIEWS_KEPT = 256
_PREVIEWS_LOCK = threading.Lock()


def _previews(game: LevelX) -> dict[str, Any]:
    """What each move of the roll would do (the view's ``preview``), kept for the positions
    last shown: a review steps back and forth over the same few, and the views worked out
    ahead for scrubbing (:mod:`.scrub`) are those its next steps show. The key is the whole
    position (every field of the engine's state), the dice and the rules."""
    state = game._state
    key = (
        game.rules,
        tuple(sorted(game.dice or ())),
        *(_frozen(getattr(state, name)) for name in type(state).__slots__),
    )
    with _PREVIEWS_LOCK:  # shared by every widget: a cell's and a subshell's thread may meet
        found = _PREVIEWS.get(key)
        if found is not None:
            _PREVIEWS.move_to_end(key)
            return found
    found = {move: p.to_dict() for move, p in preview_moves(game).items()}
    with _PREVIEWS_LOCK:
        _PREVIEWS[key] = found
        if len(_PREVIEWS) > PREVIEWS_KEPT:
            _PREVIEWS.popitem(last=False)
    return found


@cache
def _group_checks(rolled: tuple[int, ...], lucky_loser: bool) -> dict[str, Any]:
    """The view's ``groupChecks``: :func:`group_verdicts` with each refusal as its code and
    params only. The page words it in its own language from the catalogue it shares with
    Python, so the engine's English sentence would be sent for nothing (it was a fifth of a
    roll's view). Shared by every view of this roll: never changed in place."""
    return {
        key: None if why is None else {"code": why["code"], "params": why["params"]}
        for key, why in group_verdicts(rolled, lucky_loser).items()
    }


def _frozen(value: Any) -> Any:
    """A state field as a key: lists (of lists) as tuples."""
    if type(value) is list:
        return tuple(_frozen(v) for v in value)
    return value


def _advice(game: LevelX) -> dict[str, dict[str, Any]]:
    """The advisor's measures (:func:`~levelwidgets.levelx.advisor.advise`) under every key the
    preview uses: a move with steps in closed rows gets the advice of the same move without
    them (the engine's legal move that it is)."""
    from ..levelx.advisor import advise  # (exact fractions: when advice is first shown)

    by_steps = {a.move.steps: a.to_dict() for a in advise(game)}
    closed = {row for row in ROWS if game.is_closed(row)}
    dice = tuple(sorted(game.dice))  # type: ignore[arg-type]
    return {
        move_key(m.steps): by_steps[tuple(s for s in m.steps if s not in closed)]
        for m in all_moves(dice, game.rules.lucky_loser)
    }


#: Intents refused in set-up mode: they play, or move along the record.
_NOT_IN_SETUP = frozenset(
    {"roll", "play", "undo", "redo", "goto", "seek", "jump", "play_on", "variation", "new_game"}
    | {"open_record"}
)

#: Event kinds that are no part of a move: a turn whose events are only these was a pass.
_NOT_MOVING = frozenset({"rolled", "last_round", "game_over"})


def _with_passes(events: list[Event], players: int) -> list[Event]:
    """Events with a ``passed`` event before the end of each turn that moved nothing (the
    engine says only whose turn it is next; the log says in words who passed)."""
    out: list[Event] = []
    moved = False
    for event in events:
        if event.kind == "turn_passed":
            if not moved:
                out.append(Event("passed", (event.player - 1) % players))
            moved = False
        elif event.kind not in _NOT_MOVING:
            moved = True
        out.append(event)
    return out


def _setup_flag_refusal(on: object) -> IntentError:
    return IntentError.coded(
        "levelx.setup_flag", "Set up needs on: true or false, not {on!r}.", on=given(on)
    )


#: A row, a square or a seat in set-up mode: the engine says which exist.
SET_UP_NUMBER = Int(0, 99)

#: A move as the browser sends it: groups of the faces shown (a turned 1 as its new face).
GROUPS = ListOf(
    ListOf(Int(1, 6), max_len=4, noun="faces"),
    max_len=4,
    noun="groups of dice faces",
    example="[[1, 6], [5, 5]]",
)
