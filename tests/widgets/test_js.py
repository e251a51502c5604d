"""The front end's own checks, run from pytest so `python -m pytest` covers them.

- JS unit tests (node's built-in runner) on the pure modules in js/src.
- The committed bundle in levelwidgets/static matches a fresh build of js/src.
Both need node and `npm ci --prefix js`; if missing they fail with a clear message.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
JS = REPO / "js"
STATIC = REPO / "levelwidgets" / "static"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the JS tests need Node.js 18+.", pytrace=False)
    return node


def test_js_unit_tests() -> None:
    result = subprocess.run(
        [_node(), "--test", "test/"], cwd=JS, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout


def test_bundle_is_fresh(tmp_path: Path) -> None:
    if not (JS / "node_modules" / "esbuild").exists():
        pytest.fail("js/node_modules is missing: run `npm ci --prefix js`.", pytrace=False)
    result = subprocess.run(
        [_node(), "build.mjs", str(tmp_path)], cwd=JS, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    built = sorted(p.name for p in tmp_path.iterdir())
    assert built, "the build produced nothing"
    for name in built:
        fresh = (tmp_path / name).read_bytes()
        committed = STATIC / name
        assert committed.exists() and committed.read_bytes() == fresh, (
            f"levelwidgets/static/{name} is stale: run `npm run build --prefix js` and commit it."
        )
