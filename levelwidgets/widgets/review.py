"""Records in the widgets: stepping through the game's record, variations, annotations from
the browser, Save/Open and read-only mode.

:class:`ReviewMixin` is one part of :class:`~levelwidgets.widgets.base.GameWidget`. The widget
holds a :class:`~levelwidgets.record.Cursor` on the record of its game: every step played on
the widget goes into the record (a step that differs from the recorded one adds a variation),
undo and the review bar move the live game back and forth along *the line being looked at*,
which ends at ``_line_end``. The browser's review bar (``js/src/common/review.js``) renders
``view["review"]`` and sends the intents of :meth:`ReviewMixin._review_handlers`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from .. import _html as html  # (html.escape without the html module)
from .. import i18n
from ..errors import GameError
from ..record import (
    MAX_NODES,
    Cursor,
    CursorMove,
    GameRecord,
    Node,
    RecordError,
    Step,
    adapter_for,
)
from ..record.annotations import FREE_HEADERS, MARKS, MAX_COMMENT, MAX_COMMENTS, MAX_HEADER
from . import lines
from .errors import IntentError
from .intents import locked
from .shapes import (
    NO_FIELDS,
    AnyOf,
    Choice,
    Coded,
    Int,
    ListOf,
    Nullable,
    Opt,
    Shape,
    Text,
    Tuple,
    given,
)

Intent = dict[str, Any]

#: What the review bar may do to a variation.
VARIATION_OPS = ("promote", "demote", "main", "remove")
#: A line as the browser names it: its branch points ``[[ply, index], ...]``. The view lists
#: at most ``lines.MAX_LINES`` lines, and a line branches off at most that many others.
PATH = ListOf(
    Tuple((Int(1, MAX_NODES), Int(0, MAX_NODES)), example="[12, 1]"),
    max_len=lines.MAX_LINES,
    noun="branch points",
    example="[[12, 1], [15, 2]]",
)
#: What a highlight points at: a number (row, die, card, player, field) or a few (a square's
#: [row, square], a group of dice, a combination's [player, index]); the record checks which.
HIGHLIGHT_TARGET = AnyOf(
    (Int(0, 999), ListOf(Int(0, 999), max_len=4, noun="numbers", example="[8, 2]"))
)
#: A colour's name or "#rrggbb" (the record checks which).
COLOUR = Text(20)
#: The longest header text the record takes (its notes).
MAX_HEADER_TEXT = max(MAX_HEADER.values())
#: A record file name as the browser sends it (``lines.record_file`` checks its form).
MAX_FILE_NAME = 200


#: The most annotated steps the picture output lists (a whole reviewed game fits).
MAX_PICTURE_NOTES = 120
#: The picture output's words for the record's notes, per language.
NOTES_WORDS = i18n.Sections("pictures.notes")


class _OpenRecord:
    """``Widget.open(path)`` on the class opens a record file (as :meth:`ReviewMixin.load`);
    ``widget.open()`` on an instance stays ipywidgets' own (it opens the connection to the
    browser, and ipywidgets calls it while a widget is made)."""

    def __get__(self, widget: object, cls: type) -> Callable[..., Any]:
        if widget is None:
            return cls.load  # type: ignore[attr-defined]
        return super(ReviewMixin, widget).open  # type: ignore[misc]


class ReviewMixin:
    """The record side of a game widget (mixed into GameWidget, which provides the game,
    publishing and the engine hooks this part calls)."""

    _game: Any
    _cursor: Cursor | None
    _line_end: Node | None
    _file: str
    #: Counts changes of the records watched (annotations, variations): part of the state mark.
    _record_changes: int = 0
    #: The lines' rows of the view (:meth:`_line_rows`): ``(starts, key, rows)``, or None.
    _rows_memo: Any = None
    _engine: ClassVar[type]
    _error_type: ClassVar[type[GameError]]
    record_dir: Path
    read_only: bool
    language: str
    send: Callable[..., None]

    if TYPE_CHECKING:  # provided by GameWidget (widgets/base.py), which mixes this class in
        game: Any
        _log: list[Any]

        def _driving(self, action: Callable[[], Any]) -> Any: ...

        def _publish(self, events: list[Any]) -> None: ...
        def _attach(self, game: Any, cursor: Cursor | None) -> None: ...
        def _after_change(self, events: list[Any], run_bots: bool = True) -> None: ...

    #: ``LevelXWidget.open("lesson.json", read_only=True)``: the same as :meth:`load`.
    open = _OpenRecord()

    def _review_handlers(self) -> dict[str, Callable[[Intent], object]]:
        """The review bar's intents (see ``js/src/common/review.js``); their fields are
        checked against :meth:`_review_shapes` first."""
        return {
            "seek": lambda m: self.seek(m["step"]),
            "jump": lambda m: self._jump(m["path"]),
            "play_on": lambda _m: self.play_on(),
            "variation": self._variation_intent,
            "comment": self._comment_intent,
            "mark": lambda m: self._annotated(lambda n: n.mark(m["mark"])),
            "highlight": self._highlight_intent,
            "header": lambda m: self._annotated(
                lambda _n: self.record.set_header(m["key"], m["value"])
            ),
            "save_record": lambda m: self._save_intent(m["name"]),
            "open_record": lambda m: self.open_record(
                lines.record_file(self.record_dir, m["name"])
            ),
            "list_records": lambda _m: self._list_records(),
            "handout": lambda _m: self._handout_intent(),
            "review": lambda _m: self._review_intent(),
        }

    def _review_shapes(self) -> dict[str, Shape]:
        """The shapes of the review bar's intents: text as long as the record takes it.
        (They follow the kind of game, which the widget's table of shapes is kept by:
        ``GameWidget._shapes_key``.)"""
        file_name = Coded(
            Text(MAX_FILE_NAME), lambda name: lines.file_name_error(name, IntentError)
        )
        kinds = tuple(adapter_for(self._game).highlight_kinds)
        return {
            "seek": Shape(step=Coded(Int(0, MAX_NODES), self._step_refusal)),
            "jump": Shape(path=PATH),
            "play_on": NO_FIELDS,
            "variation": Shape(op=Choice(VARIATION_OPS), path=PATH),
            "comment": Shape(text=Opt(Text(MAX_COMMENT)), index=Opt(Int(0, MAX_COMMENTS - 1))),
            "mark": Shape(mark=Nullable(Choice(MARKS))),
            "highlight": Shape(
                kind=Opt(Choice(kinds)), target=Opt(HIGHLIGHT_TARGET), colour=Opt(COLOUR, "red")
            ),
            "header": Shape(key=Choice(FREE_HEADERS), value=Nullable(Text(MAX_HEADER_TEXT))),
            "save_record": Shape(name=file_name),
            "open_record": Shape(name=file_name),
            "list_records": NO_FIELDS,
            "handout": NO_FIELDS,
            "review": NO_FIELDS,
        }

    @property
    def record(self) -> GameRecord:
        """The annotated record of this game: every step played here, variations included
        (playing on from an earlier position adds one). Comment and mark its nodes, then
        :meth:`save` it."""
        if self._cursor is None:
            raise RecordError.coded(
                "widget.not_recorded",
                "This game cannot be recorded: its history does not rebuild it from its seed.",
            )
        return self._cursor.record

    def save(self, path: str | Path) -> None:
        """Write :attr:`record` to ``path`` (a record file; open it with :meth:`load`)."""
        self.record.save(path)
        self._file = Path(path).name

    def handout(self, path: str | Path | None = None) -> str:
        """A printable handout of :attr:`record` (one HTML page: the main line, and at every
        annotated position its comments and a picture), in the widget's language; written to
        ``path`` too when given. The pictures show what a spectator sees (Level 8: no hand),
        unless this widget shows the teacher's view. The Handout button downloads the same."""
        html = self.record.to_html(viewer=self._handout_viewer(), language=self.language)
        if path is not None:
            Path(path).write_text(html, encoding="utf-8")
        return html

    def _handout_viewer(self) -> str:
        """Who the handout's pictures are drawn for: "spectator" (games hiding cards say
        "teacher" when this widget shows every hand)."""
        return "spectator"

    def _handout_intent(self) -> None:
        """The Handout button: the page goes to the browser, which downloads it as a file
        (nothing is written next to the notebook, so a read-only copy may make one too)."""
        html = self.handout()
        stem = Path(self._file).stem if self._file else f"{self.record.game}-game"
        self.send({"type": "handout", "name": f"{stem}-handout.html", "html": html})
        self.error = ""

    def review(self, **options: Any) -> Any:
        """Review :attr:`record` exactly (:func:`levelwidgets.review.review`): every decision
        node without a mark gets ``?!``, ``?`` or ``??`` by what it cost, and the judgement
        (the best alternative and the cost) as a comment a teacher may edit or delete. The
        marks show in the move list, the judgements in the notes of their position. Returns
        the :class:`~levelwidgets.review.Review` (``.table``, ``.summary()``, ``.plot()``).

        ``options`` go to ``review`` (``thresholds=``, ``draws=``, ``language=``; the
        language is the widget's unless given). A game that cannot be reviewed raises and
        changes nothing, and so does a review that fails partway. The Review button does
        the same.
        """
        record = self.record  # a game without a record says so
        options.setdefault("language", self.language)
        from ..review import review as review_record  # the judges load solvers: only now

        before = _annotations(record)
        changes = self._record_changes
        with self._one_publish():
            try:
                result = review_record(record, **options)
            except BaseException:
                _restore(record, before)  # a refused or failed review changes nothing
                self._record_changes = changes
                self._held = False
                raise
        self._last_review = result
        return result

    def review_summary(self) -> Any:
        """The last :meth:`review`'s per-player summary (decisions, average cost, count of
        each mark): ``Review.summary()``."""
        last = getattr(self, "_last_review", None)
        if last is None:
            raise RecordError.coded(
                "widget.not_reviewed", "Review the game first (widget.review() or Review)."
            )
        return last.summary()

    def _review_intent(self) -> None:
        """The Review button: a game that cannot be reviewed is refused in words a teacher
        reads; the view is published either way, so the button stops waiting. While a game
        that hides cards goes on, only the teacher's view reviews it: the judgements name
        the cards in the players' hands (``widget.review()`` in Python is the teacher's)."""
        if self._review_hides_cards():
            raise self._error_type.coded(
                "widget.review_hidden",
                "Review this game when it is over (or in the teacher's view): the review "
                "names the cards in the players' hands.",
            )
        try:
            with self._one_publish():
                self._held = True  # one view even when nothing changed: the answer
                self.review()
        except GameError as exc:
            if exc.code is not None and exc.code.startswith("widget."):
                raise
            raise self._error_type.coded(
                "widget.review_refused",
                "This record of {game} cannot be reviewed: {reason}",
                game=adapter_for(self._game).title,
                reason=str(exc),
            ) from exc

    def _review_hides_cards(self) -> bool:
        """Whether a review now would show this screen cards it may not see: a game hiding
        cards (it has a ``viewer``) going on, shown to anyone but the teacher."""
        return getattr(self, "viewer", "teacher") != "teacher" and not self._game.is_over

    @contextlib.contextmanager
    def _one_publish(self) -> Iterator[None]:
        """Changes of the record made inside publish one view at the end, not one each (a
        review marks and comments hundreds of nodes)."""
        if getattr(self, "_holding", False):
            yield
            return
        self._holding, self._held = True, False
        try:
            yield
        finally:
            self._holding = False
            if self._held:
                self._held = False
                self._publish([])

    @classmethod
    def load(cls, path: str | Path, **options: Any) -> Any:
        """A widget on the game of a record file, at the end of its main line, with the
        record (comments, marks, variations) as :attr:`record`. ``options`` as for the
        constructor (bots, language, ``read_only=True`` for a class…). ``Widget.open(path)``
        on the class is the same."""
        record = GameRecord.load(path)
        cursor = record.cursor()
        cursor.last()
        widget = cls(cursor.game_copy(), **options)  # type: ignore[call-arg]  # a widget class
        widget._watch_record(record)
        widget._file = Path(path).name
        widget._attach(widget.game, cursor)
        return widget

    @locked
    def open_record(self, path: str | Path) -> None:
        """Show the game of a record file here instead (at the end of its main line); a file
        that is not a record of this widget's game raises and changes nothing."""
        record = GameRecord.load(path)
        game = record.cursor().game
        if not isinstance(game, self._engine):
            raise RecordError.coded(
                "widget.other_game",
                "{file} holds a {game} game; open it with the widget for {game}.",
                file=Path(path).name,
                game=record._adapter.title,
            )
        cursor = record.cursor()
        cursor.last()
        self._watch_record(record)
        self._file = Path(path).name
        self._attach(cursor.game_copy(), cursor)

    @locked
    def seek(self, step: int) -> None:
        """Show the position after ``step`` steps of the line being looked at (0: the start).

        A step is one record step: Level X has two a turn (the roll, then the move), Level 8
        one an action. The steps after it stay on the line: :meth:`redo` or ``seek`` again
        brings them back; playing a different step here adds a variation.
        """
        total = self._line_steps()
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= total:
            raise self._step_refusal(step, self._error_type)
        self._show(self._line_node(step))

    def _step_refusal(self, step: object, error: type[GameError] = IntentError) -> GameError:
        """The refusal of ``step`` as a step of the line being looked at."""
        return error.coded(
            "widget.step_range",
            "Choose a step between 0 and {total}, not {step!r:.40}.",
            total=self._line_steps(),
            step=given(step),
        )

    def show(self, node: Node) -> None:
        """Show the position at ``node`` of :attr:`record` (a step of any line); its line
        becomes the line being looked at."""
        if not isinstance(node, Node) or self._cursor is None or node.record is not self.record:
            raise RecordError("Show a node of this widget's own record (w.record…).")
        self._show(node)

    @locked
    def play_on(self) -> None:
        """Play on from the position shown: the steps after it are no longer the line being
        looked at (they stay in the record), so bots go on and a new step adds a variation."""
        if self._cursor is not None:
            self._line_end = self._cursor.node
        self._after_change([], run_bots=True)

    def _here(self) -> Node:
        if self._cursor is None:
            raise RecordError.coded("widget.no_record", "This game has no record to annotate.")
        return self._cursor.node

    def _annotated(self, change: Callable[[Node], object]) -> None:
        """Annotate the position shown; the record's change republishes the view."""
        change(self._here())
        self.error = ""

    def _jump(self, path: object) -> None:
        """Go to the first step of the line ``path`` names; the main line's ``[]`` goes to
        where the shown line leaves the main line."""
        node = lines.node_at(self.record, path)
        if node is self.record:
            node = self._here()
            while not node.is_main_line():  # back to where the shown line leaves it
                node = node.parent  # type: ignore[assignment]
            self._show(node)
            self._line_end = lines.line_end(node)
            self._publish([])
            return
        self._show(node)

    def _variation_intent(self, intent: Intent) -> None:
        op = intent["op"]
        node = lines.node_at(self.record, intent["path"])
        if not isinstance(node, Step):
            raise RecordError.coded(
                "widget.main_line", "The main line is no variation: choose a variation."
            )
        parent = node.parent
        assert parent is not None
        if op == "remove":
            if node in self._here().path():
                self._show(parent)  # leave the variation before it goes
            parent.remove(node)
            if (
                not self._on_line(self._here())
                or self._line_end is None
                or (node in self._line_end.path())
            ):
                self._line_end = lines.line_end(self._here())
        else:  # the shape allows only these
            {"promote": parent.promote, "demote": parent.demote, "main": parent.promote_to_main}[
                op
            ](node)
        self.error = ""
        self._publish([])

    def _comment_intent(self, intent: Intent) -> None:
        """A new comment (no index), or comment ``index`` changed (or removed with "")."""
        node, text, index = self._here(), intent["text"], intent["index"]
        if index is None:
            node.comment(text)  # the record refuses no text or an empty one
        elif index >= len(node.comments):
            raise RecordError.coded(
                "widget.no_comment",
                "There is no comment number {index!r:.20} here.",
                index=index,
            )
        elif not text:
            node.remove_comment(index)
        else:
            comments = node.comments
            comments[index] = text
            node.set_comments(comments)
        self.error = ""

    def _highlight_intent(self, intent: Intent) -> None:
        node, kind = self._here(), intent["kind"]
        if kind is None:
            node.unhighlight()
        else:
            target = {kind: intent["target"]}
            before = node.highlights
            node.highlight(intent["colour"], **target)
            if node.highlights == before:  # the same thing in the same colour: a toggle
                node.unhighlight(**target)
        self.error = ""

    def _save_intent(self, name: object) -> None:
        path = lines.record_file(self.record_dir, name)
        self.save(path)
        self.error = ""
        self._publish([])

    def _list_records(self) -> None:
        self.record_files = lines.record_files(self.record_dir)
        self._publish([])  # a new view answers the request even when the list is as before

    def _use_cursor(self, cursor: Cursor | None) -> None:
        """Follow the game in the record at ``cursor`` (None: the game is not recorded)."""
        self._cursor = cursor
        self._new_steps: list[Step] = []  # steps first played since on_move was last told
        self._told = self._game.plies  # without a record: history entries on_move was told of
        if cursor is not None:
            cursor.on_move(self._cursor_moved)

    def _cursor_moved(self, cursor: Cursor, move: CursorMove) -> None:
        if move.new and cursor is self._cursor:
            self._new_steps.append(move.node)  # type: ignore[arg-type]

    def _new_cursor(self, game: object) -> Cursor | None:
        """A cursor at the end of a record of ``game``'s history so far (None if it has none
        that replays, e.g. a game rebuilt without its random generator)."""
        try:
            cursor = GameRecord.from_game(game).cursor()
        except RecordError:
            return None
        cursor.last()
        self._watch_record(cursor.record)
        return cursor

    def _watch_record(self, record: GameRecord) -> None:
        """Annotations made in Python (``w.record…comment(…)``) show in the widget at once."""

        def changed(_record: GameRecord, what: str, *rest: object) -> None:
            self._record_changes = getattr(self, "_record_changes", 0) + 1
            if what == "added" and _extends_its_line(cast(Node, rest[0])):
                self._shape_changed(lines_kept=True)  # (every new step of a game played on)
            elif what in ("added", "order", "removed"):
                self._shape_changed()
            if what != "added" and hasattr(self, "_cursor") and record is self.record:
                if getattr(self, "_holding", False):
                    self._held = True  # published once when the batch ends
                else:
                    self._publish([])

        record.on_change(changed)

    def _notes_by_ply(self) -> dict[int, tuple[str, str]]:
        """``ply -> (mark, comments)`` for the annotated steps of the line shown."""
        return {node.ply: (node.mark() or "", " / ".join(node.comments)) for node in self._noted()}

    def _noted(self) -> list[Node]:
        """The steps of the line shown with a mark or comments, in order: from the record's
        index of annotated nodes, kept until the line or an annotation changes (stepping
        along a line of thousands of steps finds them without walking it)."""
        cursor = self._cursor
        if cursor is None:
            return []
        future = self._future()
        end = future[-1] if future else cursor.node
        key = (end, getattr(self, "_shape", 0), self._record_changes)
        memo = getattr(self, "_noted_memo", None)
        if memo is not None and memo[0] == key:
            return memo[1]
        path = end.path()
        out = sorted(
            (
                node
                for node in cursor.record._noted
                if node._depth < len(path) and path[node._depth] is node and node._depth
            ),
            key=lambda node: node._depth,
        )
        self._noted_memo = (key, out)
        return out

    def _follow_game(self) -> None:
        """Keep the record in step with the live game: steps taken back move the cursor back,
        new steps are played into the record (a step that differs adds a variation)."""
        cursor = self._cursor
        if cursor is None:
            return
        adapter, game = adapter_for(self._game), self._game
        # Only the steps from the cursor's on are built: the line before it is the game's,
        # since every undo and new step passes through here.
        while cursor.ply > adapter.step_count(game):
            cursor.back()
        while cursor.ply and adapter.key(cursor.node._data) != adapter.key(  # type: ignore[attr-defined]
            adapter.steps_of(game, cursor.ply - 1)[0]
        ):
            cursor.back()
        try:
            for data in adapter.steps_of(game, cursor.ply):
                cursor.play(data)
        except RecordError:
            self._use_cursor(None)  # cannot follow (should not happen): play on unrecorded
            return
        if not self._on_line(cursor.node):
            self._line_end = cursor.node  # a new step, or another line: it is the line now

    def _line_steps(self) -> int:
        """Steps on the line being looked at (the position shown and the steps after it)."""
        if self._cursor is None:
            return self._game.plies
        return self._cursor.ply + len(self._future())

    def _line_node(self, step: int) -> Node:
        cursor = self._cursor
        if cursor is None:
            raise RecordError.coded(
                "widget.no_record_steps", "This game has no record to step through."
            )
        if step <= cursor.ply:
            node = cursor.node
            if cursor.ply - step > NEAR:
                return node.path()[step]
            while node._depth > step:  # a step back: a few parents, not a long path
                node = cast(Node, node._parent)
            return node
        return self._future()[step - cursor.ply - 1]

    @locked  # show(node), seek, goto and the review bar all pass here
    def _show(self, node: Node) -> None:
        """Bring the live game to ``node``: a few steps forward are played on it; anything
        else takes the record's state there (a stored checkpoint and at most a few steps,
        see :class:`~levelwidgets.record.tree.GameRecord`), copied into the live game, so a
        step back or a jump costs the same on a record of 100 or 10,000 steps. An engine
        that cannot take a state goes back to where the lines part (one replay) and
        forward step by step."""
        cursor = self._cursor
        assert cursor is not None
        self._check_takeback(node)  # type: ignore[attr-defined]
        common = _common_depth(node, cursor.node)
        game, adapter = self._game, adapter_for(self._game)
        at = cursor.ply
        on_line = self._on_line(node)
        if common < at or node.ply - at > REPLAY_AHEAD:
            state = cursor.record._state_at(node)
            if self._driving(lambda: adapter.restore(game, state, common)):
                if common < at:
                    self._log.clear()  # those events are taken back
                cursor.goto(node)
                at = node.ply
            elif common < at:
                at = self._driving(lambda: adapter.rewind(game, common))
                self._log.clear()
        ahead: list[Node] = []  # the steps from the position reached down to ``node``
        step: Node | None = node
        while step is not None and step._depth > at:
            ahead.append(step)
            step = step._parent
        for step in reversed(ahead):
            self._driving(partial(adapter.apply, game, cast(Step, step)._data))
        # the record follows the game when the view is published (_publish: _follow_game)
        if not on_line:
            self._line_end = lines.line_end(node)
        self._after_change([], run_bots=False)

    def _on_line(self, node: Node) -> bool:
        """Whether ``node`` lies on the line from the start to :attr:`_line_end`."""
        end = self._line_end
        if end is None:
            return False
        path = end.path()
        return node._depth < len(path) and path[node._depth] is node

    def _shape_changed(self, lines_kept: bool = False) -> None:
        """The tree's shape changed: what was worked out from it is out of date. With
        ``lines_kept`` a step only made a line longer (:func:`_extends_its_line`): the lines
        start where they did, so their starts are kept (not found again by a walk over the
        whole tree at every step of a long game), and only their rows are made again."""
        self._shape = getattr(self, "_shape", 0) + 1
        if lines_kept:
            self._rows_memo = None
        else:
            self._starts_memo: tuple | None = None
        self._future_memo: tuple = ()

    def _line_starts(self) -> tuple[list[tuple[Node, int]], int]:
        memo = getattr(self, "_starts_memo", None)
        if memo is None or memo[0] is not self.record:
            memo = self._starts_memo = (self.record, lines.line_starts(self.record))
            self._rows_memo = None
        return memo[1]

    def _line_rows(self) -> list[dict[str, Any]]:
        """The lines' rows of the view but for which is shown (:func:`lines.line_rows`),
        kept until the tree's shape, the language or the viewer changes."""
        starts = self._line_starts()
        key = (self.language, getattr(self, "viewer", None))
        memo: Any = getattr(self, "_rows_memo", None)
        if memo is None or memo[0] is not starts or memo[1] != key:
            rows = lines.line_rows(self.record, starts, self._line_text)
            memo = self._rows_memo = (starts, key, rows)
        return memo[2]

    def _future(self) -> tuple[Step, ...]:
        """The steps after the position shown on the line being looked at: the one the last
        undo or jump came back along, else the record's main line. Redo plays them. (Kept
        until the position, the line or the tree's shape changes: a tuple, not copied for
        each of the several readers of a step, thousands of steps long at a record's start.)"""
        cursor = self._cursor
        if cursor is None:
            return ()
        shape = getattr(self, "_shape", 0)
        memo = getattr(self, "_future_memo", ())
        if memo and memo[0] is cursor.node and memo[1] is self._line_end and memo[2] == shape:
            return memo[3]
        out = self._line_after(cursor)
        self._future_memo = (cursor.node, self._line_end, shape, out)
        return out

    def _line_after(self, cursor: Cursor) -> tuple[Step, ...]:
        if self._line_end is not None and self._on_line(cursor.node):
            return self._line_end.path()[cursor.ply + 1 :]  # type: ignore[return-value]
        out: list[Step] = []
        step = cursor.node.next()
        while step is not None:
            out.append(step)
            step = step.next()
        return tuple(out)

    def _redo_one(self) -> list[Any]:
        """Play the next step of :meth:`_future` on the game; returns its events."""
        future = self._future()
        if not future:
            raise self._error_type.coded("widget.nothing_to_redo", "There is nothing to redo.")
        step = future[0]
        adapter = adapter_for(self._game)
        events = self._driving(lambda: adapter.apply(self._game, step.data))
        self._follow_game()
        return list(events)

    def _line_text(self, step: Step) -> str:
        """A line's first step as its label in the view (games hiding cards redact it)."""
        return lines.step_text(step, self.language)

    def _notes_html(self) -> str:
        """The marks and comments of the line shown, as HTML for the picture output: a
        notebook reopened without a kernel still shows a reviewed game's judgements."""
        cursor = self._cursor
        if cursor is None:
            return ""
        steps = self._noted()
        if not steps:
            return ""
        words = NOTES_WORDS.get(self.language, NOTES_WORDS["en"])
        items = []
        for node in steps[:MAX_PICTURE_NOTES]:
            mark = node.mark() or ""
            text = " / ".join(node.comments)
            items.append(
                f'<li data-ply="{node.ply}"><b>{html.escape(self._line_text(cast(Step, node)))}</b>'
                + (f' <b class="lw-mark">{html.escape(mark)}</b>' if mark else "")
                + (f" — {html.escape(text)}" if text else "")
                + "</li>"
            )
        more = len(steps) - MAX_PICTURE_NOTES
        if more > 0:
            items.append(f"<li>{html.escape(words['more'].format(n=more))}</li>")
        return (
            '<div class="lw-picture-notes" data-lw-notes="" '
            'style="font-size: 13px; margin-top: 6px; max-width: 760px;">'
            f"<b>{html.escape(words['title'])}</b>"
            '<ul style="margin: 4px 0; padding-left: 1.5em;">' + "".join(items) + "</ul></div>"
        )

    def _review_view(self) -> dict[str, Any]:
        """The record part of the view: where the position shown is, its annotations, the
        variation tree and the headers (see ``js/src/common/lines.js``)."""
        cursor = self._cursor
        out: dict[str, Any] = {"readOnly": self.read_only, "file": self._file}
        if cursor is None:
            return {
                **out,
                "step": self._game.plies,
                "steps": self._game.plies,
                "lines": [],
                "more": 0,
                "comments": [],
                "mark": None,
                "highlights": [],
                "headers": {},
                "canPlayOn": False,
                "canReview": False,
            }
        node, future = cursor.node, self._future()
        tree, more = lines.lines_of(
            cursor.record,
            future[-1] if future else node,
            self._line_starts(),
            self._line_text,
            self._line_rows(),
        )
        headers = cursor.record._headers  # not .headers: that copies the whole set-up
        return {
            **out,
            "step": cursor.ply,
            "steps": cursor.ply + len(future),
            "comments": node.comments,
            "mark": node.mark(),
            "highlights": node.highlights,
            "lines": tree,
            "more": more,
            "headers": {
                k: headers[k] for k in ("event", "site", "date", "notes") if headers.get(k)
            },
            "canPlayOn": bool(future),
            # the Review button: "later" while the review would name hidden cards
            "canReview": "later" if self._review_hides_cards() else True,
        }


def _extends_its_line(node: Node) -> bool:
    """Whether the new step ``node`` only made its parent's line longer: it is the parent's
    one continuation and has none itself, so no line starts or ends anywhere else."""
    parent = node._parent
    return parent is not None and len(parent.variations) == 1 and not node.variations


#: Steps forward the live game plays itself before it takes the record's state instead.
REPLAY_AHEAD = 4


#: Steps up from two nodes looked for where their lines meet before their paths are compared.
NEAR = 16


def _common_depth(x: Node, y: Node) -> int:
    """The depth of the deepest node on the paths of both ``x`` and ``y``: a few steps up
    from both when they are near (a review step), else a binary search of their paths (a
    path's nodes above a shared one are shared too), not a walk up a long record."""
    a: Node | None = x
    b: Node | None = y
    for _ in range(NEAR):
        if a is None or b is None:
            break
        if a is b:
            return a._depth
        if a._depth >= b._depth:
            a = a._parent
        else:
            b = b._parent
    return _shared_depth(x.path(), y.path())


def _shared_depth(a: tuple[Node, ...], b: tuple[Node, ...]) -> int:
    lo, hi = 0, min(len(a), len(b)) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[mid] is b[mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _annotations(record: GameRecord) -> list[tuple[Node, str | None, list[str], Any]]:
    """Every node's mark, comments and stored review figures (what a review writes), to put
    back if it fails."""
    return [
        (node, node.mark(), node.comments, getattr(node, "review", None)) for node in record.walk()
    ]


def _restore(record: GameRecord, before: list[tuple[Node, str | None, list[str], Any]]) -> None:
    """Put the annotations of :func:`_annotations` back where they changed."""
    for node, mark, comments, figures in before:
        if node.mark() != mark:
            node.mark(mark)
        if node.comments != comments:
            node.set_comments(comments)
        if getattr(node, "review", None) != figures:
            node.set_review(figures)
