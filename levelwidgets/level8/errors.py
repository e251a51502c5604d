"""Exceptions of the Level 8 engine.

Every rule violation raises a subclass of :class:`Level8Error` (itself a
:class:`levelwidgets.GameError`, the base of both engines), so a UI can catch one type
and show the message to a learner; the message says what was wrong and what is allowed.
"""

from __future__ import annotations

from ..errors import GameError


class Level8Error(GameError):
    """Base class of every error the Level 8 engine raises on purpose."""


class ConfigError(Level8Error, ValueError):
    """The game was set up with invalid players, sides or options."""


class LevelSpecError(Level8Error, ValueError):
    """A custom level or level sequence could not be parsed or is impossible."""


class CardError(Level8Error, ValueError):
    """A card id or code does not name a card of this game."""


class IllegalActionError(Level8Error):
    """An action that the rules do not allow in the current position."""


class WrongPhaseError(IllegalActionError):
    """The action does not belong to the current phase of the turn."""


class NotYourTurnError(IllegalActionError):
    """A player tried to act while it is someone else's turn."""


class CardNotInHandError(IllegalActionError):
    """The player does not hold the card they tried to use."""


class EmptyPileError(IllegalActionError):
    """The player tried to draw from an empty pile."""


class InvalidCombinationError(IllegalActionError):
    """Cards (with their declared joker meanings) do not form the stated combination."""


class LevelMismatchError(IllegalActionError):
    """A lay-down does not match exactly the combinations of the player's level."""


class LayDownError(IllegalActionError):
    """Laying down is not allowed now (already laid down, or no card left to discard)."""


class AddOnError(IllegalActionError):
    """A card does not fit the combination it was added to, or adding is not allowed yet."""


class SkipError(IllegalActionError):
    """A skip card was played illegally (no skip card, bad target, target already skipped)."""


class KeepError(IllegalActionError):
    """Illegal choice of cards to keep under the two-star rule."""


class GameOverError(IllegalActionError):
    """The game is over; no further action is possible."""


class UndoError(Level8Error):
    """Undo was asked for more steps than the history holds."""


class CorruptStateError(Level8Error, ValueError):
    """Serialised game data is malformed, inconsistent or has been tampered with."""


class BoardError(IllegalActionError):
    """A board game step that is not allowed (a field, a dice roll, an action's choice)."""


class MoveError(BoardError):
    """A field the movers cannot reach, or dice that are not two dice."""


class ChoiceError(BoardError):
    """An action's choice that is not allowed (a pile, cards to swap or show, a question)."""
