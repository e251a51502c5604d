"""The game-AI libraries are an optional extra (issue 29, item 6).

``import levelwidgets``, every engine module and every widget module run without pyspiel,
pettingzoo or gymnasium (checked in a fresh interpreter through ``sys.modules``), and
:func:`levelwidgets.interop.require` names the extra to install when a library is missing
(checked with the libraries blocked, as on a machine without them).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import levelwidgets

HEAVY = ("pyspiel", "pettingzoo", "gymnasium")
ROOT = Path(levelwidgets.__file__).resolve().parents[1]


def run(code: str) -> str:
    """Run ``code`` in a fresh interpreter on this checkout; its standard output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_engines_and_widgets_import_no_game_ai_library() -> None:
    out = run(
        f"""
        import importlib, pkgutil, sys
        import levelwidgets
        heavy = {HEAVY!r}
        assert not [m for m in heavy if m in sys.modules], "import levelwidgets"
        names = ["levelwidgets.interop", "levelwidgets.interop.core"]
        for package in ("levelwidgets.levelx", "levelwidgets.level8", "levelwidgets.widgets"):
            module = importlib.import_module(package)
            names.append(package)
            for info in pkgutil.walk_packages(module.__path__, package + "."):
                if info.name.rsplit(".", 1)[-1] != "__main__":
                    names.append(info.name)
        for name in names:
            importlib.import_module(name)
            loaded = [m for m in heavy if m in sys.modules]
            assert not loaded, f"{{name}} imported {{loaded}}"
        print(len(names))
        """
    )
    assert int(out) > 60  # the walk really found the engines' and widgets' modules


def test_require_names_the_extra_when_a_library_is_missing() -> None:
    out = run(
        f"""
        import sys
        from importlib.abc import MetaPathFinder

        class Blocked(MetaPathFinder):  # as on a machine without the [ai] extra
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {HEAVY!r}:
                    raise ImportError(f"No module named {{name!r}}")
                return None

        for name in list(sys.modules):
            if name.split(".")[0] in {HEAVY!r}:
                del sys.modules[name]
        sys.meta_path.insert(0, Blocked())
        sys.modules["gymnasium"] = None  # the other way a module can be missing
        from levelwidgets.interop import MissingExtraError, require

        assert require("json").dumps([1]) == "[1]"
        for name in {HEAVY!r}:
            try:
                require(name)
            except MissingExtraError as error:
                assert isinstance(error, ImportError)
                print(error)
            else:
                raise AssertionError(f"require({{name!r}}) did not raise")
        """
    )
    lines = out.splitlines()
    assert len(lines) == len(HEAVY)
    for name, line in zip(HEAVY, lines, strict=True):
        assert line.startswith(f"{name} is not installed")
        assert 'pip install "levelwidgets[ai]"' in line
