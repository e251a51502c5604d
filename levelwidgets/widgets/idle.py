"""Work done in the kernel's idle time, ahead of the click that will need it.

A view goes out as soon as it is ready. What the *next* action will ask for can often be worked
out while the person looks at the board (Level X: the move previews and group verdicts of the
roll the seed gives next), so the answer to that click does not wait for it. Idle work only
fills caches the views read: it sends nothing, changes no state and never advances a game's
generator; a click that comes first does the work itself, exactly as without it.

It runs on the kernel's event loop, a moment after the view went out (:data:`IDLE_DELAY_S`: the
browser draws that view first, and the page and the kernel share the machine's cores). Outside
an event loop (a script, a test, a thread of its own) nothing is scheduled.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

#: Seconds between a view going out and the idle work it scheduled.
IDLE_DELAY_S = 0.05

_log = logging.getLogger(__name__)


def running_loop() -> Any | None:
    """The event loop running in this thread (the kernel's, in a notebook), else None."""
    asyncio = sys.modules.get("asyncio")  # not imported here: importing it costs ~15 ms
    if asyncio is None:
        return None  # no event loop runs without it
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class IdleWork:
    """At most one piece of idle work waiting (per widget): a newer one replaces it."""

    def __init__(self) -> None:
        self._handle: Any = None

    @property
    def waiting(self) -> bool:
        """Whether work is scheduled and has not run yet."""
        return self._handle is not None

    def schedule(self, work: Callable[[], object], delay: float = IDLE_DELAY_S) -> bool:
        """Run ``work`` on this thread's event loop after ``delay`` seconds, replacing the work
        waiting; returns whether it was scheduled (False: no loop runs here)."""
        self.cancel()
        loop = running_loop()
        if loop is None:
            return False
        self._handle = loop.call_later(delay, self._run, work)
        return True

    def cancel(self) -> None:
        """Drop the work waiting, if any."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _run(self, work: Callable[[], object]) -> None:
        self._handle = None
        try:
            work()
        except Exception:  # a cache left cold is never a failure: the click does the work
            _log.debug("levelwidgets: idle work failed", exc_info=True)


class WorksAhead:
    """Mixed into a widget (one with a ``_lock``, :class:`.intents.IntentWidget`) that works
    ahead in its kernel's idle time: at most one piece of work waits, it runs only if the
    widget is not busy by then (a click or a cell holding its lock does that work itself), and
    closing the widget drops it."""

    _idle: IdleWork | None = None

    def _work_ahead(self, work: Callable[[], object] | None) -> None:
        """Run ``work`` a moment after the view that just went out (None: drop the work
        waiting, if any)."""
        if self._idle is None:
            self._idle = IdleWork()
        if work is None:
            self._idle.cancel()
        else:
            self._idle.schedule(partial(self._when_free, work))

    def _when_free(self, work: Callable[[], object]) -> None:
        lock = self._lock  # type: ignore[attr-defined]
        if not lock.acquire(blocking=False):
            return
        try:
            work()
        finally:
            lock.release()

    def close(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        super().close()  # type: ignore[misc]
