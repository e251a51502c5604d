"""`bash tools/dev example` sets up only what the examples need, works as root, and skips
the install when nothing changed."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_dev_example_installs_only_what_the_examples_need(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    env = {**os.environ, "LEVELWIDGETS_VENV": str(venv)}
    # Extra arguments go to `jupyter lab`: --version prints it and returns instead of serving.
    run = subprocess.run(
        ["bash", "tools/dev", "example", "--version"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert re.search(r"^4\.\d+\.\d+", run.stdout, re.M), run.stdout[-500:]
    listed = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.lower()
    installed = {line.split("==")[0] for line in listed.splitlines()}
    assert {"levelwidgets", "jupyterlab", "anywidget", "pandas"} <= installed
    assert not installed & {"pytest", "playwright", "ruff"}, installed
    assert "Installing levelwidgets" in run.stdout
    # A second launch with nothing changed skips pip (seconds, not a minute).
    again = subprocess.run(
        ["bash", "tools/dev", "example", "--version"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stderr[-2000:]
    assert "up to date" in again.stdout and "Installing" not in again.stdout, again.stdout
