"""The one door to the review's judge (``levelwidgets.review.judge``), imported when first
needed: a puzzle with its own check never needs it, and tests may put a stand-in here."""

from __future__ import annotations

from typing import Any

from .errors import JudgeMissingError


def judge(game: Any, action: Any, **options: Any) -> Any:
    """``levelwidgets.review.judge.judge(game, action, draws=…)``: the ranked options at
    ``game`` and what ``action`` cost (``game`` is not changed)."""
    try:
        from ..review.judge import judge as review_judge
    except ImportError as exc:  # the review module is another part of the package
        raise JudgeMissingError(
            "The default check ranks moves with levelwidgets.review.judge, which this "
            "installation lacks; give the puzzle a check=… of its own."
        ) from exc
    return review_judge(game, action, **options)
