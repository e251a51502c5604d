"""The one error of the record package: :class:`levelwidgets.errors.RecordError`.

It is a :class:`~levelwidgets.errors.GameError` (a user interface that shows engine errors
shows these too) and a :class:`ValueError`, and the base of the engines' own file errors
(``levelwidgets.levelx.RecordError``, ``levelwidgets.level8.CorruptStateError``). Every
refused call (an illegal step, a bad mark or highlight, a corrupt file) raises it *before*
anything changes, with a message a teacher can act on.
"""

from __future__ import annotations

from ..errors import RecordError

__all__ = ["RecordError"]
