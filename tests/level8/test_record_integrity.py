"""Level 8 records cannot lie: damaged records are refused with CorruptStateError (never
another exception, never loaded as another game), hostile sizes (of either game's record)
are refused before any work, and everything the engine plays, its own to_json writes and
from_json reads back exactly. The board game's damaged records, dice set by hand, board state
edits and round trips: ``tests/level8board/test_board_record_integrity.py``."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from old_writers import level8_old_json  # tests/ is on sys.path
from record.damage import SETTINGS, damaged, same_record, without  # tests/ is on sys.path

from levelwidgets.errors import GameError, GameLimitError
from levelwidgets.level8 import (
    CorruptStateError,
    HeuristicBot,
    HistoryEntry,
    Level8,
    RandomBot,
    play_game,
)
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.serial import (
    MAX_DEPTH,
    MAX_HISTORY,
    MAX_RECORD_BYTES,
    MAX_TEXT,
    RecordTooLargeError,
    record_check,
)

from .helpers import cs, stacked

NAMES = ["Zoë", "Łukasz", "李雷", "Ana-María 🎲"]


def drive(game: Level8, bots, steps: int) -> Level8:
    for _ in range(steps):
        if game.is_over:
            break
        p = game.current_player
        game.apply(bots[p].choose(game.observation(p)))
    return game


def mid_game() -> Level8:
    g = Level8(NAMES[:3], seed=12, sides=["one", "two", "one"])
    return drive(g, [HeuristicBot(i) for i in range(3)], 160)


def set_up() -> Level8:
    g = Level8.from_position(
        ["Ann", "Ben"],
        hands=[cs("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R"), cs("1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y")],
        seed="lesson 4",
    )
    return drive(g, [HeuristicBot(1), HeuristicBot(2)], 40)


RECORDS = {"mid game": level8_old_json(mid_game()), "set-up": level8_old_json(set_up())}


def loads_or_refuses(text: str) -> Level8 | None:
    """The game ``text`` loads as, or None after a refusal that is a CorruptStateError with a
    short message."""
    try:
        return Level8.from_json(text)
    except CorruptStateError as exc:
        message = str(exc)
        assert isinstance(exc, GameError) and isinstance(exc, ValueError)
        assert 10 < len(message) < 600, message
        return None


# ---------------------------------------------------------------------------- damage


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_a_damaged_record_is_refused_or_is_the_same_game(name, data):
    original = RECORDS[name]
    text = data.draw(damaged(original))
    game = loads_or_refuses(text)
    assert game is None or level8_old_json(game) == original


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_without_its_check_a_damaged_record_loads_only_as_what_it_says(name, data):
    """No digest to lean on: the replay alone refuses every edit of a step, a shuffle, the
    state or the generator; what loads is written back exactly as the file says it."""
    original = without(RECORDS[name], "check")
    text = data.draw(damaged(original))
    game = loads_or_refuses(text)
    if game is not None:
        assert same_record(level8_old_json(game), text)


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_without_its_check_no_step_shuffle_state_or_generator_edit_loads(name, data):
    original = without(RECORDS[name], "check")
    text = data.draw(damaged(original, regions=("history", "state", "rng", "format", "version")))
    game = loads_or_refuses(text)
    assert game is None or same_record(level8_old_json(game), original)


def record(game_or_text) -> dict:
    text = game_or_text if isinstance(game_or_text, str) else level8_old_json(game_or_text)
    return json.loads(text)


def refused(d: dict, words: str | None = None) -> CorruptStateError:
    with pytest.raises(CorruptStateError, match=words) as info:
        Level8.from_json(json.dumps(d))
    return info.value


def first(d: dict, kind: str) -> int:
    return next(i for i, e in enumerate(d["history"]) if e["action"]["kind"] == kind)


@pytest.mark.parametrize("checked", [True, False], ids=["with check", "without check"])
def test_named_edits_are_refused(checked):
    d = record(RECORDS["mid game"])
    if not checked:
        del d["check"]
    deal = [i for i, e in enumerate(d["history"]) if e["chance"]]
    assert len(deal) >= 2  # the first deal and later shuffles

    def shuffle_order(x):
        order = x["history"][deal[1]]["chance"][0]
        order[0], order[-1] = order[-1], order[0]

    def swapped_entries(x):
        h = x["history"]
        i = first(x, "discard")
        h[i], h[i + 1] = h[i + 1], h[i]

    def flipped(x):
        x["state"]["laid"][0] = not x["state"]["laid"][0]

    def extra_chance(x):
        x["history"][first(x, "draw")]["chance"].append(list(range(101)))

    edits = {
        "shuffle order": shuffle_order,
        "swapped entries": swapped_entries,
        "seed": lambda x: x["config"].update(seed=13),
        "seed as text": lambda x: x["config"].update(seed="12"),
        "flipped field": flipped,
        "removed entry": lambda x: x["history"].pop(len(x["history"]) // 2),
        "removed last entry": lambda x: x["history"].pop(),
        "first deal's dealer": lambda x: x["history"][0]["action"].update(player=0),
        "first deal's shuffle moved": lambda x: x["history"][1]["chance"].append(
            x["history"][0]["chance"].pop()
        ),
        "extra shuffle": extra_chance,
        "extra top key": lambda x: x.update(comment="hi"),
        "extra config key": lambda x: x["config"].update(rules={}),
        "extra entry key": lambda x: x["history"][3].update(note="x"),
        "extra action key": lambda x: x["history"][3]["action"].update(note="x"),
        "extra side key": lambda x: x["config"]["sides"][0].update(note="x"),
        "unused field in an action": lambda x: x["history"][first(x, "discard")]["action"].update(
            source="pile"
        ),
        "player as true": lambda x: x["history"][first(x, "draw") + 2]["action"].update(
            player=True
        ),
        "level as 1.0": lambda x: x["state"]["levels"].__setitem__(
            0, float(x["state"]["levels"][0])
        ),
        "version as 1.0": lambda x: x.update(version=1.0),
        "rng as floats": lambda x: x["rng"].__setitem__(0, 3.0),
        "chance as text": lambda x: x["history"][0].update(chance="[]"),
        "chance with a float": lambda x: x["history"][0]["chance"][0].__setitem__(0, 1.0),
        "card code instead of id": lambda x: x["history"][first(x, "discard")]["action"].update(
            card="7R"
        ),
    }
    for name, edit in edits.items():
        bad = copy.deepcopy(d)
        edit(bad)
        assert bad != d or name in ("level as 1.0", "version as 1.0", "rng as floats"), name
        try:
            refused(bad)
        except pytest.fail.Exception:  # pragma: no cover - names the edit
            raise AssertionError(f"{name}: the edited record loaded") from None


def test_every_key_level_refuses_unknown_keys_also_in_a_set_up():
    d = record(RECORDS["set-up"])
    for where in ("top", "config", "position", "entry", "action", "side"):
        bad = copy.deepcopy(d)
        target = {
            "top": bad,
            "config": bad["config"],
            "position": bad["config"]["position"],
            "entry": bad["history"][0],
            "action": bad["history"][0]["action"],
            "side": bad["config"]["sides"][1],
        }[where]
        target["sneaky"] = 1
        del bad["check"]  # the keys themselves are refused, not just the digest
        refused(bad)


def test_a_set_up_draw_pile_cannot_change_between_hand_set_and_shuffled():
    g = set_up()
    d = record(g)
    assert d["config"]["position"]["draw"] is None and d["history"][0]["chance"]
    # the shuffled draw pile written into the set-up as if it had been set by hand
    bad = copy.deepcopy(d)
    del bad["check"]
    bad["config"]["position"]["draw"] = bad["history"][0]["chance"][0]
    refused(bad)
    bad["history"][0]["chance"] = []  # ... and its shuffle removed: the generator differs
    refused(bad, "random-number state|shuffle")
    # a draw pile set by hand leaves the generator where it was
    hand_set = Level8.from_position(
        ["Ann", "Ben"],
        hands=[cs("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R"), cs("1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y")],
        draw_pile=d["history"][0]["chance"][0],
        seed="lesson 4",
    )
    assert hand_set.history[0].chance == ()
    assert Level8.from_json(level8_old_json(hand_set)) == hand_set
    e = record(hand_set)
    del e["check"]
    e["history"][0]["chance"] = d["history"][0]["chance"]  # now claimed as shuffled
    refused(e)


def test_a_stacked_deal_is_marked_and_cannot_pass_as_shuffled():
    g = stacked(["1R 2R 3R 5G 6G 7G 4R 8G 9G S1", "*"], "14O", "10G")
    drive(g, [HeuristicBot(1), HeuristicBot(2)], 30)
    d = record(g)
    assert d["config"]["deck"] == d["history"][0]["chance"][0]
    assert Level8.from_json(json.dumps(d)) == g
    bad = copy.deepcopy(d)
    del bad["check"]
    bad["config"]["deck"] = None  # the stacked deal claimed to come from the seed
    refused(bad)


# ---------------------------------------------------------------------------- sizes


@pytest.mark.parametrize("cls", [Level8, Level8Board])
@pytest.mark.parametrize(
    "bad",
    [
        " " * 50_000_000,
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 100_000 + "1" + "}" * 100_000,
        "[" + "0," * 2_100_000 + "0]",
        " " * (MAX_RECORD_BYTES + 1),
        b" " * (MAX_RECORD_BYTES + 1),
    ],
    ids=["spaces", "nested lists", "nested objects", "long list", "too long", "too long bytes"],
)
def test_hostile_sizes_are_refused_before_any_work(cls: type, bad: str | bytes) -> None:
    with pytest.raises(RecordTooLargeError) as info:
        cls.from_json(bad)
    assert isinstance(info.value, CorruptStateError)
    assert isinstance(info.value, GameLimitError)
    assert len(str(info.value)) < 200


def test_sizes_are_refused_before_any_work():
    text = RECORDS["mid game"]
    cases = [  # and the hostile sizes above
        text.replace('"seed": 12', '"seed": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)),
        text.replace('"seed": 12', '"seed": "' + "x" * (MAX_TEXT + 1) + '"'),
    ]
    for bad in cases:
        with pytest.raises(RecordTooLargeError) as info:
            Level8.from_json(bad)
        assert isinstance(info.value, CorruptStateError)
        assert isinstance(info.value, GameLimitError)
        assert len(str(info.value)) < 200
    d = record(text)
    step = {"action": {"kind": "draw", "player": 0, "source": "pile"}, "chance": []}
    d["history"] = d["history"][:1] + [step] * MAX_HISTORY
    with pytest.raises(RecordTooLargeError, match="history entries"):
        Level8.from_json(json.dumps(d))
    d = record(text)
    d["config"]["deck"] = list(range(101)) * 60  # a config is small
    with pytest.raises(RecordTooLargeError, match="config"):
        Level8.from_json(json.dumps(d))
    d = record(text)
    d["config"]["players"] = [f"P{i}" for i in range(4000)]
    with pytest.raises(CorruptStateError, match="2 to 6"):
        Level8.from_json(json.dumps(d))


@pytest.mark.parametrize(
    "bad",
    [
        {"action": {"kind": "draw", "player": 0, "source": "pile"}, "chance": [[1]] * 17},
        {"action": {"kind": "draw", "player": 0, "source": "pile"}, "chance": [[0] * 103]},
        {"action": {"kind": "draw", "player": 0, "source": "pile"}, "chance": [[102]]},
        {"action": {"kind": "lay_down", "player": 0, "combos": [{"kind": "run"}] * 3000}},
        {"action": {"kind": "draw", "player": 0, "direction": "x" * 100}, "chance": []},
        {"action": [], "chance": []},
        {"action": {"kind": "draw", "player": 0, "source": "pile"}},
        "entry",
    ],
)
def test_a_history_entry_is_bounded_before_it_is_read(bad):
    with pytest.raises(CorruptStateError) as info:
        HistoryEntry.from_dict(bad)
    assert len(str(info.value)) < 300


def test_refusing_changes_nothing_else():
    g = mid_game()
    before = level8_old_json(g)
    for text in (before[:-1], before.replace('"seed": 12', '"seed": 11')):
        with pytest.raises(CorruptStateError):
            Level8.from_json(text)
    assert level8_old_json(g) == before
    assert record_check(json.loads(before)) == json.loads(before)["check"]


# ---------------------------------------------------------------------------- round trips


def assert_round_trip(g: Level8, bots=None, steps: int = 30) -> None:
    # the old format (still read) and the one file format (written now)
    for write in (level8_old_json, lambda game, indent=None: game.to_json(indent)):
        text = write(g)
        h = Level8.from_json(text)
        assert h == g and h.snapshot() == g.snapshot()
        assert h._rng.getstate() == g._rng.getstate()
        assert write(h) == text and write(Level8.from_json(write(g, indent=2))) == text
        assert h.config == g.config and h.names == g.names
    if bots is not None and not g.is_over:
        a, b = g.clone(), h
        drive(a, bots(), steps)
        drive(b, bots(), steps)
        assert level8_old_json(a) == level8_old_json(b) and a.to_json() == b.to_json()


def _bots(kinds: str, seed: int):
    return lambda: [
        HeuristicBot(seed + i) if k == "h" else RandomBot(seed + i) for i, k in enumerate(kinds)
    ]


@pytest.mark.parametrize("seed", range(12))
def test_seeded_bot_games_round_trip_at_every_stage(seed):
    rng = random.Random(seed)
    n = 2 + seed % 5
    kinds = "".join(rng.choice("hr") for _ in range(n))
    names = NAMES[:n] if seed % 2 else n
    if isinstance(names, list) and len(names) < n:
        names = names + [f"Spieler {i}" for i in range(len(names), n)]
    sides = ["one", "two", ["run 3 + run 3", "4x pair", "colour 7"], "two"][seed % 4]
    g = Level8(
        names,
        seed=seed if seed % 3 else f"seed {seed} ✓",
        sides=sides,
        dealer=seed % n,
        lay_down_cap=20 - seed % 3,
    )
    bots = _bots(kinds, seed)
    assert_round_trip(g, bots)
    for _ in range(4):
        drive(g, bots(), 60)
        assert_round_trip(g, bots)
    finished = play_game(bots(), seed=seed, max_actions=4000)
    assert_round_trip(finished)


def test_set_ups_and_stacked_deals_round_trip():
    g = set_up()
    assert_round_trip(g, _bots("hh", 3))
    s = stacked(["1R 2R 3R 5G 6G 7G 4R 8G 9G S1", "*"], "14O", "10G")
    assert_round_trip(s, _bots("hr", 4))
    drive(s, _bots("hr", 4)(), 50)
    assert_round_trip(s, _bots("hr", 5))
    start = Level8(["Ann", "Ben", "Cy"], seed=3, start_levels=[2, 5, 8])
    assert_round_trip(start, _bots("hhh", 6))
