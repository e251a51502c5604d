"""The puzzles' errors: one base a notebook catches, one class per kind of refusal.

Every refusal happens before anything changes (a puzzle, its answers, its record, a set or a
file stay as they were), and its message names what was wrong and what is wanted instead.
"""

from __future__ import annotations

from ..errors import GameError


class PuzzleError(GameError):
    """Base of every error the puzzles raise on purpose."""


class PositionError(PuzzleError):
    """The position given is no game, or no decision a student could be asked about."""


class QuestionError(PuzzleError):
    """The question is no text (or no ``{"en": …, "de": …}`` of texts)."""


class CheckError(PuzzleError):
    """The check is not callable, or it answered something other than a :class:`Verdict`."""


class AnswerError(PuzzleError):
    """The answer is no legal action at the puzzle's position (nothing was recorded)."""


class JudgeMissingError(PuzzleError):
    """The default check needs ``levelwidgets.review.judge``, which is not installed here."""


class PuzzleFileError(PuzzleError):
    """A puzzle file (or list) that cannot be read or written as a puzzle set."""


__all__ = [
    "AnswerError",
    "CheckError",
    "JudgeMissingError",
    "PositionError",
    "PuzzleError",
    "PuzzleFileError",
    "QuestionError",
]
