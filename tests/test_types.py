"""mypy finds nothing in the checked part of the package (``[tool.mypy]`` in pyproject.toml:
the engines, records, protocol, analysis and widgets), so the annotations users and tools
read stay true.

Runs ``python -m mypy`` as CI does, with its cache in a temporary folder (a cold check, about
15 s of CPU); skipped only where mypy is not installed (it is in the ``[test]`` extra).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: What the check covers: the paths the mypy configuration names (see pyproject.toml).
CHECKED = [
    "levelwidgets/levelx",
    "levelwidgets/level8",
    "levelwidgets/record",
    "levelwidgets/protocol.py",
    "levelwidgets/recordfile.py",
    "levelwidgets/extras.py",
    "levelwidgets/analysis",
    "levelwidgets/widgets",
]


def test_the_configuration_names_the_checked_paths() -> None:
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == CHECKED
    assert config["warn_unused_ignores"] is True
    assert "ignore_missing_imports" not in config  # only per optional library (overrides)
    for path in CHECKED:
        assert (ROOT / path).exists(), path


@pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None,
    reason="mypy is not installed (pip install 'levelwidgets[test]')",
)
def test_mypy_finds_nothing(tmp_path: Path) -> None:
    cache = ["--cache-dir", str(tmp_path / "mypy_cache")]  # a cold check, leaving nothing
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", *cache, *CHECKED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"mypy found problems:\n{done.stdout}{done.stderr}"
    assert done.stdout.startswith("Success: no issues found"), done.stdout
