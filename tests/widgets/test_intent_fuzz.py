"""Random intents (Hypothesis): nothing escapes a widget's message handler, ever.

Every widget gets short sequences of random intents: well-formed ones built from its declared
shapes (so the engines judge them, and games move on), the same with one field or key made
wrong, intents with random fields, real and made-up types, and values that are no intent.
After each one: no exception escaped ``_handle_message``, no internal error was shown, and
either the intent was applied, or the widget's error is set and its view, engine snapshot and
record are unchanged with no listener called.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from levelwidgets.level8 import Action
from levelwidgets.widgets import DiceLab, Level8BoardWidget, Level8Widget, LevelXWidget
from levelwidgets.widgets.intents import IntentWidget
from levelwidgets.widgets.shapes import (
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

from .test_intent_shapes import listen, send, state_of

#: Widgets whose bots answer at once, so random play moves the games on; records go to
#: ``folder`` (Save in a random intent writes one).
WIDGETS: dict[str, Callable[[Path], IntentWidget]] = {
    "levelx": lambda folder: LevelXWidget(
        players=["Ann", "Ben"], bots=[None, "greedy"], seed=1, bot_delay=0, record_dir=folder
    ),
    "level8": lambda folder: Level8Widget(
        players=["Ann", "Ben"], bots=[None, "heuristic"], seed=3, bot_delay=0, record_dir=folder
    ),
    "level8board": lambda folder: Level8BoardWidget(
        players=["Ann", "Ben"], bots=[None, "heuristic"], seed=3, bot_delay=0, record_dir=folder
    ),
    "dicelab": lambda _folder: DiceLab(seed=5),
}
SHAPES = {name: make(Path("."))._shapes() for name, make in WIDGETS.items()}
FIELD_NAMES = sorted({f for shapes in SHAPES.values() for s in shapes.values() for f in s.fields})
MADE_UP_TYPES = ["", "Roll", "eval", "__class__", "x" * 300, "advance "]

#: Any JSON value (and Python's few extras a comm never sends: huge numbers, NaN).
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.sampled_from([10**400, -1, 0, 1, 2**53])
    | st.floats()
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def valid(f: Field) -> st.SearchStrategy[Any]:
    """Values ``f`` accepts (short lists, short text)."""
    if isinstance(f, Coded):
        return valid(f.inner)
    if isinstance(f, Nullable):
        return st.none() | valid(f.inner)
    if isinstance(f, Int):
        small = st.integers(f.low, min(f.high, f.low + 12))
        return small | st.integers(f.low, f.high) if f.high > f.low + 12 else small
    if isinstance(f, Bool):
        return st.booleans()
    if isinstance(f, Text):
        names = st.sampled_from(["lesson 1", "game.json", "draw2", "run", "set", "red", "#00ff00"])
        return names.filter(lambda t: f.min_len <= len(t) <= f.max_len) | st.text(
            min_size=f.min_len, max_size=min(f.max_len, 12)
        )
    if isinstance(f, Choice):
        return st.sampled_from(f.options)
    if isinstance(f, ListOf):
        return st.lists(valid(f.item), min_size=f.min_len, max_size=min(f.max_len, 5))
    if isinstance(f, Tuple):
        return st.tuples(*(valid(i) for i in f.items)).map(list)
    if isinstance(f, MapOf):
        assert isinstance(f.key, IntKey)
        keys = st.integers(f.key.low, f.key.high).map(str)
        return st.dictionaries(keys, valid(f.value), max_size=min(f.max_len, 3))
    if isinstance(f, Obj):
        return fields_of(f.fields)
    if isinstance(f, AnyOf):
        return st.one_of([valid(o) for o in f.options])
    raise AssertionError(f"no strategy for {f!r}")


def fields_of(fields: dict[str, Field | Opt]) -> st.SearchStrategy[dict[str, Any]]:
    required = {k: valid(f) for k, f in fields.items() if not isinstance(f, Opt)}
    optional = {k: valid(f.inner) for k, f in fields.items() if isinstance(f, Opt)}
    return st.fixed_dictionaries(required, optional=optional)


def well_formed(shapes: dict[str, Shape]) -> st.SearchStrategy[dict[str, Any]]:
    kinds = sorted(shapes)
    return st.sampled_from(kinds).flatmap(
        lambda kind: fields_of(dict(shapes[kind].fields)).map(lambda f: {"type": kind, **f})
    )


def spoiled(shapes: dict[str, Shape]) -> st.SearchStrategy[dict[str, Any]]:
    """A well-formed intent with one field (or a new key) set to any JSON value."""
    keys = st.sampled_from(FIELD_NAMES) | st.text(max_size=8)
    return st.tuples(well_formed(shapes), keys, JSON).map(lambda t: {**t[0], t[1]: t[2]})


def random_intent(shapes: dict[str, Shape]) -> st.SearchStrategy[dict[str, Any]]:
    types = st.sampled_from(sorted(shapes) + MADE_UP_TYPES) | JSON
    keys = st.sampled_from(FIELD_NAMES) | st.text(max_size=8)
    return st.tuples(types, st.dictionaries(keys, JSON, max_size=4)).map(
        lambda t: {**t[1], "type": t[0]}
    )


def intents(name: str) -> st.SearchStrategy[object]:
    shapes = SHAPES[name]
    return st.one_of(
        well_formed(shapes),
        well_formed(shapes),
        spoiled(shapes),
        random_intent(shapes),
        JSON,
    )


def legal_intents(w: IntentWidget) -> list[dict[str, Any]]:
    """The intents the browser would send for the legal actions now (empty for the lab)."""
    if isinstance(w, LevelXWidget):
        game = w.game
        if game.is_over:
            return []
        if game.dice is None:
            return [{"type": "roll"}]
        return [{"type": "play", "groups": [list(g) for g in m.groups]} for m in game.legal_moves()]
    if isinstance(w, Level8Widget):
        return [] if w.game.is_over else [intent_of(a) for a in w.game.legal_actions()]
    return []


def intent_of(a: Action) -> dict[str, Any]:
    """A Level 8 action as the front end sends it."""
    k = a.kind
    if k in ("draw", "take"):
        return {"type": k, "source": "pile" if a.source is None else a.source}
    if k == "lay_down":
        combos = [
            {"kind": c.kind, "cards": list(c.cards), "jokers": {str(j): m for j, m in c.jokers}}
            for c in a.combos
        ]
        return {"type": k, "combos": combos}
    if k == "add_on":
        return {"type": k, "card": a.card, "owner": a.target, "index": a.index, "number": a.meaning}
    if k == "skip":
        return {"type": k, "target": a.target, "card": a.card}
    if k in ("keep", "swap", "show", "discard_two"):
        return {"type": k, "cards": list(a.cards)}
    if k == "ask":
        return {"type": k, "number": a.number, "colour": a.colour, "direction": a.direction}
    fields = {"move": {"field": a.field}, "choose": {"action": a.choice}}
    if k in ("discard", "give", "steal"):
        return {"type": k, "card": a.card}
    return {"type": k, **fields.get(k, {})}


def check_one(w: IntentWidget, content: object) -> None:
    before, errors, calls = state_of(w), w.error_id, listen(w)
    try:
        send(w, content)
    except BaseException as exc:  # the point: nothing may escape
        pytest.fail(f"{type(exc).__name__} escaped _handle_message for {show(content)}: {exc}")
    assert "went wrong inside levelwidgets" not in w.error, f"{show(content)}: {w.error}"
    if w.error_id != errors:  # refused: exactly as before, and said so
        assert w.error_id == errors + 1 and w.error, show(content)
        assert state_of(w) == before, f"refused but changed: {show(content)}: {w.error}"
        assert calls == [], f"refused but told listeners: {show(content)}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records")


@pytest.mark.parametrize("name", WIDGETS)
@settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_no_intent_escapes_and_a_refusal_changes_nothing(
    name: str, folder: Path, data: st.DataObject
) -> None:
    # New game draws a random seed: a fixed one keeps every example reproducible
    with mock.patch("secrets.randbelow", lambda n: 7):
        w = WIDGETS[name](Path(tempfile.mkdtemp(dir=folder)))  # no file of another example
        steps = data.draw(st.integers(1, 24), label="steps")
        for _ in range(steps):
            legal = legal_intents(w)
            if legal and data.draw(st.integers(0, 2), label="play") > 0:  # mostly play on
                content: object = data.draw(st.sampled_from(legal), label="legal")
            else:
                content = data.draw(intents(name), label="intent")
            check_one(w, content)
