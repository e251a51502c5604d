"""Every example notebook is executed by a test, in the Binder environment (issue 32, item 7).

A notebook added to ``examples/`` without a test that runs it through :mod:`tests.notebooks`
fails here, so "every example runs on Binder" cannot silently stop being true.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent
EXAMPLES = sorted(p.name for p in (ROOT.parent / "examples").glob("*.ipynb"))


def _run_by_tests() -> set[str]:
    """Notebook names that test modules calling the shared runner name."""
    found: set[str] = set()
    for path in ROOT.rglob("test_*.py"):
        source = path.read_text()
        if "run_example" not in source:  # tests.notebooks.run_example, or a wrapper of it
            continue
        found.update(re.findall(r"[\"']([a-z0-9_]+\.ipynb)[\"']", source))
    return found


def test_every_example_notebook_is_run_in_the_binder_environment() -> None:
    assert len(EXAMPLES) >= 9
    missing = [name for name in EXAMPLES if name not in _run_by_tests()]
    assert not missing, f"no test runs {missing} through tests/notebooks.py"
