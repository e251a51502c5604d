"""The compiled solver (``levelwidgets.level8.native``): same games, never stale, removable.

``benchmarks/compiled_solver.py --check`` builds the solver's modules and the fit tables
with mypyc in a copy of the package and compares seeded game records of the compiled solver
with the sources',
after making sure each run used the solver it meant to. The copy then shows the rules of
:func:`~levelwidgets.level8.native.choose`: a changed source turns the build off with a
warning (all five modules come from the sources), the pure switch turns it off silently, and
``python -m levelwidgets.level8.fast clean`` removes it. This also keeps the source free of
what mypyc cannot compile.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "compiled_solver.py"
GAMES = 12
WHICH = (
    "from levelwidgets.level8 import candidates, fits, hands, native, patterns, solver\n"
    "print(native.state(), *[m.__file__.rsplit('/', 1)[1].split('.')[1] "
    "for m in (hands, candidates, patterns, solver, fits)])"
)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("compiled")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--check", str(GAMES), "--build-dir", str(where)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert f"compiled_solver_same_games: {GAMES} of {GAMES}" in run.stdout
    return where / "tree"


def _run(tree: Path, *args: str, pure: str = "0") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(tree), LEVELWIDGETS_PURE=pure)
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=tree, check=True
    )


def test_the_compiled_solver_plays_the_same_games_and_is_used(tree: Path) -> None:
    level8 = tree / "levelwidgets" / "level8"
    assert sorted(p.name.split(".")[0] for p in level8.glob("*.so")) == [
        "_solver_native__mypyc",
        "candidates",
        "fits",
        "hands",
        "patterns",
        "solver",
    ]
    used = _run(tree, "-c", WHICH)
    state, *kinds = used.stdout.split()
    assert state == "compiled" and "py" not in kinds and len(kinds) == 5  # extension modules
    assert used.stderr == ""
    assert _run(tree, "-m", "levelwidgets.level8.fast", "status").stdout.strip() == (
        "compiled solver: in use"
    )
    assert _run(tree, "-c", WHICH, pure="1").stdout.split() == ["source", *["py"] * 5]


def test_a_changed_source_turns_the_build_off_with_a_warning(tree: Path) -> None:
    source = tree / "levelwidgets" / "level8" / "patterns.py"
    text = source.read_text()
    source.write_text(text + "\n# edited after the build\n")
    try:
        used = _run(tree, "-c", WHICH)
        assert used.stdout.split() == ["source", *["py"] * 5]
        assert "compiled Level 8 solver is not used (a source changed since the build)" in (
            used.stderr
        )
        status = _run(tree, "-m", "levelwidgets.level8.fast", "status").stdout
        assert "not used (a source changed since the build)" in status
    finally:
        source.write_text(text)
    assert _run(tree, "-c", WHICH).stdout.split()[0] == "compiled"


def test_clean_removes_the_build(tree: Path) -> None:
    gone = _run(tree, "-m", "levelwidgets.level8.fast", "clean").stdout
    assert gone.startswith("removed 7 files")
    level8 = tree / "levelwidgets" / "level8"
    assert not list(level8.glob("*.so")) and not (level8 / "_solver_native.json").exists()
    assert _run(tree, "-c", WHICH).stdout.split() == ["source", *["py"] * 5]
    status = _run(tree, "-m", "levelwidgets.level8.fast", "status").stdout
    assert status.strip() == "compiled solver: not used (nothing is built)"


def test_build_without_mypy_says_what_to_install_and_changes_nothing() -> None:
    code = (
        "import sys; sys.modules['mypyc'] = None\n"  # (import mypyc now fails)
        "from levelwidgets.level8.fast import main; sys.exit(main(['build']))"
    )
    level8 = Path(__file__).resolve().parents[2] / "levelwidgets" / "level8"
    before = sorted(p.name for p in level8.iterdir())
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 1
    assert 'pip install "levelwidgets[fast]"' in run.stderr
    assert sorted(p.name for p in level8.iterdir()) == before
    usage = subprocess.run(
        [sys.executable, "-m", "levelwidgets.level8.fast", "compile"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert usage.returncode == 2 and "usage:" in usage.stderr
