"""The board picture wherever the widget cannot render (issue 10, item 3), and the dice lab's
(issue 27, item 6: it was blank in the HTML export).

A notebook saved and reopened after its kernel is gone, and an HTML export opened offline, show
the picture output the widget leaves next to itself (levelwidgets/widgets/picture.py); while
the widget runs, the widget hides that picture so the board is not shown twice.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import nbformat

from .lab import open_notebook, run_all, settled
from .test_notebook7 import NOTEBOOK7_NOISE

SETUP = (
    "from levelwidgets.widgets import LevelXWidget\n"
    'w = LevelXWidget(players=["Ada", "Bob"], seed=3)\nw'
)
PLAY = "for _ in range(3):\n    w.roll()\n    w.play(w.game.legal_moves()[0])\nw.game.round"
LAB = (
    "from levelwidgets.widgets import DiceLab\n"
    "lab = DiceLab(dice=4, seed=1)\nlab.roll([1, 1, 4, 6])\nlab"
)
#: Every picture output's image has loaded.
LOADED = "() => [...document.querySelectorAll('[data-lw-picture] img')].every((i) => i.complete)"
#: The alt texts of the two pictures: the board at saving, and the lab's roll.
BOARD = "LevelX 2 players, round 2, Bob to roll; scores Ada=0, Bob=0"
LAB_PICTURE = "Dice lab: 1-1-4-6, 4 dice, target sums 5–10"


def write_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in (SETUP, PLAY, LAB)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, path)


def visible_pictures(page) -> list[str]:
    """The alt texts of the picture outputs a reader can see."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-lw-picture] img')]
                 .filter((img) => img.offsetParent !== null && img.naturalWidth > 0)
                 .map((img) => img.alt)"""
    )


def shut_down_kernels(lab) -> None:
    request = urllib.request.Request(lab.url("api/sessions"))
    with urllib.request.urlopen(request, timeout=10) as r:
        sessions = json.load(r)
    for session in sessions:
        url = lab.url(f"api/sessions/{session['id']}")
        urllib.request.urlopen(urllib.request.Request(url, method="DELETE"), timeout=30).close()


def test_reopened_notebook_shows_the_picture_not_an_error(page, lab, artifacts, request) -> None:
    name = f"{request.node.name}.ipynb"
    write_notebook(lab.root / name)
    open_notebook(page, lab, name)
    run_all(page)
    page.locator(".lx-root").wait_for(timeout=60_000)
    page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output", has_text="2").wait_for()
    settled(page, ".lx-root")
    page.locator(".dl-root").wait_for(timeout=60_000)
    page.locator('.dl-root:not([data-seq="0"])').wait_for()  # the lab drew its view
    # live: the widgets are the only boards; their picture outputs are in the page but hidden
    assert page.locator("[data-lw-picture]").count() == 2
    assert visible_pictures(page) == []
    lab_picture = page.locator(".jp-Cell").nth(2).locator("[data-lw-picture]")
    assert lab_picture.count() == 1 and not lab_picture.is_visible()

    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function(
        "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=15_000
    )
    saved = (lab.root / name).read_text()
    assert "round 2, Bob to roll" in saved, "the saved picture shows the position at saving"
    shut_down_kernels(lab)

    page.errors.ignore("widget model not found")  # type: ignore[attr-defined] # the manager's
    open_notebook(page, lab, name)  # a new kernel: the widget's model is gone
    page.locator("[data-lw-picture] img").first.wait_for(timeout=30_000)
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-OutputArea-output')]
                 .every((o) => !/Loading widget/.test(o.textContent))""",
        timeout=15_000,
    )
    assert page.locator(".lx-root").count() == 0 and page.locator(".dl-root").count() == 0
    assert visible_pictures(page) == [BOARD, LAB_PICTURE]
    error = page.get_by_text("Error displaying widget: model not found")
    assert error.count() == 2, "the manager's errors are there"
    assert not error.first.is_visible() and not error.last.is_visible(), "and hidden"
    page.screenshot(path=str(artifacts / "reopened-notebook.png"))

    # Notebook 7 draws outputs with the same widget manager: the same picture, no error
    for noise in NOTEBOOK7_NOISE:
        page.errors.ignore(noise)  # type: ignore[attr-defined]
    shut_down_kernels(lab)
    page.goto(lab.url(f"notebooks/{name}"))
    page.locator("[data-lw-picture] img").first.wait_for(timeout=60_000)
    page.get_by_text("Error displaying widget: model not found").first.wait_for(state="attached")
    page.wait_for_function(LOADED)
    assert visible_pictures(page) == [BOARD, LAB_PICTURE]
    errors = page.get_by_text("Error displaying widget")
    assert not any(errors.nth(i).is_visible() for i in range(errors.count()))


def test_html_export_opened_offline_shows_the_picture(browser, tmp_path, artifacts) -> None:
    notebook = tmp_path / "export.ipynb"
    write_notebook(notebook)
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute", str(notebook)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    # --execute stores the widget state, so nbconvert picks the widget view for the widget's
    # output: that view needs the widget manager from a CDN, which an offline page cannot load
    html = (tmp_path / "export.html").read_text()
    assert "application/vnd.jupyter.widget-view+json" in html
    context = browser.new_context(viewport={"width": 1100, "height": 1200})
    offline = ("file:", "data:")
    context.route(
        "**/*", lambda r: r.continue_() if r.request.url.startswith(offline) else r.abort()
    )
    page = context.new_page()
    try:
        page.goto(notebook.with_suffix(".html").as_uri())
        page.locator("[data-lw-picture] img").first.wait_for(timeout=15_000)
        page.wait_for_function(LOADED, timeout=15_000)
        assert visible_pictures(page) == [BOARD, LAB_PICTURE]  # the lab is no longer blank
        size = page.locator("[data-lw-picture] img").nth(1).bounding_box()
        assert size["width"] > 600 and size["height"] > 400  # drawn, not an empty frame
        page.screenshot(path=str(artifacts / "html-export-offline.png"), full_page=True)
    finally:
        context.close()
