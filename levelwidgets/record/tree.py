"""The game tree: :class:`Node`, :class:`Step` and the root :class:`GameRecord`.

In the spirit of python-chess's ``GameNode``: each node has a parent and an ordered list of
variations (index 0 continues the main line, the game as played), several comments, one mark
and coloured highlights. A :class:`Step` is one step of play (a Level X roll or move, a Level 8
action) with its chance outcome, so the position at any node is rebuilt by replaying the steps
from the root, without any random-generator state. Every change is checked first: a refused
call raises :class:`RecordError` and changes nothing.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._listeners import Listeners
from ..words import counted
from .annotations import (
    FREE_HEADERS,
    MAX_COMMENTS,
    MAX_HIGHLIGHTS,
    check_colour,
    check_comment,
    check_header,
    check_highlight,
    check_mark,
    check_review,
)
from .errors import RecordError
from .protocol import Replayable, adapter_for

if TYPE_CHECKING:
    from .cursor import Cursor

#: Most nodes a record may hold (the root included).
MAX_NODES = 100_000

_GET = object()


class Node:
    """A position in the game tree: the root (the start) or a :class:`Step`."""

    __slots__ = (
        "__weakref__",
        "_comments",
        "_depth",
        "_highlights",
        "_mark",
        "_parent",
        "_review",
        "_root",
        "_vars",
    )

    def __init__(self, parent: Node | None) -> None:
        self._parent = parent
        # the record this node belongs to (None once removed): a step knows it without
        # walking up the tree, which widgets do for every step they list
        self._root: Node | None = self if parent is None else parent._root
        self._vars: list[Step] = []
        self._comments: list[str] = []
        self._mark: str | None = None
        self._highlights: list[dict[str, Any]] = []
        self._review: dict[str, Any] | None = None
        self._depth: int = 0 if parent is None else parent._depth + 1

    # ------------------------------------------------------------------ structure

    @property
    def parent(self) -> Node | None:
        return self._parent

    @property
    def variations(self) -> tuple[Step, ...]:
        """The continuations from here; index 0 is the main one."""
        return tuple(self._vars)

    @property
    def ply(self) -> int:
        """Steps from the start to here (the root is 0)."""
        return self._depth

    @property
    def record(self) -> GameRecord:
        root = self._root
        if not isinstance(root, GameRecord):
            raise RecordError("This node was removed from its record.")
        return root

    def next(self) -> Step | None:
        """The main continuation, or None at the end of a line."""
        return self._vars[0] if self._vars else None

    def mainline(self) -> Iterator[Step]:
        """The steps of the main continuation from here (this node excluded)."""
        node: Node = self
        while node._vars:
            node = node._vars[0]
            yield node

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first, main continuation first."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node._vars))

    def path(self) -> tuple[Node, ...]:
        """The nodes from the root down to this one (both included).

        A record keeps the paths last asked for (a node's path changes only when a variation
        is removed), so the path of a node on or next to one of them costs one slice, not a
        walk up a record of thousands of steps."""
        root = self._root
        if isinstance(root, GameRecord):
            return root._paths.path(self)
        return _walk_up(self)

    def is_main_line(self) -> bool:
        """True when this node lies on the record's main line."""
        root = self._root
        if isinstance(root, GameRecord):
            main = root._main_line()
            return self._depth < len(main) and main[self._depth] is self
        node: Node = self
        while node._parent is not None:
            if node._parent._vars[0] is not node:
                return False
            node = node._parent
        return True

    def variation_index(self) -> int:
        """This node's place among its parent's variations (0: the main continuation)."""
        if self._parent is None:
            return 0
        return self._parent._vars.index(self)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ variations

    def add_variation(self, step: object) -> Step:
        """Add the step ``step`` after this position and return its node.

        ``step`` is the game's own form (Level X: ``"roll"``, dice like ``(1, 1, 1, 5)``,
        notation like ``"1+6 5+5"``; Level 8: an :class:`Action` or its dict) or step data.
        If this position already continues with the same step, that node is returned.
        An illegal step raises :class:`RecordError`.
        """
        record = self.record
        game = record._adapter.clone(record._state_at(self))
        data, events = record._adapter.play(game, step)
        node = self._child(record._adapter.key(data))
        if node is not None:
            return node
        node = record._attach(self, data, events)
        record._states.put(node, game)
        return node

    def _child(self, key: object) -> Step | None:
        record = self.record
        for child in self._vars:
            if record._adapter.key(child._data) == key:
                return child
        return None

    def promote(self, node: Step) -> None:
        """Move the variation ``node`` one place up (towards the main line)."""
        i = self._index(node)
        if i > 0:
            self._vars[i - 1], self._vars[i] = self._vars[i], self._vars[i - 1]
            self.record._changed("order", self)

    def promote_to_main(self, node: Step) -> None:
        """Make ``node`` the main continuation of this position."""
        i = self._index(node)
        if i > 0:
            self._vars.insert(0, self._vars.pop(i))
            self.record._changed("order", self)

    def demote(self, node: Step) -> None:
        """Move the variation ``node`` one place down (away from the main line)."""
        i = self._index(node)
        if i < len(self._vars) - 1:
            self._vars[i + 1], self._vars[i] = self._vars[i], self._vars[i + 1]
            self.record._changed("order", self)

    def remove(self, node: Step) -> None:
        """Delete the variation ``node`` and everything after it."""
        i = self._index(node)
        record = self.record
        gone = list(node.walk())
        del self._vars[i]
        node._parent = None
        for gone_node in gone:
            gone_node._root = None
        record._count -= len(gone)
        record._states.drop(gone)
        for gone_node in gone:
            record._noted.pop(gone_node, None)
        record._changed("removed", self, node)

    def make_main_line(self) -> None:
        """Promote every step on the way to this node, so that it lies on the main line."""
        node: Node = self
        changed = False
        while node._parent is not None:
            parent = node._parent
            if parent._vars[0] is not node:
                parent._vars.remove(node)  # type: ignore[arg-type]
                parent._vars.insert(0, node)  # type: ignore[arg-type]
                changed = True
            node = parent
        if changed:
            self.record._changed("order", self)

    def _index(self, node: object) -> int:
        for i, child in enumerate(self._vars):
            if child is node:
                return i
        raise RecordError("That node is not a variation of this position.")

    # ------------------------------------------------------------------ annotations

    @property
    def comments(self) -> list[str]:
        """The comments on this position, oldest first (a copy)."""
        return list(self._comments)

    def comment(self, text: str) -> Node:
        """Add a comment (plain text); returns this node, so calls chain."""
        text = check_comment(text)
        if len(self._comments) >= MAX_COMMENTS:
            raise RecordError(f"A position holds at most {MAX_COMMENTS} comments.")
        self._comments = [*self._comments, text]  # (a step's first is a new list)
        self.record._note(self)
        self.record._changed("comments", self)
        return self

    def set_comments(self, texts: list[str]) -> Node:
        """Replace all comments (an empty list removes them)."""
        if isinstance(texts, str) or not isinstance(texts, (list, tuple)):
            raise RecordError("set_comments takes a list of texts.")
        checked = [check_comment(t) for t in texts]
        if len(checked) > MAX_COMMENTS:
            raise RecordError(f"A position holds at most {MAX_COMMENTS} comments.")
        self._comments = checked
        self.record._note(self)
        self.record._changed("comments", self)
        return self

    def remove_comment(self, index: int = -1) -> str:
        """Remove one comment (default: the last) and return it."""
        try:
            text = self._comments[index]
        except (IndexError, TypeError):
            raise RecordError(
                f"There is no comment {index!r} here ({len(self._comments)} comments)."
            ) from None
        comments = list(self._comments)
        del comments[index]
        self._comments = comments
        self.record._note(self)
        self.record._changed("comments", self)
        return text

    def mark(self, symbol: object = _GET) -> Any:
        """``mark()`` returns the mark (or None); ``mark("?!")`` sets it and returns this node.

        Marks: ``!`` good, ``?`` mistake, ``!!`` brilliant, ``??`` blunder, ``!?``
        interesting, ``?!`` dubious; ``mark(None)`` clears it.
        """
        if symbol is _GET:
            return self._mark
        self._mark = check_mark(symbol)
        self.record._note(self)
        self.record._changed("mark", self)
        return self

    @property
    def review(self) -> dict[str, Any] | None:
        """The game review's figures stored here (the best alternative and the cost, see
        ``docs/review.md``), a copy, or None. Saved in the record under ``"review"``."""
        return copy.deepcopy(self._review)

    def set_review(self, data: Mapping[str, Any] | None) -> Node:
        """Store (or with None delete) the game review's figures here; returns this node."""
        self._review = check_review(data)
        self.record._changed("review", self)
        return self

    @property
    def highlights(self) -> list[dict[str, Any]]:
        """The highlights here, as ``{"kind", "target", "colour"}`` dicts (copies)."""
        return copy.deepcopy(list(self._highlights))

    def highlight(self, colour: str = "red", **target: object) -> Node:
        """Highlight one thing in this position, e.g. ``highlight(row=7, colour="red")``.

        Level X: ``row=7``, ``square=(7, 3)``, ``die=0`` (0–3, in the order rolled),
        ``group=(0, 2)``; Level 8: ``card="7R"`` (or a card id), ``combination=(1, 0)``
        (player 1's first laid combination), ``player=1``. Highlighting the same thing again
        changes its colour. Returns this node.
        """
        kind, value = self._target(target)
        colour = check_colour(colour)
        for item in self._highlights:
            if item["kind"] == kind and item["target"] == value:
                item["colour"] = colour
                break
        else:
            if len(self._highlights) >= MAX_HIGHLIGHTS:
                raise RecordError(f"A position holds at most {MAX_HIGHLIGHTS} highlights.")
            self._highlights = [
                *self._highlights,
                {"kind": kind, "target": value, "colour": colour},
            ]
        self.record._changed("highlights", self)
        return self

    def unhighlight(self, **target: object) -> Node:
        """Remove a highlight (``unhighlight(row=7)``); without arguments remove them all."""
        if target:
            kind, value = self._target(target)
            kept = [h for h in self._highlights if (h["kind"], h["target"]) != (kind, value)]
            if len(kept) == len(self._highlights):
                raise RecordError(f"Nothing is highlighted as {kind}={value!r} here.")
            self._highlights = kept
        else:
            self._highlights = []
        self.record._changed("highlights", self)
        return self

    def _target(self, target: Mapping[str, object]) -> tuple[str, Any]:
        record = self.record
        kinds = record._adapter.highlight_kinds
        if len(target) != 1:
            raise RecordError(
                f"Name one thing to highlight, as one of {', '.join(kinds)} (like row=7)."
            )
        ((kind, value),) = target.items()
        return kind, check_highlight(kinds, record._config, kind, value)

    def _annotations(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self._comments:
            out["comments"] = list(self._comments)
        if self._mark is not None:
            out["mark"] = self._mark
        if self._highlights:
            out["highlights"] = copy.deepcopy(self._highlights)
        if self._review is not None:
            out["review"] = copy.deepcopy(self._review)
        return out

    def __repr__(self) -> str:
        kids = counted(len(self._vars), "variation", "variations")
        return f"<{type(self).__name__} ply {self._depth}, {kids}>"


#: A step's comments and highlights before it has any (shared: replaced, never changed).
_NOTHING: Any = ()


class Step(Node):
    """One step of play: who took it, what it was (notation), its chance outcome."""

    __slots__ = ("_data", "events")

    def __init__(self, parent: Node, data: dict[str, Any], events: tuple = ()) -> None:
        # Node.__init__'s work for a node with a parent, without the call (a load makes a
        # node per step)
        self._parent = parent
        self._root = parent._root
        self._vars = []
        self._comments = _NOTHING  # (a list when the first comment comes: a load makes
        self._mark = None  # thousands of steps, few with comments or highlights)
        self._highlights = _NOTHING
        self._review = None
        self._depth = parent._depth + 1
        self._data = data
        #: What the step did (engine events), filled whenever it is replayed.
        self.events: tuple = events

    @property
    def data(self) -> dict[str, Any]:
        """The step as plain data (as stored in a file; a copy)."""
        return copy.deepcopy(dict(self._data))

    @property
    def player(self) -> int:
        return self.record._adapter.player(self._data)

    @property
    def player_name(self) -> str:
        record = self.record
        return record.players[record._adapter.player(self._data)]

    @property
    def kind(self) -> str:
        """Level X: ``"roll"`` or ``"move"``; Level 8: the action's kind (``"draw"``...)."""
        return self.record._adapter.kind(self._data)

    @property
    def notation(self) -> str:
        """The step in the game's own text (``"1-1-1-5"``, ``"1+6 5+5"``, ``"discards 7R"``)."""
        record = self.record
        return record._adapter.notation(self._data, record.players)

    @property
    def chance(self) -> Any:
        """The chance outcome: Level X rolls ``{"dice", "drawn"}``, Level 8 shuffle orders."""
        return self.record._adapter.chance(self._data)

    def describe_events(self) -> list[str]:
        """What the step did, one English sentence per event."""
        record = self.record
        return record._adapter.describe_events(self.events, record.players)

    def __repr__(self) -> str:
        try:
            text = f"{self.player_name}: {self.notation}"
        except RecordError:
            text = "removed"
        return f"<Step ply {self._depth} {text}>"


def _walk_up(node: Node) -> tuple[Node, ...]:
    nodes = []
    cur: Node | None = node
    while cur is not None:
        nodes.append(cur)
        cur = cur._parent
    return tuple(reversed(nodes))


class _Paths:
    """The paths of the nodes last asked for (root first), so that a widget stepping along a
    line of 10,000 steps finds each path as a slice of a kept one. A path changes only when
    a variation is removed (:meth:`clear`); adding and reordering variations move no node."""

    KEEP = 8

    def __init__(self) -> None:
        self._kept: OrderedDict[Node, tuple[Node, ...]] = OrderedDict()

    def path(self, node: Node) -> tuple[Node, ...]:
        kept = self._kept
        found = kept.get(node)
        if found is not None:
            kept.move_to_end(node)
            return found
        below: list[Node] = []  # the nodes under the kept path found, deepest first
        cur: Node | None = node
        found = ()
        while cur is not None:
            depth = cur._depth
            for path in reversed(kept.values()):
                if depth < len(path) and path[depth] is cur:
                    found = path[: depth + 1]
                    break
            if found:
                break
            below.append(cur)
            cur = cur._parent
        below.reverse()
        result = found + tuple(below)
        kept[node] = result
        if len(kept) > self.KEEP:
            kept.popitem(last=False)
        return result

    def clear(self) -> None:
        self._kept.clear()


class _States:
    """Engine states of some nodes, so that a jump replays only a few steps.

    Checkpoints (every ``interval`` plies) and the root stay; other nodes go in a small
    least-recently-used cache. Stored games are never changed: users clone them.
    """

    RECENT = 64
    #: A replay this short keeps every position on its way (stepping back through them is
    #: then free); a longer one keeps only its end: each kept position is a copy of the game,
    #: whose history grows with the record, so a jump would pay for many copies.
    KEEP_ON_THE_WAY = 8

    def __init__(self, record: GameRecord, root_game: Any) -> None:
        self._record = record
        self._fixed: dict[Node, Any] = {record: root_game}
        self._recent: OrderedDict[Node, Any] = OrderedDict()

    @property
    def interval(self) -> int:
        return max(16, self._record._count // 256)

    def get(self, node: Node) -> Any:
        game = self._fixed.get(node)
        if game is None:
            game = self._recent.get(node)
            if game is not None:
                self._recent.move_to_end(node)
        return game

    def put(self, node: Node, game: Any) -> None:
        if node._depth % self.interval == 0:
            self._fixed[node] = game
        else:
            self._recent[node] = game
            self._recent.move_to_end(node)
            if len(self._recent) > self.RECENT:
                self._recent.popitem(last=False)

    def wants(self, node: Node) -> bool:
        return node._depth % self.interval == 0 and node not in self._fixed

    def drop(self, nodes: list[Node]) -> None:
        for node in nodes:
            self._fixed.pop(node, None)
            self._recent.pop(node, None)


class GameRecord(Node):
    """A whole annotated game: headers, the start position and the tree of steps.

    Make one with :meth:`from_game` (a played game: its history becomes the main line),
    :meth:`new` (an empty record for a set-up), :meth:`load` / :meth:`from_json` (a file) or
    :meth:`from_engine_json` (an engine's own ``to_json`` record).
    """

    __slots__ = (
        "_adapter",
        "_config",
        "_count",
        "_headers",
        "_listeners",
        "_main",
        "_noted",
        "_paths",
        "_start",
        "_states",
    )

    def __init__(self, adapter: Replayable, config: dict[str, Any], start_game: Any) -> None:
        super().__init__(None)
        self._adapter = adapter
        self._config = config
        self._headers: dict[str, str | None] = dict.fromkeys(FREE_HEADERS)
        self._start = adapter.start_chance(start_game)
        self._listeners = Listeners()
        self._count = 1
        self._states = _States(self, start_game)
        self._paths = _Paths()
        #: The main line, root first (None: to be found again after a reorder or removal).
        self._main: list[Node] | None = [self]
        #: The nodes with a mark or comments (an ordered set), so that the notes of a line are
        #: found without walking it.
        self._noted: dict[Node, None] = {}

    # ------------------------------------------------------------------ making records

    @classmethod
    def new(cls, game: object) -> GameRecord:
        """An empty record that starts where ``game`` started (its history is not copied)."""
        adapter = adapter_for(game)
        config = adapter.config_of(game)
        return cls(adapter, config, adapter.new_game(config))

    @classmethod
    def from_game(cls, game: object) -> GameRecord:
        """A record of a played game: every step of its history, in order, is the main line."""
        adapter = adapter_for(game)
        config = adapter.config_of(game)
        running = adapter.new_game(config)
        record = cls(adapter, config, adapter.clone(running))
        node: Node = record
        for number, data in enumerate(adapter.steps_of(game), 1):
            try:
                events = adapter.apply(running, data)
            except RecordError as exc:
                raise RecordError(f"Step {number} of the game cannot be replayed: {exc}") from None
            node = record._attach(node, data, events, notify=False)
            if record._states.wants(node):
                record._states.put(node, adapter.clone(running))
        if adapter.snapshot(running) != adapter.snapshot(game):
            raise RecordError(
                "The game's history does not rebuild the game (was it made with "
                "from_history, whose chance does not come from its seed?)."
            )
        return record

    @classmethod
    def from_engine_json(cls, text: str | bytes) -> GameRecord:
        """Convert a record made by ``LevelX.to_json`` or ``Level8.to_json`` (checked)."""
        from .io import from_engine_json

        return from_engine_json(text)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file (see ``docs/record-format.md``); every step is replayed."""
        from .io import load

        return load(path)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        from .io import from_json

        return from_json(text)

    def save(self, path: str | Path) -> None:
        """Write the record as a file (versioned JSON, see ``docs/record-format.md``)."""
        from .io import save

        save(self, path)

    def to_json(self, indent: int | None = None) -> str:
        from .io import to_json

        return to_json(self, indent)

    def to_dict(self) -> dict[str, Any]:
        from .io import to_dict

        return to_dict(self)

    def to_dataframe(self, all_nodes: bool = False):
        """One row per step of the main line (``all_nodes=True``: every node, with its path)."""
        from .export import to_dataframe

        return to_dataframe(self, all_nodes)

    def to_markdown(self) -> str:
        """A handout: the headers, then the main line with comments, marks and variations."""
        from .export import to_markdown

        return to_markdown(self)

    def to_html(self, viewer: str | None = None, language: str = "en") -> str:
        """A printable handout (one self-contained HTML page): the headers, the main line,
        and at every annotated position its comments and a picture. ``viewer``: "spectator"
        (the default: a Level 8 picture shows no hand) or "teacher" (every hand);
        ``language``: one of :data:`levelwidgets.i18n.LANGUAGES`. See :mod:`.handout`."""
        from .handout import to_html

        return to_html(self, viewer, language)

    def cursor(self) -> Cursor:
        """A :class:`Cursor` at the start of this record."""
        from .cursor import Cursor

        return Cursor(self)

    # ------------------------------------------------------------------ headers

    @property
    def game(self) -> str:
        """``"levelx"`` or ``"level8"``."""
        return self._adapter.name

    @property
    def config(self) -> dict[str, Any]:
        """The game's set-up (players, rules or sides, seed...) as plain data (a copy)."""
        return copy.deepcopy(self._config)

    @property
    def players(self) -> list[str]:
        return self._adapter.names(self._config)

    @property
    def seed(self) -> Any:
        return self._adapter.seed(self._config)

    @property
    def headers(self) -> dict[str, Any]:
        """game, config, players, seed (from the game) and date, event, site, notes."""
        return {
            "game": self.game,
            "config": self.config,
            "players": self.players,
            "seed": self.seed,
            **self._headers,
        }

    def set_header(self, key: str, value: str | None) -> GameRecord:
        """Set ``date``, ``event``, ``site`` or ``notes`` (plain text; None clears it)."""
        self._headers[key] = check_header(key, value)
        self._changed("headers", self)
        return self

    @property
    def node_count(self) -> int:
        """Nodes in the tree, the root included."""
        return self._count

    # ------------------------------------------------------------------ positions

    def mainline_node(self, ply: int) -> Node:
        """The node ``ply`` steps along the main line (0: the start)."""
        if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
            raise RecordError(f"A ply is a whole number from 0, not {ply!r}.")
        main = self._main_line()
        if ply >= len(main):
            raise RecordError(f"The main line has {len(main) - 1} steps, not {ply}.")
        return main[ply]

    def _main_line(self) -> list[Node]:
        """The main line's nodes, root first (kept: found again only after its order or a
        removal changed it; a step added at its end is appended)."""
        main = self._main
        if main is None:
            main = [self]
            node: Node = self
            while node._vars:
                node = node._vars[0]
                main.append(node)
            self._main = main
        return main

    def game_at(self, node: Node | int) -> Any:
        """A new engine game at ``node`` (or that ply of the main line), to play or analyse."""
        if not isinstance(node, Node):
            node = self.mainline_node(node)
        return self._adapter.clone(self._state_at(node))

    def _state_at(self, node: Node) -> Any:
        """The engine state at ``node`` (shared: never change it)."""
        if node.record is not self:
            raise RecordError("That node belongs to another record.")
        states = self._states
        game = states.get(node)
        if game is not None:
            return game
        path: list[Step] = []
        cur: Node = node
        while (game := states.get(cur)) is None:
            path.append(cur)  # type: ignore[arg-type]
            cur = cur._parent  # type: ignore[assignment]
        adapter = self._adapter
        game = adapter.clone(game)
        keep_all = len(path) <= states.KEEP_ON_THE_WAY  # a short replay: keep each position on
        for step in reversed(path):  # the way, so stepping back through them costs nothing
            step.events = adapter.apply(game, step._data)
            if step is not node and (keep_all or states.wants(step)):
                states.put(step, adapter.clone(game))
        states.put(node, game)
        return game

    # ------------------------------------------------------------------ changes

    def on_change(self, callback: Callable[..., None]) -> Callable[[], None]:
        """Call ``callback(record, what, node, *extra)`` after every change of the tree.

        ``what``: ``"added"`` (node: the new step), ``"removed"`` (node: the parent; extra:
        the removed step), ``"order"``, ``"comments"``, ``"mark"``, ``"highlights"``,
        ``"review"``, ``"headers"``. Returns a function that removes the callback.
        """
        return self._listeners.add(callback)

    def _note(self, node: Node) -> None:
        """Keep :attr:`_noted` in step with ``node``'s mark and comments."""
        if node._mark is not None or node._comments:
            self._noted[node] = None
        else:
            self._noted.pop(node, None)

    def _changed(self, what: str, node: Node, *extra: object) -> None:
        if what == "removed":
            self._paths.clear()  # the removed nodes' paths (their own are walked now)
        if what in ("removed", "order"):
            self._main = None
        self._listeners.notify(self, what, node, *extra)

    def _attach(self, parent: Node, data: dict, events: tuple, notify: bool = True) -> Step:
        if self._count >= MAX_NODES:
            raise RecordError(f"A record holds at most {MAX_NODES:,} positions.")
        node = Step(parent, data, events)
        parent._vars.append(node)
        self._count += 1
        main = self._main
        if main is not None and main[-1] is parent:  # the main line grows at its end
            main.append(node)
        if notify:
            self._changed("added", node)
        return node

    def __repr__(self) -> str:
        main = sum(1 for _ in self.mainline())
        return (
            f"<GameRecord {self._adapter.title}: {', '.join(self.players)}; "
            f"{main} steps on the main line, {self._count} positions>"
        )
