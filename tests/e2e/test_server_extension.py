"""The installed package switches Nagle's algorithm off for the lab's kernel websockets."""

from __future__ import annotations

from .lab import LabServer


def test_the_served_lab_loads_the_nodelay_extension(lab: LabServer) -> None:
    """Installing levelwidgets enables ``levelwidgets.server`` (its config file in
    ``etc/jupyter/jupyter_server_config.d``), and the lab every browser test uses loaded it:
    every widget figure of these tests and of ``benchmarks/widget_latency.py`` is taken with
    the answers sent at once, as users get them."""
    assert lab.log is not None
    text = lab.log.read_text()
    assert "levelwidgets: kernel websockets send each message at once" in text, text[-3000:]
