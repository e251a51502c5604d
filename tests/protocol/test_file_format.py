"""One file format for every game (issue 28, item 4): each engine's ``to_json`` writes a
``levelwidgets.record`` file (config, one node per protocol step, the position, the check),
which its ``from_json`` and ``GameRecord`` read, and which refuses every edit the old formats
refused. (Old formats still load: tests/record/test_old_formats.py.)"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from levelwidgets import errors
from levelwidgets.level8 import CorruptStateError, Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX
from levelwidgets.levelx import RecordError as LevelXRecordError
from levelwidgets.record import GameRecord
from levelwidgets.record import RecordError as RecordPackageError
from levelwidgets.recordfile import FORMAT, record_check

from .test_conformance import play_randomly


def _played(cls: type, seed: int, steps: int) -> Any:
    game = cls(3, seed=seed)
    play_randomly(game, random.Random(seed), steps)
    if isinstance(game, LevelX) and game.phase == "play":
        game.apply(game.legal_actions()[0])  # no roll pending: every step shows in the position
    return game


GAMES: dict[str, Callable[[], Any]] = {
    "levelx": lambda: _played(LevelX, 3, 25),
    "level8": lambda: _played(Level8, 4, 60),
    "level8board": lambda: _played(Level8Board, 5, 60),
}


def test_one_record_error_base() -> None:
    assert RecordPackageError is errors.RecordError
    assert issubclass(LevelXRecordError, errors.RecordError)
    assert issubclass(CorruptStateError, errors.RecordError)
    assert issubclass(errors.RecordError, ValueError)


@pytest.mark.parametrize("name", GAMES)
def test_engines_write_the_record_format(name: str) -> None:
    game = GAMES[name]()
    data = json.loads(game.to_json())
    assert data["format"] == FORMAT and data["version"] == 1 and data["game"] == name
    assert data["config"] == game.config
    assert [n["step"] for n in data["nodes"]] == game.steps()
    assert [n["parent"] for n in data["nodes"]] == [None, *range(len(data["nodes"]) - 1)]
    assert data["check"] == record_check(data)
    assert game.to_dict() == data
    back = type(game).from_json(game.to_json())
    assert back == game and back.to_json() == game.to_json()
    assert type(game).replay(data["config"], [n["step"] for n in data["nodes"]]) == game
    rec = GameRecord.from_json(game.to_json())  # a record file as any other
    assert rec.game_at(len(data["nodes"])) == game and rec.game == name


@pytest.mark.parametrize("name", GAMES)
def test_annotations_and_variations_do_not_change_the_game_an_engine_reads(name: str) -> None:
    game = GAMES[name]()
    rec = GameRecord.from_game(game)
    rec.mainline_node(2).comment("A comment.").mark("!?")
    rec.set_header("event", "Lesson")
    rec.mainline_node(1).add_variation(rec.game_at(1).legal_actions()[-1])
    assert type(game).from_json(rec.to_json()) == game


def _edits(data: dict[str, Any]) -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    first_player = data["config"]["players"][0]
    return [
        ("check changed", lambda d: d.update(check="0" * 16)),
        ("player renamed", lambda d: d["config"]["players"].__setitem__(0, first_player + "x")),
        ("a step dropped", lambda d: d["nodes"].pop()),
        ("steps swapped", lambda d: d["nodes"].__setitem__(slice(0, 2), d["nodes"][1::-1])),
        ("wrong game", lambda d: d.update(game="levelx" if d["game"] != "levelx" else "level8")),
        ("unknown field", lambda d: d.update(script="x")),
        ("node field", lambda d: d["nodes"][0].update(html="<b>")),
        ("parent forward", lambda d: d["nodes"][0].update(parent=3)),
        ("version", lambda d: d.update(version=2)),
        ("no nodes", lambda d: d.pop("nodes")),
    ]


def _without_check(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        change(d)
        d.pop("check", None)

    return edit


def _position_edit(d: dict[str, Any]) -> None:
    if d["game"] == "levelx":
        d["position"]["scores"][0] += 1
    else:
        d["position"]["levels"][0] += 1


@pytest.mark.parametrize("name", GAMES)
def test_edited_files_are_refused_with_or_without_their_check(name: str) -> None:
    game = GAMES[name]()
    original = json.loads(game.to_json())
    edits = _edits(original)
    edits += [(f"{what}, check removed", _without_check(fn)) for what, fn in edits[2:4]]
    edits.append(("position, check removed", _without_check(_position_edit)))
    for what, edit in edits:
        data = copy.deepcopy(original)
        edit(data)
        with pytest.raises(errors.RecordError):
            type(game).from_json(json.dumps(data))
            pytest.fail(f"{what}: loaded")
        with pytest.raises(errors.RecordError):
            GameRecord.from_json(json.dumps(data))
    # a file without its check reads (a teacher may change it by hand), written anew
    data = copy.deepcopy(original)
    del data["check"]
    assert type(game).from_json(json.dumps(data)).to_json() == game.to_json()
    data["config"]["players"][0] += "x"  # a renamed player: a possible game, read as such
    assert type(game).from_json(json.dumps(data)).names[0] == data["config"]["players"][0]


def test_a_level_x_drawn_roll_cannot_be_changed_nor_pass_as_hand_set() -> None:
    game = GAMES["levelx"]()
    for edit in (
        lambda d: d["nodes"][0]["step"].update(dice=[6, 6, 6, 6]),
        lambda d: d["nodes"][0]["step"].update(drawn=not d["nodes"][0]["step"]["drawn"]),
        lambda d: d["nodes"][1]["step"].update(move="6+1 5+5"),
    ):
        data = json.loads(game.to_json())
        edit(data)
        del data["check"]
        with pytest.raises(LevelXRecordError):
            LevelX.from_json(json.dumps(data))


@pytest.mark.parametrize("name", ["level8", "level8board"])
def test_a_level_8_shuffle_or_first_deal_cannot_be_changed(name: str) -> None:
    game = GAMES[name]()
    data = json.loads(game.to_json())
    data["start"][0].reverse()
    with pytest.raises(CorruptStateError, match="first deal"):
        type(game).from_json(json.dumps(data))
    data = json.loads(game.to_json())
    node = next(n for n in data["nodes"] if n["step"]["chance"])
    node["step"]["chance"][0].reverse()
    del data["check"]
    with pytest.raises(CorruptStateError):
        type(game).from_json(json.dumps(data))
