"""Reusable machinery for real-browser widget tests: a JupyterLab server and a Chromium page.

Every widget's e2e tests use these helpers (via the fixtures in ``conftest.py``): one isolated
JupyterLab per pytest session, one Chromium, and a page that fails the test on any page or
console error. Missing pieces (Chromium, Playwright) make tests fail with a clear message, never
skip: CI must run them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("LEVELWIDGETS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"


def require_chromium() -> str:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install it (apt-get install -y chromium) or set "
            "LEVELWIDGETS_CHROMIUM. Browser tests never skip.",
            pytrace=False,
        )
    return CHROMIUM


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LabServer:
    """A running JupyterLab: its URL parts, root folder and process."""

    port: int
    token: str
    root: Path
    proc: subprocess.Popen
    env: dict[str, str] = field(repr=False)
    log: Path | None = None  # the server's output

    def url(self, path: str = "lab") -> str:
        return f"http://127.0.0.1:{self.port}/{path}?token={self.token}"

    def notebook_url(self, name: str) -> str:
        """The notebook alone in a fresh workspace (no tabs restored from earlier tests)."""
        workspace = "".join(c if c.isalnum() else "-" for c in name)
        return self.url(f"lab/workspaces/{workspace}/tree/{name}") + "&reset"


def isolated_env(home: Path) -> dict[str, str]:
    """Jupyter dirs in a temp folder so the user's settings and kernels never leak in."""
    env = dict(os.environ)
    for name, sub in (
        ("HOME", "home"),
        ("JUPYTER_CONFIG_DIR", "jupyter-config"),
        ("JUPYTER_RUNTIME_DIR", "jupyter-runtime"),
        ("JUPYTER_DATA_DIR", "jupyter-data"),
        ("IPYTHONDIR", "ipython"),
    ):
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "lab-settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "lab-workspaces")
    env.pop("JUPYTER_PATH", None)
    # No "news" pop-up, no update check: both would cover the notebook or need the network.
    settings = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True})
    )
    labconfig = Path(env["JUPYTER_CONFIG_DIR"]) / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    return env


@contextmanager
def lab_server(
    root: Path, home: Path, python: str = sys.executable, timeout: float = 90
) -> Iterator[LabServer]:
    """Start ``python -m jupyterlab`` serving ``root``; stop it (and its kernels) afterwards."""
    env = isolated_env(home)
    port, token = free_port(), "levelwidgets-e2e"
    cmd = [
        python,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--JupyterNotebookApp.expose_app_in_browser=True",  # Notebook 7: window.jupyterapp too
        "--ServerApp.disable_check_xsrf=True",
        "--LabServerApp.extra_labextensions_path=[]",
    ]
    with running(cmd, env, root, home / "jupyterlab.log") as proc:
        server = LabServer(port, token, root, proc, env, home / "jupyterlab.log")
        wait_until_up(
            proc, server.url("api/status"), "JupyterLab", home / "jupyterlab.log", timeout
        )
        yield server


@contextmanager
def running(
    cmd: list[str], env: dict[str, str], cwd: Path, log_path: Path
) -> Iterator[subprocess.Popen]:
    """Run a server process with its output in ``log_path``; stop it (SIGTERM, then kill)."""
    log = open(log_path, "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()


def wait_until_up(
    proc: subprocess.Popen, url: str, name: str, log_path: Path, timeout: float
) -> None:
    """Poll ``url`` until it answers 200; fail with the server's log if it exits or times out."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            pytest.fail(f"{name} exited early:\n" + log_path.read_text()[-3000:], pytrace=False)
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{name} did not answer within {timeout:.0f} s.", pytrace=False)
        time.sleep(0.25)


def copy_notebook(src: Path, root: Path) -> str:
    shutil.copy(src, root / src.name)
    return src.name


class PageErrors:
    """Collects page errors and console errors; tests assert it stays empty."""

    IGNORED = (
        # Harmless noise from JupyterLab itself, not from our widget.
        "favicon",
        "Failed to load resource: the server responded with a status of 404",
    )

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.ignored = list(self.IGNORED)

    def ignore(self, fragment: str) -> None:
        """Tolerate errors containing ``fragment`` (for a known error of the host, not ours)."""
        self.ignored.append(fragment)

    def attach(self, page) -> None:
        def keep(text: str) -> None:
            if not any(s in text for s in self.ignored):
                self.errors.append(text)

        page.on("pageerror", lambda exc: keep(f"pageerror: {exc}"))
        page.on("console", lambda msg: msg.type == "error" and keep(f"console.error: {msg.text}"))

    def check(self) -> None:
        assert not self.errors, "errors in the page:\n" + "\n".join(self.errors)


def open_notebook(page, server: LabServer, name: str, timeout: float = 60_000) -> None:
    """Open a notebook and wait until its kernel is really idle (not just the indicator)."""
    page.goto(server.notebook_url(name))
    page.wait_for_function(
        """(name) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                       return w && w.context && w.context.path === name; }""",
        arg=name,
        timeout=timeout,
    )
    page.locator("#jp-main-statusbar", has_text="Idle").wait_for(timeout=timeout)


def run_all(page) -> None:
    """Run every cell. Not awaited in the page: a command that never settles must not hang us."""
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


def run_code(page, code: str, timeout: float = 30_000) -> str:
    """Append a cell with ``code`` at the end, run it and return its text output."""
    count = page.locator(".jp-Notebook .jp-Cell").count()
    page.evaluate(
        """(code) => {
        const app = window.jupyterapp;
        const nb = app.shell.currentWidget.content;
        nb.activeCellIndex = nb.widgets.length - 1;
        const p = app.commands.execute('notebook:insert-cell-below');
        return Promise.race([p, new Promise((r) => setTimeout(r, 5000))]).then(() => {
          nb.activeCell.model.sharedModel.setSource(code);
          app.commands.execute('notebook:run-cell');
        });
      }""",
        code,
    )
    page.wait_for_function(
        r"""(n) => { const cells = document.querySelectorAll('.jp-Notebook .jp-Cell');
                    if (cells.length <= n) return false;
                    const p = cells[cells.length - 1].querySelector('.jp-InputPrompt');
                    return p && /\[\d+\]/.test(p.textContent); }""",
        arg=count,
        timeout=timeout,
    )
    out = page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-OutputArea-output")
    return "\n".join(out.all_inner_texts())


def set_theme(page, dark: bool) -> None:
    theme = "JupyterLab Dark" if dark else "JupyterLab Light"
    page.evaluate(
        "(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme
    )
    want = "false" if dark else "true"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{want}'", timeout=15_000)


def settled(page, root: str, index: int = 0, timeout: float = 30_000) -> dict:
    """Wait until widget ``root`` (a selector, e.g. ``.lx-root``) number ``index`` has drawn its
    latest view and is idle (``data-busy="0"``); returns its ``data-*`` attributes."""
    page.wait_for_function(
        """([sel, i]) => { const r = document.querySelectorAll(sel)[i];
                           return r && r.dataset.busy === '0'; }""",
        arg=[root, index],
        timeout=timeout,
    )
    data = "([sel, i]) => ({...document.querySelectorAll(sel)[i].dataset})"
    return page.evaluate(data, [root, index])


def settled_after(page, root: str, seq: int, index: int = 0, timeout: float = 30_000) -> dict:
    """Wait until the widget shows a view newer than ``seq`` and is idle; its ``data-*``."""
    page.wait_for_function(
        """([sel, i, s]) => { const r = document.querySelectorAll(sel)[i];
                              return r && Number(r.dataset.seq) > s && r.dataset.busy === '0'; }""",
        arg=[root, index, seq],
        timeout=timeout,
    )
    return settled(page, root, index, timeout)


def open_code(page, server: LabServer, name: str, code: str) -> None:
    """Write a notebook ``name`` whose one cell is ``code``, open it in Lab and run it."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, server.root / name)
    open_notebook(page, server, name)
    run_all(page)


def kernel_run(page, code: str, timeout: float = 30_000) -> str:
    """Run ``code`` in the open notebook's kernel without adding a cell; its printed output.

    A cell per question made long journeys slow: each one is drawn, and a notebook of a
    few hundred cells slows JupyterLab itself. A Python error fails the test with its text.
    It may run while a widget's comm messages are handled on a subshell's thread (ipykernel 7):
    the widgets hold a lock for those and never move their game to work views out ahead
    (``tests/widgets/test_widget_threads.py``), so what it reads is a state the widget shows.
    """
    result = page.evaluate(
        """async ([code, timeout]) => {
        const panel = window.jupyterapp.shell.currentWidget;
        const kernel = panel.sessionContext.session.kernel;
        const future = kernel.requestExecute({code, silent: false, store_history: false});
        let out = '', error = null;
        future.onIOPub = (msg) => {
          const kind = msg.header.msg_type, content = msg.content;
          if (kind === 'stream') out += content.text;
          else if (kind === 'error') error = `${content.ename}: ${content.evalue}`;
          else if (kind === 'execute_result' || kind === 'display_data')
            out += (content.data['text/plain'] || '') + '\\n';
        };
        const late = new Promise((r) => setTimeout(() => r('late'), timeout));
        try {
          if ((await Promise.race([future.done, late])) === 'late')
            error = `no answer from the kernel within ${timeout} ms`;
        } catch (e) {
          error = error || String(e);
        }
        return {out, error};
      }""",
        [code, timeout],
    )
    assert result["error"] is None, f"{code!r} failed in the kernel: {result['error']}"
    return result["out"]


def py(page, expr: str) -> object:
    """The JSON value of a Python expression, evaluated in the open notebook's kernel."""
    import json
    import re

    out = kernel_run(page, f"import json as _j; print('@@' + _j.dumps({expr}))")
    match = re.search(r"@@(.*)", out)
    assert match, out
    return json.loads(match.group(1))
