"""Argument checks of the Level X engine: one rule for every refusal.

Every public entry point checks its arguments with these helpers *before* it changes
anything. A value of the wrong type raises the ``…TypeError`` twin of the caller's error (a
:class:`TypeError` too), a value out of range the error itself (a :class:`ValueError`). The
message names the argument, shows what was given and says what is allowed.

The helpers are the shared ones of :mod:`levelwidgets.checks`, bound to Level X's errors
(:class:`RulesError`, :class:`RulesTypeError` by default) and its code ``"levelx.argument"``.
"""

from __future__ import annotations

from ..checks import SHOWN, Checks, is_int, show, whole_numbers
from .errors import LevelXError, RulesError, RulesTypeError

__all__ = [
    "SHOWN",
    "bounded",
    "is_int",
    "need_bool",
    "need_int",
    "refuse",
    "show",
    "whole_numbers",
]


def refuse(error: type[LevelXError], what: str, allowed: str, given: object) -> LevelXError:
    """The error saying that ``what`` must be ``allowed``, not ``given`` (to be raised)."""
    return error.coded(
        "levelx.argument",
        "{what} must be {allowed}, not {given}.",
        what=what,
        allowed=allowed,
        given=show(given),
    )


_CHECKS = Checks(refuse, RulesError, RulesTypeError)  # type: ignore[arg-type]

#: ``need_int(value, what, lo, hi=None, *, error=RulesError, type_error=RulesTypeError,
#: allowed=None)``: see :meth:`levelwidgets.checks.Checks.need_int`.
need_int = _CHECKS.need_int
#: ``need_bool(value, what, *, type_error=RulesTypeError)``.
need_bool = _CHECKS.need_bool
#: ``bounded(items, most, what, allowed, *, error=RulesError, type_error=RulesTypeError)``.
bounded = _CHECKS.bounded
