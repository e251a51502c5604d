"""The Handout printed from Chromium (issue 27, item 9): ``record.to_html()`` of each game
opened as a file, printed to PDF on A4 and on US letter, with a picture at every annotated
position, loaded and not split across pages. No notebook: the page is the handout itself (the
Handout button in a live widget is checked in test_review_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

from levelwidgets.level8 import HeuristicBot
from levelwidgets.level8 import play_game as play_level8
from levelwidgets.level8.board import BoardHeuristicBot, play_board_game
from levelwidgets.levelx import GreedyBot
from levelwidgets.levelx import play_game as play_levelx
from levelwidgets.record import GameRecord, record

HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'


def annotated(rec: GameRecord, every: int) -> GameRecord:
    """Comments (one of them hostile), a mark and a highlight on every ``every``-th step."""
    rec.set_header("event", "Lesson 4").set_header("notes", HOSTILE)
    for k, node in enumerate(list(rec.mainline())[every::every][:4]):
        node.comment(f"Step {node.ply}: what would you play here?")
        if k == 1:
            node.comment(HOSTILE).mark("?!")
    return rec


def games() -> dict[str, GameRecord]:
    return {
        "levelx": annotated(record(play_levelx([GreedyBot(), GreedyBot()], seed=5)), 12),
        "level8": annotated(record(play_level8([HeuristicBot(1), HeuristicBot(2)], seed=4)), 40),
        "board": annotated(
            record(play_board_game([BoardHeuristicBot(1), BoardHeuristicBot(2)], seed=7)), 60
        ),
    }


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_the_handout_of_each_game_prints_with_its_pictures(browser, tmp_path, artifacts) -> None:
    context = browser.new_context(viewport={"width": 900, "height": 1200})
    offline = ("file:", "data:")  # a handout needs nothing from the network
    context.route(
        "**/*", lambda r: r.continue_() if r.request.url.startswith(offline) else r.abort()
    )
    page = context.new_page()
    try:
        for name, rec in games().items():
            path = tmp_path / f"{name}-handout.html"
            path.write_text(rec.to_html(), encoding="utf-8")
            expected = sum(1 for n in rec.mainline() if n.comments)
            assert expected == 4
            page.goto(path.as_uri())
            page.wait_for_function(
                "() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)"
            )
            pictures = page.locator("figure img[data-handout-picture]")
            assert pictures.count() == expected
            assert page.locator(".lw-position").count() == expected
            assert page.evaluate("() => window.__pwned") is None  # the comment stayed text
            assert page.get_by_text(HOSTILE).count() == 2  # the notes and the comment
            page.emulate_media(media="print")
            page.set_viewport_size({"width": 688, "height": 1000})  # A4's width inside margins
            heights = page.evaluate(
                "() => [...document.querySelectorAll('.lw-position')].map((e) => e.offsetHeight)"
            )
            assert max(heights) < 1000, "each position with its picture fits on one page"
            assert page.evaluate(
                """() => [...document.querySelectorAll('.lw-position, figure')].every((e) =>
                     getComputedStyle(e).breakInside === 'avoid')"""
            ), "a picture is never split across two pages"
            sizes = {}
            for paper in ("A4", "Letter"):
                pdf = page.pdf(format=paper, print_background=True)
                assert pdf.startswith(b"%PDF") and len(pdf) > 20_000
                sizes[paper] = pdf_pages(pdf)
                assert sizes[paper] >= 1
                if paper == "A4":
                    Path(artifacts / f"handout-{name}.pdf").write_bytes(pdf)
            assert sizes["A4"] <= expected + 3, sizes  # no position spills onto extra pages
            page.emulate_media(media="screen")
            page.set_viewport_size({"width": 900, "height": 1200})
            page.screenshot(path=str(artifacts / f"handout-{name}.png"), full_page=True)
    finally:
        context.close()
