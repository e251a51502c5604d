"""Damaged record files: every single edit is refused with a RecordError or leaves the game
unchanged (never another exception, never another game; annotations stay editable by hand),
unknown keys are refused at every level, every step of Level X, Level 8 and the board game is
replayed, and hostile sizes are refused before any work."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from levelwidgets.errors import GameError
from levelwidgets.level8 import Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX
from levelwidgets.record import GameRecord, RecordError, record

from .damage import SETTINGS, damaged, without
from .helpers import annotated_levelx, level8_game


def _level8() -> GameRecord:
    rec = record(level8_game(4))
    rec.set_header("event", "Stunde 5 – Zoë")
    node = rec.mainline_node(6)
    node.comment("Warum diese Karte?").mark("?").highlight(card="7R").highlight(player=2)
    alt = rec.mainline_node(5).add_variation(rec.game_at(5).legal_actions()[-1])
    alt.comment("Another idea")
    return rec


def _board() -> GameRecord:
    g = Level8Board(["Ann", "Ben"], seed=8)
    rng = random.Random(8)
    for _ in range(90):
        if g.is_over:
            break
        if g.phase == "roll" and rng.random() < 0.3:
            g.roll(dice=(rng.randint(1, 6), rng.randint(1, 6)))
        else:
            g.apply(rng.choice(g.legal_actions()))
    rec = record(g)
    rec.mainline_node(3).comment("Set by hand?").highlight(field=4)
    return rec


RECORDS = {
    "levelx": annotated_levelx().to_json(),
    "level8": _level8().to_json(),
    "board": _board().to_json(),
}


def loads_or_refuses(text: str) -> GameRecord | None:
    try:
        return GameRecord.from_json(text)
    except RecordError as exc:
        message = str(exc)
        assert isinstance(exc, GameError) and isinstance(exc, ValueError)
        assert 10 < len(message) < 1000, message
        return None


def game_part(text: str) -> str:
    """What a record's ``check`` covers: all but the annotations (headers, comments, marks,
    highlights), as canonical JSON."""
    d = json.loads(text)
    for key in ("check", "headers", "root"):
        d.pop(key, None)
    d["nodes"] = [[n["parent"], n["step"]] for n in d["nodes"]]
    return json.dumps(d, sort_keys=True)


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_a_damaged_record_is_refused_or_is_the_same_game(name, data):
    original = RECORDS[name]
    text = data.draw(damaged(original, steps="nodes"))
    rec = loads_or_refuses(text)
    if rec is not None:
        assert game_part(rec.to_json()) == game_part(original)
        if game_part(text) != game_part(original) or "check" not in json.loads(text):
            assert rec.to_json() == original  # a no-op edit (or the check removed)
        else:  # an annotation edited by hand: it reads back as it is written
            again = rec.to_json()
            assert GameRecord.from_json(again).to_json() == again


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_without_its_check_a_damaged_record_is_refused_or_reads_back_identically(name, data):
    original = without(RECORDS[name], "check")
    rec = loads_or_refuses(data.draw(damaged(original, steps="nodes")))
    if rec is not None:  # a hand-made file: what loads is written and read back alike
        text = rec.to_json()
        assert GameRecord.from_json(text).to_json() == text


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_without_its_check_the_start_and_position_cannot_be_edited(name, data):
    original = without(RECORDS[name], "check")
    rec = loads_or_refuses(data.draw(damaged(original, regions=("start", "position"))))
    assert rec is None or rec.to_json() == RECORDS[name]


def data_of(name: str, check: bool = False) -> dict:
    d = json.loads(RECORDS[name])
    if not check:
        del d["check"]
    return d


def refused(d: dict, words: str | None = None) -> RecordError:
    with pytest.raises(RecordError, match=words) as info:
        GameRecord.from_json(json.dumps(d))
    return info.value


def steps(d: dict, **match) -> list[dict]:
    return [
        n["step"]
        for n in d["nodes"]
        if all(n["step"].get(k, n["step"].get("action", {}).get(k)) == v for k, v in match.items())
    ]


def test_the_check_refuses_another_game_but_annotations_stay_editable():
    d = data_of("level8", check=True)
    d["headers"]["event"] = "Stunde 6"
    d["nodes"][6]["comments"] = ["Warum diese Karte? (korrigiert)"]
    d["nodes"][6]["mark"] = "!"
    d["root"]["comments"] = ["Neu"]
    rec = GameRecord.from_json(json.dumps(d))  # a teacher fixed a comment by hand
    assert rec.headers["event"] == "Stunde 6" and rec.comments == ["Neu"]
    assert rec.mainline_node(7).comments == ["Warum diese Karte? (korrigiert)"]
    assert rec.mainline_node(7).mark() == "!"
    d["config"]["players"][0] = "Eve"
    refused(d, "changed after it was saved.*remove its 'check'")
    del d["check"]  # a game edited by hand, without its check: read with every other check
    assert GameRecord.from_json(json.dumps(d)).players[0] == "Eve"
    for name in RECORDS:  # without its check, an unchanged file is the same record
        assert GameRecord.from_json(without(RECORDS[name], "check")).to_json() == RECORDS[name]
    d = data_of("levelx", check=True)
    d["config"]["players"].reverse()
    refused(d, "changed after it was saved")
    d["check"] = "0" * 15
    refused(d, "16 characters")


def _keys_levelx(d):
    roll, move = steps(d, kind="roll")[0], steps(d, kind="move")[0]
    return [
        d,
        d["config"],
        d["config"]["rules"],
        d["headers"],
        d["root"],
        d["nodes"][0],
        roll,
        move,
    ]


def _keys_level8(d):
    step = d["nodes"][5]["step"]
    return [d, d["config"], d["config"]["sides"][0], d["nodes"][5], step, step["action"]]


def _keys_board(d):
    hl = next(n for n in d["nodes"] if n.get("highlights"))["highlights"][0]
    return [d["config"], d["config"]["layout"], d["nodes"][2]["step"]["action"], hl]


@pytest.mark.parametrize(
    "name, places",
    [("levelx", _keys_levelx), ("level8", _keys_level8), ("board", _keys_board)],
)
def test_unknown_keys_are_refused_at_every_level(name, places):
    d = data_of(name)
    for i in range(len(places(d))):
        bad = copy.deepcopy(d)
        places(bad)[i]["sneaky"] = 1
        refused(bad, "unknown field|not written in its normal form|set-up is invalid|malformed")


def test_a_level8_set_up_position_refuses_unknown_keys():
    game = Level8.from_position(
        ["Ann", "Ben"],
        hands=[
            ["1R", "2R", "3R", "4R", "5R", "6R", "7R", "8R", "9R", "10R"],
            ["1Y", "2Y", "3Y", "4Y", "5Y", "6Y", "7Y", "8Y", "9Y", "10Y"],
        ],
        seed=5,
    )
    game.draw()
    d = json.loads(record(game).to_json())
    del d["check"]
    assert GameRecord.from_json(json.dumps(d)).game_at(1) == game
    d["config"]["position"]["sneaky"] = 1
    refused(d, "set-up is invalid")


def test_every_step_of_every_game_is_replayed():
    # Level X: a drawn die in a variation
    d = data_of("levelx")
    drawn = [s for s in steps(d, kind="roll") if s["drawn"]]
    drawn[-1]["dice"] = [d % 6 + 1 for d in drawn[-1]["dice"]]
    refused(d, "impossible")
    # Level 8: a shuffle in the main line, and an action in the variation
    d = data_of("level8")
    shuffled = next(s for s in (n["step"] for n in d["nodes"]) if s["chance"])
    shuffled["chance"][0].reverse()
    refused(d, "impossible")
    d = data_of("level8")
    d["nodes"][-1]["step"]["action"]["player"] = (
        d["nodes"][-1]["step"]["action"]["player"] + 1
    ) % 3
    refused(d, "impossible")
    # the board game: a random die, and a hand-set roll passed off as random and back
    d = data_of("board")
    random_rolls = [s for s in steps(d, kind="roll") if "dice" not in s["action"]]
    set_rolls = [s for s in steps(d, kind="roll") if "dice" in s["action"]]
    assert random_rolls and set_rolls
    a, b = random_rolls[0]["chance"][0]
    random_rolls[0]["chance"][0] = [a % 6 + 1, b]
    refused(d, "impossible")
    d = data_of("board")
    roll = next(s for s in steps(d, kind="roll") if "dice" not in s["action"])
    roll["action"]["dice"], roll["chance"] = roll["chance"][0], []
    refused(d)
    d = data_of("board")
    roll = next(s for s in steps(d, kind="roll") if "dice" in s["action"])
    roll["chance"] = [roll["action"].pop("dice")]
    refused(d)


def test_sizes_are_refused_before_any_work(tmp_path):
    for text in (
        " " * 50_000_000,
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 100_000 + "1" + "}" * 100_000,
    ):
        with pytest.raises(RecordError, match=r"larger than|levels deep"):
            GameRecord.from_json(text)
        with pytest.raises(RecordError, match=r"larger than|levels deep"):
            GameRecord.from_engine_json(text)
    path = tmp_path / "big.json"
    path.write_bytes(b"[" * 60_000_000)
    with pytest.raises(RecordError, match="larger than"):
        GameRecord.load(path)


def test_engine_records_are_checked_by_their_engine():
    for game in (LevelX(["Ann", "Ben"], seed=1), Level8(2, seed=1), Level8Board(2, seed=1)):
        d = json.loads(game.to_json())
        d["sneaky"] = 1
        with pytest.raises(RecordError, match=r"invalid|unknown|unexpected"):
            GameRecord.from_engine_json(json.dumps(d))
        assert GameRecord.from_engine_json(game.to_json()).game_at(0) == game
