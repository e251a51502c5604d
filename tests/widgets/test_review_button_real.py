"""The Review button with the real review (:func:`levelwidgets.review.review`, issue 31 item 1):
a finished Level X game gets its marks in the move list and its judgements in the notes, in
the widget's language; a teacher's mark stays; a second review adds nothing twice; both card
games review in the teacher's view; a refused review changes nothing."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import LevelX
from levelwidgets.levelx.bots import GreedyBot, RandomBot
from levelwidgets.record import GameRecord
from levelwidgets.review import ReviewError, review
from levelwidgets.widgets import Level8BoardWidget, Level8Widget, LevelXWidget

JUDGED = {"?!", "?", "??"}


def send(w, **msg: object) -> None:
    w._handle_message(w, msg, [])


@pytest.fixture
def finished() -> LevelX:
    """A whole game (38 turns): a random player (many mistakes) against a greedy one. A new
    one each test: a widget steps its game back and forth."""
    game = LevelX(["Ann", "Ben"], seed=1)
    bots = [RandomBot(1), GreedyBot()]
    while not game.is_over:
        game.roll()
        game.play(bots[game.current_player].choose(game))
    return game


def marks_of(record: GameRecord) -> dict[int, str]:
    return {n.ply: n.mark() for n in record.mainline() if n.mark()}


def test_review_marks_the_move_list_and_the_notes_say_why(finished) -> None:
    w = LevelXWidget(finished, bot_delay=0)
    assert w.game.plies == 38 and w.game.is_over
    seq = w.view["seq"]
    send(w, type="review")
    assert w.error == "" and w.view["seq"] == seq + 1
    marks = marks_of(w.record)
    assert len(marks) >= 10 and set(marks.values()) <= JUDGED
    assert all(ply % 2 == 0 for ply in marks)  # moves, never rolls
    # the move list: each marked turn carries the mark and the judgement as its note
    assert {int(t): m for t, (m, _note) in w.view["notes"].items()} == {
        ply // 2: mark for ply, mark in marks.items()
    }
    ply, mark = next(iter(marks.items()))
    note = w.view["notes"][str(ply // 2)][1]
    assert note.startswith(f"Review {mark}: Better: ") and "points lost" in note
    # the notes of a marked position: its mark and the judgement, which stays editable
    send(w, type="seek", step=ply)
    assert w.view["review"]["mark"] == mark
    assert w.view["review"]["comments"] == [note]
    send(w, type="comment", index=0, text="")  # the teacher deletes it
    assert w.record.mainline_node(ply).comments == []
    summary = w.review_summary()
    assert list(summary["player"]) == ["Ann", "Ben"]
    assert summary["average cost"][0] > summary["average cost"][1]  # random plays worse


def test_a_teachers_mark_stays_and_a_second_review_adds_nothing_twice(finished) -> None:
    copy = GameRecord.from_json(LevelXWidget(finished).record.to_json())
    review(copy)
    reviewed = marks_of(copy)
    ply = next(iter(reviewed))
    w = LevelXWidget(finished, bot_delay=0)
    w.record.mainline_node(ply).mark("!").comment("I like it.")
    send(w, type="review")
    assert w.error == ""
    assert w.record.mainline_node(ply).mark() == "!"
    assert w.record.mainline_node(ply).comments == ["I like it."]
    others = {p: m for p, m in reviewed.items() if p != ply}
    assert {p: m for p, m in marks_of(w.record).items() if p != ply} == others
    before = [(n.mark(), n.comments) for n in w.record.walk()]
    send(w, type="review")
    assert [(n.mark(), n.comments) for n in w.record.walk()] == before


def test_german_widget_german_judgements(finished) -> None:
    w = LevelXWidget(finished, bot_delay=0, language="de")
    send(w, type="review")
    notes = [note for _mark, note in w.view["notes"].values()]
    assert notes and all(n.startswith("Analyse ") and "Besser: " in n for n in notes)
    assert any("Punkte verloren" in n for n in notes)
    assert not any("Better" in n or "points" in n for n in notes)
    assert "Entscheidungen" in w.review_summary().columns


def test_a_refused_review_changes_nothing(finished) -> None:
    w = LevelXWidget(finished, bot_delay=0)
    w.record.mainline_node(4).mark("?").comment("Mine.")
    before = ([(n.mark(), n.comments, n.review) for n in w.record.walk()], dict(w.view))
    with pytest.raises(ReviewError, match="draws"):
        w.review(draws=0)
    assert ([(n.mark(), n.comments, n.review) for n in w.record.walk()], dict(w.view)) == before


@pytest.mark.parametrize("kind", [Level8Widget, Level8BoardWidget])
def test_card_games_review_in_the_teachers_view(kind) -> None:
    w = kind(
        players=["Ann", "Ben"], bots=["heuristic", "heuristic"], seed=2, bot_delay=0, view="teacher"
    )
    for _ in range(16):
        w.advance()
    assert w.view["review"]["canReview"] is True
    send(w, type="review")
    assert w.error == ""
    reviewed = {n.ply for n in w.record.mainline() if n.review is not None}
    assert reviewed, "some decisions were judged"
    marks = marks_of(w.record)
    assert set(marks) <= reviewed and set(marks.values()) <= JUDGED
    rows = [r for r in w.view["moves"] if r.get("mark")]
    assert len(rows) == len(marks)  # one row a step in the round on the table
    assert all(r["note"].startswith(f"Review {r['mark']}: ") for r in rows)
    assert len(w.review_summary()) == 2
