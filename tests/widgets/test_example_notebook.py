"""The example notebooks run top to bottom in a fresh kernel (no browser: Python side only)."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat

from tests import notebooks
from tests.notebooks import SAVED, outputs_of

REPO = Path(__file__).resolve().parents[2]
WIDGET = "application/vnd.jupyter.widget-view+json"
PICTURE = "data-lw-picture"


def pictures(outputs: list[dict]) -> list[str]:
    """The picture output right after each widget output (the board where widgets cannot run)."""
    found = []
    for i, output in enumerate(outputs):
        if WIDGET in output.get("data", {}):
            after = outputs[i + 1].get("data", {}) if i + 1 < len(outputs) else {}
            html = after.get("text/html", "")
            assert PICTURE in html, f"widget output {i} has no picture output after it"
            assert "image/svg+xml" not in output["data"], "the board would show twice"
            found.append(html)
    return found


def run_example(name: str, tmp_path: Path, env_dir: Path) -> list[dict]:
    """Execute ``examples/<name>`` in the Binder environment (:mod:`tests.notebooks`); its code
    cells' outputs."""
    return outputs_of(notebooks.run_example(name, tmp_path, env_dir))


def test_levelx_play_notebook_runs(tmp_path: Path, binder_venv: Path) -> None:
    outputs = run_example("levelx_play.ipynb", tmp_path, binder_venv)
    widget = [o for o in outputs if WIDGET in o.get("data", {})]
    assert widget, "the widget cell displayed no widget"
    assert len(pictures(outputs)) == len(widget)


def test_level8_play_notebook_runs(tmp_path: Path, binder_venv: Path) -> None:
    outputs = run_example("level8_play.ipynb", tmp_path, binder_venv)
    widgets = [o for o in outputs if WIDGET in o.get("data", {})]
    assert len(widgets) == 2, "the player and the teacher widget"
    player_svg, teacher_svg = pictures(outputs)
    assert player_svg != teacher_svg  # the saved picture of the player shows no other hand
    assert "missing" in "".join(o.get("text", "") for o in outputs if o.output_type == "stream")


def test_level8_board_play_notebook_runs(tmp_path: Path, binder_venv: Path) -> None:
    outputs = run_example("level8_board_play.ipynb", tmp_path, binder_venv)
    widgets = [o for o in outputs if WIDGET in o.get("data", {})]
    assert len(widgets) == 2, "the board game widget and the lesson's teacher table"
    assert len(pictures(outputs)) == 2
    assert len([o for o in outputs if "image/svg+xml" in o.get("data", {})]) == 2  # to_svg
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "Ann has laid down: True" in text and "6 cards of one colour" in text
    assert "Cem shows 1B 2B" in text  # the lesson position: a steal, Cem shows his only two
    assert "winner: ['Heuristic" in text and "heuristic won" in text


def test_annotate_a_game_notebook_runs(tmp_path: Path, binder_venv: Path) -> None:
    outputs = run_example("annotate_a_game.ipynb", tmp_path, binder_venv)
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    # The prose about a move is what the engine did: replay the same game and compare.
    from levelwidgets import LevelXWidget

    w = LevelXWidget(players=["Ann", "Greedy"], bots=[None, "greedy"], seed=4, bot_delay=0)
    for _ in range(3):
        w.roll()
        w.play(w.game.legal_moves()[0])
    move = w.record.mainline_node(2)
    first = w.record.mainline_node(1)  # "Ply 1 is Ann's first roll, ply 2 her first move"
    assert (first.kind, first.player_name, move.kind, move.player_name) == (
        "roll",
        "Ann",
        "move",
        "Ann",
    )
    rows = [e.row for e in move.events if e.kind == "entered"]
    assert len(rows) == 2, "the lesson's move enters two rows"
    said = f"Ann plays {move.notation}, entering row(s) {rows[0]} and {rows[1]}:"
    assert said in text and "?!" in text
    handout = [o["data"]["text/markdown"] for o in outputs if "text/markdown" in o.get("data", {})]
    bot = w.record.mainline_node(4)
    entered = [e.row for e in bot.events if e.kind == "entered"]
    assert entered and all(f"enters row {r}" in handout[0] for r in entered)
    assert handout and "Better: this move" in handout[0] and "?!" in handout[0]
    # The variation: back to Ann's first roll, "the same dice as in the game", another move
    w.goto(0)
    w.roll()
    assert "-".join(map(str, w.game.dice)) == first.notation
    better = next(m for m in w.game.legal_moves() if m.notation != move.notation)
    shown = [o["data"]["text/plain"] for o in outputs if "text/plain" in o.get("data", {})]
    assert repr([move.notation, better.notation]) in shown  # the move played, then the new one
    assert (tmp_path / SAVED / "lesson.levelx.json").exists()
    view = "application/vnd.jupyter.widget-view+json"
    widgets = [o for o in outputs if view in o.get("data", {})]
    assert len(widgets) == 2, "the game, and the read-only copy for the class"


def test_levelx_app_notebook_runs(tmp_path: Path, binder_venv: Path) -> None:
    outputs = run_example("levelx_app.ipynb", tmp_path, binder_venv)
    assert len(pictures(outputs)) == 1, "the app shows one widget (and its hidden picture)"
    assert not [o for o in outputs if o.output_type == "stream"], "the app prints nothing"


def test_teach_probability_lesson_runs_with_answers_collapsed(
    tmp_path: Path, binder_venv: Path
) -> None:
    nb = nbformat.read(REPO / "examples" / "teach_probability.ipynb", as_version=4)
    answers = [c for c in nb.cells if "answer" in c.metadata.get("tags", [])]
    assert len(answers) >= 7, "every exercise has an answer"
    assert all(c.metadata["jupyter"]["source_hidden"] for c in answers), "answers start collapsed"
    outputs = run_example("teach_probability.ipynb", tmp_path, binder_venv)
    text = "".join(str(o.get("data", {}).get("text/plain", "")) for o in outputs)
    assert "Fraction(5, 18)" in text  # exercise 1: four different faces
    assert "Fraction(216, 173), Fraction(216, 173)" in text  # exercise 6: E = 1/p, by the chain
    assert "1013/1296" in text  # the exact chance of making a 7
    assert "Fraction(2575, 324)" in text  # exercise 7: 10 · 515/648, the estimate of 2+2+6
    assert any("image/png" in o.get("data", {}) for o in outputs), "the race to X is plotted"


def test_level8_play_notebook_warns_that_the_teacher_view_shows_every_hand() -> None:
    """The teacher view sits on the same page: the notebook says so, saved file included."""
    nb = json.loads((Path(__file__).parents[2] / "examples" / "level8_play.ipynb").read_text())
    cells = nb["cells"]
    teacher = next(i for i, c in enumerate(cells) if 'view="teacher"' in "".join(c["source"]))
    before = "".join(cells[teacher - 1]["source"])
    assert cells[teacher - 1]["cell_type"] == "markdown"
    assert "shows every hand" in before and "saved file" in before
