"""The nbgrader recipe of docs/puzzles.md: its autograded cell, executed as written against a
worksheet answered through the widgets' intents, also after the notebook ran again in a new
kernel (the answers file); and, where nbgrader is installed, ``nbgrader autograde`` itself."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from levelwidgets.puzzles import PuzzleFileError, PuzzleSet, generate

from . import fake_judge
from .test_widget import play

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "puzzles.md"


def doc_cell(marker: str = "<!-- autograded-cell -->") -> str:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(re.escape(marker) + r"\s*```python\n(.*?)```", text, re.S)
    assert found, f"docs/puzzles.md has no python block after {marker}"
    return found.group(1)


def student_cell() -> str:
    found = re.search(
        r"```python\n(from levelwidgets.puzzles import PuzzleSet\n.*?)```",
        DOC.read_text(encoding="utf-8").replace("\n   ", "\n"),
        re.S,
    )
    assert found, "docs/puzzles.md has no student cell"
    return found.group(1)


def answer_in_widgets(worksheet: PuzzleSet, right: int, student: str) -> None:
    """The first ``right`` puzzles answered with the best grouping, the rest with the worst,
    each by playing in the puzzle's widget (the browser's intents)."""
    for i, puzzle in enumerate(worksheet):
        game = puzzle.game
        options = fake_judge.judge(game, game.legal_moves()[0]).options
        w = puzzle.widget(student=student)
        play(w, (options[0] if i < right else options[-1]).action)
        assert w.error == ""


def grade(worksheet: PuzzleSet) -> None:
    exec(doc_cell(), {"worksheet": worksheet})


def test_the_documented_cell_passes_and_fails_on_widget_answers(
    fake: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generate("levelx", n=5, seed=3).save(tmp_path / "week3.json")
    monkeypatch.chdir(tmp_path)  # the student's cell uses paths next to the notebook
    good: dict = {}
    exec(student_cell(), good)
    answer_in_widgets(good["worksheet"], right=4, student="ann")
    grade(good["worksheet"])  # 4 of 5 at the first try: 80 %
    # the notebook run again (nbgrader's autograde): nobody clicks, the file has the answers
    again: dict = {}
    exec(student_cell(), again)
    assert again["worksheet"].answers["correct"].tolist() == [True] * 4 + [False]
    grade(again["worksheet"])
    lines = (tmp_path / "week3-answers.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and set(json.loads(lines[0])) == {"puzzle", "student", "answer", "time"}

    (tmp_path / "week3-answers.jsonl").unlink()
    weak: dict = {}
    exec(student_cell(), weak)
    answer_in_widgets(weak["worksheet"], right=3, student="ben")
    with pytest.raises(AssertionError, match="at least 80%"):
        grade(weak["worksheet"])


def test_an_edited_answers_file_is_judged_again_or_refused(fake: None, tmp_path) -> None:
    s = generate("levelx", n=2, seed=3)
    path = tmp_path / "answers.jsonl"
    s.keep_answers(path)
    worst = fake_judge.judge(s[0].game, s[0].game.legal_moves()[0]).options[-1]
    s[0].answer(worst.action, student="ann")
    line = json.loads(path.read_text(encoding="utf-8"))
    line["correct"] = True  # a student's edit: no such key
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    fresh = generate("levelx", n=2, seed=3)
    with pytest.raises(PuzzleFileError, match="line 1: a line holds exactly"):
        fresh.keep_answers(path)
    assert fresh.answers.empty
    del line["correct"]
    path.write_text(json.dumps({**line, "answer": "9+9"}) + "\n", encoding="utf-8")
    with pytest.raises(PuzzleFileError, match="cannot be judged again"):
        fresh.keep_answers(path)
    assert fresh.answers.empty
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert fresh.keep_answers(path) == 1 and fresh.answers["correct"].tolist() == [False]


def nbgrader_command() -> list[str] | None:
    """nbgrader's command: ``$NBGRADER`` (a path), else the module where it is importable."""
    named = os.environ.get("NBGRADER")
    if named and shutil.which(named):
        return [named]
    try:
        import nbgrader  # noqa: F401
    except ImportError:
        return None
    return [sys.executable, "-m", "nbgrader"]


@pytest.mark.slow  # about 2 minutes: nbgrader starts a kernel per notebook
@pytest.mark.skipif(nbgrader_command() is None, reason="nbgrader is not installed here")
def test_nbgrader_autograde_grades_the_recipe(tmp_path) -> None:
    pytest.importorskip("levelwidgets.review.judge")
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    command = nbgrader_command()
    assert command is not None
    course = tmp_path / "course"
    source = course / "source" / "week3"
    source.mkdir(parents=True)
    worksheet = generate("levelx", n=3, seed=3)
    worksheet.save(source / "week3.json")
    # the kernel nbgrader starts: this Python, with this checkout first on its path
    kernels = tmp_path / "jupyter" / "kernels" / "lw"
    kernels.mkdir(parents=True)
    (kernels / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "lw",
                "language": "python",
                "env": {"PYTHONPATH": str(REPO), "LEVELWIDGETS_PURE": "1"},
            }
        )
    )
    graded = {
        "nbgrader": {
            "grade": True,
            "grade_id": "solved",
            "locked": True,
            "points": 10,
            "schema_version": 3,
            "solution": False,
            "task": False,
        }
    }
    plain = {
        "nbgrader": {
            "grade": False,
            "grade_id": "setup",
            "locked": True,
            "schema_version": 3,
            "solution": False,
            "task": False,
        }
    }
    nb = new_notebook(
        cells=[
            new_code_cell(student_cell(), metadata=plain),
            new_code_cell(doc_cell(), metadata=graded),
        ],
        metadata={"kernelspec": {"name": "lw", "display_name": "lw", "language": "python"}},
    )
    nbformat.write(nb, source / "week3.ipynb")
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        "c.CourseDirectory.db_assignments = [dict(name='week3')]\n"
        "c.CourseDirectory.db_students = [dict(id='ann'), dict(id='ben')]\n"
        "c.ExecutePreprocessor.timeout = 300\n"
    )
    env = {**os.environ, "JUPYTER_PATH": str(tmp_path / "jupyter"), "PYTHONPATH": str(REPO)}
    # nbgrader runs its database tool (alembic) from PATH: the one installed beside it
    env["PATH"] = str(Path(command[0]).parent) + os.pathsep + env.get("PATH", "")

    def run(*args: str) -> None:
        done = subprocess.run(
            [*command, *args], cwd=course, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]

    run("generate_assignment", "week3", "--force")
    from levelwidgets.review.judge import judge

    for student, right in (("ann", 3), ("ben", 1)):
        folder = course / "submitted" / student / "week3"
        shutil.copytree(course / "release" / "week3", folder)
        (folder / "timestamp.txt").write_text("2026-11-29 03:00:00.000000 UTC")
        with (folder / "week3-answers.jsonl").open("w", encoding="utf-8") as out:
            for i, puzzle in enumerate(worksheet):
                game = puzzle.game
                options = judge(game, game.legal_moves()[0]).options
                pick = options[0] if i < right else options[-1]
                out.write(
                    json.dumps(
                        {
                            "puzzle": puzzle.id,
                            "student": student,
                            "answer": pick.notation,
                            "time": "2026-11-29T03:00:00+00:00",
                        }
                    )
                    + "\n"
                )
    run("autograde", "week3", "--force")
    scores = {}
    for student in ("ann", "ben"):
        done = course / "autograded" / student / "week3" / "week3.ipynb"
        cell = nbformat.read(done, as_version=4).cells[1]
        scores[student] = [o.get("ename") for o in cell.outputs if o.output_type == "error"]
    assert scores == {"ann": [], "ben": ["AssertionError"]}
