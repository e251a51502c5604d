"""examples/puzzles.ipynb runs top to bottom in a fresh kernel: ten puzzles per game, each
shown as its question, its widget and the widget's picture; the answers table; the file."""

from __future__ import annotations

from pathlib import Path

from tests.widgets.test_example_notebook import WIDGET, pictures, run_example


def test_puzzles_notebook_runs(tmp_path: Path, binder_venv: Path) -> None:
    outputs = run_example("puzzles.ipynb", tmp_path, binder_venv)
    widgets = [o for o in outputs if WIDGET in o.get("data", {})]
    assert len(widgets) == 10 + 10 + 1, "ten puzzles per game and one of the teacher's own"
    assert len(pictures(outputs)) == len(widgets)
    questions = [
        o for o in outputs if "lw-puzzle-question" in o.get("data", {}).get("text/html", "")
    ]
    assert len(questions) == len(widgets)
    assert any("Which grouping is best?" in q["data"]["text/html"] for q in questions)
    assert any("which card do you discard" in q["data"]["text/html"] for q in questions)
    assert any("alle vier Würfel" in q["data"]["text/html"] for q in questions)
    assert (tmp_path / "saved" / "level8_puzzles.json").is_file()
