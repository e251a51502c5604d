"""`--dist loadgroup` keeps each xdist group on one worker, as tools/dev test relies on.

The browser tests share one JupyterLab and one Chromium on one worker (their group, added by
tests/e2e/conftest.py), the compiled-solver module builds its wheel once, and the stateful
machines run before their phase checks. pytest 9.2 with pytest-xdist 3.8 silently stopped
grouping (pytest-dev/pytest-xdist#1386: every group was spread over both workers, so CI ran two
JupyterLabs and built everything twice). This runs a small project grouped the same two ways
and fails when a group is split, whatever versions are installed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

FILES = {
    "pytest.ini": "[pytest]\n",  # its own root: none of this repository's conftests
    "a/conftest.py": (
        "import pytest\n\n\n"
        "def pytest_collection_modifyitems(items):  # as tests/e2e/conftest.py does\n"
        "    for item in items:\n"
        "        if '/a/' in str(item.fspath).replace('\\\\', '/'):\n"
        "            item.add_marker(pytest.mark.xdist_group('browser'))\n"
    ),
    "a/test_x.py": (
        "import time\nimport pytest\n\n\n"
        "@pytest.mark.parametrize('i', range(6))\ndef test_a(i):\n    time.sleep(0.05)\n"
    ),
    "test_y.py": (
        "import time\nimport pytest\n\n"
        "pytestmark = pytest.mark.xdist_group('other')  # as the compiled-solver module does\n\n\n"
        "@pytest.mark.parametrize('i', range(6))\ndef test_b(i):\n    time.sleep(0.05)\n"
    ),
    "test_z.py": (
        "import pytest\n\n\n@pytest.mark.parametrize('i', range(6))\ndef test_c(i):\n    pass\n"
    ),
}


def test_each_group_runs_on_one_worker(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2",
         "--dist", "loadgroup", "-v", str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    workers: dict[str, set[str]] = {}
    for worker, test in re.findall(r"\[(gw\d)\] .*?PASSED (\S+)", run.stdout):
        group = "browser" if "test_x" in test else "other" if "test_y" in test else "none"
        workers.setdefault(group, set()).add(worker)
    assert set(workers) == {"browser", "other", "none"}, run.stdout[-3000:]
    assert len(workers["browser"]) == 1 and len(workers["other"]) == 1, workers
