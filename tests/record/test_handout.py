"""The printable HTML handout of a record (record.to_html), for all three games."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser

import pytest

from levelwidgets.level8.board import BoardHeuristicBot, play_board_game
from levelwidgets.level8.observation import SPECTATOR, TEACHER
from levelwidgets.record import GameRecord, RecordError, record

from .helpers import annotated_levelx, level8_game

HOSTILE = '<script>alert("x")</script> & <img src=x onerror=alert(1)> "quoted"'


class Page(HTMLParser):
    """The handout's tags, pictures and text as a browser would read them."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.pictures: list[dict[str, str]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "img":
            self.pictures.append({k: v or "" for k, v in attrs})

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def svg_of(picture: dict[str, str]) -> str:
    return base64.b64decode(picture["src"].split(",", 1)[1]).decode("utf-8")


def annotated_plies(rec: GameRecord) -> list[int]:
    nodes = [rec, *rec.mainline()]
    return [n.ply for n in nodes if n.comments or n.mark() or n.highlights]


def test_levelx_every_annotated_position_has_its_picture_and_comments() -> None:
    rec = annotated_levelx()
    page = Page(rec.to_html())
    plies = annotated_plies(rec)
    assert plies == [0, 3, 4]  # the start (a comment), a highlighted roll, a commented move
    assert [p["data-handout-picture"] for p in page.pictures] == [str(p) for p in plies]
    for picture, ply in zip(page.pictures, plies, strict=True):
        assert svg_of(picture) == rec.game_at(ply).to_svg()  # the widget's own picture
    text = "".join(page.text)
    assert "Level X: Lesson 3" in text and "2025-03-01" in text
    assert "Greedy." in text and "Better: wait." in text and "?!" in text
    assert "row 7 (red)" in text and "die 0 (red)" in text
    assert "The position after step 4" in text
    # every step of the main line is there, annotated or not
    for node in rec.mainline():
        assert node.notation in text
    assert "other lines (variations)" in text  # the variations are not lost silently
    assert "script" not in page.tags and "http" not in rec.to_html().split("<body", 1)[1]


def test_user_text_is_text_never_markup() -> None:
    rec = annotated_levelx()
    rec.set_header("event", HOSTILE).set_header("notes", HOSTILE)
    rec.mainline_node(2).comment(HOSTILE)
    html = rec.to_html()
    page = Page(html)
    assert "script" not in page.tags and page.tags.count("img") == len(annotated_plies(rec))
    assert "<script>" not in html and "onerror=alert(1)>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert "".join(page.text).count(HOSTILE) == 4  # title, heading, notes, the comment
    assert all("onerror" not in p for p in page.pictures)


def test_level8_shows_the_spectators_table_unless_the_teacher_asks() -> None:
    game = level8_game(4)
    rec = record(game)
    keep = next((n for n in rec.mainline() if n.kind == "keep"), None)
    nodes = [n for n in rec.mainline() if n.kind == "discard"][:2]
    for node in nodes:
        node.comment("Why this card?")
    if keep is not None:
        keep.mark("?")
    page = Page(rec.to_html())
    plies = annotated_plies(rec)
    assert [int(p["data-handout-picture"]) for p in page.pictures] == plies
    for picture, ply in zip(page.pictures, plies, strict=True):
        assert svg_of(picture) == rec.game_at(ply).to_svg(SPECTATOR)  # no hand
        assert svg_of(picture) != rec.game_at(ply).to_svg(TEACHER)
    text = "".join(page.text)
    assert "as a spectator sees it: no hand" in text and text.count("Why this card?") == 2
    teacher = Page(rec.to_html(viewer="teacher", language="de"))
    # the pictures speak the handout's language
    assert svg_of(teacher.pictures[0]) == rec.game_at(plies[0]).to_svg(TEACHER, "de")
    assert "Nachziehstapel" in svg_of(teacher.pictures[0])
    assert "Die Bilder zeigen alle Hände" in "".join(teacher.text)
    assert "Spieler" in "".join(teacher.text)
    with pytest.raises(RecordError, match="spectator"):
        rec.to_html(viewer=0)


def test_kept_and_given_cards_stay_hidden_in_the_spectators_move_list() -> None:
    game = play_board_game([BoardHeuristicBot(1), BoardHeuristicBot(2)], seed=8)
    rec = record(game)
    hidden = [n for n in rec.mainline() if n.kind in ("keep", "give")]
    assert {n.kind for n in hidden} == {"keep", "give"}  # this seed has both
    spectator = "".join(Page(rec.to_html()).text)
    teacher = "".join(Page(rec.to_html(viewer="teacher")).text)
    for node in hidden:
        assert re.search(r"\d", node.notation)  # the whole notation names the cards
        assert node.notation in teacher and node.notation not in spectator
    assert "gives a card" in spectator and "for the next round" in spectator


def test_the_board_game_has_its_board_at_every_annotated_position() -> None:
    game = play_board_game([BoardHeuristicBot(1), BoardHeuristicBot(2)], seed=7)
    rec = record(game)
    steps = list(rec.mainline())
    for node in (steps[0], steps[len(steps) // 2], steps[-1]):
        node.comment(f"Look at step {node.ply}.")
    steps[5].highlight(player=1, colour="blue")
    page = Page(rec.to_html(language="de"))
    plies = annotated_plies(rec)
    assert len(plies) == 4 and [int(p["data-handout-picture"]) for p in page.pictures] == plies
    for picture, ply in zip(page.pictures, plies, strict=True):
        assert svg_of(picture) == rec.game_at(ply).to_svg(SPECTATOR, "de")
    text = "".join(page.text)
    assert "Die Stellung nach Schritt" in text and "Markiert: player 1 (blue)" in text


def test_a_record_without_annotations_has_no_picture_but_every_step() -> None:
    rec = record(level8_game(5))
    page = Page(rec.to_html())
    assert page.pictures == []
    assert len(re.findall(r"<li value=", rec.to_html())) == sum(1 for _ in rec.mainline())
