"""Puzzle: a copy of the position, the question, a check; answers as rows and comments."""

from __future__ import annotations

import random

import pytest

from levelwidgets.level8 import Level8
from levelwidgets.levelx import LevelX
from levelwidgets.puzzles import (
    AnswerError,
    CheckError,
    PositionError,
    Puzzle,
    QuestionError,
    Verdict,
)
from levelwidgets.puzzles.answers import COLUMNS
from levelwidgets.puzzles.generate import _level8_position

from . import fake_judge


def rolled(seed: int = 4) -> LevelX:
    game = LevelX(seed=seed)
    game.roll()
    return game


def test_the_position_is_a_copy_and_answers_never_touch_it(fake: None) -> None:
    game = rolled()
    before = game.to_json()
    puzzle = Puzzle.best_grouping(game)
    for move in game.legal_moves()[:3]:
        puzzle.answer(move, student="ann")
    assert game.to_json() == before and game.plies == 0
    copy = puzzle.game
    copy.play(copy.legal_moves()[0])
    assert puzzle.game.plies == 0  # the property hands out copies
    assert len(puzzle.answers) == 3


def test_default_check_is_the_judges_best_with_reasons_in_both_languages(fake: None) -> None:
    game = rolled()
    puzzle = Puzzle.best_grouping(game)
    judgement = fake_judge.judge(game, game.legal_moves()[0])
    best, worst = judgement.options[0], judgement.options[-1]
    right = puzzle.answer(best.action, student="ann")
    assert right.correct and right.cost == 0
    assert best.notation in right.why and "expected points" in right.why
    assert "erwartete Punkte" in right.texts["de"] and "," in right.texts["de"]
    wrong = puzzle.answer(worst.notation, student="ann")  # an answer as text
    assert not wrong.correct and wrong.cost == pytest.approx(best.value - worst.value)
    assert wrong.why == fake_judge.judge(game, worst.action).why("en")  # the judge's words
    table = puzzle.answers
    assert list(table.columns) == list(COLUMNS)
    assert table["correct"].tolist() == [True, False]
    assert table["answer"].tolist() == [best.notation, worst.notation]
    assert table["student"].unique().tolist() == ["ann"]
    assert str(table["time"].dtype).startswith("datetime64")


def test_tolerance_counts_close_answers_as_right(fake: None) -> None:
    game = rolled()
    options = fake_judge.judge(game, game.legal_moves()[0]).options
    second = next(o for o in options if o.value < options[0].value)
    gap = options[0].value - second.value
    assert not Puzzle.best_grouping(game).answer(second.action).correct
    close = Puzzle.best_grouping(game, tolerance=gap + 0.01).answer(second.action)
    assert close.correct and "close enough" in close.why and options[0].notation in close.why


def test_the_verdict_lands_in_the_record_as_a_comment(fake: None) -> None:
    game = rolled()
    puzzle = Puzzle.best_grouping(game, language="de")
    move = game.legal_moves()[0]
    puzzle.answer(move, student="Bea")
    record = puzzle.record
    answered = [n for n in record.walk() if n.comments]
    assert len(answered) == 1 and answered[0].notation == move.notation
    assert answered[0].comments[0].startswith(("✓ Bea", "✗ Bea"))
    assert "Besser" in answered[0].comments[0] or "Punkte" in answered[0].comments[0]  # German


def test_a_check_of_ones_own_and_its_mistakes() -> None:
    game = rolled()
    seen = []

    def check(before: LevelX, move: object) -> Verdict:
        seen.append(before.plies)
        before.play(move)  # a check may play on its copy
        return Verdict(before.score(0) > 0, "Score something.")

    puzzle = Puzzle(game, "Score now!", check, title="Score", id="s1")
    verdict = puzzle.answer(game.legal_moves()[0])
    assert verdict.why == "Score something." and seen == [0] and puzzle.check_kind == "custom"
    bad = Puzzle(game, "?", lambda g, a: True)
    with pytest.raises(CheckError, match="returns a Verdict"):
        bad.answer(game.legal_moves()[0])
    assert bad.attempts == []  # nothing recorded
    with pytest.raises(CheckError, match="is a function"):
        Puzzle(game, "?", check="best")


def test_refusals_name_what_is_wrong_and_change_nothing(fake: None) -> None:
    game = LevelX(seed=4)
    with pytest.raises(PositionError, match="roll first"):
        Puzzle(game, "Which?")
    with pytest.raises(PositionError, match="best_grouping needs rolled dice"):
        Puzzle.best_grouping(game)
    with pytest.raises(PositionError, match="Level X, Level 8"):
        Puzzle(["not", "a", "game"], "Which?")
    with pytest.raises(PositionError, match="no record file"):
        Puzzle("/nonexistent/game.json", "Which?")
    game.roll()
    for question, match in ((None, "is a text"), ("  ", "empty"), ({"pt": "O quê?"}, "languages")):
        with pytest.raises(QuestionError, match=match):
            Puzzle(game, question)
    with pytest.raises(QuestionError, match="language is one of"):
        Puzzle(game, "Which?", language="pt")
    puzzle = Puzzle.best_grouping(game)
    with pytest.raises(AnswerError, match="no move at the puzzle's position"):
        puzzle.answer("6+6+6")
    with pytest.raises(AnswerError, match="no move at the puzzle's position: A move must be"):
        puzzle.answer(3.5)
    assert puzzle.attempts == [] and not [n for n in puzzle.record.walk() if n.comments]
    with pytest.raises(PositionError, match="needs a Level8"):
        Puzzle.best_discard(game)


def test_positions_from_a_record_node_and_a_record_file(fake: None, tmp_path) -> None:
    game = rolled()
    game.play(game.legal_moves()[0])
    game.roll()
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    from_file = Puzzle(path, "Which?")
    assert from_file.game.to_json() == game.to_json()
    from levelwidgets.record import GameRecord

    record = GameRecord.load(path)
    first_roll = record.mainline_node(1)
    from_node = Puzzle(first_roll, "Which?")
    assert from_node.game.plies == 0 and from_node.game.dice == record.game_at(1).dice


def must_discard(seed: int = 1) -> Level8:
    """A seeded Level 8 position where the seat to act has drawn and must discard."""
    rng = random.Random(seed)
    while (game := _level8_position(rng, 2)) is None:
        pass
    return game


def test_best_discard_asks_the_seat_that_must_discard(fake: None) -> None:
    with pytest.raises(PositionError, match="must discard"):
        Puzzle.best_discard(Level8(2, seed=3))  # still to draw
    game = must_discard()
    puzzle = Puzzle.best_discard(game)
    assert puzzle.seat == game.current_player and puzzle.game_name == "level8"
    assert "Zahlenfolge aus 3" in puzzle.questions["de"] and "run of 3" in puzzle.questions["en"]
    with pytest.raises(PositionError, match=r"seat [01].s turn"):
        Puzzle.best_discard(game, seat=1 - game.current_player)
    judgement = fake_judge.judge(game, game.legal_actions()[0])
    verdict = puzzle.answer(judgement.best.notation, student="cy")
    assert verdict.correct and "%" in verdict.why and " %" in verdict.texts["de"]


def test_a_move_the_judge_does_not_rank_is_a_wrong_answer(monkeypatch) -> None:
    from levelwidgets.puzzles import _judge
    from levelwidgets.review import NotADecision

    def refuses(game: object, action: object, **_options: object) -> None:
        raise NotADecision("skip cards are not judged")

    monkeypatch.setattr(_judge, "judge", refuses)
    game = rolled()
    verdict = Puzzle.best_grouping(game).answer(game.legal_moves()[0], student="ann")
    assert not verdict.correct and verdict.cost is None
    assert "no answer to this question" in verdict.why and "beantwortet" in verdict.texts["de"]
