"""Build the JupyterLite site: levelwidgets in the browser, no server (issue 32, item 5).

``python lite/build.py`` (or ``bash tools/dev lite``) writes a static site to ``build/lite``
that any web server (GitHub Pages, ``python -m http.server``) can serve:

* JupyterLite's apps (lab, tree, notebooks) with the Pyodide kernel,
* the anywidget and Jupyter widgets front ends (their JupyterLab extensions from this
  environment, where ``anywidget`` and ``jupyterlab_widgets`` installed them),
* levelwidgets' pure-Python wheel in ``pypi/`` with piplite's ``all.json`` index, so that
  ``%pip install levelwidgets`` in the browser installs this checkout's version, and beside it
  anywidget's wheel of the version whose front end the site ships,
* ``lite/files/start_here.ipynb`` and the example notebooks as the site's files.

The JupyterLite tools (``lite/requirements.txt``) are installed with ``pip install --target``
into a folder of their own, not into the environment: installed there, the Pyodide kernel's
JupyterLab extension would load into every JupyterLab and Notebook started from it (the
browser tests' too) and fail there, because only JupyterLite provides what it needs.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
REQUIREMENTS = LITE / "requirements.txt"
CONFIG = LITE / "jupyter_lite_config.json"
#: The front ends the widgets need in the browser, by JupyterLab extension name.
FRONT_ENDS = ("anywidget", "@jupyter-widgets/jupyterlab-manager")
PYODIDE_KERNEL = "@jupyterlite/pyodide-kernel-extension"


class LiteBuildError(RuntimeError):
    """A step of the JupyterLite build failed; the message says which and what to do."""


def default_tools_dir() -> Path:
    """Per environment, beside it but outside its ``share/jupyter`` (which Jupyter scans)."""
    return Path(sys.prefix) / "levelwidgets-lite-tools"


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (made if missing) while the block runs, where the
    system has ``fcntl``: two builds at once (two test workers, two terminals) would
    otherwise remove and reinstall the same tools folder under each other."""
    try:
        import fcntl
    except ImportError:  # (Windows: no lock; one build at a time there)
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_tools(tools: Path) -> Path:
    """Install ``lite/requirements.txt`` into ``tools`` unless it is there already.

    A stamp with the requirements' hash makes a second build skip pip (and the network); a
    lock beside the folder makes a build that starts meanwhile wait for the first's."""
    want = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    stamp = tools / ".levelwidgets-stamp"
    with _locked(tools.with_name(tools.name + ".lock")):
        if stamp.exists() and stamp.read_text() == want:
            return tools
        if tools.exists():
            shutil.rmtree(tools)
        command = [sys.executable, "-m", "pip", "install", "-q", "--target", str(tools)]
        result = subprocess.run(
            [*command, "-r", str(REQUIREMENTS)], capture_output=True, text=True, check=False
        )
        if result.returncode != 0:
            raise LiteBuildError(
                f"could not install the JupyterLite tools ({REQUIREMENTS.name}) into {tools}: "
                f"pip needs the package index.\n{result.stderr[-2000:]}"
            )
        stamp.write_text(want)
    return tools


def labextension(name: str, *roots: Path) -> Path:
    """The folder of the prebuilt JupyterLab extension ``name``, searched in ``roots`` first,
    then where Jupyter looks for extensions."""
    from jupyter_core.paths import jupyter_path

    env = Path(sys.prefix) / "share" / "jupyter" / "labextensions"  # the installed version
    for root in [*roots, env, *(Path(p) for p in jupyter_path("labextensions"))]:
        if (root / name / "package.json").is_file():
            return root / name
    raise LiteBuildError(
        f"the JupyterLab extension {name!r} is not installed in this environment: "
        "`pip install anywidget` installs both the anywidget and the Jupyter widgets front end"
    )


def build_wheel(pypi: Path) -> Path:
    """The pure ``py3-none-any`` wheel of this checkout (Pyodide cannot load compiled ones)."""
    pypi.mkdir(parents=True, exist_ok=True)
    for old in pypi.glob("levelwidgets-*.whl"):
        old.unlink()
    env = {k: v for k, v in os.environ.items() if k != "LEVELWIDGETS_MYPYC"}
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(pypi)]
    if importlib.util.find_spec("hatchling") is not None:
        command.append("--no-build-isolation")  # no fresh build environment: seconds faster
    result = subprocess.run(
        [*command, str(ROOT)], capture_output=True, text=True, env=env, check=False
    )
    wheels = sorted(pypi.glob("levelwidgets-*-py3-none-any.whl"))
    if result.returncode != 0 or len(wheels) != 1:
        raise LiteBuildError(f"building the levelwidgets wheel failed:\n{result.stderr[-2000:]}")
    return wheels[0]


def add_front_end_wheel(pypi: Path) -> Path:
    """anywidget's wheel, the version whose front end the site ships.

    piplite looks in ``pypi/`` before the package index, so ``%pip install levelwidgets`` in
    the browser gets this anywidget, not a newer one whose Python side the shipped front end
    might not match (the widget would then not render)."""
    from importlib.metadata import version

    wanted = version("anywidget")
    for old in pypi.glob("anywidget-*.whl"):
        old.unlink()
    command = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
    result = subprocess.run(
        [*command, "-d", str(pypi), f"anywidget=={wanted}"],
        capture_output=True,
        text=True,
        check=False,
    )
    wheels = sorted(pypi.glob(f"anywidget-{wanted}-*.whl"))
    if result.returncode != 0 or len(wheels) != 1:
        raise LiteBuildError(
            f"could not get anywidget {wanted}'s wheel (pip needs the package index):\n"
            f"{result.stderr[-2000:]}"
        )
    return wheels[0]


def write_config(work: Path, tools: Path) -> Path:
    """``lite/jupyter_lite_config.json`` with absolute contents and the extensions to ship."""
    config = json.loads(CONFIG.read_text())
    build = config["LiteBuildConfig"]
    build["contents"] = [str((LITE / c).resolve()) for c in build["contents"]]
    tool_extensions = tools / "share" / "jupyter" / "labextensions"
    build["federated_extensions"] = [
        str(labextension(PYODIDE_KERNEL, tool_extensions)),
        *(str(labextension(name)) for name in FRONT_ENDS),
    ]
    path = work / "jupyter_lite_config.json"
    path.write_text(json.dumps(config, indent=2))
    return path


def build(output: Path, work: Path, tools: Path | None = None) -> Path:
    """Build the site into ``output``, staging in ``work``; return ``output``."""
    tools = ensure_tools(tools or default_tools_dir())
    work.mkdir(parents=True, exist_ok=True)
    build_wheel(work / "pypi")
    add_front_end_wheel(work / "pypi")
    write_config(work, tools)
    if output.exists():
        shutil.rmtree(output)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tools), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work)]
    result = subprocess.run(
        [*command, "--output-dir", str(output)],
        capture_output=True,
        text=True,
        env=env,
        cwd=work,
        check=False,
    )
    if result.returncode != 0 or not (output / "jupyter-lite.json").is_file():
        raise LiteBuildError(
            f"`jupyter lite build` failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        )
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output-dir", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--work-dir", type=Path, default=ROOT / "build" / "lite-work")
    parser.add_argument(
        "--tools-dir", type=Path, default=None, help="where the JupyterLite tools are installed"
    )
    args = parser.parse_args(argv)
    try:
        out = build(args.output_dir.resolve(), args.work_dir.resolve(), args.tools_dir)
    except LiteBuildError as exc:
        print(f"lite build: {exc}", file=sys.stderr)
        return 1
    print(f"JupyterLite site in {out}; try: python -m http.server -d {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
