"""The README's quick start runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_quick_start_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a Python quick start"
    quick_start = blocks[0]
    assert len(quick_start.strip().splitlines()) <= 12
    namespace: dict = {}
    exec(compile(quick_start, "README quick start", "exec"), namespace)
    game = namespace["game"]
    assert game.piece(0, 7) == 1 and game.piece(0, 10) == 1


def test_the_two_commands_exist():
    text = README.read_text(encoding="utf-8")
    assert "bash tools/dev example" in text and "bash tools/dev test" in text
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "tools/dev test" in ci


def python_block(starting: str) -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    found = [b for b in blocks if b.startswith(starting)]
    assert len(found) == 1, f"one README block starts with {starting!r}"
    return found[0]


def test_the_analysis_example_runs_as_written_on_fewer_games():
    import matplotlib

    matplotlib.use("Agg")
    block = python_block("from levelwidgets.analysis import load_game")
    smaller = block.replace(" 400,", " 20,").replace("20_000", "4")
    assert smaller.count(" 20,") == 1 and ", 4," in smaller
    namespace: dict = {}
    exec(compile(smaller.replace('executor="processes"', "progress=False"), "README", "exec"),
         namespace)  # fmt: skip
    assert len(namespace["frame"]) == 20 and namespace["game"].is_over
    assert namespace["result"].games == 20 and len(namespace["big"]) == 4
