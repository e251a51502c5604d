"""A lesson's student copy, made from the one teacher notebook.

Cells tagged ``answer`` hold the answers. Hiding their code (``source_hidden``) is not enough:
once the teacher runs all cells, their results show under each exercise and an HTML export
prints them. The student copy therefore leaves those cells out altogether; the teacher copy is
the notebook itself, run.

    python -m levelwidgets.lesson examples/teach_probability.ipynb student.ipynb
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

ANSWER_TAG = "answer"


def is_answer(cell: dict[str, Any]) -> bool:
    """Is this cell an answer (tagged ``answer``)?"""
    return ANSWER_TAG in cell.get("metadata", {}).get("tags", [])


def student_copy(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook (its JSON) without its answer cells (their code and their results)."""
    out = copy.deepcopy(nb)
    out["cells"] = [cell for cell in out["cells"] if not is_answer(cell)]
    out.get("metadata", {}).pop(
        "widgets", None
    )  # saved widget state may show what an answer computed
    return out


def make_student_copy(source: str | Path, target: str | Path) -> Path:
    """Write the student copy of the lesson notebook ``source`` to ``target``."""
    nb = json.loads(Path(source).read_text(encoding="utf-8"))  # plain JSON: no nbformat needed
    target = Path(target)
    text = json.dumps(student_copy(nb), indent=1, ensure_ascii=False) + "\n"
    target.write_text(text, encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m levelwidgets.lesson SOURCE TARGET``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m levelwidgets.lesson SOURCE.ipynb STUDENT.ipynb", file=sys.stderr)
        return 2
    print(make_student_copy(args[0], args[1]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
