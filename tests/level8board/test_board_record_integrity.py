"""Board game records cannot lie: damaged records are refused with CorruptStateError (never
another exception, never loaded as another game), a roll set by hand is marked as such and
cannot pass as a random one (or the other way round), hostile sizes are refused before any
work (of any Level 8 record: ``tests/level8/test_record_integrity.py``), and everything the
engine plays, its own to_json writes and from_json reads back."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from old_writers import level8_old_json  # tests/ is on sys.path
from record.damage import SETTINGS, damaged, same_record, without  # tests/ is on sys.path

from levelwidgets.errors import GameError
from levelwidgets.level8 import CorruptStateError, Level8
from levelwidgets.level8.board import BoardHeuristicBot, BoardRandomBot, Level8Board
from levelwidgets.level8.serial import RecordTooLargeError

from .helpers import UNICODE_NAMES, custom_game, long_game, new_game, play_rolls

RECORDS = {"long": level8_old_json(long_game()), "custom": level8_old_json(custom_game())}


def loads_or_refuses(text: str) -> Level8Board | None:
    try:
        return Level8Board.from_json(text)
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
    game = loads_or_refuses(data.draw(damaged(original)))
    assert game is None or level8_old_json(game) == original


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_without_its_check_a_damaged_record_loads_only_as_what_it_says(name, data):
    original = without(RECORDS[name], "check")
    text = data.draw(damaged(original))
    game = loads_or_refuses(text)
    if game is not None:
        assert same_record(level8_old_json(game), text)


@pytest.mark.parametrize("name", list(RECORDS))
@SETTINGS
@given(data=st.data())
def test_without_its_check_no_step_die_shuffle_state_or_generator_edit_loads(name, data):
    original = without(RECORDS[name], "check")
    text = data.draw(damaged(original, regions=("history", "state", "rng", "format", "version")))
    game = loads_or_refuses(text)
    assert game is None or same_record(level8_old_json(game), original)


def record(g) -> dict:
    return json.loads(g if isinstance(g, str) else level8_old_json(g))


def refused(d: dict, words: str | None = None) -> None:
    with pytest.raises(CorruptStateError, match=words):
        Level8Board.from_json(json.dumps(d))


def rolls(d: dict, hand_set: bool) -> list[int]:
    return [
        i
        for i, e in enumerate(d["history"])
        if e["action"]["kind"] == "roll" and ("dice" in e["action"]) == hand_set
    ]


@pytest.fixture(params=[True, False], ids=["with check", "without check"])
def base(request) -> dict:
    d = record(RECORDS["long"])
    if not request.param:
        del d["check"]
    return d


def test_a_changed_die_or_a_flipped_hand_set_flag_is_refused(base):
    d = base
    random_rolls, set_rolls = rolls(d, False), rolls(d, True)
    assert len(random_rolls) >= 3 and len(set_rolls) >= 3
    for i in random_rolls[:3] + random_rolls[-2:]:
        a, b = d["history"][i]["chance"][0]
        for dice in ([b, a], [a % 6 + 1, b], [a, b % 6 + 1]):
            if dice == [a, b]:
                continue
            bad = copy.deepcopy(d)
            bad["history"][i]["chance"][0] = dice
            refused(bad)
        # the random roll claimed as set by hand (the same dice, the generator not moved)
        bad = copy.deepcopy(d)
        bad["history"][i] = {"action": {**d["history"][i]["action"], "dice": [a, b]}, "chance": []}
        refused(bad)
        # ... or set by hand with its dice kept in chance as well
        bad["history"][i]["chance"] = [[a, b]]
        refused(bad)
    for i in set_rolls[:3] + set_rolls[-2:]:
        a, b = d["history"][i]["action"]["dice"]
        # a roll set by hand claimed as random: the generator would have to roll it, and
        # it moves on (so the stored generator state, and later rolls, no longer fit)
        bad = copy.deepcopy(d)
        action = dict(d["history"][i]["action"])
        del action["dice"]
        bad["history"][i] = {"action": action, "chance": [[a, b]]}
        refused(bad)
        bad["history"][i]["chance"] = []
        refused(bad)
        for dice in ([b, a], [a % 6 + 1, b]):
            if dice == [a, b]:
                continue
            bad = copy.deepcopy(d)
            bad["history"][i]["action"]["dice"] = dice
            if "check" in d:
                refused(bad, "changed after it was saved|not legal|does not match")
            else:  # other dice set by hand may make a game that could have been played,
                # which then loads as exactly what the file says
                game = loads_or_refuses(json.dumps(bad))
                assert game is None or game.history[i].action.dice == tuple(dice)


def test_named_edits_are_refused(base):
    d = base

    def shuffle_order(x):
        i = next(k for k, e in enumerate(x["history"]) if e["chance"] and len(e["chance"][0]) > 2)
        order = x["history"][i]["chance"][0]
        order[0], order[-1] = order[-1], order[0]

    def swapped_entries(x):
        h = x["history"]
        h[5], h[6] = h[6], h[5]

    edits = {
        "shuffle order": shuffle_order,
        "swapped entries": swapped_entries,
        "seed": lambda x: x["config"].update(seed=22),
        "tower": lambda x: x["state"]["towers"].__setitem__(0, x["state"]["towers"][0] + 1),
        "removed entry": lambda x: x["history"].pop(7),
        "first deal's dealer": lambda x: x["history"][0]["action"].update(player=0),
        "extra top key": lambda x: x.update(note=1),
        "extra config key": lambda x: x["config"].update(rules={}),
        "extra layout key": lambda x: x["config"]["layout"].update(note=1),
        "extra entry key": lambda x: x["history"][2].update(note=1),
        "extra action key": lambda x: x["history"][2]["action"].update(note=1),
        "extra pending key": lambda x: x["state"]["pending"].update(note=1),
        "dice as floats": lambda x: x["history"][rolls(x, True)[0]]["action"].update(
            dice=[float(v) for v in x["history"][rolls(x, True)[0]]["action"]["dice"]]
        ),
        "towers as floats": lambda x: x["config"].update(
            towers=[float(t) for t in x["config"]["towers"]]
        ),
        "a card game step": lambda x: x["history"][1]["action"].update(kind="draw"),
    }
    for name, edit in edits.items():
        bad = copy.deepcopy(d)
        edit(bad)
        try:
            refused(bad)
        except pytest.fail.Exception:  # pragma: no cover - names the edit
            raise AssertionError(f"{name}: the edited record loaded") from None


def test_a_hand_set_roll_leaves_the_generator_and_is_marked():
    g = Level8Board(2, seed=5)
    state = g._rng.getstate()
    g.roll(dice=(3, 4))
    assert g._rng.getstate() == state and g.history[-1].chance == ()
    assert g.history[-1].action.dice == (3, 4)
    assert [e.data["set"] for e in g.history[-1].events] == [True]
    h = Level8Board(2, seed=5)
    h.roll()
    assert h._rng.getstate() != state and h.history[-1].action.dice is None
    assert h.history[-1].chance == (h.dice,)
    assert record(g)["history"][1] != record(h)["history"][1]  # never confused, same dice or not
    for game in (g, h):
        assert Level8Board.from_json(level8_old_json(game)) == game


# ---------------------------------------------------------------------------- sizes


def test_sizes_are_refused_before_any_work():
    # (hostile sizes of any Level 8 record: tests/level8/test_record_integrity.py)
    d = record(RECORDS["custom"])
    d["config"]["layout"]["fields"] = ["draw1"] * 10_000
    with pytest.raises(RecordTooLargeError, match="config"):
        Level8Board.from_json(json.dumps(d))
    d = record(RECORDS["custom"])
    d["config"]["sides"] = d["config"]["sides"] * 1000
    with pytest.raises(CorruptStateError):
        Level8Board.from_json(json.dumps(d))


# ---------------------------------------------------------------------------- round trips


def assert_round_trip(g: Level8Board, seed: int) -> None:
    text = level8_old_json(g)
    h = Level8Board.from_json(text)
    assert h == g and h.snapshot() == g.snapshot() and level8_old_json(h) == text
    assert h._rng.getstate() == g._rng.getstate()
    assert h.pending == g.pending and h.towers == g.towers and h.layout == g.layout
    with pytest.raises(CorruptStateError):
        Level8.from_json(text)  # the card game does not read it
    if not g.is_over:
        a = play_rolls(g.clone(), random.Random(seed), 40, hand_set=0.2)
        b = play_rolls(h, random.Random(seed), 40, hand_set=0.2)
        assert level8_old_json(a) == level8_old_json(b)


@pytest.mark.parametrize("seed", range(10))
def test_seeded_games_round_trip_at_every_stage(seed):
    rng = random.Random(seed)
    g = new_game(seed, rng)
    assert_round_trip(g, seed)
    for _ in range(3):
        play_rolls(g, rng, 80, hand_set=0.15)
        assert_round_trip(g, seed)


@pytest.mark.parametrize("seed", range(4))
def test_bot_games_with_unicode_names_round_trip(seed):
    n = 2 + seed
    g = Level8Board(UNICODE_NAMES[:n], seed=f"Spiel {seed} ✓" if seed % 2 else seed, sides="two")
    bots = [
        BoardHeuristicBot(seed + i) if i % 2 == 0 else BoardRandomBot(seed + i) for i in range(n)
    ]
    for _ in range(4):
        for _ in range(120):
            if g.is_over:
                break
            p = g.current_player
            g.apply(bots[p].choose(g.observation(p)))
        assert_round_trip(g, seed)
