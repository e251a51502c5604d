"""JSON round trips, RNG state, replay determinism, undo, and corrupt records."""

from __future__ import annotations

import json

import pytest
from old_writers import level8_old_json  # tests/ is on sys.path

from levelwidgets.level8 import (
    Action,
    CorruptStateError,
    Event,
    HeuristicBot,
    Level8,
    Level8Error,
    NotYourTurnError,
    RandomBot,
    play_game,
)


def drive(game: Level8, bots, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        p = game.current_player
        game.apply(bots[p].choose(game.observation(p)))


def test_round_trip_mid_game_plays_on_identically():
    g = Level8(["Ann", "Ben", "Cy"], seed=11, sides=["one", "two", "one"])
    drive(g, [HeuristicBot(i) for i in range(3)], 180)
    assert g.round >= 2  # at least one reshuffle came from the RNG
    text = level8_old_json(g)
    h = Level8.from_json(text)
    assert h == g and h.snapshot() == g.snapshot()
    assert json.loads(level8_old_json(h)) == json.loads(text)
    # both continue with identical bots: identical futures (shuffles included)
    drive(g, [HeuristicBot(7 + i) for i in range(3)], 400)
    drive(h, [HeuristicBot(7 + i) for i in range(3)], 400)
    assert g.snapshot() == h.snapshot()
    assert g.round > 2


def test_round_trip_of_finished_and_fresh_games():
    g = play_game([HeuristicBot(1), HeuristicBot(2)], seed=4)
    assert g.is_over
    h = Level8.from_json(level8_old_json(g, indent=2))
    assert h.winners == g.winners and h == g
    fresh = Level8(2, seed="text seed")
    assert Level8.from_json(level8_old_json(fresh)) == fresh


def test_same_seed_same_bots_same_game():
    a = play_game([HeuristicBot(3), RandomBot(4), HeuristicBot(5)], seed=9, max_actions=600)
    b = play_game([HeuristicBot(3), RandomBot(4), HeuristicBot(5)], seed=9, max_actions=600)
    assert level8_old_json(a) == level8_old_json(b)
    c = play_game([HeuristicBot(3), RandomBot(4), HeuristicBot(5)], seed=10, max_actions=600)
    assert level8_old_json(c) != level8_old_json(a)


def test_history_records_shuffles_and_rebuilds_without_rng():
    g = Level8(4, seed=21)
    drive(g, [HeuristicBot(i) for i in range(4)], 250)
    deals = [e for e in g.history if e.action.kind in ("deal", "next_round")]
    assert all(len(e.chance) == 1 and len(e.chance[0]) <= 101 for e in deals)
    assert len(deals[0].chance[0]) == 101
    rebuilt = Level8.from_history(g, g.history)
    assert rebuilt.state_dict() == g.state_dict()
    # every intermediate position is reachable too
    mid = Level8.from_history(g, g.history[:40])
    assert mid.state_dict() == g.after(39).state_dict()


def test_undo_to_every_point_matches_after():
    g = Level8(3, seed=8, sides="two")
    bots = [HeuristicBot(i) for i in range(3)]
    snaps = [g.snapshot()]
    for _ in range(60):
        drive(g, bots, 1)
        snaps.append(g.snapshot())
    for back in (1, 5, 17, 60):
        h = g.clone()
        h.undo(back)
        assert h.snapshot() == snaps[-1 - back]
    g.undo(60)
    assert g.snapshot() == snaps[0]


def test_undo_restores_rng_so_the_next_shuffle_repeats():
    g = Level8(2, seed=3)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while g.round == 1:
        drive(g, bots, 1)
    deal = g.history[-1]
    assert deal.action.kind == "next_round"
    g.undo()
    assert g.phase == "round_over"
    g.next_round()
    assert g.history[-1].chance == deal.chance


def test_undo_notifies_listeners_and_clone_is_independent():
    g = Level8(2, seed=1)
    seen = []
    remove = g.on_change(lambda game, events: seen.append([e.kind for e in events]))
    g.draw()
    g.undo()
    assert seen == [["draw"], []]
    c = g.clone()
    c.draw()
    assert g.phase == "draw" and c.phase == "play"
    remove()
    g.draw()
    assert len(seen) == 2


def _tamper(text: str, fn) -> str:
    data = json.loads(text)
    fn(data)
    return json.dumps(data)


@pytest.fixture(scope="module")
def record() -> str:
    g = Level8(3, seed=12)
    drive(g, [HeuristicBot(i) for i in range(3)], 150)
    return level8_old_json(g)


def _swap_hand_card(d):
    d["state"]["hands"][0][0], d["state"]["hands"][1][0] = (
        d["state"]["hands"][1][0],
        d["state"]["hands"][0][0],
    )


def _change_chance(d):
    order = d["history"][0]["chance"][0]
    order[0], order[1] = order[1], order[0]


def _change_action(d):
    for e in d["history"]:
        if e["action"]["kind"] == "discard":
            e["action"]["card"] = (e["action"]["card"] + 1) % 90
            break


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.pop("state"),
        lambda d: d.update(format="something else"),
        lambda d: d.update(version=99),
        lambda d: d.update(extra=1),
        _swap_hand_card,
        lambda d: d["state"].update(phase="over"),
        lambda d: d["state"]["levels"].__setitem__(0, 8),
        _change_chance,
        _change_action,
        lambda d: d["history"].pop(),
        lambda d: d["history"].pop(0),
        lambda d: d["history"][3]["action"].update(kind="fly"),
        lambda d: d["history"][3]["action"].update(player="x"),
        lambda d: d["history"][3].update(chance="no"),
        lambda d: d["rng"][1].__setitem__(5, d["rng"][1][5] ^ 1),
        lambda d: d.update(rng=[3, [1, 2], None]),
        lambda d: d.update(rng="abc"),
        lambda d: d["config"].update(players=["A"]),
        lambda d: d["config"].update(seed=[1]),
        lambda d: d["config"].update(seed=999),
        lambda d: d["config"]["sides"][0].update(levels=["run 30"]),
        lambda d: d["config"].update(lay_down_cap=0),
        lambda d: d["config"].pop("deck"),
        lambda d: d.update(history=None),
    ],
)
def test_corrupt_or_tampered_json_is_rejected(record, mutate):
    with pytest.raises(CorruptStateError) as info:
        Level8.from_json(_tamper(record, mutate))
    assert isinstance(info.value, Level8Error)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"x"', b"\xff\xfe"])
def test_not_json_is_rejected(text):
    with pytest.raises(CorruptStateError):
        Level8.from_json(text)


def test_events_and_actions_serialise_for_a_ui():
    g = Level8(3, seed=6, sides="two")
    bots = [HeuristicBot(k) for k in range(3)]
    kinds_seen = set()
    from levelwidgets.level8 import Action

    for _ in range(400):
        if g.is_over:
            break
        for action in g.legal_actions()[:30]:
            assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
            assert action.describe(g.names)
        p = g.current_player
        events = g.apply(bots[p].choose(g.observation(p)))
        for e in events:
            d = json.loads(json.dumps(e.to_dict()))
            assert d["kind"] == e.kind and d["player"] == e.player and "text" not in d
            assert Event(d.pop("kind"), d.pop("player"), d) == e  # data only, round trip
            assert e.describe(g.names) and e.describe(g.names, language="de")
            kinds_seen.add(e.kind)
    assert {"deal", "draw", "lay_down", "discard", "round_end"} <= kinds_seen


def test_stacked_deal_round_trips_and_undoes():
    from .helpers import cs, stacked

    g = stacked(["1R 2R 3R 5G 6G 7G 4R 8G 9G S1", "*"], "14O", "10G")
    g.draw()
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    assert Level8.from_json(level8_old_json(g)) == g
    g.undo(2)
    assert g.phase == "draw" and len(g.hand(0)) == 10 and g.laid_down == [False, False]


def test_preview_shows_the_events_without_changing_the_game():
    g = Level8(["Ann", "Ben", "Cy"], seed=12)
    seen = []
    g.on_change(lambda game, events: seen.append(events))
    bots = [HeuristicBot(k) for k in range(3)]
    for _ in range(120):  # every kind of action, new rounds (with shuffles) included
        if g.is_over:
            break
        p = g.current_player
        action = bots[p].choose(g.observation(p))
        before = level8_old_json(g)
        preview = g.preview(action)
        assert level8_old_json(g) == before and not seen  # nothing changed, nobody was told
        events = g.apply(action)
        assert [e.to_dict() for e in preview] == [e.to_dict() for e in events]
        seen.clear()
    before = level8_old_json(g)
    other = (g.current_player + 1) % 3
    with pytest.raises(NotYourTurnError):
        g.preview(Action("draw", other))
    assert level8_old_json(g) == before
