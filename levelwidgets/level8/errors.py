"""Exceptions of the Level 8 engine.

Every rule violation raises a subclass of :class:`Level8Error` (itself a
:class:`levelwidgets.GameError`, the base of both engines), so a UI can catch one type
and show the message to a learner; the message says what was wrong and what is allowed.

One rule for the Python exception types as well (as for Level X): a refused *value* is a
:class:`ValueError` (:class:`~levelwidgets.errors.GameValueError`), an argument of the wrong
*type* is a :class:`TypeError` (the ``…TypeError`` twins below, all :class:`Level8TypeError`),
and input too large to read is a :class:`Level8LimitError`. Each twin subclasses the error a
caller already catches (``CardTypeError`` is a :class:`CardError`), so ``except CardError``
and ``except TypeError`` both work. Every refusal comes before anything changes.
"""

from __future__ import annotations

from ..errors import GameError, GameLimitError, GameTypeError, GameValueError, RecordError


class Level8Error(GameError):
    """Base class of every error the Level 8 engine raises on purpose."""


class Level8TypeError(Level8Error, GameTypeError):
    """An argument of the wrong type (``1.0`` or ``True`` for a seat, ``None`` for a list of
    combinations). Base of the ``…TypeError`` twins; also a :class:`TypeError`."""


class Level8LimitError(Level8Error, GameLimitError):
    """Input larger than the engine reads (a list of a million cards, a 50 MB text): refused
    before any work is done on it."""


class ConfigError(Level8Error, GameValueError):
    """The game was set up with invalid players, sides or options."""


class ConfigTypeError(ConfigError, Level8TypeError):
    """A set-up argument of the wrong type (a float for a count or seat, a number for a list)."""


class ConfigLimitError(ConfigError, Level8LimitError):
    """A set-up argument far larger than any game's (a huge list, an endless generator)."""


class LevelSpecError(Level8Error, GameValueError):
    """A custom level or level sequence could not be parsed or is impossible."""


class CardError(Level8Error, GameValueError):
    """A card id or code does not name a card of this game."""


class CardTypeError(CardError, Level8TypeError):
    """A card given as something that is no card id or code (``14.0``, ``True``, ``None``)."""


class CardLimitError(CardError, Level8LimitError):
    """A list or text of cards far longer than any game's (refused before it is read)."""


class IllegalActionError(Level8Error, GameValueError):
    """An action that the rules do not allow in the current position, or an argument of an
    action (a seat, an index, a number) that is out of range."""


class ActionTypeError(IllegalActionError, Level8TypeError):
    """An argument of an action or query of the wrong type (a float or ``True`` for a seat
    or an index, a text where a list is needed, an Action that is none)."""


class ActionLimitError(IllegalActionError, Level8LimitError):
    """An argument of an action far larger than any move (a list of a million cards)."""


class ActionIdError(IllegalActionError):
    """An action id outside the game's action space, an option slot that is empty in this
    position, or an action that has no id (a lay-down beyond the slots, a kind the game does
    not have); see ``docs/protocol.md``."""


class ActionIdTypeError(ActionIdError, ActionTypeError):
    """An action id that is no whole number (``1.0``, ``True``, ``"3"``)."""


class ActionTextError(IllegalActionError):
    """An action text that cannot be read (an unknown word, a card code, a seat), or an
    action that has no text (a deal); the notation is in ``docs/protocol.md``."""


class ActionTextTypeError(ActionTextError, ActionTypeError):
    """An action text that is no text (``None``, a number, a list)."""


class WrongPhaseError(IllegalActionError):
    """The action does not belong to the current phase of the turn."""


class NotYourTurnError(IllegalActionError):
    """A player tried to act while it is someone else's turn."""


class PlayerTypeError(NotYourTurnError, ActionTypeError):
    """``player=`` given as something that is no seat number (``True``, ``1.0``, a name)."""


class CardNotInHandError(IllegalActionError):
    """The player does not hold the card they tried to use."""


class EmptyPileError(IllegalActionError):
    """The player tried to draw from an empty pile."""


class InvalidCombinationError(IllegalActionError):
    """Cards (with their declared joker meanings) do not form the stated combination."""


class CombinationTypeError(InvalidCombinationError, Level8TypeError):
    """A combination or its joker meanings of the wrong type (meanings that are no mapping,
    a kind that is no text)."""


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


class UndoError(Level8Error, GameValueError):
    """Undo was asked for more steps than the history holds."""


class UndoTypeError(UndoError, Level8TypeError):
    """A count of steps or plies that is no whole number (``1.0``, ``True``)."""


class CorruptStateError(Level8Error, RecordError):
    """Serialised game data is malformed, inconsistent or has been tampered with."""


class BoardError(IllegalActionError):
    """A board game step that is not allowed (a field, a dice roll, an action's choice)."""


class MoveError(BoardError):
    """A field the movers cannot reach, or dice that are not two dice."""


class MoveTypeError(MoveError, Level8TypeError):
    """A field or dice of the wrong type (``3.0``, ``True``, text for the dice)."""


class ChoiceError(BoardError):
    """An action's choice that is not allowed (a pile, cards to swap or show, a question)."""


class ChoiceTypeError(ChoiceError, Level8TypeError):
    """A choice of the wrong type (a float for a number, a number for an action's name)."""
