"""The board README's examples (levelwidgets/level8/board/README.md) run as written."""

from __future__ import annotations

import re
from pathlib import Path

import levelwidgets.level8.board

README = Path(levelwidgets.level8.board.__file__).with_name("README.md")


def test_board_readme_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
