"""Plots: a matplotlib Figure with the panels asked for, drawn from the summary's numbers."""

from __future__ import annotations

import sys

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from levelwidgets.analysis import plot_seats, summary

from .helpers import two_player_frame


def test_summary_plot_has_three_panels():
    before = plt.get_fignums()
    fig = summary(two_player_frame(60, 40)).plot()
    assert isinstance(fig, Figure) and len(fig.axes) == 3
    titles = [ax.get_title() for ax in fig.axes]
    assert titles == ["Win rate per bot", "Win rate per seat", "Game length"]
    assert plt.get_fignums() == before, "pyplot keeps no copy (no double picture in Jupyter)"
    seats = fig.axes[1]
    heights = [bar.get_height() for bar in seats.patches]
    assert heights == pytest.approx([0.6, 0.4])
    lengths = fig.axes[2]
    counts = [bar.get_height() for bar in lengths.patches]
    assert sum(counts) == 100 and len(counts) == 5  # turns 30, 32 … 38: one bar each


def test_one_panel_on_axes_of_your_own():
    fig, ax = plt.subplots()
    try:
        assert plot_seats(summary(two_player_frame(3, 1)), ax) is ax
        assert len(ax.patches) == 2
    finally:
        plt.close(fig)


def test_without_matplotlib_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"levelwidgets\[analysis\]"):
        summary(two_player_frame(1, 1)).plot()
