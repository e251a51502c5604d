"""The server extension: kernel websockets open with TCP_NODELAY (see levelwidgets/server.py)."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any

import pytest

from levelwidgets import server

REPO = Path(__file__).resolve().parents[1]


def finish(coroutine: Any) -> Any:
    """Run a coroutine that never waits to its end, without an event loop (another test of
    this worker may have left one running, which ``asyncio.run`` refuses)."""
    try:
        coroutine.send(None)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("the coroutine waited for something")


class FakeHandler:
    """A websocket handler as jupyter_server's: ``open`` is a coroutine."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def set_nodelay(self, value: bool) -> None:
        self.calls.append(f"nodelay {value}")

    async def open(self, kernel_id: str) -> str:
        self.calls.append(f"open {kernel_id}")
        return kernel_id


def test_open_switches_nagle_off_before_the_channels_open() -> None:
    handler_class = type("Handler", (FakeHandler,), {})
    assert server.install_nodelay(handler_class) is True
    handler = handler_class()
    assert finish(handler.open("k1")) == "k1"
    assert handler.calls == ["nodelay True", "open k1"]
    assert handler_class.open.__name__ == "open"  # (wrapped, its name kept)


def test_installing_twice_wraps_once() -> None:
    handler_class = type("Handler", (FakeHandler,), {})
    assert server.install_nodelay(handler_class) is True
    assert server.install_nodelay(handler_class) is False
    handler = handler_class()
    finish(handler.open("k"))
    assert handler.calls.count("nodelay True") == 1


def test_a_socket_gone_before_open_still_opens() -> None:
    """tornado asserts a connection in set_nodelay; a socket closed meanwhile must not make
    the kernel unreachable: opening reports the closed socket itself."""

    class Closed(FakeHandler):
        def set_nodelay(self, value: bool) -> None:
            raise AssertionError("no ws_connection")

    assert server.install_nodelay(Closed)
    handler = Closed()
    assert finish(handler.open("k")) == "k"
    assert handler.calls == ["open k"]


def test_loading_patches_jupyter_servers_handler_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    handler = server.kernel_websocket_handler()
    assert handler is not None, "jupyter_server's kernel websocket handler was not found"
    monkeypatch.setattr(handler, "open", handler.open)  # both restored after the test
    monkeypatch.setattr(handler, server._MARK, False, raising=False)
    app = type("App", (), {"log": logging.getLogger("fake-server")})()
    with caplog.at_level(logging.INFO, "fake-server"):
        server._load_jupyter_server_extension(app)
    assert getattr(handler, server._MARK) is True
    assert "send each message at once" in caplog.text


def test_the_install_enables_the_extension() -> None:
    """The config file a Jupyter install reads (shared data of the wheel, editable too)."""
    points = server._jupyter_server_extension_points()
    assert points == [{"module": "levelwidgets.server"}]
    source = REPO / "levelwidgets" / "jupyter_config" / "levelwidgets.json"
    enabled = json.loads(source.read_text())["ServerApp"]["jpserver_extensions"]
    assert enabled == {"levelwidgets.server": True}
    installed = Path(sys.prefix, "etc", "jupyter", "jupyter_server_config.d", "levelwidgets.json")
    assert installed.is_file(), f"{installed} is missing: reinstall levelwidgets"
    assert json.loads(installed.read_text()) == json.loads(source.read_text())
