"""The solver compiled with mypyc, for long bot studies: built on request, never stale.

The card solver's four modules and the bots' fit tables (:data:`MODULES`) are plain
annotated Python that mypyc compiles unchanged; compiled, HeuristicBot games run about 1.3
times as fast and play exactly the same (``benchmarks/compiled_solver.py`` measures both,
and the tests compare the games). HeuristicBot itself stays Python, so it can be subclassed.
``pip install`` needs no compiler, so the package ships the source only. An analyst builds
the compiled modules once, into the installed package::

    pip install "levelwidgets[fast]"            # mypy and setuptools (and a C compiler)
    python -m levelwidgets.level8.fast build    # also: status, clean

The compiled modules lie beside the sources, and Python imports a compiled module before
its source. They are used only while they match the sources: :func:`choose` (run by
``levelwidgets.level8`` before anything imports the solver) reads the hashes kept at build
time, and when a source has changed since, or ``LEVELWIDGETS_PURE=1`` is set, it imports all
five sources instead (all or none: compiled modules call each other directly), so an edit
is never hidden by an old build.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: The compiled modules, in import order (each imports only the ones before it).
MODULES = ("hands", "candidates", "patterns", "solver", "fits")
#: mypyc's shared library of the five (``levelwidgets/level8/_solver_native__mypyc.*.so``).
GROUP = "_solver_native"
#: The sources' hashes at build time, beside the compiled modules.
MANIFEST = "_solver_native.json"
#: Set to 1 to import the sources even when compiled modules match them.
PURE_VARIABLE = "LEVELWIDGETS_PURE"

HERE = Path(__file__).resolve().parent

_SETUP = """
from setuptools import setup
from mypyc.build import mypycify

# --follow-imports=silent: the rest of the package is read for types, not checked
setup(
    name="levelwidgets-solver-native",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(
        ["--follow-imports=silent", *{paths!r}], opt_level="3", group_name={group!r}
    ),
)
"""


def state(package: str = __package__ or "levelwidgets.level8") -> str:
    """``"compiled"`` when this process runs the compiled solver, else ``"source"``."""
    solver = sys.modules.get(f"{package}.solver")
    path = getattr(solver, "__file__", None) or ""
    return "source" if solver is None or path.endswith(".py") else "compiled"


def _hashes(folder: Path) -> dict[str, str]:
    return {
        name: hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest() for name in MODULES
    }


def _built(folder: Path) -> list[Path]:
    """This interpreter's compiled files in ``folder``: the modules' and the shared one."""
    suffix = EXTENSION_SUFFIXES[0]
    names = [*MODULES, f"{GROUP}__mypyc"]
    return [folder / f"{name}{suffix}" for name in names if (folder / f"{name}{suffix}").exists()]


def _stale_reason(folder: Path) -> str | None:
    """Why the compiled modules in ``folder`` must not be used (None: use them)."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return f"{PURE_VARIABLE} is set"
    if len(_built(folder)) != len(MODULES) + 1:
        return "the build is incomplete"
    try:
        kept = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return f"{MANIFEST} is missing or unreadable"
    if kept != _hashes(folder):
        return "a source changed since the build"
    return None


def status(folder: Path = HERE) -> str:
    """Whether the compiled solver in ``folder`` is used, in words (``fast status``)."""
    reason = _stale_reason(folder) if _built(folder) else "nothing is built"
    return "compiled solver: " + ("in use" if reason is None else f"not used ({reason})")


def choose(package: str = __package__ or "levelwidgets.level8") -> None:
    """Leave the compiled solver to the usual import when it matches the sources, else
    import the sources now (see the module docstring). Called once, before the solver is
    imported; a later call changes nothing."""
    if f"{package}.solver" in sys.modules or not _built(HERE):
        return  # (nothing built: the usual import reads the sources)
    reason = _stale_reason(HERE)
    if reason is None:
        return
    if not reason.startswith(PURE_VARIABLE):
        warnings.warn(
            f"levelwidgets: the compiled Level 8 solver is not used ({reason}); the source is. "
            "Rebuild it with: python -m levelwidgets.level8.fast build",
            RuntimeWarning,
            stacklevel=2,
        )
    parent = sys.modules[package]
    for name in MODULES:  # (each imports only the ones before it, already sources here)
        spec = importlib.util.spec_from_file_location(f"{package}.{name}", HERE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        setattr(parent, name, module)


def build(package_dir: Path = HERE) -> list[Path]:
    """Compile the solver's modules of the Level 8 package in ``package_dir`` (by default
    this one) and put them beside its sources, with the manifest; returns the files made.
    Raises RuntimeError with mypyc's output when compiling fails (the old build is then
    left as it was)."""
    import shutil
    import subprocess
    import tempfile

    package_dir = Path(package_dir).resolve()
    try:
        import mypyc  # noqa: F401
    except ImportError as error:
        raise RuntimeError(
            'compiling needs mypy and setuptools: pip install "levelwidgets[fast]"'
        ) from error
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        target = tree / "levelwidgets" / "level8"
        shutil.copytree(
            package_dir.parent,
            tree / "levelwidgets",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "static", MANIFEST),
        )
        paths = [f"levelwidgets/level8/{name}.py" for name in MODULES]
        (tree / "setup_native.py").write_text(
            _SETUP.format(paths=paths, group=f"levelwidgets.level8.{GROUP}")
        )
        done = subprocess.run(
            [sys.executable, "setup_native.py", "build_ext", "--inplace"],
            cwd=tree,
            capture_output=True,
            text=True,
        )
        made = _built(target)
        if done.returncode or len(made) != len(MODULES) + 1:
            raise RuntimeError(f"mypyc could not compile the solver:\n{done.stdout}{done.stderr}")
        clean(package_dir)
        out = []
        for path in made:
            out.append(Path(shutil.copy2(path, package_dir / path.name)))
        (package_dir / MANIFEST).write_text(json.dumps(_hashes(target), indent=1))
    return out


def clean(package_dir: Path = HERE) -> list[Path]:
    """Remove the compiled modules (of every Python version) and the manifest; returns them."""
    package_dir = Path(package_dir).resolve()
    gone = []
    for name in (*MODULES, f"{GROUP}__mypyc"):
        gone += [*package_dir.glob(f"{name}.*.so"), *package_dir.glob(f"{name}.*.pyd")]
    gone += [p for p in [package_dir / MANIFEST] if p.exists()]
    for path in gone:
        path.unlink()
    return gone
