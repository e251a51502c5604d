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
