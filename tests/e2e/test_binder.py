"""Binder's environment works: a fresh venv from binder/requirements.txt runs the widget.

What Binder does, minus Docker: install ``binder/requirements.txt`` (``-e .`` included) into a
new virtual environment (built once per run and shared with the notebook tests, which execute
every example in it: tests/notebooks.py), start JupyterLab from it, open the example and play a
move by clicks: the committed bundle and the declared dependencies are enough without Node or
this machine's setup.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .lab import (
    REPO,
    PageErrors,
    lab_server,
    open_notebook,
    require_chromium,
    run_all,
)
from .test_levelx_browser import (
    click_groups,
    confirm_or_pass,
    dice_faces,
    pick_groups,
    py,
    settled,
    wait_seq_after,
)


@pytest.mark.slow
def test_binder_requirements_run_the_example(
    tmp_path: Path, binder_venv: Path, browser, artifacts
) -> None:
    require_chromium()
    env_dir = binder_venv  # built from binder/requirements.txt alone (tests/notebooks.py)
    python = env_dir / "bin" / "python"
    check = subprocess.run(
        [str(python), "-c", "import levelwidgets, sys; print(levelwidgets.__file__, sys.prefix)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0 and str(env_dir) in check.stdout, check.stdout + check.stderr
    postbuild = REPO / "binder" / "postBuild"
    assert postbuild.stat().st_mode & 0o111, "binder/postBuild must be executable"

    root, home = tmp_path / "root", tmp_path / "home"
    root.mkdir()
    home.mkdir()
    (root / "levelx_play.ipynb").write_bytes((REPO / "examples" / "levelx_play.ipynb").read_bytes())
    with lab_server(root, home, python=str(python)) as lab:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(30_000)
        errors = PageErrors()
        errors.attach(page)
        try:
            open_notebook(page, lab, "levelx_play.ipynb")
            run_all(page)
            widget = page.locator(".lx-root").first
            widget.wait_for(timeout=60_000)
            assert py(page, "__import__('sys').prefix") == str(env_dir)
            seq = int(settled(page)["seq"])
            widget.locator("[data-action=roll]").click()
            wait_seq_after(page, seq)
            click_groups(widget, pick_groups(dice_faces(page, widget)))
            seq = int(settled(page)["seq"])
            confirm_or_pass(widget)
            wait_seq_after(page, seq)
            assert py(page, "len(w.game.history)") >= 1
            widget.screenshot(path=str(artifacts / "binder-levelx.png"))
        finally:
            context.close()
    errors.check()
