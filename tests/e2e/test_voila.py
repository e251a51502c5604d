"""The classroom app: ``voila examples/levelx_app.ipynb`` shows the game alone and it plays.

One Voilà server for the module, one page load: the app shows no code and no hints about code,
one board only (no static picture under it), across the page; then a turn by clicks.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from .lab import REPO, settled, settled_after
from .test_levelx_browser import click_groups, confirm_or_pass, dice_faces, pick_groups
from .voila import VoilaServer, voila_server

NB = "levelx_app.ipynb"
ROOT = ".lx-root"
SHOT = Path("/tmp/voila_app.png")
# Voilà's own noise, with no widget involved: its bundled JupyterLab cannot load Notebook 7's
# lab extension (installed next to it) and reports it once.
VOILA_NOISE = ("The getter for the shared module is not a function",)


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    root = tmp_path_factory.mktemp("voila-root")
    shutil.copy(REPO / "examples" / NB, root / NB)
    with voila_server(root / NB, tmp_path_factory.mktemp("voila-home")) as server:
        yield server


def visible(page, selector: str, outside_widget: bool = False) -> int:
    """How many elements matching ``selector`` are visible (optionally outside the widget)."""
    return page.evaluate(
        """([sel, outside]) => [...document.querySelectorAll(sel)].filter((e) =>
             e.checkVisibility() && !(outside && e.closest('.lx-root'))
             && e.getBoundingClientRect().width > 0).length""",
        [selector, outside_widget],
    )


def test_app_is_clean_full_width_and_plays_a_turn(page, voila, artifacts) -> None:
    for noise in VOILA_NOISE:
        page.errors.ignore(noise)  # type: ignore[attr-defined]
    # Voilà links Font Awesome from a CDN: answered empty here, the test needs no network.
    page.route(
        "https://cdn.jsdelivr.net/**",
        lambda route: route.fulfill(status=200, content_type="text/css", body=""),
    )
    page.goto(voila.url)
    root = page.locator(ROOT).first
    root.wait_for(timeout=90_000)  # Voilà runs the notebook before it shows the page
    state = settled(page, ROOT)
    assert (state["cur"], state["phase"]) == ("0", "roll")

    # One board, nothing board-like beside it (the fallback picture stays hidden).
    assert visible(page, ROOT) == 1
    assert visible(page, "[data-board]") == 1
    assert visible(page, "[data-lw-picture]") == 0
    assert visible(page, "img, svg", outside_widget=True) == 0
    # No code: no input areas, prompts or editors, no code-facing words in the page.
    code = ".jp-CodeCell .jp-InputArea, .jp-InputPrompt, .jp-OutputPrompt, .cm-editor, pre"
    assert visible(page, code, outside_widget=True) == 0
    text = page.locator("body").inner_text()
    for word in ("Try `w.", "w.roll", "w.game", "LevelXWidget", "import "):
        assert word not in text, word
    assert "Play Level X" in text  # the students' title
    # Across the page: as wide as the text above it (less the widget's own border).
    widths = page.evaluate(
        """() => [document.querySelector('.lx-root').getBoundingClientRect().width,
                  document.querySelector('.jp-MarkdownCell').getBoundingClientRect().width]"""
    )
    assert widths[0] >= 0.95 * widths[1] > 0, widths

    # A turn by clicks: roll, group, play; then the computer answers.
    root.locator("[data-action=roll]").click()
    state = settled_after(page, ROOT, int(state["seq"]))
    assert state["phase"] == "play"
    faces = dice_faces(page, root)
    assert len(faces) == 4 and all(1 <= f <= 6 for f in faces)
    click_groups(root, pick_groups(faces))
    confirm_or_pass(root)
    page.wait_for_function(  # the computer has moved too: the person is to roll again
        """() => { const r = document.querySelector('.lx-root');
                   return r.dataset.busy === '0' && r.dataset.cur === '0'
                     && r.dataset.phase === 'roll'
                     && r.querySelectorAll('[data-goto]').length === 3; }""",
        timeout=30_000,
    )
    assert root.locator("[data-error]").count() == 0
    assert root.locator("[data-goto='2']").count() == 1  # Start, your move, the computer's
    page.screenshot(path=str(SHOT), full_page=True)
    shutil.copy(SHOT, artifacts / "voila-app.png")

    # Projector mode on an 800x600 projector: the whole board, the dice and the Roll button on
    # one screen once the widget is at the top (the zoom follows the screen's height, not
    # below 1); at 1024 px wide the smallest text is 16 px (test_layout_browser.py).
    page.set_viewport_size({"width": 800, "height": 600})
    root.locator("[data-action=projector]").click()
    page.wait_for_function("() => document.querySelector('.lx-root').style.zoom !== ''")
    root.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)  # the zoom follows the new size a frame later; not an assertion
    boxes = page.evaluate(
        """() => [...document.querySelectorAll(
             '.lx-root [data-board], .lx-root [data-die], .lx-root [data-action=roll]')]
             .map((e) => { const r = e.getBoundingClientRect();
                           return [r.left, r.top, r.right, r.bottom]; })"""
    )
    assert len(boxes) == 6, boxes  # the board, four dice, Roll
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= 800 and bottom <= 600, boxes
    zoom = float(page.evaluate("() => document.querySelector('.lx-root').style.zoom"))
    assert zoom >= 1, zoom
    page.screenshot(path=str(artifacts / "voila-projector-800x600.png"))

    # Keys reach the board in Voilà too (it has no notebook shortcuts to keep them from): r rolls.
    state = settled(page, ROOT)
    root.focus()
    page.keyboard.press("r")
    assert settled_after(page, ROOT, int(state["seq"]))["phase"] == "play"
