"""Change listeners shared by the game engines.

A widget subscribes to its engine so that calls made from notebook cells (``game.play(...)``)
redraw it at once. Engines know nothing of widgets: they just tell their listeners.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Callback = Callable[..., None]


class Listeners:
    """Callbacks run after every change, in subscription order, with what ``notify`` is given.

    Engines call ``notify(game, events)``; a widget's move listeners get ``notify(turn)``.
    """

    __slots__ = ("_callbacks",)

    def __init__(self) -> None:
        self._callbacks: list[Callback] = []

    def add(self, callback: Callback) -> Callable[[], None]:
        """Subscribe ``callback``; returns a function that unsubscribes it."""
        if not callable(callback):
            raise TypeError(f"A listener must be callable, not {callback!r}.")
        self._callbacks.append(callback)

        def remove() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return remove

    def notify(self, *args: Any) -> None:
        """Tell every callback, then report the first error any of them raised.

        A failing callback (a user's ``on_change`` in a notebook cell, say) must not keep the
        ones after it, such as a widget's redraw, on an old position: all are told first.
        """
        errors: list[Exception] = []
        # A copy: a callback may unsubscribe itself while being told.
        for callback in list(self._callbacks):
            try:
                callback(*args)
            except Exception as error:  # re-raised below, after the others
                errors.append(error)
        if errors:
            first = errors[0]
            if len(errors) > 1 and hasattr(first, "add_note"):  # Python 3.11+
                others = "; ".join(f"{type(e).__name__}: {e}" for e in errors[1:])
                n = len(errors) - 1
                more = "1 more listener" if n == 1 else f"{n} more listeners"
                first.add_note(f"{more} failed too: {others}")
            raise first

    def __len__(self) -> int:
        return len(self._callbacks)
