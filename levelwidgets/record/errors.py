"""The one error of the record package.

:class:`RecordError` is a :class:`~levelwidgets.errors.GameError` (a user interface that shows
engine errors shows these too) and a :class:`ValueError`. Every refused call (an illegal step,
a bad mark or highlight, a corrupt file) raises it *before* anything changes, with a message a
teacher can act on.
"""

from __future__ import annotations

from ..errors import GameError


class RecordError(GameError, ValueError):
    """A game record, a step or an annotation is invalid; nothing was changed."""
