"""One way to run an example notebook in tests: in the Binder environment, top to bottom.

Every example runs in a kernel of a virtual environment built from ``binder/requirements.txt``
alone (what Binder installs, minus Docker), so "it works on Binder" is tested, not assumed. The
environment is built once per test run and shared by every test and xdist worker (a file lock
in pytest's shared temporary root). Set ``LEVELWIDGETS_BINDER_VENV=/some/dir`` to keep it between
runs (it is rebuilt when ``binder/requirements.txt`` or ``pyproject.toml`` change).

:func:`run_example` executes a notebook in a temporary folder with ``LEVELWIDGETS_QUICK=1``
(the analysts' notebooks take their short budgets), fails on an error output, and fails when the
notebook wrote a file anywhere but ``saved/`` (git-ignored in ``examples/``).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
REQUIREMENTS = REPO / "binder" / "requirements.txt"
KERNEL = "levelwidgets-binder"
#: The one folder examples save into (git-ignored: examples/saved/).
SAVED = "saved"


def _fingerprint() -> str:
    text = REQUIREMENTS.read_bytes() + (REPO / "pyproject.toml").read_bytes()
    return hashlib.sha256(text + sys.version.encode()).hexdigest()


def _installer() -> list[str] | None:
    """uv's command line when uv is installed (the [test] extra has it), else None (pip).

    uv resolves and links the same requirements as pip in seconds instead of a minute and a
    half; the environment it builds is the same one Binder's pip builds from this file.
    """
    try:
        from uv import find_uv_bin
    except ImportError:
        return None
    return [find_uv_bin()]


def _build(env_dir: Path) -> None:
    if env_dir.exists():
        subprocess.run(["rm", "-rf", str(env_dir)], check=True)
    python = env_dir / "bin" / "python"
    uv = _installer()
    if uv:
        made = subprocess.run(
            [*uv, "venv", "-q", "--seed", "--python", sys.executable, str(env_dir)],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert made.returncode == 0, made.stderr[-3000:]
        install = [*uv, "pip", "install", "-q", "--python", str(python)]
        links = os.environ.get("PIP_FIND_LINKS")
        if links:  # the machine's local wheels pip would also look at
            install += ["--find-links", links]
    else:
        venv.EnvBuilder(with_pip=True).create(env_dir)
        install = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    done = subprocess.run(
        [*install, "-r", str(REQUIREMENTS)], cwd=REPO, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    kernel = [str(python), "-m", "ipykernel", "install", "--prefix", str(env_dir)]
    subprocess.run([*kernel, "--name", KERNEL], check=True, capture_output=True, timeout=120)


def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Binder virtual environment (built on first use in this run, or reused)."""
    kept = os.environ.get("LEVELWIDGETS_BINDER_VENV")
    shared = tmp_path_factory.getbasetemp().parent  # one root for every xdist worker
    # one folder per fingerprint: runs of other checkouts beside this one never rebuild the
    # environment a kernel of this run is using
    name = f"binder-venv-{_fingerprint()[:12]}"
    env_dir = Path(kept) if kept else shared / name
    env_dir.parent.mkdir(parents=True, exist_ok=True)
    stamp = env_dir / ".fingerprint"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds; the others wait, then reuse
        if not stamp.exists() or stamp.read_text() != _fingerprint():
            _build(env_dir)
            stamp.write_text(_fingerprint())
    return env_dir


@pytest.fixture(scope="session")
def binder_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return binder_env(tmp_path_factory)


def run_notebook(
    nb: nbformat.NotebookNode, cwd: Path, env_dir: Path, timeout: int = 300
) -> nbformat.NotebookNode:
    """Execute ``nb`` in place in a kernel of ``env_dir``, in folder ``cwd``."""
    specs = KernelSpecManager(kernel_dirs=[str(env_dir / "share" / "jupyter" / "kernels")])
    manager = KernelManager(kernel_name=KERNEL, kernel_spec_manager=specs)
    env = {**os.environ, "LEVELWIDGETS_QUICK": "1"}
    env.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    NotebookClient(
        nb, km=manager, timeout=timeout, resources={"metadata": {"path": str(cwd)}}
    ).execute(env=env)
    return nb


def outputs_of(nb: nbformat.NotebookNode) -> list[dict]:
    return [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]


def run_example(
    name: str, tmp_path: Path, env_dir: Path, timeout: int = 300
) -> nbformat.NotebookNode:
    """Execute ``examples/<name>`` in the Binder environment; the executed notebook, after
    checking that no cell failed and nothing was written outside ``saved/``."""
    nb = run_notebook(nbformat.read(EXAMPLES / name, as_version=4), tmp_path, env_dir, timeout)
    errors = [o for o in outputs_of(nb) if o.get("output_type") == "error"]
    assert not errors, "\n".join(e.get("ename", "") + ": " + e.get("evalue", "") for e in errors)
    written = [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()]
    stray = [p for p in written if not p.startswith(f"{SAVED}/")]
    assert not stray, f"{name} wrote {stray} beside itself; examples save only into {SAVED}/"
    return nb
