"""The one error base of both game engines.

Every error an engine raises on purpose derives from :class:`GameError`
(:class:`~levelwidgets.levelx.LevelXError` for Level X,
:class:`~levelwidgets.level8.Level8Error` for Level 8), so a user interface catches one type
and shows its message: the message says what was wrong and what is allowed instead.

The message is English, the language of the Python API. A refusal a person can cause in a
widget also carries a machine-readable ``code`` (``"levelx.group_sum"``) and its ``params``
(JSON values: numbers, faces, player names), so the browser can say it in the widget's
language. :meth:`GameError.coded` builds such an error from one English template::

    raise GroupSumError.coded(
        "levelx.group_sum", "The group {group:+} makes {total}.", group=[1, 2], total=3
    )  # str(exc) == "The group 1+2 makes 3."

Placeholders are ``{name}``; a list is written with the separator after the colon
(``{group:+}`` -> ``1+2``, ``{cards:, }`` -> ``7R, 8R``); a count with its word in the singular
and the plural (``{n:step|steps}`` -> ``1 step``, ``2 steps``; never "step(s)");
``{name!r}`` shows a Python value as code would. The catalogue (``levelwidgets/locales``,
namespace ``errors``, read by :mod:`levelwidgets.i18n` and the browser) uses the same
``{name}``, ``{name:sep}`` and ``{n:one|many}`` placeholders, with the code as the key.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any, TypeVar

from .words import counted

#: A parameter as the browser gets it: JSON only.
JSONValue = str | int | float | bool | None | list[Any]

_E = TypeVar("_E", bound="GameError")


class GameError(Exception):
    """Base class of every error the Level X and Level 8 engines raise on purpose.

    ``GameError(message, code=None, params=None)``: ``str(error)`` is always the English
    ``message``; ``code`` (or None) names the kind of refusal for translations and ``params``
    holds the values its sentence needs (made JSON-safe: other objects become their repr).
    """

    code: str | None
    params: dict[str, JSONValue]

    def __init__(
        self,
        message: str = "",
        *,
        code: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params = {str(k): _json_safe(v) for k, v in (params or {}).items()}

    @classmethod
    def coded(cls: type[_E], code: str, template: str, /, **params: object) -> _E:
        """The error ``code`` whose English message is ``template`` filled with ``params``
        (one template, so the message and the translation keys cannot drift apart)."""
        return cls(_FORMATTER.format(template, **params), code=code, params=params)


class GameValueError(GameError, ValueError):
    """A refused value of the right type: out of range, unknown, unreadable or not allowed now.

    A :class:`ValueError` too, as python-chess's errors are, so ``except ValueError`` code
    written for plain Python keeps working. Engines derive their value errors from it.
    """


class GameTypeError(GameError, TypeError):
    """A refused argument of the wrong type: ``5.0`` or ``True`` where a whole number or a
    seat is needed, a number where a list is needed.

    A :class:`TypeError` too, so a caller's ``except TypeError`` catches it as it would catch
    Python's own; engines pair it with their own errors (``RulesTypeError``).
    """


class GameLimitError(GameValueError):
    """Input larger than an engine reads (a text too long, a record too big or too deeply
    nested, too many items): refused before any work is done on it."""


class RecordError(GameValueError):
    """A saved game or record file is corrupt, was edited after it was saved, or is not one
    levelwidgets reads; nothing was changed.

    The one base of every file error: the record package raises it, and the engines' own
    (``levelwidgets.levelx.RecordError``, ``levelwidgets.level8.CorruptStateError``) derive
    from it, so ``except RecordError`` catches a refused file whoever read it.
    """


class _ListFormatter(string.Formatter):
    """``{faces:-}`` writes a list as its items joined by ``-`` (``, `` without a separator);
    ``{n:card|cards}`` writes a count with the word that fits it ("1 card", "2 cards")."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (list, tuple)):
            return (format_spec or ", ").join(map(str, value))
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            return counted(value, one, many)
        return super().format_field(value, format_spec)


_FORMATTER = _ListFormatter()


def _json_safe(value: object) -> JSONValue:
    if value is None or isinstance(value, (str, bool, int, float)):
        return value  # type: ignore[return-value]
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    return repr(value)[:80]
