"""Exceptions of the Level X engine.

Every illegal call raises a subclass of :class:`LevelXError` *before* anything changes, so a
caught error always leaves the game exactly as it was. Messages are written for a teacher in
front of a class, not for a programmer: they name the argument, show what was given and say
what is allowed.

One rule for the Python exception types as well: a refused *value* is a :class:`ValueError`
(:class:`~levelwidgets.errors.GameValueError`), an argument of the wrong *type* is a
:class:`TypeError` (the ``…TypeError`` twins below, all :class:`LevelXTypeError`), and input
too large to read is a :class:`LevelXLimitError`. The twins subclass the error a caller already
catches (``DiceTypeError`` is an :class:`InvalidDiceError`), so ``except InvalidDiceError`` and
``except TypeError`` both work. Refusals of the game's state (not your turn, not rolled, game
over) are plain :class:`LevelXError` subclasses.
"""

from __future__ import annotations

from ..errors import GameError, GameLimitError, GameTypeError, GameValueError
from ..errors import RecordError as AnyRecordError


class LevelXError(GameError):
    """Base class of every error the Level X engine raises on purpose."""


class LevelXTypeError(LevelXError, GameTypeError):
    """An argument of the wrong type (``5.0`` or ``True`` for a seat, a number for a list).
    Base of the ``…TypeError`` twins; also a :class:`TypeError`."""


class LevelXLimitError(LevelXError, GameLimitError):
    """Input larger than the engine reads (a move text, a record): refused before any work."""


class NotYourTurnError(LevelXError):
    """Someone other than the active player tried to act."""


class NotRolledError(LevelXError):
    """A move was played before the dice were rolled."""


class AlreadyRolledError(LevelXError):
    """The dice were rolled a second time in one turn."""


class GameOverError(LevelXError):
    """An action was attempted after the game ended."""


class InvalidDiceError(LevelXError, GameValueError):
    """Dice values given to ``roll()`` are not four faces 1–6."""


class DiceTypeError(InvalidDiceError, LevelXTypeError):
    """Dice given to ``roll()`` are not a list of four whole numbers (text, floats, a number)."""


class NotationError(LevelXError, GameValueError):
    """A move could not be read (bad notation or an unknown kind of object), or a count of
    turns, plies or actions (``undo``, ``rewind``, ``goto``, ``after``) is out of range."""


class NotationTypeError(NotationError, LevelXTypeError):
    """A move or a count of the wrong type (a float, a bool, a dict, a group that is no list)."""


class NotationTooLongError(NotationError, LevelXLimitError):
    """A move text or a list of groups far longer than any move (refused before reading it)."""


class ActionIdError(LevelXError, GameValueError):
    """An action id outside Level X's action space (0 to ``num_distinct_actions - 1``), or
    an action that has no id (a move of more than four steps, a roll that is no four dice)."""


class ActionIdTypeError(ActionIdError, LevelXTypeError):
    """An action id that is no whole number, or an action that is no Roll or Move."""


class GroupSumError(LevelXError, GameValueError):
    """A group of dice sums to less than 5 or more than 10."""


class FacesNotInRollError(LevelXError, GameValueError):
    """A move uses faces (or more dice) than the roll offers."""


class LuckyLoserError(LevelXError, GameValueError):
    """A move needs 1s turned that the Lucky Loser rule does not allow turning."""


class NothingToUndoError(LevelXError, GameValueError):
    """``undo()`` was called at the very start of the game, or for more than was played."""


class RulesError(LevelXError, GameValueError):
    """A rule option, a player list, a seat, a row or another argument of a call is not one
    the game has (out of range, unknown, too long)."""


class RulesTypeError(RulesError, LevelXTypeError):
    """A rule option, a seat, a row or another argument of a call has the wrong type."""


class BotError(LevelXError):
    """A bot given to ``autoplay`` raised, returned something that is not a legal move, or
    acted on the game while it was asked for a move. The game is as it was before the call."""


class RecordError(LevelXError, AnyRecordError):
    """A saved game (JSON record) is corrupt or has been tampered with (also the one file
    error base, :class:`levelwidgets.errors.RecordError`)."""


class RecordTypeError(RecordError, LevelXTypeError):
    """A record was given as something other than JSON text (or, to ``from_dict``, plain
    JSON data)."""


class RecordTooLargeError(RecordError, LevelXLimitError):
    """A record larger, longer or more deeply nested than any Level X game's."""


class InvariantError(LevelXError, AssertionError):
    """An invariant of the rules does not hold (an engine bug or a corrupted state)."""


class ProbabilityError(LevelXError, GameValueError):
    """A probability, simulation or race function got arguments it cannot work with (number
    of dice, target sums, number of rolls, a row or a turn limit)."""


class ProbabilityTypeError(ProbabilityError, LevelXTypeError):
    """A probability or simulation argument of the wrong type (``2.0`` dice, text for the
    targets, ``"yes"`` for a flag, a float for a number of rolls or a seed)."""


class ProbabilityLimitError(ProbabilityError, LevelXLimitError):
    """A probability or simulation argument larger than the functions take (a million
    targets, an endless generator, a trillion rolls): refused before any work."""
