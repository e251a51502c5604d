"""Hostile text is shown as text: player names full of HTML and script run nothing in the page.

Names reach every part of both widgets (seats, status, log, move list, hand-off screen). Each
hostile name would set ``window.__pwned`` if anything interpreted it as markup or as a link.
The static pictures escape them too (tests/widgets/test_hostile_text.py).
"""

from __future__ import annotations

import json
import shutil

from .lab import REPO, open_notebook, run_all, run_code, settled

HOSTILE = [
    '<img src=x onerror="window.__pwned=1">',
    "<script>window.__pwned=2</script>",
    '<a href="javascript:window.__pwned=3">link</a>',
]


def test_hostile_names_show_literally_and_run_nothing(page, lab, request) -> None:
    name = f"{request.node.name}.ipynb"
    shutil.copy(REPO / "examples" / "levelx_play.ipynb", lab.root / name)
    open_notebook(page, lab, name)
    run_all(page)
    page.locator(".lx-root").first.wait_for(timeout=60_000)
    names = json.dumps(HOSTILE)
    run_code(
        page,
        "from levelwidgets import Level8Widget, LevelXWidget\n"
        f"evil = {names}\n"
        "x = LevelXWidget(players=evil, bots=[None, 'greedy', 'random'], seed=3, bot_delay=0)\n"
        "e = Level8Widget(players=evil, bots=[None, None, 'heuristic'], seed=3, bot_delay=0)\n"
        "display(x, e)\n"
        "x.roll(); x.play(x.game.legal_moves()[0])",
    )
    page.locator(".l8-root").first.wait_for(timeout=30_000)
    settled(page, ".lx-root", 1)
    settled(page, ".l8-root")
    page.locator(".l8-root [data-action=reveal]").click()  # the hot-seat screen names a person
    settled(page, ".l8-root")
    page.wait_for_timeout(500)  # time for an injected handler to fire, were there one
    assert page.evaluate("() => window.__pwned") is None
    for root in (page.locator(".lx-root").nth(1), page.locator(".l8-root").first):
        text = root.inner_text()
        assert HOSTILE[0] in text and HOSTILE[1] in text, text[:500]
        assert root.locator("img, script, a[href]").count() == 0


def test_hostile_comments_and_headers_show_literally_and_run_nothing(page, lab, request) -> None:
    """Comments, marks' neighbours and the record's headers are shown as text (issue 9)."""
    name = f"{request.node.name}.ipynb"
    shutil.copy(REPO / "examples" / "levelx_play.ipynb", lab.root / name)
    open_notebook(page, lab, name)
    run_all(page)
    page.locator(".lx-root").first.wait_for(timeout=60_000)
    evil = json.dumps(HOSTILE)
    run_code(
        page,
        "from levelwidgets import Level8Widget, LevelXWidget\n"
        f"evil = {evil}\n"
        "x = LevelXWidget(players=evil[:2], seed=3, bot_delay=0)\n"
        "e = Level8Widget(players=evil[:2], seed=3, bot_delay=0, view='teacher')\n"
        "for w in (x, e):\n"
        "    for text in evil:\n"
        "        w.record.comment(text)\n"
        "    w.record.set_header('event', evil[0]).set_header('site', evil[1])\n"
        "    w.record.set_header('notes', evil[2])\n"
        "display(x, e)",
    )
    page.locator(".l8-root").first.wait_for(timeout=30_000)
    for sel in (".lx-root", ".l8-root"):
        root = page.locator(sel).last
        settled(page, sel, page.locator(sel).count() - 1)
        for part in ("[data-notes]", "[data-record]"):
            details = root.locator(part)
            if details.get_attribute("open") is None:
                details.locator("summary").click()
        comments = root.locator("[data-comment]").all_inner_texts()
        assert comments == HOSTILE, comments
        for key, text in (("event", HOSTILE[0]), ("site", HOSTILE[1]), ("notes", HOSTILE[2])):
            assert root.locator(f"[data-header={key}]").input_value() == text
        assert root.locator("img, script, a[href]").count() == 0
    page.wait_for_timeout(500)  # time for an injected handler to fire, were there one
    assert page.evaluate("() => window.__pwned") is None
