"""Record files: round trips, engine records, and corrupt or hostile files refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from levelwidgets.level8 import Level8
from levelwidgets.levelx import LevelX
from levelwidgets.record import MAX_BYTES, GameRecord, RecordError, record

from .helpers import annotated_levelx, level8_game, levelx_game


def _annotated_level8() -> GameRecord:
    rec = record(level8_game(4))
    rec.set_header("site", "Room 12").set_header("notes", "Line one\nLine two")
    node = rec.mainline_node(6)
    node.comment("Why this card?").mark("?").highlight(card="7R").highlight(player=2)
    node.highlight(combination=(0, 0), colour="purple")
    game = rec.game_at(5)
    alt = rec.mainline_node(5).add_variation(game.legal_actions()[-1])
    alt.comment("Another idea").mark("!?")
    return rec


@pytest.mark.parametrize("make", [annotated_levelx, _annotated_level8])
def test_round_trip_keeps_everything(tmp_path, make):
    rec = make()
    path = tmp_path / "game.levelrecord.json"
    rec.save(path)
    back = GameRecord.load(path)
    assert back.to_dict() == rec.to_dict()
    assert back.headers == rec.headers
    for a, b in zip(rec.walk(), back.walk(), strict=True):
        assert (a.comments, a.mark(), a.highlights, a.ply) == (
            b.comments,
            b.mark(),
            b.highlights,
            b.ply,
        )
        assert len(a.variations) == len(b.variations)
    assert json.loads(path.read_text())["format"] == "levelwidgets.record"
    assert not list(tmp_path.glob("*.tmp"))


def test_loaded_steps_have_their_events():
    rec = GameRecord.from_json(annotated_levelx().to_json())
    assert all(step.events for step in rec.walk() if step is not rec)


@pytest.mark.parametrize("game", [levelx_game(7), level8_game(9)], ids=["levelx", "level8"])
def test_engine_records_convert_losslessly(game):
    text = game.to_json()
    rec = GameRecord.from_engine_json(text)
    end = rec.cursor().last()
    rebuilt = rec.game_at(end)
    assert rebuilt == game
    assert rebuilt.to_json() == text
    assert GameRecord.from_json(rec.to_json()).to_dict() == rec.to_dict()


def test_engine_record_with_pending_roll_and_set_dice():
    game = LevelX(["Ann", "Ben"], seed=1)
    game.roll((1, 1, 1, 5))
    game.play("1+6 5+5")
    game.roll()
    rec = GameRecord.from_engine_json(game.to_json())
    assert rec.mainline_node(1).chance == {"dice": [1, 1, 1, 5], "drawn": False}
    assert rec.game_at(3).to_json() == game.to_json()


def test_level8_set_up_position_records():
    game = Level8.from_position(
        ["Ann", "Ben"],
        hands=[
            ["1R", "2R", "3R", "4R", "5R", "6R", "7R", "8R", "9R", "10R"],
            ["1Y", "2Y", "3Y", "4Y", "5Y", "6Y", "7Y", "8Y", "9Y", "10Y"],
        ],
        seed=5,
    )
    game.draw()
    rec = record(game)
    back = GameRecord.from_json(rec.to_json())
    assert back.game_at(1) == game


def _base() -> dict:
    return annotated_levelx().to_dict()


def _edit(change):
    data = copy.deepcopy(_BASE)
    change(data)
    return json.dumps(data)


def _main_move(data, index=1):
    """The raw step of a main-line move (``index``: which move, from 0)."""
    moves = [n["step"] for n in data["nodes"] if n["step"]["kind"] == "move"]
    return moves[index]


_BASE = _base()
_OLD_ENGINE_RECORD = (
    Path(__file__).parent.parent / "fixtures" / "old_formats" / "levelx_partway.json"
).read_text(encoding="utf-8")
_L8 = _annotated_level8().to_dict()


def _edit8(change):
    data = copy.deepcopy(_L8)
    change(data)
    return json.dumps(data)


HOSTILE = {
    "not json": ("{format: levelwidgets", "not valid JSON"),
    "not utf-8": (b"\xff\xfe{}", "not UTF-8"),
    "a list": ("[1, 2, 3]", "'format' is missing"),
    # an engine's own old format (engines now write record files: see test_engine_files_are_records)
    "engine record": (_OLD_ENGINE_RECORD, "from_engine_json"),
    "unknown version": (_edit(lambda d: d.update(version=2)), "version 2"),
    "version as text": (_edit(lambda d: d.update(version="1")), "version '1'"),
    "unknown game": (_edit(lambda d: d.update(game="chess")), "'chess'"),
    "unknown top key": (_edit(lambda d: d.update(script="alert(1)")), "unknown field"),
    "missing nodes": (_edit(lambda d: d.pop("nodes")), "lacks 'nodes'"),
    "nodes not a list": (_edit(lambda d: d.update(nodes={})), "must be a list"),
    "bad config": (_edit(lambda d: d["config"].update(players=["A"])), "set-up is invalid"),
    "config extra key": (_edit(lambda d: d["config"].update(x=1)), "unknown field"),
    "seed as text": (_edit(lambda d: d["config"].update(seed="1")), "seed must be"),
    "header html ok but type wrong": (
        _edit(lambda d: d["headers"].update(event=["<script>"])),
        "must be text",
    ),
    "unknown header": (_edit(lambda d: d["headers"].update(onload="x")), "unknown field"),
    "parent forward": (_edit(lambda d: d["nodes"][0].update(parent=5)), "names parent 5"),
    "parent self": (_edit(lambda d: d["nodes"][3].update(parent=3)), "names parent 3"),
    "parent as text": (_edit(lambda d: d["nodes"][3].update(parent="2")), "names parent"),
    "node extra key": (_edit(lambda d: d["nodes"][0].update(html="<b>")), "unknown field"),
    "illegal move": (_edit(lambda d: _main_move(d).update(move="6+6+6+6")), "impossible"),
    "bad notation": (_edit(lambda d: _main_move(d).update(move="x+y")), "Cannot read"),
    "wrong player": (
        _edit(lambda d: _main_move(d).update(player=1 - _main_move(d)["player"])),
        "turn",
    ),
    "dice not from seed": (
        _edit(lambda d: d["nodes"][0]["step"].update(dice=[6, 6, 6, 6])),
        "not what the game's seed rolls",
    ),
    "five dice": (_edit(lambda d: d["nodes"][0]["step"].update(dice=[1, 2, 3, 4, 5])), "four dice"),
    "die as float": (
        _edit(lambda d: d["nodes"][0]["step"].update(dice=[1.0, 2, 3, 4])),
        "die must",
    ),
    "drawn as text": (_edit(lambda d: d["nodes"][0]["step"].update(drawn="yes")), "drawn"),
    "unknown step kind": (_edit(lambda d: d["nodes"][0]["step"].update(kind="undo")), "kind"),
    "bad mark": (_edit(lambda d: d["nodes"][0].update(mark="<b>!</b>")), "mark is one of"),
    "comment not text": (_edit(lambda d: d["nodes"][0].update(comments=[{"x": 1}])), "text"),
    "comments not a list": (_edit(lambda d: d["nodes"][0].update(comments="hi")), "list"),
    "control chars": (_edit(lambda d: d["nodes"][0].update(comments=["a\x07"])), "control"),
    "highlight kind": (
        _edit(
            lambda d: d["root"].update(highlights=[{"kind": "card", "target": 1, "colour": "red"}])
        ),
        "highlights row",
    ),
    "highlight colour css": (
        _edit(
            lambda d: d["root"].update(
                highlights=[{"kind": "row", "target": 7, "colour": "red;background:url(x)"}]
            )
        ),
        "colour is one of",
    ),
    "highlight extra key": (
        _edit(
            lambda d: d["root"].update(
                highlights=[{"kind": "row", "target": 7, "colour": "red", "onclick": "x"}]
            )
        ),
        "unknown field",
    ),
    "duplicate variation": (
        _edit(lambda d: d["nodes"].append(copy.deepcopy(d["nodes"][0]) | {"parent": None})),
        "repeats another variation",
    ),
    "position edited": (
        _edit(lambda d: d["position"]["scores"].__setitem__(0, 999)),
        "stored position",
    ),
    "duplicate keys": ('{"format": "levelwidgets.record", "format": "x"}', "twice"),
    "NaN": (_edit(lambda d: d["config"].update(seed=0)).replace('"seed": 0', '"seed": NaN'), "NaN"),
    "nested too deep": ("[" * 100_000 + "]" * 100_000, "levels deep"),
    "nested moderately deep": (
        _edit(lambda d: d["headers"].update(notes=None)).replace(
            '"headers": {', '"headers": {"site": ' + "[" * 40 + "]" * 40 + ","
        ),
        "levels deep",
    ),
    "too many nodes": (
        _edit(lambda d: d.update(nodes=[{"parent": None, "step": {}}] * 100_000)),
        "at most 100,000",
    ),
    "level8 wrong shuffle": (
        _edit8(
            lambda d: next(n for n in d["nodes"] if n["step"]["chance"])["step"]["chance"][
                0
            ].reverse()
        ),
        "impossible",
    ),
    "level8 start deal": (_edit8(lambda d: d["start"][0].reverse()), "first deal"),
    "level8 action extra": (
        _edit8(lambda d: d["nodes"][0]["step"]["action"].update(code="x")),
        "unknown fields",
    ),
    "level8 setup as a step": (
        _edit8(lambda d: d["nodes"][0]["step"].update(action={"kind": "deal", "player": 0})),
        "not an action a player takes",
    ),
    "level8 card out of range": (
        _edit8(
            lambda d: d["root"].update(
                highlights=[{"kind": "card", "target": 101, "colour": "red"}]
            )
        ),
        "out of range",
    ),
}


@pytest.mark.parametrize("text, message", list(HOSTILE.values()), ids=list(HOSTILE))
def test_corrupt_and_hostile_files_are_refused(tmp_path, text, message):
    path = tmp_path / "bad.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        GameRecord.load(path)


@pytest.mark.parametrize("game", [levelx_game(2), level8_game(4)])
def test_engine_files_are_records(tmp_path, game):
    """One file format: what an engine's to_json writes is a record file (its main line)."""
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    rec = GameRecord.load(path)
    assert rec.game_at(len(list(rec.mainline()))) == game
    assert rec.to_dict()["nodes"] == json.loads(game.to_json())["nodes"]
    assert json.loads(rec.to_json())["check"] == json.loads(game.to_json())["check"]
    assert type(game).from_json(rec.to_json()) == game


def test_many_hostile_files():
    assert len(HOSTILE) >= 20


def test_oversized_file_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(RecordError, match="larger than 10 MB"):
        GameRecord.load(path)
    with pytest.raises(RecordError, match="larger than 10 MB"):
        GameRecord.from_json(" " * (MAX_BYTES + 1))


def test_missing_file():
    with pytest.raises(RecordError, match="no file"):
        GameRecord.load("/nonexistent/record.json")


def test_text_stays_text():
    rec = record(levelx_game(2))
    evil = "<img src=x onerror=alert(1)> <script>alert(2)</script> [x](javascript:alert(3))"
    rec.set_header("event", evil)
    rec.mainline_node(1).comment(evil)
    back = GameRecord.from_json(rec.to_json())
    assert back.headers["event"] == evil and back.mainline_node(1).comments == [evil]


def _with_colons() -> str:
    """A saved Level X record whose comments hold colons (texts a key count must allow for)."""
    rec = annotated_levelx()
    rec.mainline_node(2).comment("Note: a colon, and another: here")
    return rec.to_json()


@pytest.mark.parametrize(
    "edit",
    [
        # a node's step names a field twice (kept: the last one, the same value)
        lambda t: t.replace('"kind": "roll"', '"kind": "roll", "kind": "roll"', 1),
        # the field dropped held a text with colons, so the text has as many colons as before
        lambda t: t.replace('"kind": "roll"', '"kind": "a:b:c", "kind": "roll"', 1),
        # a colon written as an escape elsewhere in the file
        lambda t: t.replace('"kind": "roll"', '"kind": "roll", "kind": "roll"', 1).replace(
            "Note: a colon", "Note\\u003a a colon"
        ),
        # in a highlight's object
        lambda t: t.replace('"colour": ', '"colour": "a:b", "colour": ', 1),
    ],
    ids=["step", "dropped-text-with-colons", "escaped-colon", "highlight"],
)
def test_a_field_named_twice_is_refused_whatever_colons_the_texts_hold(edit):
    text = _with_colons()
    GameRecord.from_json(text)  # the record itself loads
    bad = edit(text)
    assert bad != text
    with pytest.raises(RecordError, match="twice in one place"):
        GameRecord.from_json(bad)
    with pytest.raises(RecordError, match="twice in one place"):
        GameRecord.from_json(bad.encode("utf-8"))


def test_colons_in_keys_and_escaped_colons_are_not_taken_for_repeated_fields():
    text = _with_colons()
    escaped = text.replace("Note: a colon", "Note\\u003a a colon")
    assert GameRecord.from_json(escaped).mainline_node(2).comments[-1].startswith("Note: a colon")
    data = json.loads(text)
    data["config"]["rules"]["a:b"] = 1  # an unknown rule, refused by its own check (not twice)
    with pytest.raises(RecordError) as refused:
        GameRecord.from_json(json.dumps(data))
    assert "twice" not in str(refused.value)


def test_a_loaded_step_without_notes_reads_as_empty_lists_and_takes_notes():
    rec = GameRecord.from_json(annotated_levelx().to_json())
    node = rec.mainline_node(1)
    assert (node.comments, node.highlights, node.mark()) == ([], [], None)
    node.comment("First").highlight(row=7).comment("Second")
    assert node.comments == ["First", "Second"]
    assert node.highlights == [{"kind": "row", "target": 7, "colour": "red"}]
    assert node.remove_comment(0) == "First" and node.comments == ["Second"]
    other = rec.mainline_node(2)
    assert other.comments == [] and other.highlights == []  # nothing shared between steps
