"""Hatchling build hook: the wheel with the Level 8 card solver compiled by mypyc.

``LEVELWIDGETS_MYPYC=1 python -m pip wheel --no-deps . -w dist`` (or ``python -m build -w``)
compiles the solver's modules and the bots' fit tables (``levelwidgets.level8.native.MODULES``)
with mypyc and puts the compiled modules into the wheel beside the pure sources, with the
sources' hashes (``_solver_native.json``) that ``native.choose`` checks at import; the wheel is
then a platform wheel (``cp311-cp311-linux_x86_64`` and the like). Without the variable the
hook does nothing and the wheel is the pure ``py3-none-any`` one, which needs no compiler (the
fallback ``pip install .`` builds). Editable installs always run the sources.

This is how black and mypy ship their compiled modules; nothing is ever compiled into an
installed package at run time. pip installs the hook's own needs (mypy, setuptools) into the
build environment when the variable is set; a C compiler and the Python headers must be there.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Set to 1 to build the compiled wheel.
VARIABLE = "LEVELWIDGETS_MYPYC"
#: The C compiler's optimisation level, 0 to 3 (default 3, the one measured). The tests build
#: at 0, which compiles several times as fast from the same C (mypyc's output does not depend
#: on it), to keep the suite short.
OPT_VARIABLE = "LEVELWIDGETS_MYPYC_OPT"
#: What compiling needs in the build environment (the ``fast`` extra says the same).
NEEDS = ["mypy>=1.10,<3", "setuptools>=68"]

_SETUP = """
from setuptools import setup
from mypyc.build import mypycify

# --follow-imports=silent: the rest of the package is read for types, not checked
setup(
    name="levelwidgets-solver-native",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(
        ["--follow-imports=silent", *{paths!r}], opt_level={opt!r}, group_name={group!r}
    ),
)
"""


def wanted() -> bool:
    """Whether this build compiles the solver (``LEVELWIDGETS_MYPYC`` set, and not to 0)."""
    return os.environ.get(VARIABLE, "").strip() not in ("", "0")


def opt_level() -> str:
    """The C optimisation level ``LEVELWIDGETS_MYPYC_OPT`` asks for (default ``"3"``)."""
    level = os.environ.get(OPT_VARIABLE, "").strip() or "3"
    if level not in ("0", "1", "2", "3"):
        raise ValueError(f"{OPT_VARIABLE} must be 0, 1, 2 or 3, not {level!r}")
    return level


def _native(root: Path) -> ModuleType:
    """``levelwidgets/level8/native.py`` on its own (standard library only): the module list,
    file names and hashes, without importing the package (its dependencies are not in the
    build environment)."""
    spec = importlib.util.spec_from_file_location(
        "_levelwidgets_native", root / "levelwidgets" / "level8" / "native.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_solver(root: Path, out: Path) -> list[Path]:
    """Compile the solver of the project in ``root`` into ``out``: the modules, mypyc's shared
    library and the manifest (the hashes of their sources); returns them. Works on a copy of
    the package, so ``root`` stays as it was. Raises RuntimeError with mypyc's output when
    compiling fails."""
    native = _native(root)
    try:
        import mypyc  # noqa: F401
    except ImportError as error:
        raise RuntimeError(
            f"{VARIABLE}=1 needs mypy and setuptools: pip install {NEEDS}"
        ) from error
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        shutil.copytree(
            root / "levelwidgets",
            tree / "levelwidgets",
            ignore=shutil.ignore_patterns(
                "__pycache__", "*.so", "*.pyd", "static", native.MANIFEST
            ),
        )
        # The packages' __init__ files import everything (widgets, numpy...), and mypyc has
        # mypy check every module it follows in full: empty ones here keep it to what the
        # solver imports (~5 s instead of ~50 s of CPU; the C it writes is the same).
        for init in ("levelwidgets/__init__.py", "levelwidgets/level8/__init__.py"):
            (tree / init).write_text("")
        paths = [f"levelwidgets/level8/{name}.py" for name in native.MODULES]
        (tree / "setup_native.py").write_text(
            _SETUP.format(paths=paths, opt=opt_level(), group=f"levelwidgets.level8.{native.GROUP}")
        )
        done = subprocess.run(
            [sys.executable, "setup_native.py", "build_ext", "--inplace"],
            cwd=tree,
            capture_output=True,
            text=True,
            check=False,
        )
        level8 = tree / "levelwidgets" / "level8"
        made = native.compiled_files(level8)
        if done.returncode or len(made) != len(native.MODULES) + 1:
            raise RuntimeError(f"mypyc could not compile the solver:\n{done.stdout}{done.stderr}")
        out.mkdir(parents=True, exist_ok=True)
        files = [Path(shutil.copy2(path, out / path.name)) for path in made]
        manifest = out / native.MANIFEST
        manifest.write_text(json.dumps(native.source_hashes(level8), indent=1))
    return [*files, manifest]


class SolverBuildHook(BuildHookInterface):
    """Adds the compiled solver to the wheel when ``LEVELWIDGETS_MYPYC=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """mypy and setuptools in the build environment, only for a compiled build."""
        return list(NEEDS) if wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, and make the wheel a platform wheel holding the compiled modules."""
        if not wanted():
            return
        if version == "editable":
            self.app.display_warning(
                f"{VARIABLE} is ignored by an editable install: it runs the sources "
                "(build the compiled wheel with: pip wheel --no-deps . -w dist)"
            )
            return
        self._out = Path(tempfile.mkdtemp(prefix="levelwidgets-mypyc-"))
        self.app.display_info("compiling the Level 8 solver with mypyc ...")
        for path in compile_solver(Path(self.root), self._out):
            build_data["force_include"][str(path)] = f"levelwidgets/level8/{path.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compiled files' temporary folder (they are in the wheel now)."""
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
