"""Keys a widget handles never reach the notebook (issue 27, item 4).

Notebook 7 matches its command-mode shortcuts in the capture phase on ``document``, before
any listener inside the widget: pressing ``r`` (roll) on the board used to turn the widget's
cell into a Raw cell. Here every documented Level X key is pressed on the board and the
notebook's cells must be unchanged; a key outside the widget still reaches the notebook.
"""

from __future__ import annotations

import shutil

from .lab import REPO, open_notebook, run_all, settled
from .test_notebook7 import NOTEBOOK7_NOISE, open_and_run_all

CELLS_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(
    (c) => [c.classList.contains('jp-CodeCell') ? 'code'
            : c.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw',
            (c.querySelector('.jp-InputArea-editor') || {}).textContent || ''])"""

# The documented keys (README "Keys", js/src/levelx/keys.js) that leave the game where it is
# or only change the view; r rolls (the bug's key), t/? toggle panels, Escape clears a choice.
LEVELX_KEYS = ("r", "t", "t", "?", "?", "Escape", "n", "g", "1", "2", "3", "4", "Home", "End")


def test_levelx_keys_stay_with_the_board_in_notebook7(page, lab, artifacts, request) -> None:
    for noise in NOTEBOOK7_NOISE:
        page.errors.ignore(noise)  # type: ignore[attr-defined]
    page.set_viewport_size({"width": 1280, "height": 1500})
    name = f"{request.node.name}.ipynb"
    shutil.copy(REPO / "examples" / "levelx_play.ipynb", lab.root / name)
    open_and_run_all(page, lab, name)
    press_every_key(page, ".lx-root", LEVELX_KEYS, artifacts / "keys-notebook7-levelx.png")


def test_levelx_keys_stay_with_the_board_in_jupyterlab(page, lab, artifacts, request) -> None:
    page.set_viewport_size({"width": 1280, "height": 1500})
    name = f"{request.node.name}.ipynb"
    shutil.copy(REPO / "examples" / "levelx_play.ipynb", lab.root / name)
    open_notebook(page, lab, name)
    run_all(page)
    press_every_key(page, ".lx-root", LEVELX_KEYS, artifacts / "keys-lab-levelx.png")


# js/src/level8board/keys.js and js/src/level8/keys.js: the board's roll and reach keys, then
# the card keys (draw, lay down, discard, sort, next round, clear, undo/redo, first/last).
BOARD_KEYS = (
    "r",
    "1",
    "2",
    "d",
    "l",
    "x",
    "s",
    "n",
    "Escape",
    "ArrowLeft",
    "ArrowRight",
    "Home",
    "End",
)


def test_level8_board_keys_stay_with_the_board_in_notebook7(page, lab, artifacts, request) -> None:
    for noise in NOTEBOOK7_NOISE:
        page.errors.ignore(noise)  # type: ignore[attr-defined]
    page.set_viewport_size({"width": 1280, "height": 1500})
    name = f"{request.node.name}.ipynb"
    shutil.copy(REPO / "examples" / "level8_board_play.ipynb", lab.root / name)
    open_and_run_all(page, lab, name)
    press_every_key(page, ".l8b-root", BOARD_KEYS, artifacts / "keys-notebook7-level8board.png")


def press_every_key(page, root: str, keys: tuple[str, ...], shot) -> None:
    """Press the widget's documented keys on it; the notebook's cells must not change."""
    board = page.locator(root).first
    board.wait_for(timeout=60_000)
    settled(page, root)
    before = page.evaluate(CELLS_JS)
    board.focus()
    for key in keys:
        page.keyboard.press(key)
        page.wait_for_timeout(150)  # let a roll's answer arrive; not a timing assertion
    settled(page, root)
    assert page.evaluate(CELLS_JS) == before  # no cell turned raw, none deleted or added
    assert page.locator(root).count() >= 1  # the game is still there
    assert board.get_attribute("data-lm-suppress-shortcuts") is None  # the mark was dropped
    board.screenshot(path=str(shot))

    # A key the widget does not handle, outside the widget, still works for the notebook.
    page.locator(".jp-Cell .jp-InputPrompt").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.wait_for_function(f"() => ({CELLS_JS})().length === {len(before) + 1}", timeout=10_000)
