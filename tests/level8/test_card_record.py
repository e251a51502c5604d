"""The card game's own record rules: the shuffles of every deal and rebuild in the history
(a game rebuilt from them without the generator), undo putting the generator back, actions
and events as plain data for a UI, a stacked deal. Round trips, replay, undo and tampered
records of all games: ``tests/protocol/test_record.py``."""

from __future__ import annotations

import json

from levelwidgets.level8 import Action, Event, HeuristicBot, Level8

from .helpers import cs, stacked


def drive(game: Level8, bots, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        p = game.current_player
        game.apply(bots[p].choose(game.observation(p)))


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


def test_events_and_actions_serialise_for_a_ui():
    g = Level8(3, seed=6, sides="two")
    bots = [HeuristicBot(k) for k in range(3)]
    kinds_seen = set()
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
    g = stacked(["1R 2R 3R 5G 6G 7G 4R 8G 9G S1", "*"], "14O", "10G")
    g.draw()
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    assert Level8.from_json(g.to_json()) == g
    g.undo(2)
    assert g.phase == "draw" and len(g.hand(0)) == 10 and g.laid_down == [False, False]
