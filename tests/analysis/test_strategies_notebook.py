"""examples/analyse_strategies.ipynb runs top to bottom (on its quick budget,
``LEVELWIDGETS_QUICK=1``) and shows what it promises: bot against bot for both games (Level X
partly on the batch engine, a batch row replayed; Level 8 at four seats with ratings), and a
paired rule-variant study with tables, verdicts and plots."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

from tests.notebooks import run_example

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "analyse_strategies.ipynb"


def test_the_strategy_notebook_is_saved_without_outputs() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and not any(c.outputs or c.execution_count for c in code)


def test_the_strategy_notebook_runs_and_answers_its_questions(
    tmp_path: Path, binder_venv: Path
) -> None:
    nb = run_example(NOTEBOOK.name, tmp_path, binder_venv, timeout=600)  # on its quick budget
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    html = "".join(o.get("data", {}).get("text/html", "") for o in outputs)
    # bot against bot, Level X: the three bots with intervals; which engine played each study
    assert re.search(r"<td>Expectimax</td>", html) and "95 % interval" in html
    assert "Elo (Random = 0)" in html
    assert "engine: engine\n" in text  # expectimax: the batch engine does not play it
    engines = re.findall(r"(\w+) vs (\w+): \d+ games, engine: (\w+)", text)
    assert engines == [
        ("expectimax", "greedy", "engine"),
        ("expectimax", "random", "engine"),
        ("greedy", "random", "batch"),
    ]
    # a batch row replayed by the engine: the same game
    batch, replay = re.findall(r"(\d+) turns, winner (\w+)", text)[:2]
    assert batch == replay
    # Level 8 at four seats: the heuristic bots on top, ratings with intervals, in a plot too
    assert re.search(r"Win rate per bot:\n  Heuristic ", text), "Level 8: heuristic on top"
    assert re.search(r"Ratings \(Plackett–Luce.*Wald intervals", text)
    tables = [h for h in html.split("</table>") if "<th>ci_low</th>" in h and "rating" in h]
    assert tables, "the ratings table with its interval columns"
    ranked = re.findall(r"<td>(Heuristic|Random) \d</td>", tables[0])
    assert ranked == ["Heuristic", "Heuristic", "Random", "Random"]
    # the rule-variant study: paired, on the batch engine, both table sizes, every variant
    for variant in ("printed rules", "oust to row start", "no Lucky Loser"):
        assert variant in html
    assert "engine: batch and batch" in text
    assert "'turns_vs_first': 'paired t'" in text
    assert "turns_vs_first_p_holm" in html
    verdicts = re.findall(
        r"(\d) players, (.+?): games [\d.]+ turns (longer|shorter) \(95 % paired t interval", text
    )
    assert {(p, v) for p, v, _ in verdicts} == {
        (p, v) for p in "24" for v in ("oust to row start", "no Lucky Loser")
    }
    assert ("2", "no Lucky Loser", "longer") in verdicts  # harder sums: longer games
    # pairing pays: the luck the variants share cancels (variance ratio about 2 for Lucky Loser)
    ratios = dict(re.findall(r"(\d players, no Lucky Loser): variance ratio ([\d.]+)", text))
    assert len(ratios) == 2 and all(float(r) > 1.5 for r in ratios.values()), ratios
    # the prose: the first seat's fair share is "50 % with two players, 25 % with four"
    markdown = " ".join(c.source.replace("\n", " ") for c in nb.cells if c.cell_type == "markdown")
    assert "(50 % with two players, 25 % with four)" in markdown
    shares = set(re.findall(r"(\d) players, .+? vs (\d+)%", text))
    assert shares == {("2", "50"), ("4", "25")}
    pictures = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(pictures) >= 5, "summary, ratings, two comparison plots, the length histogram"
