"""The widgets in marimo (issue 32, item 3): ``examples/marimo_app.py`` served by ``marimo run``,
driven in Chromium. A Level X turn (roll, group, confirm) and a Level 8 draw by clicks; marimo
cells that follow the games (``mo.state`` set from the widgets) show that Python applied them.
The Level X widget is wrapped in ``mo.ui.anywidget``, the Level 8 table shown bare."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .lab import ARTIFACTS, REPO, free_port
from .test_levelx_browser import click_groups, confirm_or_pass, dice_faces, pick_groups

APP = REPO / "examples" / "marimo_app.py"


def settled_after(page, root, seq: int = -1, timeout: float = 30_000) -> int:
    """Wait until widget ``root`` (a locator: marimo draws widgets in a shadow root, which
    ``document.querySelector`` does not enter) shows a view newer than ``seq`` and is idle."""
    page.wait_for_function(
        "([r, s]) => Number(r.dataset.seq) > s && r.dataset.busy === '0'",
        arg=[root.element_handle(), seq],
        timeout=timeout,
    )
    return int(root.get_attribute("data-seq"))


@pytest.fixture(scope="module")
def marimo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pytest.importorskip("marimo", reason="marimo is in the [test] extra")
    port = free_port()
    home = tmp_path_factory.mktemp("marimo-home")
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "HOME": str(home), "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    command = [sys.executable, "-m", "marimo", "run", str(APP), "--headless"]
    server = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--port", str(port), "--no-token"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
            with contextlib.suppress(OSError):
                urllib.request.urlopen(url, timeout=2).close()
                break
            assert time.monotonic() < deadline, "marimo did not start in 60 s"
            time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=10)


def test_a_level_x_turn_and_a_level_8_draw_in_marimo(page, marimo_url) -> None:
    page.goto(marimo_url)
    levelx = page.locator(".lx-root").first
    table = page.locator(".l8-root").first
    levelx.wait_for(timeout=90_000)
    table.wait_for(timeout=90_000)
    steps = page.get_by_text("steps played")
    hand = page.get_by_text("you hold")
    assert "0 steps played; roll phase" in steps.inner_text()
    assert "you hold 10 cards" in hand.inner_text()

    # Level X: roll, group the dice, confirm: Python plays it, then the greedy bot answers
    seq = settled_after(page, levelx)
    levelx.locator("[data-action=roll]").click()
    seq = settled_after(page, levelx, seq)
    faces = dice_faces(page, levelx)
    assert len(faces) == 4
    click_groups(levelx, pick_groups(faces))
    confirm_or_pass(levelx)
    settled_after(page, levelx, seq)
    expect(steps).to_contain_text(re.compile(r"([2-9]|\d\d+) steps played"), timeout=30_000)

    # Level 8 (a bare widget): draw from the pile; the hand grows to 11 in Python
    seq8 = settled_after(page, table)
    table.locator("[data-draw-pile]").click()
    settled_after(page, table, seq8)
    expect(hand).to_contain_text("you hold 11 cards", timeout=30_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "marimo-app.png"), full_page=True)
