"""Game review: every decision of a record judged exactly (see ``docs/review.md``)."""

from __future__ import annotations

from .errors import NotADecision, ReviewError, ReviewTypeError
from .judge import Judgement, Option, judge

__all__ = ["Judgement", "NotADecision", "Option", "ReviewError", "ReviewTypeError", "judge"]
