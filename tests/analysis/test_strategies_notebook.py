"""examples/analyse_strategies.ipynb runs top to bottom and shows what it promises: bot
against bot for both games, and a rule-variant study with tables, verdicts and plots."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "analyse_strategies.ipynb"


def test_the_strategy_notebook_runs_and_answers_its_questions(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    html = "".join(o.get("data", {}).get("text/html", "") for o in outputs)
    # bot against bot: Level X's three bots with intervals, the strongest first
    assert re.search(r"<td>Expectimax</td>", html) and "95 % interval" in html
    assert "Elo (Random = 0)" in html
    assert re.search(r"Win rate per bot:\n  Heuristic ", text), "Level 8: heuristic on top"
    # the rule-variant study: both table sizes, every variant, verdicts with intervals
    for variant in ("printed rules", "oust to row start", "no Lucky Loser"):
        assert variant in html
    verdicts = re.findall(r"(\d) players, (.+?): games [\d.]+ turns (longer|shorter)", text)
    assert {(p, v) for p, v, _ in verdicts} == {
        (p, v) for p in "24" for v in ("oust to row start", "no Lucky Loser")
    }
    assert ("2", "no Lucky Loser", "longer") in verdicts  # harder sums: longer games
    # the prose: the first seat's fair share is "50 % with two players, 25 % with four"
    assert "(50 % with two players, 25 % with four)" in " ".join(
        c.source.replace("\n", " ") for c in nb.cells if c.cell_type == "markdown"
    )
    shares = set(re.findall(r"(\d) players, .+? vs (\d+)%", text))
    assert shares == {("2", "50"), ("4", "25")}
    pictures = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(pictures) >= 4, "summary plot, two comparison plots, the length histogram"
