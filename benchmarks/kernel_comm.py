"""A widget's comm as in a kernel, without one: every message goes through a real
``jupyter_client`` Session (headers, JSON, HMAC signing) to a stream that drops it.

What a step costs in a notebook is the widget's own work plus every comm message it sends; a
widget made without a kernel gets ``comm``'s dummy comm, which sends nothing, so a benchmark on
it leaves the sending out. :func:`use_session_comms` makes widgets created afterwards send as
ipykernel's comm does (``Session.send`` on IOPub); :func:`intent` hands a widget a browser's
intent the way a comm message arrives (ipywidgets' ``_handle_msg``, the widget's dispatch).

Used by ``record_speed.py``; importing it changes nothing until :func:`use_session_comms`
(or inside :func:`session_comms`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: Messages and bytes sent since the last :func:`take_sent` (one entry per message).
SENT: list[int] = []


class _Stream:
    """Where IOPub messages would go: counts their bytes."""

    def send_multipart(self, parts: list[bytes], copy: bool = True) -> None:
        SENT.append(sum(len(p) for p in parts))


@contextmanager
def session_comms() -> Iterator[None]:
    """Widgets made inside send through a signed Session, as in ipykernel (their comms keep
    doing so afterwards); widgets made after it get ``comm``'s own comm again."""
    import comm

    before = comm.create_comm
    use_session_comms()
    try:
        yield
    finally:
        comm.create_comm = before


def use_session_comms() -> None:
    """Widgets made from now on send through a signed Session, as in ipykernel."""
    import comm
    from comm.base_comm import BaseComm
    from jupyter_client.session import Session

    session = Session(key=b"0123456789abcdef0123456789abcdef", username="kernel")
    stream = _Stream()
    parent = session.msg("comm_msg", {"comm_id": "", "data": {}})

    class SessionComm(BaseComm):
        def publish_msg(
            self,
            msg_type: str,
            data: dict[str, Any] | None = None,
            metadata: dict[str, Any] | None = None,
            buffers: list[bytes] | None = None,
            **keys: Any,
        ) -> None:
            # ipykernel.comm.comm.BaseComm.publish_msg, less its subshell bookkeeping
            content = dict(data={} if data is None else data, comm_id=self.comm_id, **keys)
            session.send(
                stream,
                msg_type,
                content,
                metadata={} if metadata is None else metadata,
                parent=parent,
                ident=self.topic,
                buffers=buffers,
            )

    comm.create_comm = lambda **kwargs: SessionComm(**kwargs)


def intent(widget: Any, content: dict[str, Any]) -> None:
    """The browser sends ``content`` (``{"type": "seek", "step": 3}``…) to ``widget``."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def shown(widget: Any) -> Any:
    """``widget`` as a browser has it after drawing it: the page's language reported (the
    views go out as patches from then on, see ``levelwidgets/widgets/viewsync.py``)."""
    widget._handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"page_language": "en"}}},
            "buffers": [],
        }
    )
    SENT.clear()
    return widget


def take_sent() -> tuple[int, int]:
    """Messages and bytes sent since the last call."""
    out = (len(SENT), sum(SENT))
    SENT.clear()
    return out
