"""The errors of the game review: one base, GameError, as for the engines."""

from __future__ import annotations

from ..errors import GameError, GameTypeError, GameValueError


class ReviewError(GameValueError):
    """A review question that cannot be answered: an unknown language, thresholds out of
    order, a game of another kind. Also a :class:`ValueError`."""


class ReviewTypeError(ReviewError, GameTypeError):
    """A review argument of the wrong type (a float for ``draws``, a text for a record).
    Also a :class:`TypeError`."""


class NotADecision(GameError):
    """The step is no decision the review judges: a chance step (a roll), a forced step
    (a single legal option), or a kind of step the review does not judge yet (Level 8
    add-ons, skip targets, keeping cards; the board game's circuit steps)."""
