"""The engine README's example (levelwidgets/level8/README.md) runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import levelwidgets.level8

README = Path(levelwidgets.level8.__file__).with_name("README.md")


def test_engine_readme_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    namespace: dict = {}
    exec(compile(blocks[0], str(README), "exec"), namespace)
    lesson = namespace["lesson"]
    assert lesson.plies == 0 and lesson.levels == [1, 3] and lesson.discard_tops[0] == 88
