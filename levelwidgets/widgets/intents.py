"""IntentWidget: the browser sends small intents, Python answers with a view or an error.

The part of every widget here that does not depend on a game: the browser sends
``{"type": "roll", …}``; the widget looks the type up in its :meth:`_handlers` table and runs
the handler. A refused intent (unknown, malformed, or against the rules) changes nothing and
is published as ``error``/``error_id``/``error_info``, so the browser can show it in its
language. :class:`~levelwidgets.widgets.base.GameWidget` (the game widgets) and
:class:`~levelwidgets.widgets.dicelab.DiceLab` (no game at all) build on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from ..errors import GameError

LANGUAGES = ("en", "de")

Intent = dict[str, Any]
Handler = Callable[[Intent], object]


class IntentError(GameError, ValueError):
    """The browser sent a request the widget does not understand (unknown or malformed)."""


def check_language(language: object) -> str:
    if language not in LANGUAGES:
        raise traitlets.TraitError(f"language must be one of {LANGUAGES}, not {language!r}.")
    return language  # type: ignore[return-value]


class IntentWidget(anywidget.AnyWidget):
    """An anywidget that takes intents from the browser and reports refusals.

    Subclasses fill :meth:`_handlers`; they may refuse an intent before it runs with
    :meth:`_refusal` and take over a type entirely with :meth:`_intercept`.
    """

    #: Message for the last refused intent ("" when the last intent succeeded).
    error = traitlets.Unicode("").tag(sync=True)
    #: Counts refused intents, so the same message twice still flashes.
    error_id = traitlets.Int(0).tag(sync=True)
    #: The last refusal for the browser to say in its language: ``{"text", "code", "params"}``
    #: (``text`` is :attr:`error`; ``code``/``params`` as the GameError carried them), or {}.
    error_info = traitlets.Dict().tag(sync=True)
    #: Label language: "en" or "de".
    language = traitlets.Unicode("en").tag(sync=True)

    def __init__(self, **traits: Any) -> None:
        if "language" in traits:
            traits["language"] = check_language(traits["language"])
        super().__init__(**traits)
        self.on_msg(self._handle_message)

    # ------------------------------------------------------------------ dispatch

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            self._fail("A request must be an object like {'type': 'undo'}.")
            return
        kind = content.get("type")
        if self._intercept(kind, content):
            return
        handler = self._handlers().get(kind) if isinstance(kind, str) else None
        if handler is None:
            self._fail(f"Unknown request {kind!r}.")
            return
        refusal = self._refusal(kind)
        if refusal is not None:
            self._fail(refusal)
            return
        self._guard(lambda: handler(content))

    def _handlers(self) -> dict[str, Handler]:
        """Intent type -> handler; subclasses extend this table with their own intents."""
        return {}

    def _intercept(self, _kind: object, _content: Intent) -> bool:
        """Handle an intent before the table (True: done, nothing else runs)."""
        return False

    def _refusal(self, _kind: str) -> str | GameError | None:
        """Why a known intent cannot run now (None: it may)."""
        return None

    def _guard(self, action: Callable[[], object]) -> None:
        try:
            action()
        except GameError as exc:
            self._fail(exc)
        else:
            self.error = ""  # the request was done: an older refusal no longer applies

    def _message(self, exc: GameError) -> str:
        """The text shown for a refused intent (games may translate)."""
        text = str(exc)
        return text[:1].upper() + text[1:] if text else type(exc).__name__

    def _fail(self, refusal: str | GameError) -> None:
        """Publish a refused request: its English text as ``error`` and, so the browser can
        say it in the widget's language, the code and params of a GameError as ``error_info``."""
        if isinstance(refusal, GameError):
            text, code, params = self._message(refusal), refusal.code, refusal.params
        else:
            text, code, params = refusal, None, {}
        with self.hold_sync():  # one message: the browser sees text, code and id together
            self.error_info = {"text": text, "code": code, "params": params}
            self.error = text
            self.error_id += 1

    @traitlets.observe("error")
    def _error_cleared(self, change: dict) -> None:
        if not change["new"]:
            self.error_info = {}  # no refusal stands, so none is described

    @traitlets.validate("language")
    def _valid_language(self, proposal: dict) -> str:
        return check_language(proposal["value"])
