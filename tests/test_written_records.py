"""The records written out by hand (issue 33 item 6: a ``@dataclass`` decorator's code
generation cost about a millisecond per class at import) behave as the dataclasses they were.

Each is compared with a twin that ``dataclasses.make_dataclass`` builds from the original
declaration: the same ``__init__`` signature, ``repr``, equality, hash, order,
``__match_args__``, slots, refusal to change a field and pickling.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import MISSING, FrozenInstanceError, field

import pytest

from levelwidgets._records import FrozenRecord, dataclass_fields
from levelwidgets.level8.action_space import Block, Shape
from levelwidgets.level8.actions import Action, Event, HistoryEntry
from levelwidgets.level8.board.layout import DEFAULT_LAYOUT, BoardLayout
from levelwidgets.level8.cards import Card
from levelwidgets.level8.combos import Combo
from levelwidgets.level8.levels import Level, LevelSequence, Requirement, parse_level
from levelwidgets.levelx.events import Event as XEvent
from levelwidgets.levelx.game import Turn
from levelwidgets.levelx.moves import Grouping, Move
from levelwidgets.levelx.preview import MovePreview, StepPreview
from levelwidgets.levelx.rules import DEFAULT_CHIPS, Rules
from levelwidgets.record.cursor import CursorMove

_LEVEL = parse_level("run 3 + set 2")
_MOVE = Move((5, 6), ((1, 4), (2, 4)), ())
_STEP = StepPreview(5, 0, 1)


class Factory:
    """A field's ``default_factory`` in :data:`CASES`."""

    def __init__(self, make):
        self.make = make


#: class, the original decorator's options, its fields (name, default or MISSING, factory),
#: and two sets of field values that differ.
CASES = [
    (
        CursorMove,
        {"frozen": True},
        [("previous", MISSING), ("node", MISSING), ("new", False)],
        ("a", "b", False),
        ("a", "b", True),
    ),
    (Card, {"frozen": True, "order": True}, [("id", MISSING)], (3,), (4,)),
    (
        Requirement,
        {"frozen": True, "order": True},
        [("kind", MISSING), ("n", MISSING)],
        ("run", 3),
        ("set", 3),
    ),
    (
        Level,
        {"frozen": True},
        [("requirements", MISSING)],
        (_LEVEL.requirements,),
        (_LEVEL.requirements[:1],),
    ),
    (
        LevelSequence,
        {"frozen": True},
        [
            ("name", MISSING),
            ("levels", MISSING),
            ("keep_levels", Factory(frozenset)),
            ("reconstruction", False),
        ],
        ("x", (_LEVEL,), frozenset({1}), False),
        ("x", (_LEVEL,), frozenset(), False),
    ),
    (
        Shape,
        {"frozen": True},
        [
            ("kinds", MISSING),
            ("num_players", MISSING),
            ("deck", MISSING),
            ("max_combos", MISSING),
            ("fields", MISSING),
            ("lay_down_cap", MISSING),
            ("slot_hands", ()),
        ],
        (("draw",), 2, (1, 2), 3, 0, 5, ()),
        (("draw",), 3, (1, 2), 3, 0, 5, ()),
    ),
    (
        Block,
        {"frozen": True},
        [("kind", MISSING), ("base", MISSING), ("size", MISSING), ("slots", MISSING)],
        ("draw", 0, 3, False),
        ("draw", 0, 4, False),
    ),
    (
        BoardLayout,
        {"frozen": True},
        [("fields", MISSING), ("name", "custom"), ("reconstruction", False)],
        (DEFAULT_LAYOUT.fields,),
        (DEFAULT_LAYOUT.fields, "other"),
    ),
    (
        Rules,
        {"frozen": True},
        [
            ("oust", "owner"),
            ("lucky_loser", True),
            ("chips_for_players", Factory(lambda: dict(DEFAULT_CHIPS))),
            ("row_lengths", (4, 4, 3, 3, 2, 2)),
            ("bonus_tiles", (15, 12, 9, 6)),
        ],
        (),
        ("row_start",),
    ),
    (
        Move,
        {"frozen": True, "slots": True, "eq": False},
        [("steps", MISSING), ("groups", MISSING), ("turned", ())],
        ((5, 6), ((1, 4), (2, 4))),
        ((5, 7), ((1, 4), (2, 5))),
    ),
    (
        Grouping,
        {"frozen": True, "slots": True},
        [("groups", MISSING), ("left_out", MISSING), ("turned", ())],
        (((1, 4),), (2,)),
        (((1, 4),), (3,)),
    ),
    (
        XEvent,
        {"frozen": True, "slots": True},
        [
            ("kind", MISSING),
            ("player", MISSING),
            ("row", None),
            ("square", None),
            ("other", None),
            ("value", None),
        ],
        ("step", 0, 5),
        ("step", 1, 5),
    ),
    (
        Turn,
        {"frozen": True, "slots": True},
        [
            ("number", MISSING),
            ("round", MISSING),
            ("player", MISSING),
            ("dice", MISSING),
            ("drawn", MISSING),
            ("move", MISSING),
            ("events", MISSING),
        ],
        (1, 1, 0, (1, 4, 2, 4), False, _MOVE, ()),
        (2, 1, 0, (1, 4, 2, 4), False, _MOVE, ()),
    ),
    (
        StepPreview,
        {"frozen": True, "slots": True},
        [
            ("row", MISSING),
            ("start", MISSING),
            ("end", MISSING),
            ("reaches_x", False),
            ("chip", 0),
            ("ousts", None),
            ("ousted_to", 0),
            ("closes", None),
            ("bonus", 0),
            ("no_effect", False),
        ],
        (5, 0, 1),
        (5, 0, 2),
    ),
    (
        MovePreview,
        {"frozen": True, "slots": True},
        [
            ("move", MISSING),
            ("steps", MISSING),
            ("last_round", False),
            ("bonus_by_order", Factory(dict)),
        ],
        (_MOVE, (_STEP,)),
        (_MOVE, (_STEP,), True),
    ),
]

#: Written-out classes that keep their own ``__init__`` (so only the other methods compare).
OWN_INIT = (Event, HistoryEntry)


#: The methods each class defined itself among those the decorator makes (it keeps them).
OWN = {
    Card: ("__repr__",),
    Rules: ("__hash__", "__eq__"),
    Move: ("__eq__", "__hash__", "__repr__"),
}
#: What the decorator makes (written out now) or Python makes for every class.
MADE = {
    "__init__",
    "__repr__",
    "__eq__",
    "__hash__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__setattr__",
    "__delattr__",
    "__getstate__",
    "__setstate__",
    "__match_args__",
    "__slots__",
    "__dict__",
    "__weakref__",
    "__annotations__",
}


def _twin(cls, options, fields):
    """The dataclass ``cls`` was: its declaration (fields, own methods and properties) with
    the rest made by the decorator."""
    spec = []
    for name, default in fields:
        if default is MISSING:
            spec.append((name, object))
        elif isinstance(default, Factory):
            spec.append((name, object, field(default_factory=default.make)))
        else:
            spec.append((name, object, field(default=default)))
    keep = OWN.get(cls, ())
    names = {name for name, _ in fields}
    own = {
        k: v
        for k, v in vars(cls).items()
        if (k not in MADE or k in keep) and k not in names and not k.startswith("__dataclass")
    }
    own.pop("__module__", None)
    return dataclasses.make_dataclass(cls.__name__, spec, namespace=own, **options)


def _pickled(record):
    """Whether ``record`` comes back equal from a pickle, or the error it raises."""
    try:
        return pickle.loads(pickle.dumps(record)) == record
    except TypeError as e:
        return type(e).__name__


def _copied(record):
    """Whether ``record`` deep-copies to an equal one, or the error it raises."""
    try:
        return copy.deepcopy(record) == record
    except TypeError as e:
        return type(e).__name__


def _asdict(record):
    """``dataclasses.asdict(record)``, or the error it raises (it deep-copies the values)."""
    try:
        return dataclasses.asdict(record)
    except TypeError as e:
        return type(e).__name__


def _hash(record):
    try:
        return hash(record)
    except TypeError as e:
        return str(e)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].__module__}.{c[0].__name__}")
def test_written_out_record_behaves_as_its_dataclass(case):
    cls, options, fields, values, other_values = case
    twin = _twin(cls, options, fields)
    assert dataclasses.is_dataclass(cls) and dataclasses.is_dataclass(cls(*values))
    for f, g in zip(dataclasses.fields(cls), dataclasses.fields(twin), strict=True):
        if f.default_factory is not MISSING:  # (the same function, or a copy of it)
            assert f.default_factory() == g.default_factory()
            f, g = copy.copy(f), copy.copy(g)
            f.default_factory = g.default_factory = MISSING
        assert (f.name, f.default, f.default_factory, f.init, f.repr, f.compare, f.hash) == (
            g.name,
            g.default,
            g.default_factory,
            g.init,
            g.repr,
            g.compare,
            g.hash,
        )
    assert cls.__dataclass_params__.frozen and repr(cls.__dataclass_params__) == repr(
        twin.__dataclass_params__
    )
    mine, theirs = cls(*values), twin(*values)
    # the same constructor: parameters, defaults (a factory's as a sentinel), and results
    got = inspect.signature(cls.__init__).parameters
    want = inspect.signature(twin.__init__).parameters
    assert list(got) == list(want)
    for name in got:
        d1, d2 = got[name].default, want[name].default
        assert d1 == d2 or repr(d1) == repr(d2) == "<factory>", name
    for name, _default in fields:
        assert getattr(mine, name) == getattr(theirs, name)
    assert repr(mine) == repr(theirs)
    assert cls.__match_args__ == twin.__match_args__
    # equality, hash and order as the twin's, here and with a record that differs
    other, other_twin = cls(*other_values), twin(*other_values)
    assert mine == cls(*values)
    if cls not in (Rules, Move):
        assert theirs == twin(*values)  # (their own equality asks for their own class)
        assert (mine == other) is (theirs == other_twin)
    else:
        assert mine != other
    if cls not in (Rules, Move):
        assert mine.__eq__(theirs) is NotImplemented
    assert _hash(mine) == _hash(cls(*values))
    assert isinstance(_hash(mine), int) is isinstance(_hash(theirs), int)
    if options.get("order"):
        assert (mine < other) is (theirs < other_twin)
        assert (mine >= other) is (theirs >= other_twin)
    else:
        with pytest.raises(TypeError):
            _ = mine < other
    # frozen: no field changes, nor does a new attribute appear
    for change in (lambda r: setattr(r, fields[0][0], 1), lambda r: delattr(r, fields[0][0])):
        with pytest.raises(FrozenInstanceError):
            change(mine)
    with pytest.raises(FrozenInstanceError):
        mine.extra = 1  # type: ignore[attr-defined]
    assert ("__slots__" in vars(cls)) is ("__slots__" in vars(twin))
    if options.get("slots"):
        assert cls.__slots__ == twin.__slots__ and not hasattr(mine, "__dict__")
    if cls is not CursorMove:  # (its fields are nodes of a record; strings stand in here)
        # (Rules' read-only chips refuse pickling, as the dataclass's did)
        assert _pickled(mine) is True or (cls is Rules and _pickled(mine) == "TypeError")
        assert _copied(mine) is True or (cls is Rules and _copied(mine) == "TypeError")
    # the dataclasses module's functions see the same record
    assert _asdict(mine) == _asdict(theirs)
    changed = dataclasses.replace(mine, **{fields[0][0]: getattr(other, fields[0][0])})
    assert type(changed) is cls and getattr(changed, fields[0][0]) == getattr(other, fields[0][0])


def test_records_with_their_own_init_keep_the_rest():
    a = Action("draw", 0)
    entry, same = HistoryEntry(a, ((1,),), ()), HistoryEntry(a, ((1,),), (Event("x", 0),))
    assert entry == same and hash(entry) == hash(same)  # the events are not compared
    assert repr(entry) == f"HistoryEntry(action={a!r}, chance=((1,),), events=())"
    e = Event("drew", 0, {"card": 3})
    assert e == Event("drew", 0, {"card": 3}) and e != Event("drew", 1, {"card": 3})
    for record in (entry, e):
        with pytest.raises(FrozenInstanceError):
            record.kind = "x"  # type: ignore[misc]
    assert Event.__match_args__ == ("kind", "player", "data")
    assert [f.compare for f in dataclasses.fields(HistoryEntry)] == [True, True, False]
    assert dataclasses.fields(Event)[2].default_factory is dict
    assert dataclasses.replace(entry, chance=()) == HistoryEntry(a, (), ())
    assert HistoryEntry.__match_args__ == ("action", "chance", "events")


def _engine_records():
    """Records of each written-out class as the engines make them (for the classes with
    their own ``__init__`` or too many fields to list here)."""
    from levelwidgets.level8 import Level8
    from levelwidgets.level8.board import Level8Board

    table = Level8(["Ann", "Ben"], seed=1)
    board = Level8Board(["Ann", "Ben"], seed=1)
    action = table.legal_actions()[0]
    combo = Combo("run", (1, 2, 90), jokers=((90, 4),))
    return [
        table.observation(0),
        board.observation(0),
        action,
        combo,
        HistoryEntry(action, ((1,),), (Event("x", 0),)),
        Event("drew", 0, {"card": 3}),
    ]


@pytest.mark.parametrize("record", _engine_records(), ids=lambda r: type(r).__name__)
def test_engine_records_behave_as_their_dataclasses(record):
    cls = type(record)
    declared = dataclasses.fields(cls)
    options = {"frozen": True, "init": "__init__" not in OWN_INIT_NAMES.get(cls, ())}
    spec = [(f.name, object, copy.copy(f)) for f in declared]
    for _name, _type, f in spec:
        f.name = f.type = None  # (make_dataclass names them again)
    twin = dataclasses.make_dataclass(cls.__name__, spec, **options)
    theirs = object.__new__(twin)
    for f in declared:
        object.__setattr__(theirs, f.name, getattr(record, f.name))
    assert repr(record) == repr(theirs)
    assert _hash(record) == _hash(theirs)
    assert cls.__match_args__ == twin.__match_args__
    first = declared[0].name
    assert record == dataclasses.replace(record) and record != dataclasses.replace(
        record, **{first: "changed"}
    )
    with pytest.raises(FrozenInstanceError):
        setattr(record, first, 1)
    with pytest.raises(FrozenInstanceError):
        delattr(record, first)
    assert dataclasses.asdict(record) == dataclasses.asdict(theirs)
    assert pickle.loads(pickle.dumps(record)) == record


#: The written-out classes whose ``__init__`` is their own (the decorator had ``init=False``).
OWN_INIT_NAMES = {cls: ("__init__",) for cls in (Event, HistoryEntry, Action, Combo)}


#: Every written-out record class.
WRITTEN = [case[0] for case in CASES] + [Action, Event, HistoryEntry, Combo]
#: The methods the decorator makes from the fields (each written once, in FrozenRecord).
DERIVED = ("__repr__", "__eq__", "__hash__", "__lt__", "__le__", "__gt__", "__ge__")
DERIVED += ("__setattr__", "__delattr__", "__getstate__", "__setstate__")


@pytest.mark.parametrize("cls", WRITTEN, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_written_records_repeat_no_derived_method(cls):
    from levelwidgets import _records

    shared = {**_records._ORDER, **_records._PICKLE}
    assert issubclass(cls, _records.FrozenRecord)
    for name in DERIVED:
        method = vars(cls).get(name)
        if method is None or name in OWN.get(cls, ()):
            continue
        assert method is shared.get(name) or method is getattr(object, name), name


def _declared(name, names, base=(), fields=None, own=None, **options):
    """A class declared as the written records are (its ``__init__`` sets the fields, no
    defaults), and the dataclass the decorator makes of the same declaration."""

    def __init__(self, *values):
        for n, v in zip(names, values, strict=True):
            object.__setattr__(self, n, v)

    body = {"__annotations__": dict.fromkeys(names, "int"), **(own or {})}
    plain = {n: f for n, f in (fields or {}).items()}
    twin = dataclasses.dataclass(**options)(type(name, (), {**body, **plain}))
    body |= {"__match_args__": tuple(names), "__init__": __init__}
    if options.get("slots"):
        body["__slots__"] = tuple(names)
    body["__dataclass_fields__"] = dataclass_fields(fields, **options)
    return type(name, (FrozenRecord, *base), body), twin


def test_the_base_derives_what_the_fields_declare():
    fields = {"b": field(repr=False, compare=False)}
    cls, twin = _declared("R", ("a", "b", "c"), fields=fields, frozen=True, order=True)
    mine, theirs = cls(1, 2, [3]), twin(1, 2, [3])
    assert repr(mine) == repr(theirs) == "R(a=1, c=[3])"
    assert mine == cls(1, 9, [3]) and mine != cls(1, 2, [4])
    assert (mine < cls(1, 0, [4])) is (theirs < twin(1, 0, [4])) is True
    with pytest.raises(TypeError, match="unhashable"):  # (the list is compared and hashed)
        hash(mine)
    assert hash(cls(1, 2, (3,))) == hash(twin(1, 2, (3,))) == hash((1, (3,)))
    one, one_twin = _declared("One", ("a",), frozen=True, slots=True)
    assert hash(one(5)) == hash(one_twin(5)) == hash((5,)) and one(5) == one(5)
    assert repr(one(5)) == "One(a=5)" and not hasattr(one(5), "__dict__")
    assert copy.deepcopy(one(5)) == one(5)  # (through __getstate__ and __setstate__)
    none, none_twin = _declared("Empty", (), frozen=True)
    assert none() == none() and hash(none()) == hash(none_twin()) == hash(())
    assert repr(none()) == repr(none_twin()) == "Empty()"


def test_the_base_keeps_a_record_s_own_equality_as_the_decorator_does():
    plain, _ = _declared("Plain", ("a",), frozen=True, eq=False)
    r = plain(1)
    assert r != plain(1) and r == r and hash(r) == object.__hash__(r)

    def same_a(self, other):
        return isinstance(other, type(self)) and self.a == other.a

    own = {"__eq__": same_a}
    cls, twin = _declared("Own", ("a", "b"), own=own, frozen=True)
    assert cls(1, 2) == cls(1, 3) and hash(cls(1, 2)) == hash(twin(1, 2)) == hash((1, 2))


def test_a_plain_subclass_of_a_record_may_set_other_attributes_only():
    cls, twin = _declared("Base", ("a",), frozen=True)
    sub, sub_twin = type("Sub", (cls,), {}), type("SubTwin", (twin,), {})
    for record in (sub(1), sub_twin(1)):
        record.extra = 2  # (a frozen dataclass's subclass has a __dict__ of its own)
        assert record.extra == 2
        with pytest.raises(FrozenInstanceError):
            record.a = 2
        with pytest.raises(FrozenInstanceError):
            del record.a
    with pytest.raises(FrozenInstanceError):
        cls(1).extra = 2


@pytest.mark.parametrize(
    "options",
    [{}, {"frozen": False}, {"frozen": True, "unsafe_hash": True}, {"frozen": True, "slots": 1}],
)
def test_the_base_refuses_what_it_does_not_make(options):
    names = ("a",)
    body = {"__match_args__": names, "__dataclass_fields__": dataclass_fields(**options)}
    with pytest.raises(TypeError, match="Bad"):
        type("Bad", (FrozenRecord,), body)
