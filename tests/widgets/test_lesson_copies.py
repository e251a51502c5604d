"""The lesson's student copy has no answers; the teacher copy, run, has them all (issue 27, 5)."""

from __future__ import annotations

from pathlib import Path

import nbformat

from levelwidgets.lesson import is_answer, main, make_student_copy
from tests.notebooks import run_notebook

REPO = Path(__file__).resolve().parents[2]
LESSON = REPO / "examples" / "teach_probability.ipynb"


def test_student_copy_has_no_answer_and_teacher_copy_has_all(
    tmp_path: Path, binder_venv: Path
) -> None:
    teacher = nbformat.read(str(LESSON), as_version=4)
    answers = [c for c in teacher.cells if is_answer(c)]
    assert len(answers) >= 7
    student_path = make_student_copy(LESSON, tmp_path / "student.ipynb")
    student = nbformat.read(str(student_path), as_version=4)
    assert not [c for c in student.cells if is_answer(c)]
    assert len(student.cells) == len(teacher.cells) - len(answers)  # only the answers left out
    assert not any("**Answer" in c.source for c in student.cells)

    # Run both before class, as the lesson tells the teacher to.
    run_notebook(student, tmp_path, binder_venv)
    run_notebook(teacher, tmp_path, binder_venv)
    code_answers = [c for c in teacher.cells if is_answer(c) and c.cell_type == "code"]
    assert code_answers and all(c.outputs for c in code_answers), (
        "the teacher copy has every result"
    )
    student_text = nbformat.writes(student)
    for cell in code_answers:  # no answer's result appears anywhere in the student copy
        for output in cell.outputs:
            shown = output.get("data", {}).get("text/plain") or output.get("text", "")
            assert shown and shown not in student_text


def test_command_line_writes_the_student_copy(tmp_path: Path) -> None:
    assert main([str(LESSON), str(tmp_path / "s.ipynb")]) == 0
    assert (tmp_path / "s.ipynb").exists()
    assert main([]) == 2
