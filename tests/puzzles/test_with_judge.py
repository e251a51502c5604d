"""The default check with the review's real judge (skipped until levelwidgets.review.judge is
there): generated puzzles have a clear best answer, the best is right and the worst wrong, and
the reasons carry the judge's figures in both languages."""

from __future__ import annotations

import pytest

judge_module = pytest.importorskip("levelwidgets.review.judge")

from levelwidgets.levelx import advise  # noqa: E402
from levelwidgets.puzzles import generate  # noqa: E402


def test_levelx_puzzles_agree_with_the_advisor_and_say_its_figures() -> None:
    puzzles = generate("levelx", n=3, seed=11)
    for puzzle in puzzles:
        game = puzzle.game
        judgement = judge_module.judge(game, game.legal_moves()[0])
        best, worst = judgement.options[0], judgement.options[-1]
        assert judgement.unit == "points"
        assert best.value == pytest.approx(float(advise(game)[0].expected))
        right = puzzle.answer(best.action, student="ann")
        wrong = puzzle.answer(worst.action, student="ann")
        assert right.correct and right.cost == 0 and f"{best.value:.2f}" in right.why
        assert not wrong.correct and wrong.cost == pytest.approx(best.value - worst.value)
        assert wrong.texts["de"] == judge_module.judge(game, worst.action).why("de")
    assert puzzles.score("ann") == 1.0


def test_level8_puzzles_have_a_clear_best_discard() -> None:
    puzzles = generate("level8", n=2, seed=11)
    for puzzle in puzzles:
        game = puzzle.game
        assert puzzle.draws == 2  # generated puzzles look two draws ahead (fast)
        judgement = judge_module.judge(game, game.legal_actions()[0], draws=2)
        values = [o.value for o in judgement.options]
        below = [v for v in values if v < values[0] - 1e-9]  # ties with the best are right too
        assert judgement.unit == "chance" and values[0] - below[0] >= 0.05 - 1e-9
        verdict = puzzle.answer(judgement.best.action, student="bo")
        assert verdict.correct and "% chance to complete the level within the next 2" in verdict.why
        assert "in den nächsten 2 Zügen" in verdict.texts["de"]
        assert not puzzle.answer(judgement.options[-1].action, student="bo").correct
