"""The analysts' example notebook runs top to bottom and shows what an analyst needs: results
per bot with intervals, the first-seat question, game lengths, a figure, and the closest game
in a widget that steps through it (not a static picture)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.notebooks import run_example

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "levelx_analysis.ipynb"
WIDGET = "application/vnd.jupyter.widget-view+json"


def markdown(nb) -> str:
    """The notebook's prose, lines joined."""
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return re.sub(r"\s*\n\s*", " ", text)


def test_analysis_notebook_runs(tmp_path, binder_venv):
    nb = run_example(NOTEBOOK.name, tmp_path, binder_venv, timeout=180)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    outputs = [o for cell in code for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    html = "".join(o.get("data", {}).get("text/html", "") for o in outputs)

    # results per bot, by name (seats alternate), with 95 % intervals
    wins = re.search(r"Greedy wins ([\d.]+) of 400 games: [\d.]+% \(95 % interval", text)
    assert wins
    # the prose: "Against Random, Greedy decides nearly every game"
    assert "Greedy decides nearly every game" in markdown(nb)
    assert float(wins.group(1)) >= 0.95 * 400
    assert "Player 1" not in text + html
    assert '<div class="levelwidgets-summary">' in html and "95 % interval" in html
    assert ">Random<" in html and ">Greedy<" in html
    # the first-seat question on equal bots, with its verdict
    assert re.search(r"First seat \(plays first\): [\d.]+ % \[[\d.]+ %, [\d.]+ %\] vs 50.0 %", text)
    assert "Greedy 1" in text and "if the seat did not matter" in text
    # game lengths and the figure
    length = r"Game length: mean [\d.]+ turns \[[\d.]+, [\d.]+\] \(t interval\), median"
    assert re.search(length, html)
    # the prose: "two-player games end after whole rounds, so the number of turns is even"
    assert "so the number of turns is even" in markdown(nb)
    counts = next(c for c in code if "value_counts" in c.source).outputs[0].data["text/html"]
    turns = [int(t) for t in re.findall(r"<th>(\d+)</th>", counts)]
    assert turns and all(t % 2 == 0 for t in turns)
    assert any("image/png" in o.get("data", {}) for o in outputs), "the summary plot"
    # the closest game opens in a read-only widget half-way through, with its picture beside
    widget_cell = next(c for c in code if "LevelXWidget(" in c.source)
    kinds = [list(o.get("data", {})) for o in widget_cell.outputs]
    assert any(WIDGET in k for k in kinds), "the closest game is a widget"
    assert any(
        "data-lw-picture" in o.get("data", {}).get("text/html", "") for o in widget_cell.outputs
    )
    shown = next(o for o in widget_cell.outputs if WIDGET in o.get("data", {}))
    assert re.match(
        r"<LevelX 2 players, round \d+, (Greedy|Random) to roll", shown.data["text/plain"]
    )
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    model = state[shown.data[WIDGET]["model_id"]]["state"]
    assert model["read_only"] is True, "stepping through, not playing on"
    assert sorted(model["view"]["names"]) == ["Greedy", "Random"]
    review = model["view"]["review"]
    assert review["step"] == review["steps"] // 2 > 0, "opened half-way; the review bar steps on"
    assert "rolls" in text and "wins!" in text  # how the closest game ended
