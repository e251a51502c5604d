"""Issue 14 (Level X): records that cannot lie.

A record loads only if replaying it from its seed and settings reproduces every stored step
(drawn dice are the generator's; hand-set dice, flags and the order of turns match the check
chain) and the stored position; unknown keys are refused; hostile input is refused before any
work; and everything the engine accepts, its own ``to_json`` writes and ``from_json`` reads
back. Damaged records either load as exactly the record they are or raise a
:class:`RecordError`, never another exception and never as a different game.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from old_writers import levelx_old_dict  # tests/ is on sys.path

from levelwidgets.levelx import GreedyBot, LevelX, LevelXError, RandomBot, RecordError, Rules
from levelwidgets.levelx.errors import RecordTooLargeError, RecordTypeError
from levelwidgets.levelx.serial import MAX_DEPTH, MAX_RECORD_BYTES, MAX_TEXT, MAX_TURNS

from .helpers import check_invariants

FAST = settings(max_examples=150, deadline=None, derandomize=True, database=None)


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _teacher_game() -> LevelX:
    """Hand-set and drawn rolls, a set-up start, a pending hand-set roll."""
    game = LevelX.from_position(
        ["Ann", "Ben"], pieces=[{5: 2}, {6: 1}], chips=[{7: 1}, {}], rules=Rules(), seed=5
    )
    for dice, move in [((5, 5, 2, 2), "5 5"), ((6, 6, 2, 2), "6 6"), ((5, 5, 3, 2), "5 5")]:
        game.roll(dice)
        game.play(move)
    game.roll((3, 3, 2, 2))
    game.play("-")
    game.autoplay([RandomBot(1), RandomBot(2)], max_turns=6)
    game.roll((1, 1, 1, 5))
    return game


def _games() -> list[LevelX]:
    finished = LevelX(3, seed=8)
    finished.autoplay([GreedyBot(), RandomBot(1), RandomBot(2)])
    drawn_pending = LevelX(["Ann", "Bén", "<Cy>"], seed=4, rules=Rules(oust="row_start"))
    drawn_pending.autoplay([RandomBot(1)] * 3, max_turns=10)
    drawn_pending.roll()
    return [_teacher_game(), finished, drawn_pending]


#: Records in the engine's old format (version 2), which levelwidgets still reads: the edits
#: below change them field by field (the one file format's edits: tests/protocol).
RECORDS = [levelx_old_dict(g) for g in _games()]
#: The same games as written now (levelwidgets.record files).
NEW_RECORDS = [json.loads(g.to_json()) for g in _games()]
_ANNOTATIONS = ("headers", "root", "comments", "mark", "highlights")


def _written_as(game: LevelX, data: dict[str, Any]) -> dict[str, Any]:
    """How ``game`` writes itself in the format of ``data`` (old or new)."""
    return json.loads(game.to_json()) if "nodes" in data else levelx_old_dict(game)


def _game_part(data: Any, keys: Any = None) -> Any:
    """A record without its annotations (what an engine reads of it), and for a record file
    only the ``keys`` given (a file may leave out its optional ``position`` and ``check``)."""
    if isinstance(data, dict) and "nodes" in data and isinstance(data["nodes"], list):
        data = {k: v for k, v in data.items() if k not in _ANNOTATIONS and k in (keys or data)}
        data["nodes"] = [
            {k: v for k, v in n.items() if k not in _ANNOTATIONS} if isinstance(n, dict) else n
            for n in data["nodes"]
        ]
    return data


def _loads(data: Any) -> LevelX:
    return LevelX.from_json(json.dumps(data))


def _refused(data: Any, words: str = "") -> RecordError:
    with pytest.raises(RecordError) as info:
        _loads(data)
    assert words.lower() in str(info.value).lower(), str(info.value)
    return info.value


# ---------------------------------------------------------------------------- edits that still play


def test_an_edited_hand_set_die_is_refused():
    data = copy.deepcopy(RECORDS[0])
    assert data["turns"][0] == {**data["turns"][0], "dice": [5, 5, 2, 2], "drawn": False}
    data["turns"][0]["dice"] = [5, 5, 2, 3]  # the move 5 5 is still legal, the position equal
    _refused(data, "turn 1 of the record is impossible: this turn was changed after")


@pytest.mark.parametrize("turn", [0, 3, 6])
def test_a_flipped_drawn_flag_is_refused(turn):
    data = copy.deepcopy(RECORDS[0])
    data["turns"][turn]["drawn"] = not data["turns"][turn]["drawn"]
    err = _refused(data, f"turn {turn + 1} of the record is impossible")
    assert "seed rolls" in str(err) or "changed after" in str(err)


def test_a_flipped_drawn_flag_of_the_pending_roll_is_refused():
    data = copy.deepcopy(RECORDS[0])
    data["pending"]["drawn"] = True  # 1-1-1-5 is not what the seed rolls there
    _refused(data, "last roll")
    data = copy.deepcopy(RECORDS[2])
    data["pending"]["drawn"] = False  # the same dice, set by hand: the generator disagrees
    _refused(data, "changed after it was saved")


def test_two_turns_of_one_player_swapped_are_refused():
    data = copy.deepcopy(RECORDS[0])
    turns = data["turns"]
    assert turns[0]["player"] == turns[2]["player"] and not turns[0]["drawn"]
    turns[0], turns[2] = turns[2], turns[0]  # both hand-set, the final position is the same
    _refused(data, "turn 1 of the record is impossible: this turn was changed")


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(players=["Ann", "Bob"]),
        lambda d: d["pending"].update(dice=[1, 1, 5, 1]),
        lambda d: d["start"]["pieces"][0].__setitem__(0, 3),
        lambda d: d["turns"][-1].update(check="0" * 16),
        lambda d: d.update(check="0" * 16),
    ],
)
def test_other_edits_that_would_still_load_are_refused(edit):
    data = copy.deepcopy(RECORDS[0])
    edit(data)
    _refused(data)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(extra=1),
        lambda d: d["turns"][0].update(note="hi"),
        lambda d: d["pending"].update(player=0),
        lambda d: d["position"].update(winner=0),
        lambda d: d["rules"].update(speed="fast"),
        lambda d: d["start"].update(dice=[1, 2, 3, 4]),
    ],
)
def test_unknown_keys_are_refused_everywhere(edit):
    data = copy.deepcopy(RECORDS[0])
    edit(data)
    _refused(data)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["turns"][0].update(player=True),
        lambda d: d["turns"][1].update(dice=[6.0, 6, 2, 2]),
        lambda d: d["turns"][0].update(move="5  5"),
        lambda d: d["turns"][0].update(move="pass" if d["turns"][0]["move"] == "-" else "5+0 5"),
        lambda d: d.update(seed=float(d["seed"])),
        lambda d: d["rules"]["chips_for_players"].update({"02": [1] * 6}),
        lambda d: d["position"].update(over=0),
        lambda d: d["position"]["scores"].__setitem__(0, float(d["position"]["scores"][0])),
        lambda d: d.update(version=1),
    ],
)
def test_values_not_written_as_the_engine_writes_them_are_refused(edit):
    data = copy.deepcopy(RECORDS[0])
    edit(data)
    _refused(data)


# ------------------------------------------------------------------------ old records, round trip


def _as_version_1(data: dict[str, Any]) -> dict[str, Any]:
    old = copy.deepcopy(data)
    old["version"] = 1
    del old["check"]
    for turn in old["turns"]:
        del turn["check"]
    return old


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_version_1_records_still_load_and_are_written_as_version_2(index):
    game = _loads(_as_version_1(RECORDS[index]))
    assert levelx_old_dict(game) == RECORDS[index]
    assert json.loads(game.to_json()) == NEW_RECORDS[index]  # written as a record file
    bad = _as_version_1(RECORDS[index])
    bad["turns"][0]["extra"] = 1
    _refused(bad, "unknown")


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_every_record_reads_back_as_written(index):
    game = _loads(RECORDS[index])
    check_invariants(game)
    assert levelx_old_dict(game) == RECORDS[index]
    assert _loads(NEW_RECORDS[index]) == game
    assert json.loads(game.to_json()) == NEW_RECORDS[index]
    assert LevelX.from_dict(game.to_dict()) == game
    for indent in (None, 0, 2, 8):
        assert LevelX.from_json(game.to_json(indent=indent)) == game
    assert LevelX.from_json(game.to_json().encode("utf-8")) == game


_POSITIONS = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 3, 4]),
        "squares": st.lists(st.integers(0, 4), min_size=24, max_size=24),
        "held": st.lists(st.integers(0, 2), min_size=24, max_size=24),
        "current": st.integers(0, 3),
        "seed": st.integers(0, 2**64 - 1),
        "oust": st.sampled_from(["owner", "row_start"]),
        "lucky": st.booleans(),
        "turns": st.integers(0, 12),
        "hand": st.lists(st.tuples(*[st.integers(1, 6)] * 4), max_size=3),
    }
)


@FAST
@given(_POSITIONS)
def test_every_game_the_engine_accepts_round_trips(spec):
    """Set-up positions (whatever from_position accepts), rules, hand-set and drawn rolls."""
    n = spec["players"]
    rules = Rules(oust=spec["oust"], lucky_loser=spec["lucky"])
    lengths = rules.row_lengths
    pieces = [[min(spec["squares"][6 * p + i], lengths[i]) for i in range(6)] for p in range(n)]
    held = [spec["held"][6 * p : 6 * p + 6] for p in range(n)]
    try:
        game = LevelX.from_position(
            n,
            pieces=pieces,
            chips=held,
            tiles=None,
            current=spec["current"] % n,
            rules=rules,
            seed=spec["seed"],
        )
    except LevelXError:
        game = LevelX(n, seed=spec["seed"], rules=rules)  # an impossible set-up: the usual start
    for dice in spec["hand"]:
        if game.is_over:
            break
        game.roll(dice)
        game.play(game.legal_moves()[0])
    game.autoplay([RandomBot(p) for p in range(n)], max_turns=spec["turns"])
    if not game.is_over:
        game.roll()
    text = game.to_json()
    loaded = LevelX.from_json(text)
    assert loaded == game and loaded.to_json() == text


# ---------------------------------------------------------------------------- hostile records


def test_records_of_the_wrong_type_are_record_type_errors():
    for value in (42, None, ["{}"], object()):
        with pytest.raises(RecordTypeError):
            LevelX.from_json(value)  # type: ignore[arg-type]
    with pytest.raises(RecordTypeError):
        LevelX.from_dict({**RECORDS[0], "players": ("Ann", "Ben")})
    with pytest.raises(RecordTypeError):
        LevelX.from_dict({**RECORDS[0], 5: 1})


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, RecordTooLargeError, "levels deep"),
        ('{"a":' * 100_000 + "1" + "}" * 100_000, RecordTooLargeError, "levels deep"),
        ("[" * 6 + "]" * 6, RecordTooLargeError, "levels deep"),
        (" " * (MAX_RECORD_BYTES + 1), RecordTooLargeError, "characters"),
        ("[" + "0," * 200_000 + "0]", RecordTooLargeError, "values"),
        (json.dumps({"format": "x" * (MAX_TEXT + 1)}), RecordTooLargeError, "characters"),
        ('{"seed": ' + "9" * 5000 + "}", RecordError, "not valid JSON"),
        ('{"seed": ' + "9" * 100 + "}", RecordError, "larger than any"),
        ('{"seed": NaN}', RecordError, "NaN"),
        ('{"a": 1, "a": 2}', RecordError, "named twice"),
        (b"\xff\xfe\x00", RecordError, "not valid JSON"),
        ("", RecordError, "not valid JSON"),
    ],
)
def test_hostile_json_is_refused_before_work(text, error, words):
    with pytest.raises(error, match=words):
        LevelX.from_json(text)


def test_a_record_that_claims_a_huge_game_is_refused_cheaply():
    data = copy.deepcopy(RECORDS[1])
    data["players"] = 2**63  # a record writes names: a count is refused before it is used
    _refused(data, "'players' must be a list of names")
    data["players"] = ["A"] * 100_000
    _refused(data, "level x is for 2 to 4 players")
    data = copy.deepcopy(RECORDS[1])
    data["turns"] = data["turns"] * (MAX_TURNS // len(data["turns"]) + 1)
    _refused(data, "turns")
    loop: dict[str, Any] = {}
    loop["self"] = loop
    with pytest.raises(RecordTooLargeError):
        LevelX.from_dict(loop)


# ---------------------------------------------------------------------------- damaged records


def _paths(data: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.sampled_from([2**63, -(2**64), 10**30])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "-", "5 5", "Ann", "owner", "levelwidgets/levelx", "0" * 16, "²"])
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def damaged(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A real record and a copy with one to three mutations: a value replaced (a nearby
    number, a flipped flag, any JSON value), a key removed or added, list items swapped,
    removed or repeated, a value wrapped in deep nesting."""
    original = draw(st.sampled_from(RECORDS + NEW_RECORDS))
    data = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        if not path:
            continue
        parent, key = _get(data, path[:-1]), path[-1]
        value = parent[key]
        op = draw(st.sampled_from(["replace", "nudge", "delete", "add", "swap", "repeat", "nest"]))
        if op == "nudge" and type(value) in (int, bool):
            parent[key] = (
                (not value) if type(value) is bool else value + draw(st.sampled_from([-1, 1]))
            )
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(value, dict):
            value[draw(st.sampled_from(["check", "note", "dice", "x"]))] = draw(_VALUES)
        elif op in ("swap", "repeat") and isinstance(value, list) and value:
            i, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
            if op == "swap":
                value[i], value[j] = value[j], value[i]
            else:
                value.insert(i, copy.deepcopy(value[j]))
        elif op == "nest":
            for _ in range(draw(st.integers(1, 40))):
                value = [value]
            parent[key] = value
        else:
            parent[key] = draw(_VALUES)
    return original, data


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(damaged())
def test_a_damaged_record_loads_as_itself_or_raises_a_record_error(case):
    original, data = case
    try:
        game = LevelX.from_json(json.dumps(data))
    except RecordError:
        return
    # It loaded: then it is exactly the record that was saved (a no-op mutation, such as
    # swapping two equal dice), and it writes itself back and replays identically.
    assert _canonical(_game_part(data)) == _canonical(_game_part(original, data))
    assert _canonical(_game_part(_written_as(game, data), data)) == _canonical(_game_part(data))
    assert LevelX.from_json(game.to_json()) == game
    check_invariants(game)


@FAST
@given(st.sampled_from(RECORDS + NEW_RECORDS), st.data())
def test_cut_or_byte_damaged_json_raises_a_record_error(record, data):
    text = json.dumps(record).encode("utf-8")
    i = data.draw(st.integers(0, len(text) - 1))
    damaged_text = (
        text[:i]
        if data.draw(st.booleans())
        else text[:i] + bytes([data.draw(st.integers(0, 255))]) + text[i + 1 :]
    )
    try:
        game = LevelX.from_json(damaged_text)
    except RecordError:
        return
    assert _written_as(game, record) == record  # a byte that changed nothing (a space)


def test_nesting_limit_is_above_what_records_need():
    def depth(value: Any) -> int:
        if isinstance(value, dict):
            return 1 + max((depth(v) for v in value.values()), default=0)
        if isinstance(value, list):
            return 1 + max((depth(v) for v in value), default=0)
        return 0

    assert all(depth(r) < MAX_DEPTH for r in RECORDS)
