"""A Jupyter server extension: the kernel's messages reach the browser as soon as they are sent.

jupyter_server leaves Nagle's algorithm on for the kernel websocket (tornado's default). A
widget's answer follows the kernel's ``busy`` status by a fraction of a millisecond, so the
operating system holds the answer until the browser acknowledges ``busy``, and browsers delay
that acknowledgement (40 ms on Linux). Measured in JupyterLab: about one Level 8 click in four
waited 40–50 ms longer than the kernel took (``benchmarks/widget_latency.py``). With
``TCP_NODELAY`` each message leaves as it is written, which tornado advises for interactive
websockets (``WebSocketHandler.set_nodelay``); the cost is a few more small packets.

Installed enabled (``etc/jupyter/jupyter_server_config.d/levelwidgets.json``); turn it off
with ``jupyter server extension disable levelwidgets.server``. It changes no message and no
setting, only when the server's socket sends what it was given.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from typing import Any

#: Set on a handler class once its ``open`` switches Nagle off (installing twice is a no-op).
_MARK = "_levelwidgets_nodelay"


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "levelwidgets.server"}]


def kernel_websocket_handler() -> type | None:
    """jupyter_server's kernel websocket handler class (2.x, then 1.x), None if neither."""
    with contextlib.suppress(ImportError):
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

        return KernelWebsocketHandler
    with contextlib.suppress(ImportError):
        from jupyter_server.services.kernels.handlers import ZMQChannelsHandler

        return ZMQChannelsHandler
    return None


def install_nodelay(handler: type) -> bool:
    """Make ``handler.open`` switch Nagle's algorithm off before it opens the kernel's
    channels. False when ``handler`` had it already."""
    if getattr(handler, _MARK, False):
        return False
    opened = handler.open  # type: ignore[attr-defined]

    @functools.wraps(opened)
    async def open_without_delay(self: Any, *args: Any, **kwargs: Any) -> Any:
        # (a socket closed meanwhile has nothing to tune: opening reports that itself)
        with contextlib.suppress(AssertionError, OSError):
            self.set_nodelay(True)
        result = opened(self, *args, **kwargs)
        return await result if inspect.isawaitable(result) else result

    handler.open = open_without_delay  # type: ignore[attr-defined]
    setattr(handler, _MARK, True)
    return True


def _load_jupyter_server_extension(server_app: Any) -> None:
    handler = kernel_websocket_handler()
    if handler is None:
        server_app.log.warning(
            "levelwidgets: no kernel websocket handler found in this jupyter_server; widget "
            "answers may wait for the browser's delayed acknowledgements (up to 40 ms)."
        )
        return
    install_nodelay(handler)
    server_app.log.info(
        "levelwidgets: kernel websockets send each message at once (TCP_NODELAY on %s)",
        handler.__name__,
    )
