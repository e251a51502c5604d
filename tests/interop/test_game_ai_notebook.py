"""examples/game_ai.ipynb runs top to bottom on its quick budget (``LEVELWIDGETS_QUICK=1``)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytest.importorskip("pyspiel")
pytest.importorskip("gymnasium")
pytest.importorskip("matplotlib")

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "game_ai.ipynb"
WIDGET = "application/vnd.jupyter.widget-view+json"
RATE = r"win rate (\d+)% \[(\d+)%, (\d+)%\]"


def test_the_notebook_is_saved_without_outputs() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and not any(c.outputs or c.execution_count for c in code)


def test_game_ai_notebook_runs_on_the_quick_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LEVELWIDGETS_QUICK", "1")  # the kernel inherits it
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")

    # 1. the MCTS line: a rate inside its Wilson interval, over the quick budget's 4 games
    mcts = re.search(r"MCTS \(4 simulations\) vs Greedy: " + RATE + r" over 4 games", text)
    assert mcts, text
    rate, low, high = map(int, mcts.groups())
    assert 0 <= low <= rate <= high <= 100 and high - low >= 30  # 4 games: a wide interval

    # 2. the learning curve is drawn, and the agent beats the random policy by far
    assert any("image/png" in o.get("data", {}) for o in outputs), "no learning-curve figure"
    baseline = re.search(r"random policy vs random bot: (\d+)%", text)
    agent = re.search(r"agent vs random bot: " + RATE + " over 40 games", text)
    assert baseline and agent, text
    assert int(agent.group(2)) > int(baseline.group(1)), "the agent does not beat random play"
    assert re.search(r"agent vs greedy bot: " + RATE + " over 40 games", text)

    # 3. one of its games in the widget, read-only, shown half-way through
    assert "The agent is Player " in text
    assert [o for o in outputs if WIDGET in o.get("data", {})], "the widget cell showed no widget"
    assert not list(tmp_path.iterdir()), "the notebook left files behind"
