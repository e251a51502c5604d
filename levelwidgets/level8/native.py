"""The solver compiled with mypyc, for long bot studies: shipped in a wheel, never stale.

The card solver's four modules and the bots' fit tables (:data:`MODULES`) are plain
annotated Python that mypyc compiles unchanged; compiled, HeuristicBot games run about 1.3
times as fast and play exactly the same (``benchmarks/compiled_solver.py`` measures both,
and the tests compare the games). HeuristicBot itself stays Python, so it can be subclassed.
``pip install`` needs no compiler, so the default wheel is the pure one. The compiled modules
come the way Python packages ship them: in a platform wheel built once, where a C compiler
is at hand, by the build hook in ``hatch_build.py``::

    LEVELWIDGETS_MYPYC=1 python -m pip wheel --no-deps . -w dist    # in a checkout
    python -m pip install --force-reinstall --no-deps dist/levelwidgets-*.whl

(``python -m levelwidgets.level8.fast build DIR`` runs the first line for the installed
version; ``fast status`` says whether the compiled solver is in use.) Nothing here ever
writes into an installed package.

The compiled modules lie beside the sources, and Python imports a compiled module before
its source. They are used only while they match the sources: :func:`choose` (run by
``levelwidgets.level8`` before anything imports the solver) reads the hashes kept at build
time, and when a source has changed since, or ``LEVELWIDGETS_PURE=1`` is set, it imports all
five sources instead (all or none: compiled modules call each other directly), so an edit
is never hidden by an old build.
"""

from __future__ import annotations

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


class NotACheckoutError(RuntimeError):
    """Refused: this changes compiled files only in a source checkout, never in an
    installed package."""


def state(package: str = __package__ or "levelwidgets.level8") -> str:
    """``"compiled"`` when this process runs the compiled solver, else ``"source"``."""
    solver = sys.modules.get(f"{package}.solver")
    path = getattr(solver, "__file__", None) or ""
    return "source" if solver is None or path.endswith(".py") else "compiled"


def source_hashes(folder: Path) -> dict[str, str]:
    """The SHA-256 of each compiled module's source in ``folder`` (the build's manifest)."""
    import hashlib  # (only when compiled modules are checked: not on every import)

    return {
        name: hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest() for name in MODULES
    }


def compiled_files(folder: Path) -> list[Path]:
    """This interpreter's compiled files in ``folder``: the modules' and the shared one."""
    suffix = EXTENSION_SUFFIXES[0]
    names = [*MODULES, f"{GROUP}__mypyc"]
    return [folder / f"{name}{suffix}" for name in names if (folder / f"{name}{suffix}").exists()]


def _stale_reason(folder: Path) -> str | None:
    """Why the compiled modules in ``folder`` must not be used (None: use them)."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return f"{PURE_VARIABLE} is set"
    if len(compiled_files(folder)) != len(MODULES) + 1:
        return "the build is incomplete"
    try:
        kept = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return f"{MANIFEST} is missing or unreadable"
    if kept != source_hashes(folder):
        return "a source changed since the build"
    return None


def checkout(folder: Path = HERE) -> Path | None:
    """The source checkout ``folder`` (a Level 8 package folder) lies in, or None when it
    is an installed package (a checkout has ``pyproject.toml`` and ``hatch_build.py``)."""
    root = Path(folder).resolve().parents[1]
    found = (root / "pyproject.toml").is_file() and (root / "hatch_build.py").is_file()
    return root if found else None


def status(package: str = __package__ or "levelwidgets.level8") -> str:
    """Whether this process runs the compiled solver, in words (``fast status``); imports
    the solver if nothing has yet (after :func:`choose`, as ``levelwidgets.level8`` does)."""
    importlib.import_module(f"{package}.solver")
    if state(package) == "compiled":
        return "compiled solver: in use"
    folder = Path(sys.modules[package].__file__ or HERE).parent
    reason = _stale_reason(folder) if compiled_files(folder) else "nothing is built"
    return f"compiled solver: not used ({reason or 'the sources were imported first'})"


def choose(package: str = __package__ or "levelwidgets.level8") -> None:
    """Leave the compiled solver to the usual import when it matches the sources, else
    import the sources now (see the module docstring). Called once, before the solver is
    imported; a later call changes nothing."""
    if f"{package}.solver" in sys.modules or not compiled_files(HERE):
        return  # (nothing built: the usual import reads the sources)
    reason = _stale_reason(HERE)
    if reason is None:
        return
    if not reason.startswith(PURE_VARIABLE):
        warnings.warn(
            f"levelwidgets: the compiled Level 8 solver is not used ({reason}); the source is. "
            "Build the compiled wheel again (python -m levelwidgets.level8.fast build DIR) "
            "and install it, or install the pure one",
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


def clean(package_dir: Path = HERE) -> list[Path]:
    """Remove the compiled modules (of every Python version) and the manifest from a source
    checkout, where versions before the compiled wheel built them; returns them. Raises
    NotACheckoutError for an installed package, which is never changed at run time."""
    package_dir = Path(package_dir).resolve()
    if checkout(package_dir) is None:
        raise NotACheckoutError(
            f"{package_dir} is an installed package, which levelwidgets never changes: "
            "to drop its compiled solver, install the pure wheel again "
            "(python -m pip install --force-reinstall --no-deps levelwidgets), "
            "or set LEVELWIDGETS_PURE=1"
        )
    gone = []
    for name in (*MODULES, f"{GROUP}__mypyc"):
        gone += [*package_dir.glob(f"{name}.*.so"), *package_dir.glob(f"{name}.*.pyd")]
    gone += [p for p in [package_dir / MANIFEST] if p.exists()]
    for path in gone:
        path.unlink()
    return gone
