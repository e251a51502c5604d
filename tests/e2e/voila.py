"""A Voilà server for real-browser tests: a notebook served as an app (no code shown).

Same isolation as :mod:`tests.e2e.lab` (Jupyter dirs in a temp folder). Voilà 0.5 runs its own
server: no token, the app at ``/``, the kernel started (and the cells run) per page load.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .lab import free_port, isolated_env, running, wait_until_up


@dataclass
class VoilaServer:
    """A running Voilà serving one notebook: its port and process."""

    port: int
    proc: subprocess.Popen

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


def voila_command() -> str:
    """The ``voila`` next to this Python (the project's venv), else the one on PATH."""
    here = Path(sys.executable).with_name("voila")
    return str(here) if here.exists() else "voila"


@contextmanager
def voila_server(notebook: Path, home: Path, timeout: float = 90) -> Iterator[VoilaServer]:
    """Start ``voila notebook`` on 127.0.0.1 (free port, no browser); stop it afterwards."""
    env = isolated_env(home)
    port = free_port()
    log_path = home / "voila.log"
    cmd = [
        voila_command(),
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    with running(cmd, env, notebook.parent, log_path) as proc:
        server = VoilaServer(port, proc)
        # a static file: answers once the server listens, without starting a kernel
        wait_until_up(proc, server.url + "voila/static/voila.js", "Voilà", log_path, timeout)
        yield server
