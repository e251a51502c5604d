"""IntentWidget: the browser sends small intents, Python answers with a view or an error.

The part of every widget here that does not depend on a game: the browser sends
``{"type": "roll", …}``; the widget checks it in one place before anything runs:

1. its size (:mod:`.payload`: characters, values, nesting, JSON types only);
2. its type, looked up in the widget's :meth:`~IntentWidget._handlers` table;
3. its fields, against the type's declared shape in :meth:`~IntentWidget._shapes`
   (:mod:`.shapes`: types, ranges, sizes; unknown and missing fields refused);

then runs the handler with the checked fields. A refused intent (too large, unknown,
malformed, or against the rules) changes nothing and is published as
``error``/``error_id``/``error_info``, so the browser can show it in its language. An
unexpected exception in a handler (a bug) never reaches the kernel's log as a traceback of the
comm: it is shown as an internal error, saying whether the game changed, and logged to the
``levelwidgets`` logger for developers. :class:`~levelwidgets.widgets.base.GameWidget` (the
game widgets) and :class:`~levelwidgets.widgets.dicelab.DiceLab` (no game at all) build on it.

One re-entrant lock per widget (:func:`locked`) keeps a cell and the browser from changing a
widget at the same time: with ipykernel 7 a widget's comm messages may be handled on a
subshell's thread while a cell runs on the main one. Every message from the front end is
handled holding it (:meth:`IntentWidget._handle_msg`), and so is each public method that
changes what a widget shows (marked ``@locked``); a second thread waits until the first is done.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, cast

import anywidget
import traitlets

from .. import i18n
from ..errors import GameError
from .errors import IntentError
from .payload import payload_refusal
from .shapes import Shape, show

__all__ = [
    "LANGUAGES",
    "Handler",
    "Intent",
    "IntentError",
    "IntentWidget",
    "check_language",
    "locked",
]

#: The widgets' languages (``levelwidgets/locales/languages.json``).
LANGUAGES = i18n.LANGUAGES

#: The longest page language read (a BCP 47 tag is short; anything longer is cut).
MAX_PAGE_LANGUAGE = 64

Intent = dict[str, Any]
Handler = Callable[[Intent], object]

logger = logging.getLogger("levelwidgets")


F = TypeVar("F", bound=Callable[..., Any])


def locked(method: F) -> F:
    """``method`` run holding its widget's lock (re-entrant: a locked method may call another).

    For the public methods that change a widget's game, cursor or view: a cell calling one
    waits while the browser's request is handled on another thread, and the other way round,
    so neither sees the other half done."""

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return cast(F, run)


def check_language(language: object) -> str:
    """``language`` when the widgets speak it, else a TraitError listing the ones they do."""
    return i18n.check_language(language, traitlets.TraitError)


class IntentWidget(anywidget.AnyWidget):
    """An anywidget that takes intents from the browser and reports refusals.

    Subclasses fill :meth:`_handlers` and, for each of its types, :meth:`_shapes`; they may
    refuse an intent before it runs with :meth:`_refusal`, take over a type entirely with
    :meth:`_intercept`, and say what their state is with :meth:`_state_mark`.
    """

    #: Message for the last refused intent ("" when the last intent succeeded).
    error = traitlets.Unicode("").tag(sync=True)
    #: Counts refused intents, so the same message twice still flashes.
    error_id = traitlets.Int(0).tag(sync=True)
    #: The last refusal for the browser to say in its language: ``{"text", "code", "params"}``
    #: (``text`` is :attr:`error`; ``code``/``params`` as the GameError carried them), or {}.
    error_info = traitlets.Dict().tag(sync=True)
    #: Label language: a code of :data:`LANGUAGES` ("en", "de", …).
    language = traitlets.Unicode("en").tag(sync=True)
    #: The page's language as the front end reports it once at render
    #: (``document.documentElement.lang || navigator.language``, e.g. "de-DE"): a widget made
    #: without an explicit ``language`` adopts it when levelwidgets speaks it.
    page_language = traitlets.Unicode("").tag(sync=True)

    def setup_instance(self, *args: Any, **kwargs: Any) -> None:
        # before any __init__ runs: the lock exists as soon as the widget does
        self._lock = threading.RLock()
        super().setup_instance(*args, **kwargs)

    def __init__(self, **traits: Any) -> None:
        explicit = traits.pop("language", None)
        # language=None (the default): the kernel's locale, else English; the page may refine it
        traits["language"] = (
            i18n.choose_language() if explicit is None else check_language(explicit)
        )
        #: Whether the language was chosen by the user (an argument, or set later): then the
        #: page's language never replaces it.
        self.language_explicit = explicit is not None
        self._adopting = True  # the language set here is the widget's own choice, not a user's
        super().__init__(**traits)
        self._adopting = False
        self.on_msg(self._handle_message)

    #: What the widget's state is called in an internal error's message.
    _state_name: ClassVar[str] = "game"

    # ------------------------------------------------------------------ dispatch

    @locked
    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """Every message from the front end (an intent, a synced trait's change, a request for
        the state), handled holding the widget's lock: it may come on a subshell's thread."""
        super()._handle_msg(msg)

    @locked  # (also when a cell or a test calls it directly, not through the comm)
    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        """Take one intent from the browser; nothing raised here reaches the comm."""
        self._front_end_seen = True  # a browser follows: views may go as patches (viewsync)
        try:
            self._dispatch(content)
        except Exception as exc:  # a bug outside any handler: nothing ran, but say it
            self._internal_error(exc, unchanged=None)

    def _dispatch(self, content: object) -> None:
        too_large = payload_refusal(content)
        if too_large is not None:
            self._fail(too_large)
            return
        if not isinstance(content, dict):
            self._fail(
                IntentError.coded(
                    "widget.not_object",
                    "A request must be an object like {example}, not {given}.",
                    example="{'type': 'undo'}",
                    given=show(content),
                )
            )
            return
        kind = content.get("type")
        handler = self._handlers().get(kind) if isinstance(kind, str) else None
        if handler is None or not isinstance(kind, str):
            self._fail(
                IntentError.coded(
                    "widget.unknown_request", "Unknown request {given}.", given=show(kind)
                )
            )
            return
        shape = self._intent_shapes().get(kind)
        if shape is None:  # a handler without a declared shape: a bug, refuse it
            logger.error("levelwidgets: intent %r of %s has no shape", kind, type(self).__name__)
            self._fail(
                IntentError.coded(
                    "widget.no_shape",
                    "The request {given} has no declared shape, so it is not taken.",
                    given=show(kind),
                )
            )
            return
        try:
            intent = shape.check(content)
        except IntentError as exc:
            self._fail(exc)
            return
        if self._intercept(kind, intent):
            return
        refusal = self._refusal(kind)
        if refusal is not None:
            self._fail(refusal)
            return
        self._guard(lambda: handler(intent))

    def _handlers(self) -> dict[str, Handler]:
        """Intent type -> handler; subclasses extend this table with their own intents."""
        return {}

    def _shapes(self) -> dict[str, Shape]:
        """Intent type -> its declared shape (one per handler; :mod:`.shapes`). Handlers get
        the checked fields, so they read ``m["card"]`` without checking it again."""
        return {}

    def _shapes_key(self) -> object:
        """Everything :meth:`_shapes` depends on (the seats, the number of dice…): the table
        is made again only when this changes. ``None``: made again for every intent."""
        return None

    def _intent_shapes(self) -> dict[str, Shape]:
        """The shapes :meth:`_dispatch` checks against: every intent asks for the whole table,
        so it is kept while :meth:`_shapes_key` stays the same."""
        key = self._shapes_key()
        memo: tuple[object, dict[str, Shape]] | None = self.__dict__.get("_shapes_memo")
        if key is not None and memo is not None and memo[0] == key:
            return memo[1]
        shapes = self._shapes()
        if key is not None:
            self.__dict__["_shapes_memo"] = (key, shapes)
        return shapes

    def _intercept(self, _kind: object, _content: Intent) -> bool:
        """Handle a checked intent before the table (True: done, nothing else runs)."""
        return False

    def _refusal(self, _kind: str) -> str | GameError | None:
        """Why a known intent cannot run now (None: it may)."""
        return None

    def _guard(self, action: Callable[[], object]) -> None:
        """Run ``action``: a GameError is the refusal shown; any other exception is a bug,
        shown as an internal error (never raised into the comm) and logged."""
        mark = self._safe_mark()
        try:
            action()
        except GameError as exc:
            if mark is not None and self._safe_mark() != mark:  # a refusal must change nothing
                logger.error(
                    "levelwidgets: %s refused a request after changing the %s partway",
                    type(self).__name__,
                    self._state_name,
                    exc_info=exc,
                )
            self._fail(exc)
        except Exception as exc:
            self._internal_error(exc, unchanged=mark is not None and self._safe_mark() == mark)
        else:
            self.error = ""  # the request was done: an older refusal no longer applies

    def _state_mark(self) -> object:
        """Something equal before and after a request exactly when it changed nothing the
        widget shows (None: the widget cannot tell)."""
        return None

    def _safe_mark(self) -> object:
        try:
            return self._state_mark()
        except Exception:  # a state that cannot even be marked is no state to vouch for
            return None

    def _internal_error(self, exc: Exception, unchanged: bool | None) -> None:
        """Show an unexpected exception as the widget's error and log its traceback."""
        what = self._state_name
        logger.error(
            "levelwidgets: %s in %s while handling a request (the %s %s)",
            type(exc).__name__,
            type(self).__name__,
            what,
            "was not changed" if unchanged else "may have changed partway",
            exc_info=exc,
        )
        try:
            said = str(exc)
        except Exception:  # an exception that cannot even say what it is
            said = ""
        detail = type(exc).__name__ + (f": {said[:80]}{'…' * (len(said) > 80)}" if said else "")
        if unchanged:
            refusal = IntentError.coded(
                "widget.internal",
                "Something went wrong inside levelwidgets ({detail}); the {what} was not changed.",
                detail=detail,
                what=what,
            )
        else:
            refusal = IntentError.coded(
                "widget.internal_partway",
                "Something went wrong inside levelwidgets ({detail}); the {what} may have "
                "changed partway: check it (Undo may help) before going on.",
                detail=detail,
                what=what,
            )
        try:
            self._fail(refusal)
        except Exception:  # publishing failed too: the log above is all that can be done
            logger.exception("levelwidgets: the internal error could not be shown")

    def _refusal_info(self, exc: GameError) -> dict[str, Any]:
        """A refusal as the browser says it in its language: ``{"text", "code", "params"}``
        (an intent refused now, or one a view says in advance would be refused)."""
        return {"text": self._message(exc), "code": exc.code, "params": exc.params}

    def _message(self, exc: GameError) -> str:
        """The text shown for a refused intent (games may translate)."""
        text = str(exc)
        return text[:1].upper() + text[1:] if text else type(exc).__name__

    def _fail(self, refusal: str | GameError) -> None:
        """Publish a refused request: its English text as ``error`` and, so the browser can
        say it in the widget's language, the code and params of a GameError as ``error_info``."""
        if isinstance(refusal, GameError):
            info = self._refusal_info(refusal)
        else:
            info = {"text": refusal, "code": None, "params": {}}
        text = info["text"]
        with self.hold_sync():  # one message: the browser sees text, code and id together
            self.error_info = info
            self.error = text
            self.error_id += 1

    @traitlets.observe("error")
    def _error_cleared(self, change: dict) -> None:
        if not change["new"]:
            self.error_info = {}  # no refusal stands, so none is described

    @traitlets.validate("language")
    def _valid_language(self, proposal: dict) -> str:
        return check_language(proposal["value"])

    @traitlets.observe("language")
    def _language_chosen(self, _change: dict) -> None:
        if not getattr(self, "_adopting", False):
            self.language_explicit = True  # set by the user: it stays whatever the page says

    @traitlets.validate("page_language")
    def _valid_page_language(self, proposal: dict) -> str:
        # whatever the front end sends (a hand-made message too) is only read, never shown
        value = proposal["value"]
        return value[:MAX_PAGE_LANGUAGE] if isinstance(value, str) else ""

    @traitlets.observe("page_language")
    def _page_language_reported(self, change: dict) -> None:
        adopted = i18n.language_from_locale(change["new"])
        if adopted is None or self.language_explicit or adopted == self.language:
            return
        self._adopting = True
        try:
            self.language = adopted
        finally:
            self._adopting = False
