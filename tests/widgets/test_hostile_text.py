"""Hostile player names stay text in the pictures the widgets put into a saved notebook."""

from __future__ import annotations

import pytest

from levelwidgets.widgets import Level8Widget, LevelXWidget

HOSTILE = ['<img src=x onerror="alert(1)">', "<script>alert(2)</script>", "Ann & Co"]


@pytest.mark.parametrize("widget", [LevelXWidget, Level8Widget])
def test_names_are_escaped_in_the_static_picture(widget) -> None:
    w = widget(players=HOSTILE, seed=1)
    data, _meta = w._repr_mimebundle_()
    svg = data["image/svg+xml"]
    assert "<img" not in svg and "<script" not in svg and "Ann & Co" not in svg
    assert "&lt;img" in svg and "&lt;script&gt;" in svg and "Ann &amp; Co" in svg
    assert w.view["names"] == HOSTILE  # the browser gets the text, and shows it as text
