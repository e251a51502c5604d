"""Puzzles a grader can read: a position, a question, a check; answered by playing.

- :class:`Puzzle` (``Puzzle.best_grouping``, ``Puzzle.best_discard``): shown in the game's
  widget at its position; the widget says right or wrong and why; every attempt is a row of
  ``puzzle.answers`` and a comment in ``puzzle.record``.
- :class:`PuzzleSet`: puzzles from a list or a JSON file (``load``/``save``), their
  ``answers`` together and a ``score()``.
- :func:`generate`: puzzles from seeded games where the best move clearly beats the next.

The default check is the review's judge (``levelwidgets.review.judge``): the answer is right
when it is the best move (or within a tolerance). See ``docs/puzzles.md``.
"""

from __future__ import annotations

from .answers import COLUMNS
from .errors import (
    AnswerError,
    CheckError,
    JudgeMissingError,
    PositionError,
    PuzzleError,
    PuzzleFileError,
    QuestionError,
)
from .generate import generate
from .puzzle import Puzzle
from .puzzleset import PuzzleSet
from .verdict import Verdict, best_move

__all__ = [
    "COLUMNS",
    "AnswerError",
    "CheckError",
    "JudgeMissingError",
    "PositionError",
    "Puzzle",
    "PuzzleError",
    "PuzzleFileError",
    "PuzzleSet",
    "QuestionError",
    "Verdict",
    "best_move",
    "generate",
]
