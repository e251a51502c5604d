"""The board game's own record rules: a long game past a round end and a rebuild, custom
layouts, dice (changed, hand-set, random passed off as hand-set), board state and keys
tampered with, every phase; refused with CorruptStateError. Round trips, replay, undo and
the tampered records both Level 8 games share: ``tests/protocol/test_record.py``."""

from __future__ import annotations

import copy
import json
import random

import pytest
from old_writers import level8_old_json  # tests/ is on sys.path

from levelwidgets.level8 import CorruptStateError, Level8
from levelwidgets.level8.board import FORMAT, Level8Board

from .helpers import LAYOUT12, RUN9, land, pick
from .test_board_refusals import PHASES


def play(g: Level8Board, rng: random.Random, steps: int) -> Level8Board:
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(pick(rng, g.legal_actions()))
    return g


@pytest.fixture(scope="module")
def long_game() -> Level8Board:
    """Three players past a round end and a rebuilt draw pile."""
    for seed in range(40):
        g = Level8Board(3, seed=seed, sides=RUN9)
        rng = random.Random(seed)
        rebuilt = False
        for _ in range(500):  # stop early: steals of 3 shown cards end games fast
            if g.is_over:
                break
            g.apply(pick(rng, g.legal_actions()))
            rebuilt = rebuilt or any(e.kind == "rebuild" for e in g.history[-1].events)
            if g.round >= 2 and rebuilt and g.plies > 150 and not g.is_over:
                return g
    raise AssertionError("no seed reached round 2 with a rebuild")


def record(g: Level8Board) -> dict:
    return json.loads(level8_old_json(g))


def refused_record(d: object) -> None:
    text = d if isinstance(d, str) else json.dumps(d)
    with pytest.raises(CorruptStateError):
        Level8Board.from_json(text)


def test_round_trip_past_a_round_end_and_a_rebuild_plays_on_identically(long_game):
    g = long_game
    h = Level8Board.from_json(level8_old_json(g))
    assert h == g and h.snapshot() == g.snapshot()
    assert record(h) == record(g) and record(g)["format"] == FORMAT
    # the random generator moved on exactly alike: the same futures
    play(g.clone(), random.Random(1), 0)
    a = play(g.clone(), random.Random(5), 300)
    b = play(h, random.Random(5), 300)
    assert level8_old_json(a) == level8_old_json(b)


def test_round_trip_of_custom_games():
    custom = Level8Board(4, seed=2, layout=LAYOUT12, sides=RUN9, towers=[0, 3, 7, 11])
    play(custom, random.Random(2), 80)
    back = Level8Board.from_json(level8_old_json(custom, indent=2))
    assert back == custom and back.layout.fields == tuple(LAYOUT12)


def random_roll_index(d: dict) -> int:
    return next(
        i for i, e in enumerate(d["history"]) if e["action"]["kind"] == "roll" and e["chance"]
    )


def test_a_changed_die_is_refused(long_game):
    d = record(long_game)
    i = random_roll_index(d)
    a, b = d["history"][i]["chance"][0]
    for dice in ([b, a] if a != b else [a, b % 6 + 1], [a % 6 + 1, b], [7, b], [a]):
        bad = copy.deepcopy(d)
        bad["history"][i]["chance"][0] = dice
        refused_record(bad)
    bad = copy.deepcopy(d)
    bad["history"][i]["chance"] = []  # a random roll without its dice
    refused_record(bad)


def test_a_changed_shuffle_is_refused(long_game):
    d = record(long_game)
    deals = [i for i, e in enumerate(d["history"]) if e["chance"] and len(e["chance"][0]) > 2]
    assert len(deals) >= 2  # the first deal, later deals and rebuilds
    for i in deals[:3]:
        bad = copy.deepcopy(d)
        order = bad["history"][i]["chance"][0]
        order[0], order[1] = order[1], order[0]
        refused_record(bad)
        bad["history"][i]["chance"][0] = order[:-1]
        refused_record(bad)


def test_a_changed_state_or_rng_is_refused(long_game):
    d = record(long_game)
    for key, change in (
        ("towers", lambda s: s["towers"].reverse() or s["towers"].__setitem__(0, 27)),
        ("middle", lambda s: s["middle"].pop() if s["middle"] else s["middle"].append(101)),
        ("hands", lambda s: s["hands"][0].append(s["hands"][1].pop())),
        ("levels", lambda s: s["levels"].__setitem__(0, s["levels"][0] + 1)),
        ("extra", lambda s: s.__setitem__("extra", s["extra"] + 1)),
        ("turn", lambda s: s.__setitem__("turn", (s["turn"] + 1) % 3)),
    ):
        bad = copy.deepcopy(d)
        change(bad["state"])
        assert bad["state"] != d["state"], key
        refused_record(bad)
    bad = copy.deepcopy(d)
    bad["rng"] = record(Level8Board(2, seed=999))["rng"]
    refused_record(bad)


def test_unknown_and_missing_keys_are_refused(long_game):
    d = record(long_game)
    for where in ("top", "config", "action", "entry", "state"):
        bad = copy.deepcopy(d)
        target = {
            "top": bad,
            "config": bad["config"],
            "action": bad["history"][1]["action"],
            "entry": bad["history"][1],
            "state": bad["state"],
        }[where]
        target["sneaky"] = 1
        refused_record(bad)
    for key in ("history", "state", "rng", "config"):
        bad = copy.deepcopy(d)
        del bad[key]
        refused_record(bad)
    bad = copy.deepcopy(d)
    del bad["config"]["layout"]
    refused_record(bad)


def test_malformed_records_are_refused(long_game):
    d = record(long_game)
    refused_record("not json")
    refused_record("[]")
    refused_record({**d, "format": "levelwidgets.level8"})
    refused_record({**d, "version": 2})
    bad = copy.deepcopy(d)
    bad["config"]["layout"]["fields"][1] = "fly"
    refused_record(bad)
    bad = copy.deepcopy(d)
    bad["history"][1]["action"]["kind"] = "draw"  # a card game step
    refused_record(bad)
    bad = copy.deepcopy(d)
    bad["history"] = bad["history"][:-1]
    refused_record(bad)
    # the card game and the board game do not read each other's records
    with pytest.raises(CorruptStateError):
        Level8.from_json(level8_old_json(long_game))
    with pytest.raises(CorruptStateError):
        Level8Board.from_json(level8_old_json(Level8(2, seed=1)))


def test_a_hand_set_roll_stays_in_the_record_and_replays():
    g = Level8Board(2, seed=5)
    rng = g.snapshot()["rng"]
    g.roll(dice=(3, 4))
    assert g.snapshot()["rng"] == rng  # a roll set by hand does not use the generator
    entry = g.history[-1]
    assert entry.action.dice == (3, 4) and entry.chance == ()
    g.move(4)  # ask
    g.ask(5, direction="left")
    d = record(g)
    assert d["history"][1] == {
        "action": {"kind": "roll", "player": 0, "dice": [3, 4]},
        "chance": [],
    }
    h = Level8Board.from_json(json.dumps(d))
    assert h == g and h.history[1].action.dice == (3, 4)
    assert h.towers == g.towers == [4, 0]
    # a different hand-set roll is a different game: refused
    bad = copy.deepcopy(d)
    bad["history"][1]["action"]["dice"] = [4, 3]
    refused_record(bad)  # the state keeps the dice as rolled
    bad["history"][1]["action"]["dice"] = [1, 2]
    refused_record(bad)  # field 4 is not reached with 1 and 2
    bad["history"][1]["action"]["dice"] = [0, 2]
    refused_record(bad)


def test_a_random_roll_cannot_pass_as_set_by_hand():
    g = Level8Board(2, seed=5)
    g.roll()
    a, b = g.dice
    land_field = g.reachable[0]
    g.move(land_field)
    play(g, random.Random(1), 30)  # later shuffles and rolls use the generator
    d = record(g)
    bad = copy.deepcopy(d)
    bad["history"][1] = {"action": {"kind": "roll", "player": 0, "dice": [a, b]}, "chance": []}
    refused_record(bad)


def test_undo_replays_hand_set_and_random_rolls():
    g = Level8Board(3, seed=9)
    land(g, 4)
    g.ask(3, direction="right")
    before = g.snapshot()
    heard = []
    g.on_change(lambda game, events: heard.append(events))
    play(g, random.Random(4), 40)
    n = len(heard)
    g.goto(len(before["history"]) - 1)
    assert g.snapshot() == before and len(heard) == n + 1
    play(g, random.Random(4), 40)
    assert Level8Board.from_json(level8_old_json(g)) == g


@pytest.mark.parametrize("phase", list(PHASES))
def test_round_trip_and_undo_in_every_phase(phase):
    g = PHASES[phase]()
    h = Level8Board.from_json(level8_old_json(g))
    assert h == g and h.phase == phase and h.pending == g.pending
    assert h.current_player == g.current_player and h.turn_player == g.turn_player
    if not g.plies:
        return  # the first deal cannot be undone (tested in test_board_refusals)
    u = g.clone()
    u.undo(1)
    assert u == g.after(g.plies - 1) and u.phase != "over"
    u.apply(g.history[-1].action)  # the same step again: the same position
    assert u == g
