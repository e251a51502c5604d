"""Malformed intents from the browser: every widget, every intent type, every field.

Each widget declares the shape of each intent it takes (``_shapes()``, see
``levelwidgets/widgets/shapes.py``). The malformed variants here are made from those
declarations (a wrong type for each field, a bool for a number, floats, numbers out of range
or huge, missing and unknown fields, long text, long lists), plus payloads that are not objects,
too deep, too large or not JSON. Every one must set the widget's error and leave its published
view, the engine's snapshot (``to_json()``) and the record as they were, calling no listener.
"""

from __future__ import annotations

import copy
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from levelwidgets.record.annotations import MAX_COMMENT, MAX_HEADER
from levelwidgets.widgets import DiceLab, GameWidget, Level8BoardWidget, Level8Widget, LevelXWidget
from levelwidgets.widgets.intents import IntentError, IntentWidget
from levelwidgets.widgets.payload import MAX_CHARS, MAX_DEPTH, MAX_ELEMENTS, payload_refusal
from levelwidgets.widgets.shapes import (
    GENERIC_CODES,
    AnyOf,
    Bool,
    Choice,
    Coded,
    Field,
    Int,
    IntKey,
    ListOf,
    MapOf,
    Nullable,
    Obj,
    Opt,
    Shape,
    Text,
    Tuple,
    show,
)

#: A widget of each kind, in a state where most intents mean something.
WIDGETS: dict[str, Callable[[], IntentWidget]] = {
    "levelx": lambda: LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=1),
    "level8": lambda: Level8Widget(players=["Ann", "Ben"], bots=[None, "heuristic"], seed=3),
    "level8board": lambda: Level8BoardWidget(
        players=["Ann", "Ben"], bots=[None, "heuristic"], seed=3
    ),
    "dicelab": lambda: DiceLab(seed=5),
}


def send(w: IntentWidget, content: object) -> None:
    """What the browser does: a custom message to the widget's handler."""
    w._handle_message(w, content, [])


# ---------------------------------------------------------------------- state and listeners


def state_of(w: IntentWidget) -> dict[str, Any]:
    """Everything a refusal must leave as it was: the view, the engine, the record."""
    out: dict[str, Any] = {"view": copy.deepcopy(w.view)}  # type: ignore[attr-defined]
    if isinstance(w, GameWidget):
        out["game"] = w.game.to_json()
        out["record"] = None if w._cursor is None else w.record.to_json()
        out["file"] = w._file
        if isinstance(w, LevelXWidget):
            out["setup"] = w.setup
    else:
        assert isinstance(w, DiceLab)
        out["lab"] = (w.faces, w.dice, w.targets, w.lucky_loser, w.rolls, w.speed)
    return out


def listen(w: IntentWidget) -> list[object]:
    """A list that grows when any listener of the widget or its engine is called."""
    calls: list[object] = []
    if isinstance(w, GameWidget):
        w.on_move(calls.append)
        w.game.on_change(lambda _g, events: calls.append(events))
        if w._cursor is not None:
            w.record.on_change(lambda *args: calls.append(args))
    w.observe(lambda change: calls.append(change["name"]), names=["view"])
    return calls


def assert_refused(w: IntentWidget, content: object, *, field: str = "") -> None:
    """Send ``content``: it must be refused with an error naming ``field``, changing nothing."""
    before, errors, calls = state_of(w), w.error_id, listen(w)
    send(w, content)
    label = show(content)
    assert w.error_id == errors + 1, f"not refused: {label}"
    assert w.error and w.error_info["text"] == w.error, label
    assert len(w.error) < 700, f"a long message for {label}: {w.error[:200]}"
    assert "went wrong inside" not in w.error, f"{label}: {w.error}"
    if field and w.error_info["code"] in {
        None,
        *GENERIC_CODES,
    }:  # a game's coded refusal has its own words
        assert str(w.error_info["params"].get("field", "")).startswith(field), (label, w.error)
        assert field in w.error, (label, w.error)
    assert state_of(w) == before, f"changed by {label}"
    assert calls == [], f"listeners called by {label}: {calls}"


# ---------------------------------------------------------------------- malformed values


def sample(f: Field | Opt) -> Any:
    """A value ``f`` accepts (its smallest)."""
    if isinstance(f, Opt):
        return sample(f.inner)
    if isinstance(f, (Coded, Nullable)):
        return sample(f.inner)
    if isinstance(f, Int):
        return f.low
    if isinstance(f, Bool):
        return False
    if isinstance(f, Text):
        return "x" * max(f.min_len, 1)
    if isinstance(f, Choice):
        return f.options[0]
    if isinstance(f, ListOf):
        return [sample(f.item)] * f.min_len
    if isinstance(f, Tuple):
        return [sample(i) for i in f.items]
    if isinstance(f, MapOf):
        return {}
    if isinstance(f, Obj):
        return {k: sample(v) for k, v in f.fields.items() if not isinstance(v, Opt)}
    if isinstance(f, AnyOf):
        return sample(f.options[0])
    raise AssertionError(f"no sample for {f!r}")


def bad_values(f: Field) -> Iterator[object]:
    """Values ``f`` must refuse (None only where None is not "left out")."""
    if isinstance(f, Coded):
        yield from bad_values(f.inner)
    elif isinstance(f, Nullable):
        yield from (v for v in bad_values(f.inner) if v is not None)
    elif isinstance(f, Int):
        yield from (True, False, float(f.low), 0.5, float("nan"), float("inf"), str(f.low))
        yield from (f.low - 1, f.high + 1, 10**400, -(10**400), [f.low], {"n": f.low}, None)
    elif isinstance(f, Bool):
        yield from (0, 1, "true", 1.0, [True], None)
    elif isinstance(f, Text):
        yield from (7, 1.5, True, ["x"], {"x": "y"}, "x" * (f.max_len + 1), None)
        if f.min_len:
            yield ""
    elif isinstance(f, Choice):
        yield from ("no such choice", " " + f.options[0], 1, True, [f.options[0]], None)
    elif isinstance(f, ListOf):
        yield from ("x", 3, True, {"0": sample(f.item)}, None)
        yield [sample(f.item)] * (f.max_len + 1)
        if f.min_len:
            yield []
        for bad in list(bad_values(f.item))[:4]:
            yield [*([sample(f.item)] * f.min_len), bad]
    elif isinstance(f, Tuple):
        yield from ("x", [], [sample(i) for i in f.items] * 2, None)
        for bad in list(bad_values(f.items[0]))[:3]:
            yield [bad, *(sample(i) for i in f.items[1:])]
    elif isinstance(f, MapOf):
        yield from ([], "x", {"no key": sample(f.value)}, None)
        assert isinstance(f.key, IntKey)
        yield {str(f.key.low + i): sample(f.value) for i in range(f.max_len + 1)}
        for bad in list(bad_values(f.value))[:3]:
            yield {str(f.key.low): bad}
    elif isinstance(f, Obj):
        yield from ([], "x", None, {**sample(f), "no such field": 1})
        if any(not isinstance(v, Opt) for v in f.fields.values()):
            yield {}
    elif isinstance(f, AnyOf):
        yield from ({"x": 1}, 2.5, True, None, "no such thing")
    else:
        raise AssertionError(f"no bad values for {f!r}")


def malformed(kind: str, shape: Shape) -> Iterator[tuple[dict[str, Any], str]]:
    """Malformed intents of type ``kind`` and the field each one gets wrong."""
    valid = {"type": kind, **{k: sample(f) for k, f in shape.fields.items()}}
    yield {**valid, "no_such_field": 1}, ""
    yield {**valid, "Type": kind}, ""
    for name, spec in shape.fields.items():
        inner = spec.inner if isinstance(spec, Opt) else spec
        for bad in bad_values(inner):
            if bad is None and isinstance(spec, Opt):
                continue  # None leaves an optional field out
            yield {**valid, name: bad}, name
        if not isinstance(spec, Opt):
            yield {k: v for k, v in valid.items() if k != name}, name


CASES = [(name, kind) for name, make in WIDGETS.items() for kind in sorted(make()._shapes())]


@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_malformed_fields_are_refused_and_change_nothing(name: str, kind: str) -> None:
    w = WIDGETS[name]()
    shape = w._shapes()[kind]
    count = 0
    for intent, field in malformed(kind, shape):
        assert_refused(w, intent, field=field)
        count += 1
    assert count >= 2


#: Requests that are no intent at all, or too large, too deep or not JSON.
def hostile_payloads() -> Iterator[object]:
    yield from ("roll", ["roll"], None, 5, 2.5, True, b"{}", ("roll",))
    yield {}
    yield {"type": None}
    yield {"type": 5}
    yield {"type": ["roll"]}
    yield {"type": "no such request"}
    yield {"type": "x" * 1_000_000}
    yield {"type": "roll", "pad": "x" * (MAX_CHARS + 1)}
    yield {"type": "roll", "pad": "x" * 50_000_000}
    yield {"type": "roll", "pad": list(range(MAX_ELEMENTS + 1))}
    yield {"type": "roll", "pad": list(range(1_000_000))}
    yield {"type": "roll", "pad": {str(i): i for i in range(100_000)}}
    yield {"type": "roll", "pad": deep(MAX_DEPTH)}
    yield {"type": "roll", "pad": deep(100_000)}
    yield {"type": "roll", "pad": {"k": deep(50, dict)}}
    yield {"type": "roll", "pad": (1, 2)}
    yield {"type": "roll", "pad": {1, 2}}
    yield {"type": "roll", "pad": object()}
    yield {"type": "roll", 5: "numbers are no keys"}
    yield {"type": "roll", "pad": 10**5000}


def deep(levels: int, kind: type = list) -> object:
    """``levels`` lists (or objects) inside each other, built without recursion."""
    value: object = [] if kind is list else {}
    for _ in range(levels - 1):
        value = [value] if kind is list else {"k": value}
    return value


@pytest.mark.parametrize("name", WIDGETS)
def test_hostile_payloads_are_refused_and_change_nothing(name: str) -> None:
    """How fast they are refused is measured by benchmarks/fuzz.py (slowest_refusal_ms)."""
    w = WIDGETS[name]()
    for content in hostile_payloads():
        assert_refused(w, content)


def test_payload_limits_fit_what_the_front_end_sends() -> None:
    # the longest text the record takes (a header's notes) fits, with room around it
    assert max(MAX_COMMENT, *MAX_HEADER.values()) + 1_000 < MAX_CHARS
    notes = {"type": "header", "key": "notes", "value": "ä\n" * (MAX_HEADER["notes"] // 2)}
    assert payload_refusal(notes) is None
    w = WIDGETS["levelx"]()
    send(w, notes)
    assert w.error == "" and w.record.headers["notes"] == notes["value"]
    # a lay-down nests four levels; a path through the variations holds a few hundred values
    lay = {"type": "lay_down", "combos": [{"kind": "run", "cards": [1, 2, 3], "jokers": {}}]}
    path = {"type": "jump", "path": [[i + 1, 1] for i in range(100)]}
    assert payload_refusal(lay) is None and payload_refusal(path) is None
    assert payload_refusal({"a": deep(MAX_DEPTH - 1)}) is None
    assert payload_refusal({"a": deep(MAX_DEPTH)}) is not None


def test_a_payload_refusal_says_what_is_too_large() -> None:
    for content, words in (
        ({"type": "roll", "pad": "x" * (MAX_CHARS + 1)}, "characters"),
        ({"type": "roll", "pad": [0] * (MAX_ELEMENTS + 1)}, "values"),
        ({"type": "roll", "pad": deep(20)}, "levels deep"),
        ({"type": "roll", "pad": {1, 2}}, "JSON"),
    ):
        refusal = payload_refusal(content)
        assert isinstance(refusal, IntentError) and words in str(refusal), refusal


# ---------------------------------------------------------------------- the declared shapes


@pytest.mark.parametrize("name", WIDGETS)
def test_every_intent_type_has_a_declared_shape(name: str) -> None:
    w = WIDGETS[name]()
    assert set(w._shapes()) == set(w._handlers())


#: Intents as the front end sends them (js/src: every model.send), for each widget.
FRONT_END = {
    "levelx": [
        {"type": "roll"},
        {"type": "play", "groups": [[1, 6], [5, 5]]},
        {"type": "play", "groups": []},
        {"type": "goto", "turns": 3},
        {"type": "setup", "on": True},
        {"type": "set_piece", "seat": 1, "row": 7, "square": 2},
        {"type": "set_current", "seat": 0},
        {"type": "highlight", "kind": "square", "target": [8, 2], "colour": "red"},
        {"type": "highlight", "kind": "group", "target": [0, 2], "colour": "#ff8800"},
    ],
    "level8": [
        {"type": "draw", "source": "pile"},
        {"type": "draw", "source": 1},
        {"type": "propose", "cards": [3, 4, 5]},
        {"type": "lay_down", "combos": [{"kind": "run", "cards": [3, 19, 95], "jokers": {}}]},
        {"type": "lay_down", "combos": [{"kind": "set", "cards": [3, 95], "jokers": {"95": 4}}]},
        {"type": "add_on", "card": 95, "owner": 1, "index": 0},
        {"type": "add_on", "card": 95, "owner": 1, "index": 0, "number": 9},
        {"type": "discard", "card": 17},
        {"type": "skip", "target": 1},
        {"type": "skip", "target": 1, "card": 97},
        {"type": "skip_turn"},
        {"type": "keep", "cards": []},
        {"type": "next_round"},
        {"type": "reveal"},
        {"type": "goto", "ply": 0},
        {"type": "highlight", "kind": "combination", "target": [1, 0], "colour": "green"},
    ],
    "level8board": [
        {"type": "roll"},
        {"type": "move", "field": 5},
        {"type": "take", "source": "pile"},
        {"type": "take", "source": 1},
        {"type": "swap", "cards": [1, 2]},
        {"type": "show", "cards": [1]},
        {"type": "give", "card": 7},
        {"type": "steal", "card": 7},
        {"type": "choose", "action": "draw2"},
        {"type": "discard_two", "cards": [1, 2]},
        {"type": "ask", "direction": "left", "number": 7},
        {"type": "ask", "direction": "right", "colour": 3},
        {"type": "discard", "card": 101},
        {"type": "highlight", "kind": "field", "target": 12, "colour": "blue"},
    ],
    "dicelab": [
        {"type": "set_die", "index": 0, "face": 6},
        {"type": "roll"},
        {"type": "lucky_loser", "on": False},
        {"type": "mc_roll", "n": 1000},
        {"type": "mc_reset"},
        {"type": "set_dice_count", "count": 3},
        {"type": "set_targets", "targets": [5, 6, 7]},
        {"type": "speed", "value": 2},
        {"type": "refresh"},
    ],
}
#: The toolbar, pacing and the review bar of every game widget.
COMMON = [
    {"type": "undo"},
    {"type": "redo"},
    {"type": "new_game"},
    {"type": "advance", "seq": 12},
    {"type": "seek", "step": 3},
    {"type": "jump", "path": []},
    {"type": "jump", "path": [[5, 1], [9, 2]]},
    {"type": "variation", "op": "promote", "path": [[5, 1]]},
    {"type": "play_on"},
    {"type": "comment", "text": "Good move"},
    {"type": "comment", "index": 0, "text": ""},
    {"type": "mark", "mark": "!?"},
    {"type": "mark", "mark": None},
    {"type": "highlight"},
    {"type": "header", "key": "event", "value": "Class 9b"},
    {"type": "save_record", "name": "lesson 1"},
    {"type": "list_records"},
    {"type": "open_record", "name": "lesson 1.json"},
    {"type": "handout"},
]


@pytest.mark.parametrize("name", WIDGETS)
def test_the_front_ends_intents_fit_their_shapes(name: str) -> None:
    w = WIDGETS[name]()
    shapes = w._shapes()
    for intent in FRONT_END[name] + (COMMON if name != "dicelab" else []):
        checked = shapes[intent["type"]].check(json.loads(json.dumps(intent)))
        sent = {k: v for k, v in checked.items() if k in intent}
        assert json.loads(json.dumps(sent)) == intent  # joker keys come back as numbers


def test_handlers_read_checked_fields_with_defaults() -> None:
    shape = Level8Widget(seed=1)._shapes()["lay_down"]
    checked = shape.check({"type": "lay_down", "combos": [{"kind": "run", "cards": [1]}]})
    assert checked["combos"] == [{"kind": "run", "cards": [1], "jokers": {}}]
    again = shape.check({"type": "lay_down", "combos": [{"kind": "run", "cards": [1]}]})
    assert again["combos"][0]["jokers"] is not checked["combos"][0]["jokers"]  # not shared
    joker = {"type": "lay_down", "combos": [{"kind": "set", "cards": [95], "jokers": {"95": 4}}]}
    assert shape.check(joker)["combos"][0]["jokers"] == {95: 4}


@pytest.mark.parametrize(
    ("intent", "words"),
    [
        ({"type": "discard", "card": "7R"}, "card must be a whole number from 0 to 100, not '7R'"),
        ({"type": "discard", "card": 101}, "There is no card 101"),
        ({"type": "discard", "card": 14.0}, "not 14.0"),
        ({"type": "discard"}, "needs its field card"),
        ({"type": "discard", "card": 3, "cards": [3]}, "no field 'cards': it takes card"),
        ({"type": "draw", "source": True}, "'pile' or a whole number from 0 to 5"),
        ({"type": "lay_down", "combos": [{"kind": "run"}]}, "combos[0] needs its field cards"),
        ({"type": "lay_down", "combos": [{"kind": "run", "cards": [1], "x": 2}]}, "no field 'x'"),
        (
            {"type": "lay_down", "combos": [{"kind": "run", "cards": [1, True]}]},
            "combos[0].cards[1] must be a whole number from 0 to 100, not True (combos: a list",
        ),
        ({"type": "lay_down", "combos": [{"kind": "set", "cards": [1], "jokers": []}]}, "jokers"),
        ({"type": "keep", "cards": list(range(102))}, "list of cards (at most 101"),
        (
            {"type": "discard", "card": 10**5000},
            "card must be a whole number from 0 to 100, not a number of about 5,001 digits",
        ),
    ],
)
def test_a_refusal_names_the_field_what_was_given_and_what_is_allowed(intent, words) -> None:
    w = WIDGETS["level8"]()
    assert_refused(w, intent)
    assert words in w.error, w.error
    assert {"field", "given", "allowed"} <= set(w.error_info["params"])
    assert w.error_info["code"] in GENERIC_CODES


def test_coded_refusals_keep_their_codes() -> None:
    x = WIDGETS["levelx"]()
    for intent, code in (
        ({"type": "setup", "on": "yes"}, "levelx.setup_flag"),
        ({"type": "setup"}, "levelx.setup_flag"),
        ({"type": "seek", "step": "3"}, "widget.step_range"),
        ({"type": "save_record", "name": 7}, "widget.file_name"),
        ({"type": "open_record", "name": ["a.json"]}, "widget.file_name"),
    ):
        assert_refused(x, intent)
        assert x.error_info["code"] == code, intent
        json.dumps(x.error_info)  # params the browser can read
    lab = WIDGETS["dicelab"]()
    assert_refused(lab, {"type": "set_die", "index": 10**5000, "face": 2})
    assert lab.error_info["code"] == "dicelab.index" and "digits" in lab.error


def test_show_is_short_for_any_value() -> None:
    for value in (
        "x" * 10**7,
        10**5000,
        list(range(10**6)),
        deep(10_000),
        {str(i): i for i in range(10**5)},
    ):
        assert len(show(value)) < 120


# ---------------------------------------------------------------------- internal errors


def _break(w: IntentWidget, kind: str, action: Callable[[], object]) -> None:
    """Make the handler of ``kind`` run ``action`` (a bug standing in for a real one)."""
    handlers = w._handlers

    def patched() -> dict[str, Callable[[dict], object]]:
        return {**handlers(), kind: lambda _m: action()}

    w._handlers = patched  # type: ignore[method-assign]


def test_an_unexpected_exception_is_shown_not_raised(caplog) -> None:
    w = WIDGETS["levelx"]()
    before = state_of(w)
    _break(w, "refresh", lambda: {}["missing"])
    with caplog.at_level(logging.ERROR, logger="levelwidgets"):
        send(w, {"type": "refresh"})
    assert w.error.startswith("Something went wrong inside levelwidgets (KeyError: ")
    assert w.error.endswith("the game was not changed.") and w.error_id == 1
    assert state_of(w) == before
    (record,) = caplog.records
    assert record.levelname == "ERROR" and record.exc_info and "KeyError" in caplog.text


def test_an_exception_after_a_change_says_the_game_may_have_changed(caplog) -> None:
    w = LevelXWidget(players=["Ann", "Ben"], seed=1)

    def half_done() -> None:
        w.game.roll((1, 2, 3, 4))
        raise RuntimeError("boom")

    _break(w, "refresh", half_done)
    with caplog.at_level(logging.ERROR, logger="levelwidgets"):
        send(w, {"type": "refresh"})
    assert "(RuntimeError: boom)" in w.error and "may have changed partway" in w.error
    assert caplog.records[0].exc_info is not None


def test_the_lab_reports_an_internal_error_too(caplog) -> None:
    lab = WIDGETS["dicelab"]()
    _break(lab, "roll", lambda: 1 / 0)
    with caplog.at_level(logging.ERROR, logger="levelwidgets"):
        send(lab, {"type": "roll"})
    assert "ZeroDivisionError" in lab.error and lab.error.endswith("the lab was not changed.")


def test_the_shape_table_is_made_once_and_again_when_what_it_reads_changes(monkeypatch) -> None:
    """Every intent looks its shape up in the whole table: it is kept between intents, and made
    again when what the shapes read changes (Level X's seats, DiceLab's number of dice)."""
    from levelwidgets.levelx import LevelX

    made: list[str] = []
    for cls in (LevelXWidget, DiceLab, Level8BoardWidget):
        original = cls._shapes
        monkeypatch.setattr(
            cls, "_shapes", lambda self, _o=original, _n=cls.__name__: made.append(_n) or _o(self)
        )
    board = Level8BoardWidget(players=["Ann", "Ben"], seed=3)
    for _ in range(5):
        send(board, {"type": "refresh"})
    assert made.count("Level8BoardWidget") == 1
    # three seats after two: a piece of seat 2 may be set up (a table kept from two seats
    # would refuse it)
    w = LevelXWidget(players=["Ann", "Ben"], seed=1)
    send(w, {"type": "setup", "on": True})
    send(w, {"type": "set_piece", "seat": 1, "row": 5, "square": 1})
    assert not w.error
    w.game = LevelX(players=["Ann", "Ben", "Cy"], seed=2)
    send(w, {"type": "setup", "on": True})
    send(w, {"type": "set_piece", "seat": 2, "row": 5, "square": 1})
    assert not w.error, w.error
    send(w, {"type": "set_piece", "seat": 3, "row": 5, "square": 1})
    assert w.error  # no fourth seat
    assert made.count("LevelXWidget") == 2
    # six dice after four: die 5 may be set
    lab = DiceLab(seed=5)
    send(lab, {"type": "set_die", "index": 3, "face": 2})
    send(lab, {"type": "set_dice_count", "count": 6})
    send(lab, {"type": "set_die", "index": 5, "face": 2})
    assert not lab.error, lab.error
    assert lab._faces[5] == 2
    assert made.count("DiceLab") == 2
