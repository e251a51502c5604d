"""Exceptions of the Level X engine.

Every illegal call raises a subclass of :class:`LevelXError` *before* anything changes, so a
caught error always leaves the game exactly as it was. Messages are written for a teacher in
front of a class, not for a programmer.
"""

from __future__ import annotations

from ..errors import GameError


class LevelXError(GameError):
    """Base class of every error the Level X engine raises on purpose."""


class NotYourTurnError(LevelXError):
    """Someone other than the active player tried to act."""


class NotRolledError(LevelXError):
    """A move was played before the dice were rolled."""


class AlreadyRolledError(LevelXError):
    """The dice were rolled a second time in one turn."""


class GameOverError(LevelXError):
    """An action was attempted after the game ended."""


class InvalidDiceError(LevelXError):
    """Dice values given to ``roll()`` are not four faces 1–6."""


class NotationError(LevelXError):
    """A move could not be read (bad notation or an unknown kind of object)."""


class GroupSumError(LevelXError):
    """A group of dice sums to less than 5 or more than 10."""


class FacesNotInRollError(LevelXError):
    """A move uses faces (or more dice) than the roll offers."""


class LuckyLoserError(LevelXError):
    """A move needs 1s turned that the Lucky Loser rule does not allow turning."""


class NothingToUndoError(LevelXError):
    """``undo()`` was called at the very start of the game."""


class RulesError(LevelXError):
    """A rule option or a player list is invalid."""


class RecordError(LevelXError):
    """A saved game (JSON record) is corrupt or has been tampered with."""


class ProbabilityError(LevelXError):
    """A probability, simulation or race function got arguments it cannot work with (number
    of dice, target sums, number of rolls, a row or a turn limit)."""
