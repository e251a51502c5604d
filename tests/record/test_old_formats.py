"""Every file a released levelwidgets wrote still loads, and damaged ones are still refused.

The files in ``tests/fixtures/old_formats/`` were written by the code before the one file
format (issue 28): the engines' own records (Level X versions 1 and 2, Level 8, the board
game) and record files with variations and comments. Each comes with what the old code said
about its final position (``NAME.expected.json``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from old_writers import level8_old_dict, levelx_old_dict  # tests/ is on sys.path

from levelwidgets.errors import GameError
from levelwidgets.level8 import Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX
from levelwidgets.record import GameRecord

HERE = Path(__file__).parent.parent / "fixtures" / "old_formats"
ENGINES: dict[str, type] = {
    "levelx_partway": LevelX,
    "levelx_v1": LevelX,
    "levelx_finished": LevelX,
    "levelx_setup": LevelX,
    "level8_2p": Level8,
    "level8_4p_round": Level8,
    "level8_setup": Level8,
    "level8board_partway": Level8Board,
    "level8board_setup": Level8Board,
}
RECORDS = ("record_levelx", "record_level8", "record_level8board")


def _text(name: str) -> str:
    return (HERE / f"{name}.json").read_text(encoding="utf-8")


def _expected(name: str) -> dict[str, Any]:
    return json.loads((HERE / f"{name}.expected.json").read_text(encoding="utf-8"))


def _position(game: Any) -> Any:
    seen = game.observation("teacher") if isinstance(game, LevelX) else game.state_dict()
    return json.loads(json.dumps(seen))


def _same_game(game: Any, expected: dict[str, Any]) -> None:
    assert game.config == expected["config"]
    assert game.steps() == expected["steps"]
    assert game.plies == expected["plies"] and game.is_over == expected["is_over"]
    assert _position(game) == expected["teacher"]
    game.check_invariants()


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_the_tests_old_writers_write_what_the_released_code_wrote(name: str) -> None:
    """tests/old_writers.py (used to edit old records field by field) is faithful."""
    game = ENGINES[name].from_json(_text(name))
    write = levelx_old_dict if name.startswith("levelx") else level8_old_dict
    if name != "levelx_v1":  # written back as version 2
        assert write(game) == json.loads(_text(name))


def test_every_old_format_has_a_fixture() -> None:
    formats = {json.loads(_text(name))["format"] for name in (*ENGINES, *RECORDS)}
    assert formats == {
        "levelwidgets/levelx",
        "levelwidgets.level8",
        "levelwidgets.level8board",
        "levelwidgets.record",
    }
    assert {json.loads(_text(n))["version"] for n in ENGINES if n.startswith("levelx")} == {1, 2}
    assert _expected("levelx_finished")["is_over"]
    assert json.loads(_text("level8_4p_round"))["history"][-1]["action"]["kind"] == "next_round"


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_old_engine_records_load_in_their_engine(name: str) -> None:
    game = ENGINES[name].from_json(_text(name))
    _same_game(game, _expected(name))
    again = ENGINES[name].from_json(game.to_json())  # written in today's format, read back
    _same_game(again, _expected(name))


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_old_engine_records_open_as_records(name: str) -> None:
    rec = GameRecord.from_engine_json(_text(name))
    end = rec.game_at(len(list(rec.mainline())))
    _same_game(end, _expected(name))
    assert isinstance(end, ENGINES[name])


@pytest.mark.parametrize("name", RECORDS)
def test_old_record_files_load(name: str) -> None:
    expected = _expected(name)
    rec = GameRecord.load(HERE / f"{name}.json")
    _same_game(rec.game_at(len(list(rec.mainline()))), expected)
    assert rec.node_count == expected["nodes"]
    assert [c for node in rec.walk() for c in node.comments] == expected["comments"]
    assert [node.mark() for node in rec.walk()] == expected["marks"]
    assert (
        len(rec.to_json()) > 0 and GameRecord.from_json(rec.to_json()).node_count == rec.node_count
    )


def _first_number(data: Any) -> list[Any]:
    """The path to the first whole number > 0 inside ``data`` (a position to damage)."""
    stack: list[tuple[Any, list[Any]]] = [(data, [])]
    while stack:
        value, path = stack.pop(0)
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if type(item) is int and item > 0:
                return [*path, key]
            if isinstance(item, (dict, list)):
                stack.append((item, [*path, key]))
    raise AssertionError("no number to damage")


def _damaged(name: str) -> list[str]:
    text = _text(name)
    data = json.loads(text)
    changed_check = dict(data, check=("0" if data.get("check", "1")[0] != "0" else "1") + "0" * 15)
    position = dict(data)
    position.pop("check", None)
    key = "state" if "state" in data else "position"
    position[key] = json.loads(json.dumps(data[key]))
    *path, last = _first_number(position[key])
    where = position[key]
    for step in path:
        where = where[step]
    where[last] += 1
    return [text[: len(text) // 2], json.dumps(changed_check), json.dumps(position)]


@pytest.mark.parametrize("name", [*sorted(ENGINES), *RECORDS])
def test_damaged_old_files_are_refused(name: str) -> None:
    for text in _damaged(name):
        with pytest.raises(GameError):
            GameRecord.from_engine_json(text) if name in ENGINES else GameRecord.from_json(text)
        if name in ENGINES:
            with pytest.raises(ValueError):
                ENGINES[name].from_json(text)
