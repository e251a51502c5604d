"""Scrubbing a record without the kernel: the view at every step of the line, sent ahead.

When the review bar is first used on a line, the browser asks ``{"type": "scrub_views", "first",
"count"}`` and the widget works out the view it would publish after ``seek(step)`` for those
steps of the line being looked at (at most :data:`CHUNK` steps a request, from the takeback floor
on; without ``first``, the steps around the position shown) and sends them in a custom message
``{"kind": "scrub", "key", "first", "count"}`` whose binary buffer is the deflated JSON list
``[view at first, op, op, ...]``: the first view whole, each next one as a patch of the one
before (:mod:`.patch`). The browser (``js/src/common/review/scrub.js``) asks for the next chunk
on each side once one came, up to :data:`MAX_STEPS` steps in all (so the kernel is never busy
long and answers a click between chunks), shows a step it holds at once and still sends the
seek: Python stays the source of truth (the cursor moves, comments and Play on work there), and
its answer is the same view.

The views are for the viewer of now and hold what a seek would show, nothing else; they are
valid while ``view["review"]["scrubKey"]`` is what they were made under (the record, its
changes and shape, the line, the language, the viewer and the widget's options), so a comment,
a new step, another language or viewer makes the browser drop them and ask again. Games that
hide cards offer them only where the viewer sees every card (the teacher's view): elsewhere what
a seek shows depends on who looks at that moment, so the kernel is asked each step.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import zlib
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from .._listeners import Listeners
from ..errors import GameError
from ..record import Cursor, adapter_for
from .intents import locked
from .patch import diff

#: Steps of a line the browser holds ahead at most (beyond them the kernel is asked at each
#: step); ``js/src/common/review/scrub.js`` keeps the same number.
MAX_STEPS = 256
#: Steps worked out for one request at most (half a second on a slow machine at 400 steps;
#: ``js/src/common/review/scrub.js`` asks for the next chunk only while no seek is on its way).
CHUNK = 16
#: Bytes of one chunk's deflated views at most (a chunk over it is cut short).
MAX_BYTES = 256 * 1024


class ScrubMixin:
    """The scrub views of a :class:`~levelwidgets.widgets.base.GameWidget`."""

    _captured: list[dict[str, Any]] | None = None  # views published while working them out

    def _scrub_allowed(self) -> bool:
        """Whether views of other steps may be sent ahead to this screen (games hiding cards
        say no unless the viewer sees every card)."""
        return self._cursor is not None  # type: ignore[attr-defined]

    def _scrub_options(self) -> tuple[Any, ...]:
        """What else a view depends on besides the position (games add their options)."""
        return ()

    def _scrub_key(self) -> str | None:
        """A name for the set of views a seek along this line would publish (None: none sent)."""
        if not self._scrub_allowed():
            return None
        cursor = self._cursor  # type: ignore[attr-defined]
        parts = (
            id(cursor.record),
            self._record_changes,  # type: ignore[attr-defined]
            getattr(self, "_shape", 0),
            id(self._line_end),  # type: ignore[attr-defined]
            self.language,  # type: ignore[attr-defined]
            self.read_only,  # type: ignore[attr-defined]
            self.takebacks,  # type: ignore[attr-defined]
            tuple(map(id, self._bots)),  # type: ignore[attr-defined]
            self._file,  # type: ignore[attr-defined]
            self._scrub_options(),
        )
        return format(hash(parts) & 0xFFFFFFFFFFFF, "x")

    @locked
    def _send_scrub_views(self, first: int | None = None, count: int | None = None) -> None:
        """Send the views of ``count`` steps of the line from ``first`` on (None: around the
        position shown); nothing when not allowed or no step of them is on the line."""
        key = self._scrub_key()
        if key is None:
            return
        found = self._scrub_views(first, CHUNK if count is None else min(count, CHUNK))
        if not found:
            return
        first, views = found
        chain: list[Any] = [_without_seq(views[0])]
        for before, after in pairwise(views):
            chain.append(diff(_without_seq(before), _without_seq(after)) or {"d": {}})
        packed = zlib.compress(json.dumps(chain, separators=(",", ":")).encode(), 6)
        while len(packed) > MAX_BYTES and len(chain) > 2:
            chain = chain[: len(chain) * 3 // 4]
            packed = zlib.compress(json.dumps(chain, separators=(",", ":")).encode(), 6)
        message = {"kind": "scrub", "key": key, "first": first, "count": len(chain)}
        self.send(message, [packed])  # type: ignore[attr-defined]

    def _scrub_views(
        self, first: int | None, count: int
    ) -> tuple[int, list[dict[str, Any]]] | None:
        """The first step and the views after ``seek(step)`` for ``count`` steps from
        ``first`` (None: around the one shown), worked out by a stand-in (:func:`stand_in`):
        the widget, its game and its cursor are never moved (None: no step to show, or a seek
        was refused)."""
        review = self.view["review"]  # type: ignore[attr-defined]
        total, here = self._line_steps(), review["step"]  # type: ignore[attr-defined]
        floor = review.get("floor") or 0
        if first is None:
            first = min(here - count // 2, total - count + 1)
        first = max(floor, first)
        last = min(total, first + count - 1)
        if last < first:
            return None
        views: list[dict[str, Any]] = []
        with stand_in(self) as twin:
            twin._captured = views
            try:
                for step in range(first, last + 1):
                    twin.seek(step)
            except GameError:
                return None
        return first, views[: last - first + 1]


@contextlib.contextmanager
def stand_in(widget: Any) -> Iterator[Any]:
    """A stand-in of ``widget`` to move about in: its own copy of the game and its own cursor
    on the same record, every other attribute as the widget has it now, and no connection to
    the browser (it sends nothing, tells no listener, draws no picture).

    Views of other steps are worked out on it, never by moving the widget's own game and back:
    with ipykernel 7 a widget's comm messages may be handled on a subshell's thread while a
    cell reads ``w.game`` on the main one, and that cell must never see a step it is not at.
    The stand-in shows whoever the widget shows now (its viewer is the widget's)."""
    cls: Any = type(widget)
    twin = cls.__new__(cls)  # traits and a lock of its own; __init__ not run: no comm
    own = set(twin.__dict__)  # traitlets' bookkeeping (and the lock), made for the twin
    for name, value in widget.__dict__.items():
        if name not in own:  # lists and dicts (a log, a cache) of its own: it changes them
            twin.__dict__[name] = copy.copy(value) if type(value) in _MUTABLE else value
    plumbing = _plumbing()
    twin._trait_values.update(
        {name: value for name, value in widget._trait_values.items() if name not in plumbing}
    )
    cursor = widget._cursor
    twin._game = adapter_for(widget._game).clone(widget._game)
    twin._cursor = None if cursor is None else Cursor(cursor.record, cursor.node)
    twin._new_steps = []
    twin._move_listeners = Listeners()  # on_move is told of steps played, not of steps shown
    twin._unsubscribe = _nothing  # it listens to no game (the widget's own stays subscribed)
    twin._picture = None  # never drawn (views worked out ahead return before drawing)
    twin.close = _nothing  # ipywidgets closes a widget it drops: the twin has nothing open
    try:
        yield twin
    finally:
        if twin._cursor is not None:
            twin._cursor.close()


#: Attribute types copied for the stand-in (it changes them in place: ``_log.clear()``…).
_MUTABLE = (list, dict, set)


def _nothing() -> None:
    """What the stand-in does to close or unsubscribe: it holds nothing open."""


@functools.cache
def _plumbing() -> frozenset[str]:
    """ipywidgets' own traits (the comm, the messages held back): not the stand-in's."""
    import ipywidgets  # type: ignore[import-untyped]  # (anywidget brings it)

    return frozenset(ipywidgets.Widget.class_trait_names())


def _without_seq(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its number and log (the browser keeps those of the view it holds)."""
    return {k: v for k, v in view.items() if k not in ("seq", "log", "new")}
