"""A puzzle in its widget: the position set up, the question shown, the student's move judged
through the widget's own intents, the verdict in the notice and in the record."""

from __future__ import annotations

import base64

import pytest

from levelwidgets.levelx import LevelX
from levelwidgets.puzzles import Puzzle, QuestionError
from levelwidgets.widgets import Level8Widget, LevelXWidget

from . import fake_judge
from .test_puzzle import must_discard, rolled


def send(w: object, **msg: object) -> None:
    """What the browser does: a custom message to the widget's handler."""
    w._handle_message(w, msg, [])  # type: ignore[attr-defined]


def play(w: LevelXWidget, move: object) -> None:
    send(w, type="play", groups=[list(g) for g in move.groups])  # type: ignore[attr-defined]


def ranked(game: LevelX) -> list:
    return list(fake_judge.judge(game, game.legal_moves()[0]).options)


def test_levelx_puzzle_widget_judges_the_students_move(fake: None) -> None:
    game = rolled()
    puzzle = Puzzle.best_grouping(game, title="Dice")
    w = puzzle.widget(student="ann")
    assert isinstance(w, LevelXWidget) and w.bots == [None, None]
    assert w.game is not game and w.view["dice"] == list(game.dice)
    assert w.notice == {"tone": "info", "text": puzzle.questions}
    options = ranked(game)
    worst = options[-1]
    play(w, worst.action)
    assert w.error == ""
    assert w.notice["tone"] == "bad"
    assert w.notice["text"]["en"].startswith(puzzle.questions["en"] + "\nNot quite. Better:")
    assert "\nNicht ganz. Besser:" in w.notice["text"]["de"]
    assert puzzle.attempts[-1]["student"] == "ann" and not puzzle.attempts[-1]["correct"]
    assert w.view["review"]["comments"][0].startswith("✗ ann:")  # the review bar shows it
    send(w, type="undo")
    best = options[0]
    play(w, best.action)
    assert w.notice["tone"] == "good" and "\nRight! " in w.notice["text"]["en"]
    assert "\nRichtig! " in w.notice["text"]["de"]
    assert puzzle.answers["correct"].tolist() == [False, True]
    assert puzzle.answers["answer"].tolist() == [worst.notation, best.notation]
    # both answers are steps after the puzzle's position, each with its verdict
    commented = [n for n in puzzle.record.walk() if n.comments]
    assert sorted(n.notation for n in commented) == sorted([worst.notation, best.notation])
    # playing on (the next player's turn) is no answer
    send(w, type="roll")
    play(w, w.game.legal_moves()[0])
    assert len(puzzle.answers) == 2 and w.notice["tone"] == "good"
    assert game.plies == 0  # the teacher's game never moved


def test_widget_options_are_checked(fake: None, tmp_path) -> None:
    puzzle = Puzzle.best_grouping(rolled())
    w = puzzle.widget(projector=True, record_dir=str(tmp_path))
    assert w.projector and w.record_dir == tmp_path
    with pytest.raises(QuestionError, match="no option 'colour'"):
        puzzle.widget(colour="red")
    with pytest.raises(QuestionError, match="language is one of"):
        puzzle.widget(language="pt")


def test_redoing_an_answer_does_not_count_twice(fake: None) -> None:
    game = rolled()
    puzzle = Puzzle.best_grouping(game)
    w = puzzle.widget()
    play(w, ranked(game)[0].action)
    send(w, type="undo")
    send(w, type="redo")
    assert len(puzzle.answers) == 1


def test_level8_puzzle_widget_judges_a_discard(fake: None) -> None:
    game = must_discard()
    puzzle = Puzzle.best_discard(game)
    w = puzzle.widget(student="bo", language="de")
    assert isinstance(w, Level8Widget) and w.language == "de"
    assert w.view["viewer"] == puzzle.seat and w.view["hand"]  # the student's own hand
    assert w.notice["tone"] == "info"
    best = fake_judge.judge(game, game.legal_actions()[0]).best
    send(w, type="discard", card=best.action.card)
    assert w.error == ""
    assert w.notice["tone"] == "good" and "Richtig!" in w.notice["text"]["de"]
    row = puzzle.attempts[-1]
    assert row["student"] == "bo" and row["correct"] and row["answer"] == best.notation
    node = next(n for n in puzzle.record.walk() if n.comments)
    assert node.comments[0].startswith("✓ bo: " + best.notation)
    assert "Chance von" in node.comments[0]  # the comment in the widget's language
    assert "chance" in row["why"]  # the table in the puzzle's


def test_static_picture_shows_the_question_and_the_position(fake: None) -> None:
    game = rolled()
    puzzle = Puzzle.best_grouping(game, language="de", title="Rätsel 1")
    data, _meta = puzzle._repr_mimebundle_()
    page = data["text/html"]
    assert "Rätsel 1" in page and "gewürfelt" in page and "<img" in page
    picture = base64.b64decode(page.split("data:image/svg+xml;base64,", 1)[1].split('"', 1)[0])
    assert "Runde 1" in picture.decode("utf-8")  # the picture speaks the puzzle's language
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("Rätsel 1: ")
