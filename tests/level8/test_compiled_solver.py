"""The compiled wheel (``hatch_build.py``, ``levelwidgets.level8.native``): same games, never
stale, never written into an installed package.

``benchmarks/compiled_solver.py --check`` builds this checkout's compiled wheel with the
documented command (``python -m levelwidgets.level8.fast build DIR``: pip, the build hook,
mypyc; at C optimisation level 0 here, from the same C, to keep the suite short), installs it
into a folder with ``pip install --target``, and compares seeded game records of the compiled
solver with the sources', after making sure each run used the solver it meant to. The
install then shows the rules of :func:`~levelwidgets.level8.native.choose`: a changed source
turns the build off with a warning (all five modules come from the sources), the pure switch
turns it off silently. The rest of the suite tests the sources (``tests/conftest.py``). This
also keeps the source free of what mypyc cannot compile.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from levelwidgets.level8.native import GROUP, MANIFEST, MODULES, source_hashes

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "compiled_solver.py"
LEVEL8 = ROOT / "levelwidgets" / "level8"
GAMES = 12
WHICH = (
    "from levelwidgets.level8 import candidates, fits, hands, native, patterns, solver\n"
    "print(native.state(), *[m.__file__.rsplit('/', 1)[1].split('.')[1] "
    "for m in (hands, candidates, patterns, solver, fits)])"
)
COMPILED = sorted([*MODULES, f"{GROUP}__mypyc"])

#: One worker runs this module, so the wheel (a compiler run of ~25 s) is built once per run.
pytestmark = pytest.mark.xdist_group("compiled-solver")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build folder: the wheel in ``dist``, installed in ``tree``."""
    where = tmp_path_factory.mktemp("compiled")
    script = [str(SCRIPT), "--check", str(GAMES), "--build-dir", str(where), "--opt", "0"]
    run = subprocess.run(
        [sys.executable, *script],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert f"compiled_solver_same_games: {GAMES} of {GAMES}" in run.stdout
    return where


def _run(tree: Path, *args: str, pure: str = "0") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(tree), LEVELWIDGETS_PURE=pure)
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=tree, check=False
    )


def _files(folder: Path) -> list[str]:
    return sorted(
        str(p.relative_to(folder)) for p in folder.rglob("*") if "__pycache__" not in p.parts
    )


def test_the_compiled_wheel_holds_the_compiled_modules_beside_the_sources(built: Path) -> None:
    (wheel,) = (built / "dist").glob("*.whl")
    tag = re.fullmatch(r"levelwidgets-[\d.]+-(cp\d+)-(cp\d+)-(\w+)\.whl", wheel.name)
    assert tag is not None and tag[3] != "any", wheel.name  # a platform wheel
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        assert "Root-Is-Purelib: false" in archive.read(info).decode()
        kept = json.loads(archive.read(f"levelwidgets/level8/{MANIFEST}"))
    level8 = [n.split("/")[-1] for n in names if n.startswith("levelwidgets/level8/")]
    assert sorted(n.split(".")[0] for n in level8 if n.endswith(".so")) == COMPILED
    assert {f"{name}.py" for name in MODULES} <= set(level8)  # the sources stay
    assert kept == source_hashes(LEVEL8)


def test_the_compiled_solver_plays_the_same_games_and_is_used(built: Path) -> None:
    tree = built / "tree"
    used = _run(tree, "-c", WHICH)
    state, *kinds = used.stdout.split()
    assert state == "compiled" and "py" not in kinds and len(kinds) == 5  # extension modules
    assert used.stderr == ""
    status = _run(tree, "-m", "levelwidgets.level8.fast", "status")
    assert status.stdout.strip() == "compiled solver: in use"
    assert _run(tree, "-c", WHICH, pure="1").stdout.split() == ["source", *["py"] * 5]
    status = _run(tree, "-m", "levelwidgets.level8.fast", "status", pure="1")
    assert status.stdout.strip() == "compiled solver: not used (LEVELWIDGETS_PURE is set)"


def test_a_changed_source_turns_the_build_off_with_a_warning(built: Path) -> None:
    source = built / "tree" / "levelwidgets" / "level8" / "patterns.py"
    text = source.read_text()
    source.write_text(text + "\n# edited after the build\n")
    try:
        used = _run(built / "tree", "-c", WHICH)
        assert used.stdout.split() == ["source", *["py"] * 5]
        assert "compiled Level 8 solver is not used (a source changed since the build)" in (
            used.stderr
        )
        status = _run(built / "tree", "-m", "levelwidgets.level8.fast", "status").stdout
        assert "not used (a source changed since the build)" in status
    finally:
        source.write_text(text)
    assert _run(built / "tree", "-c", WHICH).stdout.split()[0] == "compiled"


def test_the_commands_never_write_into_an_installed_package(built: Path) -> None:
    tree = built / "tree"
    before = _files(tree)
    clean = _run(tree, "-m", "levelwidgets.level8.fast", "clean")
    assert clean.returncode == 1 and "is an installed package" in clean.stderr
    how = _run(tree, "-m", "levelwidgets.level8.fast", "build")
    assert how.returncode == 1
    assert "LEVELWIDGETS_MYPYC=1" in how.stderr and "pip wheel --no-deps" in how.stderr
    assert "--no-binary levelwidgets levelwidgets" in how.stderr  # (no checkout here)
    assert _files(tree) == before
    assert _run(tree, "-c", WHICH).stdout.split()[0] == "compiled"


def test_the_commands_in_a_checkout_say_what_they_do() -> None:
    before = _files(LEVEL8)
    how = subprocess.run(
        [sys.executable, "-m", "levelwidgets.level8.fast", "build"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert how.returncode == 1 and f"pip wheel --no-deps -w DIR {ROOT}" in how.stderr
    assert _files(LEVEL8) == before
    usage = subprocess.run(
        [sys.executable, "-m", "levelwidgets.level8.fast", "compile"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert usage.returncode == 2 and "usage:" in usage.stderr
