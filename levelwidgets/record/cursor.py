"""A :class:`Cursor`: a place in a record and the engine state there.

Widgets hold a cursor instead of their own undo/redo stacks: undo is :meth:`Cursor.back`,
redo :meth:`Cursor.forward`, a jump :meth:`Cursor.goto`, and a person's move
:meth:`Cursor.play`, which follows the existing continuation when it is the same step and
otherwise adds a variation ("play on from here"), so nothing played is ever lost.

The state is cached: a step forward replays one step on a copy, a jump replays from the
nearest stored ancestor (the record keeps one every few plies).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .._listeners import Listeners
from .._records import FrozenRecord, dataclass_fields
from .errors import RecordError
from .tree import GameRecord, Node, Step

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class CursorMove(FrozenRecord):
    """What a cursor's listeners hear: where it was, where it is, and whether the step there
    was just played for the first time (``new``: report it as a move once, e.g. ``on_move``)."""

    previous: Node
    node: Node
    new: bool = False

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True)
    __match_args__ = ("previous", "node", "new")

    def __init__(self, previous: Node, node: Node, new: bool = False) -> None:
        _setattr(self, "previous", previous)
        _setattr(self, "node", node)
        _setattr(self, "new", new)


class Cursor:
    """A current node of a :class:`GameRecord` with the engine game at that node.

    :attr:`game` is shared with the record's cache: read it, never change it (play through
    :meth:`play`; :meth:`game_copy` gives a game of your own).
    """

    def __init__(self, record: GameRecord, node: Node | None = None) -> None:
        if not isinstance(record, GameRecord):
            raise RecordError(f"A cursor needs a GameRecord, not {record!r:.60}.")
        self._record = record
        self._node: Node = record
        self._game = record._state_at(record)
        self._listeners = Listeners()
        self._unsubscribe = record.on_change(self._record_changed)
        if node is not None:
            self._set(self._resolve(node), notify=False)

    # ------------------------------------------------------------------ reading

    @property
    def record(self) -> GameRecord:
        return self._record

    @property
    def node(self) -> Node:
        return self._node

    @property
    def game(self) -> Any:
        """The engine game at the current node (shared: do not change it)."""
        return self._game

    def game_copy(self) -> Any:
        """A copy of the engine game at the current node, yours to change."""
        return self._record._adapter.clone(self._game)

    @property
    def ply(self) -> int:
        return self._node._depth

    @property
    def to_move(self) -> int | None:
        """The seat to act here (None once the game is over)."""
        return self._record._adapter.to_move(self._game)

    def can_back(self) -> bool:
        return self._node._parent is not None

    def can_forward(self) -> bool:
        return bool(self._node._vars)

    # ------------------------------------------------------------------ moving

    def back(self, n: int = 1) -> Node:
        """Go ``n`` steps towards the start (stops at the start); returns the node."""
        node = self._node
        for _ in range(_count(n)):
            if node._parent is None:
                break
            node = node._parent
        return self._set(node)

    def forward(self, n: int = 1) -> Node:
        """Follow the main continuation ``n`` steps (stops at the end of the line)."""
        node = self._node
        for _ in range(_count(n)):
            if not node._vars:
                break
            node = node._vars[0]
        return self._set(node)

    def first(self) -> Node:
        return self._set(self._record)

    def last(self) -> Node:
        """The end of the current line (following main continuations from here)."""
        node = self._node
        while node._vars:
            node = node._vars[0]
        return self._set(node)

    def goto(self, target: Node | int) -> Node:
        """Jump to a node of this record, or to ply ``target`` of the main line."""
        return self._set(self._resolve(target))

    def back_to_person(self, bots: set[int] | frozenset[int]) -> Node:
        """Undo with bots in the game: go back to the last earlier position where a person
        (a seat not in ``bots``) was to act, or to the start."""
        node = self._node._parent
        while node is not None:
            game = self._record._state_at(node)
            who = self._record._adapter.to_move(game)
            if who is not None and who not in bots:
                break
            if node._parent is None:
                break
            node = node._parent
        return self._set(node if node is not None else self._record)

    def play(self, step: object) -> Step:
        """Play ``step`` here ("play on from here") and move there.

        The same step as an existing continuation follows it; anything else adds a variation
        (the main line stays as it was). ``step`` takes the forms of
        :meth:`Node.add_variation`. An illegal step raises :class:`RecordError` and the cursor
        stays where it was.
        """
        record = self._record
        adapter = record._adapter
        here = self._node
        # a step the record holds, its position kept: no copy of the game, no replay (a
        # widget's record follows every step it shows, back and forth); at the end of a line
        # (a live game's every new step) there is nothing to look up
        if here._vars and isinstance(step, Mapping) and adapter.is_step(step):
            data = adapter.check_step(step)
            node = here._child(adapter.key(data))
            if node is not None:
                kept = record._states.get(node)
                if kept is not None:
                    self._move(node, kept, False)
                    return node
        game = adapter.clone(self._game)
        data, events = adapter.play(game, step)
        node = here._child(adapter.key(data)) if here._vars else None
        new = node is None
        if node is None:
            node = record._attach(here, data, events)
        else:
            node.events = events
        record._states.put(node, game)
        self._move(node, game, new)
        return node

    # ------------------------------------------------------------------ listeners

    def on_move(self, callback: Callable[[Cursor, CursorMove], None]) -> Callable[[], None]:
        """Call ``callback(cursor, CursorMove)`` whenever the cursor moves; returns a remover."""
        return self._listeners.add(callback)

    def close(self) -> None:
        """Stop following the record's changes (the cursor stays usable for reading)."""
        self._unsubscribe()

    # ------------------------------------------------------------------ internals

    def _resolve(self, target: object) -> Node:
        if isinstance(target, Node):
            try:
                owner = target.record
            except RecordError:
                raise RecordError("That node was removed from the record.") from None
            if owner is not self._record:
                raise RecordError("That node belongs to another record.")
            return target
        if isinstance(target, int) and not isinstance(target, bool):
            return self._record.mainline_node(target)
        raise RecordError(f"goto takes a node or a ply of the main line, not {target!r:.60}.")

    def _set(self, node: Node, notify: bool = True) -> Node:
        if node is self._node:
            return node
        record = self._record
        parent = node._parent
        if parent is self._node and record._states.get(node) is None:
            game = record._adapter.clone(self._game)  # one step forward: replay one step
            node.events = record._adapter.apply(game, node._data)  # type: ignore[attr-defined]
            record._states.put(node, game)
        else:
            game = record._state_at(node)
        if notify:
            self._move(node, game, False)
        else:
            self._node, self._game = node, game
        return node

    def _move(self, node: Node, game: Any, new: bool) -> None:
        previous = self._node
        self._node, self._game = node, game
        self._listeners.notify(self, CursorMove(previous, node, new))

    def _record_changed(self, record: GameRecord, what: str, node: Node, *extra: object) -> None:
        if what != "removed":
            return
        removed = extra[0]
        cur: Node | None = self._node
        while cur is not None and cur is not removed:
            cur = cur._parent
        if cur is removed:  # the current node went with the variation: back to its parent
            self._move(node, record._state_at(node), False)

    def __repr__(self) -> str:
        return f"<Cursor at ply {self.ply} of {self._record!r}>"


def _count(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise RecordError(f"n must be a whole number, 0 or more, not {n!r}.")
    return n
