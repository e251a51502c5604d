"""Griffe extension for the API pages: doctest examples in docstrings shown as code.

Our docstrings are prose with ``>>>`` examples (run by the doctest suite). Markdown would read
an example's ``[...]`` as a link and run its lines together; fencing each run of ``>>>`` lines and
their output as a ``pycon`` block shows it as the session it is.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with every doctest block (a ``>>>`` line up to the next blank line) fenced."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
