"""The example notebooks run top to bottom in a fresh kernel (no browser: Python side only)."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[2]
WIDGET = "application/vnd.jupyter.widget-view+json"


def run_example(name: str, tmp_path: Path) -> list[dict]:
    """Execute ``examples/<name>``; its code cells' outputs, after checking none is an error."""
    nb = nbformat.read(REPO / "examples" / name, as_version=4)
    NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    return outputs


def test_levelx_play_notebook_runs(tmp_path: Path) -> None:
    outputs = run_example("levelx_play.ipynb", tmp_path)
    widget = [o for o in outputs if WIDGET in o.get("data", {})]
    assert widget, "the widget cell displayed no widget"
    assert "image/svg+xml" in widget[0]["data"], "no static SVG fallback next to the widget"


def test_level8_play_notebook_runs(tmp_path: Path) -> None:
    outputs = run_example("level8_play.ipynb", tmp_path)
    widgets = [o for o in outputs if WIDGET in o.get("data", {})]
    assert len(widgets) == 2, "the player and the teacher widget"
    player_svg, teacher_svg = (w["data"]["image/svg+xml"] for w in widgets)
    assert player_svg != teacher_svg  # the saved picture of the player shows no other hand
    assert "missing" in "".join(o.get("text", "") for o in outputs if o.output_type == "stream")


def test_annotate_a_game_notebook_runs(tmp_path: Path) -> None:
    outputs = run_example("annotate_a_game.ipynb", tmp_path)
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "entering row 9 keeps more options open" in text and "?!" in text
    handout = [o["data"]["text/markdown"] for o in outputs if "text/markdown" in o.get("data", {})]
    assert handout and "Better: this move" in handout[0] and "?!" in handout[0]
    assert (tmp_path / "lesson.levelx.json").exists()
    view = "application/vnd.jupyter.widget-view+json"
    widgets = [o for o in outputs if view in o.get("data", {})]
    assert len(widgets) == 2, "the game, and the read-only copy for the class"
