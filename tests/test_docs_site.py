"""The documentation site builds with warnings as errors (issue 32, item 9): the README's
sections as guide pages, the reference pages, the rules specs and the API reference from the
docstrings (``mkdocs build --strict``; the docstrings' examples run in tests/test_doctests.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT.parent / "shared" / "rules"  # the rules as given to the project, where present


def test_the_site_builds_strictly_with_every_page(tmp_path: Path) -> None:
    pytest.importorskip("mkdocstrings", reason="the [docs] extra (in [test])")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    guide = sorted(p.parent.name for p in (site / "guide").glob("*/index.html"))
    assert "install" in guide and "analysis" in guide and len(guide) >= 10
    engines = (site / "api" / "engines" / "index.html").read_text()
    assert "LevelX" in engines and "legal_action_ids" in engines  # from the docstrings
    assert 'class="language-pycon' in engines or "pycon" in engines  # examples shown as code
    rules = (site / "rules" / "level8-cards" / "index.html").read_text()
    assert "Level 8" in rules


@pytest.mark.skipif(not SPECS.is_dir(), reason="the shared rules specs are not beside the checkout")
def test_the_rules_pages_are_the_specs() -> None:
    for spec in sorted(SPECS.glob("*.md")):
        page = ROOT / "docs" / "rules" / spec.name
        assert page.read_text() == spec.read_text(), f"docs/rules/{spec.name} differs from the spec"
