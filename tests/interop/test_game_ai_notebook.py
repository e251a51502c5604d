"""examples/game_ai.ipynb runs top to bottom on its quick budget (``LEVELWIDGETS_QUICK=1``)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from tests.notebooks import run_example

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


def test_game_ai_notebook_runs_on_the_quick_budget(tmp_path: Path, binder_venv: Path) -> None:
    nb = run_example(NOTEBOOK.name, tmp_path, binder_venv, timeout=120)  # on its quick budget
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


def prose() -> str:
    """The notebook's markdown, its lines joined (a sentence may wrap)."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    text = "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return re.sub(r"[ \t]*\n(?!\n)[ \t]*", " ", text)


def test_the_prose_says_what_the_engines_and_helpers_give() -> None:
    import gymnasium

    import levelwidgets.interop.gym  # noqa: F401
    from levelwidgets.analysis import wilson_interval

    text = prose()
    env = gymnasium.make("levelwidgets/LevelX-v0")
    assert "(80 numbers for two players" in text and env.observation_space.shape == (80,)
    game = env.unwrapped.game
    moves = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
    steps = [m.steps for m in moves if hasattr(m, "steps")]
    assert "a set of 0–4 steps in rows 5–10" in text
    assert {len(s) for s in steps} == set(range(5)) and {r for s in steps for r in s} == set(
        range(5, 11)
    )

    # The figures quoted from the full run, rounded as the notebook's own lines round them.
    def pc(x: float) -> str:
        return f"{x:.0%}".replace("%", " %")

    low, high = wilson_interval(1, 20)
    assert f"1 of the 20 games ({pc(1 / 20)}, interval {pc(low)}–{pc(high)})" in text
    low, high = wilson_interval(74, 200)  # 37 % of 200 games
    assert f"{pc(74 / 200)} [{pc(low)}, {pc(high)}] against Greedy" in text


def readme_blocks() -> list[str]:
    """The Python blocks of the README's "Game-AI libraries" section."""
    text = (NOTEBOOK.parents[1] / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Game-AI libraries\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_readme_game_ai_samples_run_as_written() -> None:
    openspiel, pettingzoo, gym = readme_blocks()
    assert all(5 <= len(b.strip().splitlines()) <= 9 for b in (openspiel, pettingzoo, gym))
    namespace: dict = {}
    exec(compile(openspiel, "README OpenSpiel", "exec"), namespace)
    assert sorted(namespace["state"].returns()) == [0.0, 1.0]  # one winner of two
    namespace = {}
    exec(compile(pettingzoo, "README PettingZoo", "exec"), namespace)
    env = namespace["env"]
    assert not env.agents and env.game.is_over and env.game.winners  # played to the end
    namespace = {}
    exec(compile(gym, "README Gymnasium", "exec"), namespace)
    assert namespace["done"] and namespace["env"].unwrapped.game.is_over
    assert namespace["reward"] in (0.0, 1.0)
