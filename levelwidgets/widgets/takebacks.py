"""Takebacks: how far Undo, the review bar and the move list may take a game back.

In a game with hidden cards, Undo can be a free look: draw a card from the pile, see it, Undo,
take a discard instead, and the card you saw is still on top for the next person. The policy
decides what a screen where people play may take back:

- ``"free"``: anything (a teacher's view, a class watching bots, a read-only record);
- ``"no_peeking"``: nothing before a step that showed a person at this screen a card (or, in
  Level X, dice) they could not see before: going back would hide it again while they
  remember it. The default of the player and hot-seat views of the card games;
- ``"off"``: nothing at all; a move stands once it is played.

Going forward (Redo, the steps after the position shown) is always allowed: it shows what
was already seen. :class:`TakebacksMixin` is one part of
:class:`~levelwidgets.widgets.base.GameWidget`; each game says which steps show a person
something new (:meth:`TakebacksMixin._peek_at`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar
from weakref import WeakKeyDictionary

from ..errors import GameError
from ..record import Cursor, Node, Step
from .intents import locked

#: The takeback policies a widget takes.
TAKEBACKS = ("free", "no_peeking", "off")


def check_takebacks(value: object) -> str | None:
    """A takeback policy, or None for the default of the widget's view."""
    if value is None or value in TAKEBACKS:
        return value
    raise ValueError(
        f"takebacks must be one of {', '.join(map(repr, TAKEBACKS))} (or None for the "
        f"default of the view), not {value!r:.40}."
    )


class TakebacksMixin:
    """The takeback policy of a game widget (mixed into GameWidget, which provides the game,
    the record's cursor, the bots and publishing)."""

    _cursor: Cursor | None
    _bots: list[object | None]
    _undo_to_person: ClassVar[bool]
    _takebacks: str | None = None
    read_only: bool
    #: (people, bots, policy, read-only) and what walks along lines found at each node
    _walk_memos: tuple[object, dict[str, WeakKeyDictionary[Node, int]]] | None = None

    @property
    def takebacks(self) -> str:
        """What Undo, the review bar and the move list may take back: ``"free"``,
        ``"no_peeking"`` (nothing before a step that showed a person at this screen a card
        they could not see before) or ``"off"``. Set None for the default of the view."""
        return self._takebacks or self._default_takebacks()

    @takebacks.setter
    @locked
    def takebacks(self, value: str | None) -> None:
        self._takebacks = check_takebacks(value)
        self._publish([])  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ checks

    def _check_takeback(self, target: Node | None) -> None:
        """Refuse to show ``target`` (None: the start of a new game with the same cards) when
        that takes back more than the policy allows. Call it before anything changes."""
        refusal = self._takeback_refusal(target)
        if refusal is not None:
            raise refusal

    def _takeback_refusal(self, target: Node | None) -> GameError | None:
        if self.read_only or self.takebacks == "free":
            return None
        cursor = self._cursor
        if cursor is None:  # an unrecorded game: nothing tells what was seen
            return _off()
        path = cursor.node.path()
        floor, refusal = self._takeback_floor(path)
        if floor == 0 or (target is not None and any(n is path[floor] for n in target.path())):
            return None  # the floor is on the target's line: nothing seen is taken back
        return refusal

    def _takeback_floor(self, path: Sequence[Node]) -> tuple[int, GameError | None]:
        """The earliest step of ``path`` (the record's line up to the position shown) this
        screen may go back to, and the refusal of anything before it."""
        if self.read_only or self.takebacks == "free":
            return 0, None
        if self.takebacks == "off":
            return len(path) - 1, _off()
        persons = self._person_seats()
        # the floor of a line is its deepest step that showed a person something new
        floor = self._walked(
            path,
            "floor",
            lambda k, before: k if self._peek_at(path[k], persons) is not None else before,  # type: ignore[arg-type]
        )
        if not floor:
            return 0, None
        # (made anew each time: a refusal object raised twice would carry both tracebacks)
        return floor, self._peek_at(path[floor], persons)  # type: ignore[arg-type]

    def _undo_back(self, path: Sequence[Node]) -> int:
        """How many steps of ``path`` (the line up to the position shown) :meth:`undo` takes
        back: one, and on over the bots' steps when a press returns to where a person was to
        act (0: nothing to take back)."""
        if len(path) < 2:
            return 0
        if not self._undo_to_person or self.read_only:
            return 1
        # before step s its player was to act: go on while that was a bot (the bots' steps
        # just before the line's end)
        run = self._walked(
            path,
            "bots",
            lambda k, before: before + 1 if self._bot_acted(path[k]) else 0,  # type: ignore[arg-type]
        )
        return 1 + min(run, len(path) - 2)

    def _walked(self, path: Sequence[Node], name: str, step: Callable[[int, int], int]) -> int:
        """What a walk along ``path`` finds at its end, where ``step(k, value)`` is the value at
        step ``k`` from the value just before it (0 at the start). Each node's value is kept
        (a node's step never changes) while the people at this screen, the seats' bots, the
        policy and read-only stay as they are, so a step played or looked at walks back only to
        a node seen before, not along the whole line."""
        bots = tuple(bot is not None for bot in self._bots)  # which seats a bot plays
        key = (frozenset(self._person_seats()), bots, self.takebacks, self.read_only)
        if self._walk_memos is None or self._walk_memos[0] != key:
            self._walk_memos = (key, {})
        kept = self._walk_memos[1].setdefault(name, WeakKeyDictionary())
        ply = len(path) - 1
        while ply > 0 and path[ply] not in kept:
            ply -= 1
        value = kept[path[ply]] if ply > 0 else 0
        for k in range(ply + 1, len(path)):
            value = kept[path[k]] = step(k, value)
        return value

    def _undo_target(self) -> Node | None:
        """The position :meth:`undo` returns to (None: nothing to take back)."""
        if self._cursor is None:
            return None
        path = self._cursor.node.path()
        back = self._undo_back(path)
        return path[-1 - back] if back else None

    def _undo_refusal(self) -> GameError | None:
        """Why Undo is not allowed now by the policy (None: it is, or there is nothing)."""
        return self._takeback_marks()[1]

    def _takeback_marks(self) -> tuple[int, GameError | None]:
        """The review bar's floor and Undo's refusal (None: allowed), from one walk of the
        line shown (the view asks for both at every publish)."""
        cursor = self._cursor
        if self.read_only or self.takebacks == "free":
            return 0, None
        if cursor is None:  # an unrecorded game: nothing tells what was seen
            return 0, _off()
        path = cursor.node.path()
        floor, refusal = self._takeback_floor(path)
        back = self._undo_back(path)
        # the target lies on the line shown: it keeps what was seen iff it is not before floor
        return floor, refusal if back and len(path) - 1 - back < floor else None

    # ------------------------------------------------------------------ hooks for each game

    def _default_takebacks(self) -> str:
        """The policy of this widget's view when none was chosen."""
        return "free"

    def _bot_acted(self, step: Step) -> bool:
        """Whether a bot was to act before ``step`` (Undo goes on over such steps)."""
        return self._bots[step.player] is not None

    def _person_seats(self) -> set[int]:
        """The seats of the people at this screen (what they saw may not be taken back)."""
        return {seat for seat, bot in enumerate(self._bots) if bot is None}

    def _peek_at(self, step: Step, persons: set[int]) -> GameError | None:
        """The refusal to take back ``step`` if it showed one of ``persons`` something they
        could not see before, else None (a game without hidden things: always None)."""
        return None


def _off() -> GameError:
    return GameError.coded(
        "widget.takebacks_off", "Takebacks are off in this game: a move stands once it is played."
    )
