"""The Review button's Python side (issue 31, item 1): the ``review`` intent and
``widget.review()`` run :func:`levelwidgets.review.review` on the widget's record and publish
one view, whose move list carries the marks and whose notes carry the judgement of the
position shown; a review that is refused or fails changes nothing; the picture output (a
notebook without its kernel) lists the marks and comments.

These tests stand in a small ``review`` that keeps the contract's shape (a mark where there is
none, a comment per judged step), so they check the widget's plumbing whatever the judges
decide; ``test_review_button_real.py`` runs the real review.
"""

from __future__ import annotations

import sys
import types

import pytest

from levelwidgets.errors import GameError
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.bots import GreedyBot, RandomBot
from levelwidgets.record import RecordError
from levelwidgets.widgets import Level8Widget, LevelXWidget


def send(w, **msg: object) -> None:
    w._handle_message(w, msg, [])


def finished_levelx(seed: int = 1) -> LevelX:
    """A whole short game (26-34 turns): a random player against a greedy one."""
    game = LevelX(["Ann", "Ben"], seed=seed)
    bots = [RandomBot(seed), GreedyBot()]
    while not game.is_over:
        game.roll()
        game.play(bots[game.current_player].choose(game))
    return game


class FakeReview:
    def __init__(self, judged: int) -> None:
        self.judged = judged

    def summary(self) -> dict[str, int]:
        return {"judged": self.judged}


def fake_module(fail_after: int | None = None, error: Exception | None = None):
    """A ``levelwidgets.review`` keeping the contract: every move (Level X) or every step
    (Level 8) without a mark gets "?" and a comment in the language asked for; with
    ``fail_after``, ``error`` is raised after that many nodes were changed."""
    module = types.ModuleType("levelwidgets.review")
    calls: list[dict] = []

    def review(record, *, thresholds=None, draws=3, language="en"):
        calls.append({"thresholds": thresholds, "draws": draws, "language": language})
        judged = 0
        for node in record.walk():
            if node.parent is None or getattr(node, "kind", "move") == "roll":
                continue
            if fail_after is not None and judged == fail_after:
                raise error  # type: ignore[misc]
            if node.mark() is None:
                node.mark("?")
            node.comment("Besser: 5+6" if language == "de" else "Better: 5+6 <b>&</b>")
            judged += 1
        return FakeReview(judged)

    module.review = review  # type: ignore[attr-defined]
    module.calls = calls  # type: ignore[attr-defined]
    return module


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch):
    module = fake_module()
    monkeypatch.setitem(sys.modules, "levelwidgets.review", module)
    return module


def annotations(w) -> list[tuple[int, str | None, list[str]]]:
    return [(n.ply, n.mark(), n.comments) for n in w.record.walk()]


# ---------------------------------------------------------------------- the intent


def test_the_review_intent_marks_the_move_list_in_one_view(fake) -> None:
    w = LevelXWidget(finished_levelx(), bot_delay=0)
    turns = w.game.plies
    seq = w.view["seq"]
    send(w, type="review")
    assert w.error == ""
    assert w.view["seq"] == seq + 1  # hundreds of marks and comments, one view
    assert fake.calls == [{"thresholds": None, "draws": 3, "language": "en"}]
    notes = w.view["notes"]  # the move list's marks, one row per turn
    assert sorted(notes, key=int) == [str(t) for t in range(1, turns + 1)]
    assert {mark for mark, _text in notes.values()} == {"?"}
    assert notes["1"][1] == "Better: 5+6 <b>&</b>"
    # the position shown (the last move) has its judgement in the notes
    assert w.view["review"]["mark"] == "?"
    assert w.view["review"]["comments"] == ["Better: 5+6 <b>&</b>"]
    send(w, type="seek", step=2)  # the first move: its own judgement
    assert w.view["review"]["comments"] == ["Better: 5+6 <b>&</b>"]
    assert w.record.mainline_node(2).mark() == "?"


def test_the_review_is_in_the_widgets_language_and_options_reach_it(fake) -> None:
    w = LevelXWidget(finished_levelx(2), bot_delay=0, language="de")
    result = w.review(draws=2)
    assert fake.calls == [{"thresholds": None, "draws": 2, "language": "de"}]
    assert w.record.mainline_node(2).comments == ["Besser: 5+6"]
    assert w.review_summary() == {"judged": result.judged} and result.judged == w.game.plies
    w.review(language="en")  # a language given wins
    assert fake.calls[-1]["language"] == "en"


def level8_widget(**options: object) -> Level8Widget:
    """Ann (a person at this screen) against a bot, twelve steps into the first round."""
    w = Level8Widget(
        players=["Ann", "Ben"], bots=["heuristic", "heuristic"], seed=2, bot_delay=0, **options
    )
    for _ in range(12):
        w.advance()
    w.bots = [None, "heuristic"]
    return w


def test_level8_rows_carry_the_marks(fake) -> None:
    w = level8_widget(view="teacher")
    assert w.view["review"]["canReview"] is True
    send(w, type="review")
    assert w.error == ""
    marked = [row for row in w.view["moves"] if row.get("mark")]
    assert marked and all(row["mark"] == "?" for row in marked)
    assert all("Better: 5+6" in row["note"] for row in marked)
    assert w.view["review"]["comments"] == ["Better: 5+6 <b>&</b>"]


def test_summary_before_a_review_says_what_to_do(fake) -> None:
    w = LevelXWidget(finished_levelx(), bot_delay=0)
    with pytest.raises(RecordError, match="Review the game first"):
        w.review_summary()


# ---------------------------------------------------------------------- refusals change nothing


def test_a_card_game_going_on_is_reviewed_only_in_the_teachers_view(fake) -> None:
    w = level8_widget()  # Ann's screen: the review would name Ben's cards
    assert w.viewer == 0 and not w.game.is_over
    assert w.view["review"]["canReview"] == "later"  # the button says so before a click
    before = (annotations(w), dict(w.view))
    send(w, type="review")
    assert w.error_info["code"] == "widget.review_hidden"
    assert fake.calls == [] and (annotations(w), dict(w.view)) == before
    w.review()  # Python is the teacher's
    assert fake.calls and w.record.mainline_node(3).mark() == "?"


def test_a_read_only_copy_refuses_the_review(fake) -> None:
    w = LevelXWidget(finished_levelx(), bot_delay=0, read_only=True)
    before = (annotations(w), dict(w.view))
    send(w, type="review")
    assert w.error_info["code"] == "widget.read_only"
    assert fake.calls == []
    assert (annotations(w), dict(w.view)) == before


def test_a_refused_review_changes_nothing_and_says_why(monkeypatch) -> None:
    refusal = GameError("the board game's circuit moves are not judged yet.")
    monkeypatch.setitem(sys.modules, "levelwidgets.review", fake_module(5, refusal))
    w = LevelXWidget(finished_levelx(), bot_delay=0)
    w.record.mainline_node(4).mark("!").comment("A teacher's note")
    before = (annotations(w), dict(w.view), w._state_mark())
    send(w, type="review")
    assert w.error_info["code"] == "widget.review_refused"
    assert w.error_info["params"] == {
        "game": "Level X",
        "reason": "the board game's circuit moves are not judged yet.",
    }
    assert w.error.startswith("This record of Level X cannot be reviewed: the board game")
    # five nodes had been marked and commented when it failed: all put back, no view sent
    assert (annotations(w), dict(w.view), w._state_mark()) == before
    with pytest.raises(GameError, match="not judged yet"):
        w.review()  # in Python the review's own error, after the same restore
    assert annotations(w) == before[0]


def test_a_review_that_breaks_is_an_internal_error_that_changed_nothing(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "levelwidgets.review", fake_module(3, ZeroDivisionError()))
    w = LevelXWidget(finished_levelx(), bot_delay=0)
    before = (annotations(w), dict(w.view))
    send(w, type="review")
    assert w.error_info["code"] == "widget.internal"  # "... the game was not changed"
    assert (annotations(w), dict(w.view)) == before


def test_a_game_without_a_record_cannot_be_reviewed(fake) -> None:
    w = LevelXWidget(finished_levelx(), bot_delay=0)
    w._use_cursor(None)  # as for a game rebuilt without its random generator
    send(w, type="review")
    assert w.error_info["code"] == "widget.not_recorded"
    assert fake.calls == []


# ---------------------------------------------------------------------- the picture output


def test_the_picture_lists_the_marks_and_comments_as_text(fake) -> None:
    w = LevelXWidget(finished_levelx(), bot_delay=0, language="de")
    assert "data-lw-notes" not in w._picture_html()  # nothing annotated: the picture alone
    w.review()
    page = w._picture_html()
    notes = page[page.index("data-lw-notes") :]
    assert page.endswith("</div></div>")  # inside the picture's box (hidden with it)
    assert "Bewertungen und Kommentare" in notes
    assert notes.count("<li") == w.game.plies  # every judged move, in the order played
    assert '<b class="lw-mark">?</b> — Besser: 5+6' in notes
    w.language = "en"
    w.record.mainline_node(2).set_comments(["<script>alert(1)</script>"])
    notes = w._picture_html().split("data-lw-notes", 1)[1]
    assert "Marks and comments" in notes and "<script>" not in notes
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in notes


def test_a_reviewed_record_reopened_read_only_shows_marks_and_judgements(fake, tmp_path) -> None:
    w = LevelXWidget(finished_levelx(3), bot_delay=0)
    w.review()
    w.save(tmp_path / "reviewed.json")
    ro = LevelXWidget.load(tmp_path / "reviewed.json", read_only=True, language="de")
    assert ro.view["notes"] == w.view["notes"]  # the move list's marks
    send(ro, type="seek", step=2)
    assert ro.error == ""
    assert ro.view["review"]["mark"] == "?"
    assert ro.view["review"]["comments"] == ["Better: 5+6 <b>&</b>"]
    assert ro.view["review"]["readOnly"] is True
    page = ro._picture_html()  # the notebook without its kernel
    assert "Führe die Zelle aus, um es Zug für Zug anzusehen." in page
    assert '<b class="lw-mark">?</b> — Better: 5+6 &lt;b&gt;&amp;&lt;/b&gt;' in page
    handout = ro.handout()  # the printable page
    assert handout.count('<span class="lw-mark">?</span>') == w.game.plies
    assert "Better: 5+6 &lt;b&gt;&amp;&lt;/b&gt;" in handout
