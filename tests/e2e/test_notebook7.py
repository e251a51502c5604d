"""Both widgets in Notebook 7 (the classic-looking notebook), not only in JupyterLab.

Cells run from Notebook 7's Run menu, as a teacher would.
"""

from __future__ import annotations

import shutil

from .lab import REPO, settled, settled_after
from .test_levelx_browser import click_groups, confirm_or_pass, dice_faces, pick_groups

# Notebook 7 itself reports these page errors in the isolated test set-up, with no widget on
# the page (the first on opening any notebook; the second once JupyterLab ran in the same
# server): they are not ours, so they alone are tolerated here.
NOTEBOOK7_NOISE = ("reading 'schema'", "Command 'filebrowser:open-path' not registered")


def open_and_run_all(page, lab, name: str) -> None:
    page.goto(lab.url(f"notebooks/{name}"))
    page.locator(".jp-Notebook").first.wait_for(timeout=60_000)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=60_000)
    page.wait_for_timeout(1500)  # the kernel connects after the indicator first says idle
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


def test_level8_and_levelx_play_in_notebook7(page, lab, artifacts, request) -> None:
    for noise in NOTEBOOK7_NOISE:
        page.errors.ignore(noise)  # type: ignore[attr-defined]
    page.set_viewport_size({"width": 1280, "height": 1500})
    name = f"{request.node.name}.ipynb"
    shutil.copy(REPO / "examples" / "level8_play.ipynb", lab.root / name)
    open_and_run_all(page, lab, name)
    table = page.locator(".l8-root").first
    table.wait_for(timeout=60_000)
    state = settled(page, ".l8-root")
    assert table.locator(".l8-hand [data-card]").count() == 10
    page.locator(".l8-root").nth(1).wait_for(timeout=60_000)  # the second cell's table
    assert page.locator(".l8-root").count() == 2  # the player's table and the teacher's
    assert (state["actor"], state["phase"]) == ("0", "draw")  # Ann (seat 0) opens the round
    table.locator("[data-draw-pile]").click()
    state = settled_after(page, ".l8-root", int(state["seq"]))
    assert state["phase"] == "play"
    assert table.locator(".l8-hand [data-card]").count() == 11  # Python answered
    table.screenshot(path=str(artifacts / "notebook7-level8.png"))

    xname = f"{request.node.name}-x.ipynb"
    shutil.copy(REPO / "examples" / "levelx_play.ipynb", lab.root / xname)
    open_and_run_all(page, lab, xname)
    board = page.locator(".lx-root").first
    board.wait_for(timeout=60_000)
    state = settled(page, ".lx-root")
    board.locator("[data-action=roll]").click()
    state = settled_after(page, ".lx-root", int(state["seq"]))
    assert state["phase"] == "play"
    assert board.locator("button[data-die][data-face]").count() == 4
    # Group the dice and play (or pass): the move reaches Python and the bot answers.
    click_groups(board, pick_groups(dice_faces(page, board)))
    confirm_or_pass(board)
    page.wait_for_function(
        """() => { const r = document.querySelector('.lx-root');
                   return r.dataset.busy === '0' && r.dataset.cur === '0'
                     && r.dataset.phase === 'roll'
                     && r.querySelectorAll('[data-goto]').length === 3; }""",
        timeout=30_000,
    )
    assert board.locator("[data-error]").count() == 0
    board.screenshot(path=str(artifacts / "notebook7-levelx.png"))
