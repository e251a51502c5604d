"""Game review: every decision of a record judged exactly, marked and explained.

``review(record)`` walks every decision of a finished or loaded game (main line and
variations), judges it (:func:`.judge.judge`: Level X in expected points, Level 8 in the
chance to complete the level within the next draws, from what that seat could see), marks
``?!``, ``?`` or ``??`` by :class:`Thresholds`, stores the figures in the record and returns
a :class:`Review` (``.table``, ``.summary()``, ``.plot()``). See ``docs/review.md``.

>>> from levelwidgets.levelx import LevelX
>>> from levelwidgets.record import GameRecord
>>> game = LevelX(seed=1)
>>> _ = game.roll([1, 4, 5, 6]); _ = game.play("1+4 5")
>>> result = review(GameRecord.from_game(game))
>>> len(result), result.rows[0]["decision"], result.rows[0]["unit"]
(1, 'move', 'points')
"""

from __future__ import annotations

from .errors import NotADecision, ReviewError, ReviewTypeError
from .judge import DEFAULT_DRAWS, MAX_DRAWS, Judgement, Option, judge
from .report import COLUMNS, Review
from .thresholds import DEFAULTS, MARKS, Thresholds
from .walk import review

__all__ = [
    "COLUMNS",
    "DEFAULTS",
    "DEFAULT_DRAWS",
    "MARKS",
    "MAX_DRAWS",
    "Judgement",
    "NotADecision",
    "Option",
    "Review",
    "ReviewError",
    "ReviewTypeError",
    "Thresholds",
    "judge",
    "review",
]
