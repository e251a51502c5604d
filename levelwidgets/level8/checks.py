"""Argument checks of the Level 8 engines (card game and board game): one rule for refusals.

The shared helpers of :mod:`levelwidgets.checks`, bound to Level 8's errors and its code
``"level8.argument"``: every public entry point checks the types and ranges of its arguments
with them *before* it changes anything. A wrong type raises a ``…TypeError`` twin (a
:class:`TypeError` too), a wrong value a :class:`ValueError`, a list or text far beyond any
game's a :class:`~.errors.Level8LimitError`; the message names the argument, shows what was
given (shortly, see :func:`show`) and says what is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..checks import SHOWN, Checks, is_int, show, whole_numbers
from .errors import (
    ActionLimitError,
    ActionTypeError,
    IllegalActionError,
    Level8Error,
)

__all__ = [
    "MAX_CARDS",
    "MAX_TEXT",
    "SHOWN",
    "bounded",
    "is_int",
    "need_int",
    "need_seat",
    "refuse",
    "seats",
    "short",
    "show",
    "whole_numbers",
]

#: The most items a list of cards may hold (every id of both games, once).
MAX_CARDS = 102
#: The longest text an argument may be (a list of card codes, a level spec, a name).
MAX_TEXT = 2000


def refuse(error: type[Level8Error], what: str, allowed: str, given: object) -> Level8Error:
    """The error saying that ``what`` must be ``allowed``, not ``given`` (to be raised)."""
    return error.coded(
        "level8.argument",
        "{what} must be {allowed}, not {given}.",
        what=what,
        allowed=allowed,
        given=show(given),
    )


_CHECKS = Checks(refuse, IllegalActionError, ActionTypeError)  # type: ignore[arg-type]

#: ``need_int(value, what, lo, hi=None, *, error=IllegalActionError,
#: type_error=ActionTypeError, allowed=None)``: see :meth:`levelwidgets.checks.Checks.need_int`.
need_int = _CHECKS.need_int


def bounded(
    items: object,
    most: int,
    what: str,
    allowed: str,
    *,
    error: type[Level8Error] = ActionLimitError,
    type_error: type[Level8Error] = ActionTypeError,
) -> tuple[object, ...]:
    """The items of a list or other iterable, at most ``most`` of them (more: a limit error;
    a generator that never ends is refused, not followed)."""
    return _CHECKS.bounded(items, most, what, allowed, error=error, type_error=type_error)


def seats(names: Sequence[str], *, names_too: bool = True) -> str:
    """How the seats of a game are said: ``"a seat from 0 to 1 or a player's name"``."""
    text = f"a seat from 0 to {len(names) - 1}"
    return text + " or a player's name" if names_too else text


def need_seat(
    value: object,
    names: Sequence[str],
    what: str,
    *,
    by_name: bool = True,
    error: type[Level8Error] = IllegalActionError,
    type_error: type[Level8Error] = ActionTypeError,
) -> int:
    """The seat ``value`` names: a whole number in range (not ``True``, not ``1.0``, not
    ``-1``) or, with ``by_name``, a player's name."""
    if type(value) is int and 0 <= value < len(names):
        return value
    if by_name and isinstance(value, str) and value in names:
        return list(names).index(value)
    allowed = seats(names, names_too=by_name)
    wrong_type = not is_int(value) and not (by_name and isinstance(value, str))
    raise refuse(type_error if wrong_type else error, what, allowed, value)


def short(value: object) -> object:
    """``value`` itself for a message parameter if it is short (a small whole number, a short
    text), else its :func:`show` description: params are written out with ``!r``."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= 64:
        return value
    if isinstance(value, str) and len(value) <= 20:
        return value
    return show(value)
