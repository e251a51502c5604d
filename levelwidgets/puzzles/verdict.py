"""A puzzle's verdict on one answer, and the default check: the judge's best move.

A check is any callable ``check(game_before, action) -> Verdict``; ``game_before`` is a copy
of the puzzle's position (the check may play on it), ``action`` the engine action answered.
:func:`best_move` makes the default: the answer is right when the review's judge
(:func:`levelwidgets.review.judge.judge`) ranks it best, or within ``tolerance`` of the best
(in the judge's unit: expected points for Level X, a chance 0–1 for Level 8). Ties with the
best always count as right. The reason is worded from the judge's own figures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import GameError
from . import _judge
from .errors import CheckError
from .texts import LANGUAGES, amount, both, pick, say

#: The most pile draws a Level 8 chance may look ahead (the judge's own limit).
MAX_DRAWS = 4
#: Value differences below this are rounding, not a worse move.
EPSILON = 1e-9


@dataclass(frozen=True)
class Verdict:
    """Right or wrong, and why (one sentence a student reads).

    ``texts`` holds ``why`` in every language the check wrote it in (``{"en": …, "de": …}``);
    a check of one's own may give ``why`` alone. ``cost`` is what the answer lost against the
    best in the judge's unit (None when the check does not measure it).
    """

    correct: bool
    why: str
    cost: float | None = None
    texts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.correct, bool):
            raise CheckError(f"Verdict.correct is True or False, not {self.correct!r:.40}.")
        if not isinstance(self.why, str):
            raise CheckError(f"Verdict.why is a sentence (a str), not {self.why!r:.40}.")

    def why_in(self, language: str) -> str:
        """``why`` in ``language`` (the one text when the check wrote only one)."""
        return pick(self.texts, language) if self.texts else self.why


Check = Callable[[Any, Any], Verdict]


def best_move(tolerance: float = 0.0, language: str = "en", draws: int | None = None) -> Check:
    """The default check: right iff the judge's cost of the answer is at most ``tolerance``.
    ``draws``: how many pile draws a Level 8 chance looks ahead (None: the judge's default)."""
    if isinstance(tolerance, bool) or not isinstance(tolerance, int | float) or tolerance < 0:
        raise CheckError(f"tolerance is a number >= 0 (in the judge's unit), not {tolerance!r}.")
    if draws is not None and (type(draws) is not int or not 1 <= draws <= MAX_DRAWS):
        raise CheckError(f"draws is a whole number from 1 to {MAX_DRAWS} (or None), not {draws!r}.")
    ahead = {} if draws is None else {"draws": draws}

    def check(game: Any, action: Any) -> Verdict:
        try:
            judgement = _judge.judge(game, action, **ahead)
        except GameError as exc:
            if type(exc).__name__ != "NotADecision":
                raise
            # a legal move the judge does not rank (a Level 8 skip card where a discard is
            # asked for): no answer to this question
            texts = both("not_asked")
            return Verdict(False, pick(texts, language), None, texts)
        correct = judgement.cost <= tolerance + EPSILON
        texts = {lang: explain(judgement, correct, lang) for lang in LANGUAGES}
        return Verdict(correct, pick(texts, language), float(judgement.cost), texts)

    check.tolerance = tolerance  # type: ignore[attr-defined]  # (a puzzle file keeps it)
    return check


def explain(judgement: Any, correct: bool, language: str) -> str:
    """The reason from the judge's figures: when right, what the answer keeps against the
    next best; when wrong, the judge's own sentence (the better move and what was lost)."""
    if not correct:
        return judgement.why(language)
    unit, played = judgement.unit, judgement.played
    draws = getattr(judgement, "draws", None)
    others = [o for o in judgement.options if o.notation != played.notation]
    value = amount(played.value, unit, language, draws)
    if not others:
        return say("right_only", language, played=played.notation, value=value)
    if judgement.cost > EPSILON:  # right within the tolerance: say what the best keeps
        best = judgement.best
        return say(
            "right_close",
            language,
            played=played.notation,
            value=value,
            best=best.notation,
            best_value=amount(best.value, unit, language, draws),
        )
    second = others[0]
    if second.value >= played.value - EPSILON:
        return say("right_tie", language, played=played.notation, value=value)
    return say(
        "right_why",
        language,
        played=played.notation,
        value=value,
        second=second.notation,
        second_value=amount(second.value, unit, language, draws),
    )
