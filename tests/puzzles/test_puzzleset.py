"""PuzzleSet: from a list or a file (a bad file is refused whole), answers and the score;
generate(): seeded puzzles whose best answer clearly beats the next."""

from __future__ import annotations

import json

import pytest

from levelwidgets.puzzles import Puzzle, PuzzleError, PuzzleFileError, PuzzleSet, Verdict, generate

from . import fake_judge
from .test_puzzle import must_discard, rolled


def two(fake: None = None) -> PuzzleSet:
    return PuzzleSet(
        [Puzzle.best_grouping(rolled(4), id="lx"), Puzzle.best_discard(must_discard(), id="l8")],
        title="Week 3",
    )


def best_of(puzzle: Puzzle) -> str:
    game = puzzle.game
    return fake_judge.judge(game, game.legal_actions()[0]).best.notation


def test_answers_over_the_set_and_the_score(fake: None) -> None:
    s = two()
    assert len(s) == 2 and s["l8"] is s[1] and [p.id for p in s] == ["lx", "l8"]
    lx, l8 = s
    worst = fake_judge.judge(lx.game, lx.game.legal_actions()[0]).options[-1].notation
    lx.answer(worst, student="ann")
    lx.answer(best_of(lx), student="ann")
    l8.answer(best_of(l8), student="ann")
    l8.answer(best_of(l8), student="ben")
    table = s.answers
    assert table["puzzle"].tolist() == ["lx", "lx", "l8", "l8"]
    assert table.groupby("student")["correct"].sum().to_dict() == {"ann": 2, "ben": 1}
    assert s.score("ann") == 0.5  # lx's first try was wrong
    assert s.score("ann", first_try=False) == 1.0
    assert s.score("ben") == 0.5 and s.score("nobody") == 0.0


def test_a_set_round_trips_through_its_file(fake: None, tmp_path) -> None:
    s = two()
    path = tmp_path / "week3.json"
    s.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "levelwidgets-puzzles" and data["version"] == 1
    back = PuzzleSet.load(path)
    assert back.title == "Week 3" and [p.id for p in back] == ["lx", "l8"]
    for a, b in zip(s, back, strict=True):
        assert a.questions == b.questions and a.seat == b.seat
        assert a.game.to_json() == b.game.to_json()
    assert back["lx"].answer(best_of(back["lx"])).correct


def test_bad_files_are_refused_with_what_is_wrong(fake: None, tmp_path) -> None:
    good = two().to_dict()
    cases = [
        ("{", "no JSON"),
        (json.dumps({"format": "other"}), "no puzzle file"),
        (json.dumps({**good, "version": 9}), "version 9"),
        (json.dumps({**good, "puzzles": []}), "at least one puzzle"),
        (json.dumps({**good, "puzzles": [good["puzzles"][0], good["puzzles"][0]]}), "Two puzzles"),
        (json.dumps({**good, "puzzles": [{**good["puzzles"][0], "colour": 1}]}), "'colour'"),
        (json.dumps({**good, "puzzles": [{**good["puzzles"][0], "check": "py"}]}), "best"),
        (json.dumps({**good, "puzzles": [{**good["puzzles"][0], "tolerance": -1}]}), ">= 0"),
        (json.dumps({**good, "puzzles": [{**good["puzzles"][0], "position": {"x": 1}}]}), "lx"),
        (
            json.dumps(
                {
                    **good,
                    "puzzles": [{k: v for k, v in good["puzzles"][0].items() if k != "question"}],
                }
            ),
            "lacks 'question'",
        ),
    ]
    for i, (text, match) in enumerate(cases):
        path = tmp_path / f"bad{i}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(PuzzleFileError, match=match) as info:
            PuzzleSet.load(path)
        assert f"bad{i}.json" in str(info.value)
    with pytest.raises(PuzzleFileError, match="cannot be read"):
        PuzzleSet.load(tmp_path / "missing.json")


def test_saving_refuses_a_check_written_in_python_and_writes_nothing(tmp_path) -> None:
    custom = Puzzle(rolled(), "Anything?", lambda g, a: Verdict(True, "Yes."), id="c")
    path = tmp_path / "out.json"
    with pytest.raises(PuzzleFileError, match="check written in Python"):
        PuzzleSet([custom]).save(path)
    assert not path.exists()


def test_a_set_refuses_what_is_no_list_of_puzzles_with_distinct_ids(fake: None) -> None:
    p = Puzzle.best_grouping(rolled(), id="same")
    with pytest.raises(PuzzleError, match="list of Puzzles"):
        PuzzleSet(p)  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="Item 1"):
        PuzzleSet([p, "q"])  # type: ignore[list-item]
    with pytest.raises(PuzzleError, match="Two puzzles have the id 'same'"):
        PuzzleSet([p, Puzzle.best_grouping(rolled(5), id="same")])


def test_generate_is_seeded_and_keeps_only_clear_positions(fake: None) -> None:
    a = generate("levelx", n=3, seed=7, margin=1.0)
    b = generate("levelx", n=3, seed=7, margin=1.0)
    assert [p.game.to_json() for p in a] == [p.game.to_json() for p in b]
    for p in a:
        values = [o.value for o in fake_judge.judge(p.game, p.game.legal_actions()[0]).options]
        assert values[0] - max(v for v in values if v < values[0] - 1e-9) >= 1.0
    l8 = generate("level8", n=2, seed=3, margin=0.0)
    assert all(p.game_name == "level8" and "discard" in p.question for p in l8)
    with pytest.raises(PuzzleError, match="levelx"):
        generate("chess")
    with pytest.raises(PuzzleError, match="Only 0 of 1"):
        generate("levelx", n=1, seed=1, margin=1000.0)
