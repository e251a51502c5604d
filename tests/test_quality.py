"""Repository-wide checks: the code is ruff-clean and the engines import no widget code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_lint_is_clean():
    result = _ruff("check", "levelwidgets", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = _ruff("format", "--check", "levelwidgets", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engines_import_no_widget_code():
    code = (
        "import sys, levelwidgets.levelx, levelwidgets.level8;"
        "bad = [m for m in sys.modules if m.startswith(('anywidget', 'ipywidgets', "
        "'levelwidgets.widgets', 'traitlets', 'IPython'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"engine imports pulled in widget code: {result.stdout}"
