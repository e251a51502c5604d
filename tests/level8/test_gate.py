"""The seat-view gate (:mod:`levelwidgets.level8.visibility`) is the one path to what a viewer
sees, and its cache cannot go stale.

* Over whole seeded games (card game 2–6 players, board game 2–4), at every step and for
  every viewer (each seat, "spectator", "teacher"), ``observation(viewer)`` equals one built
  from scratch from the game's public state (:func:`.helpers.fresh_observation`), and so does
  the view each bot of ``play_game`` / ``play_board_game`` was handed.
* Every way the public API changes a game (each action kind, undo, goto, redo, clone, a
  record loaded, a position set up by hand) leaves cached and fresh observations equal.
* ``to_svg(viewer)``, the events and the move-list entries come from the gate too.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from levelwidgets.level8 import HeuristicBot, Level8, RandomBot, play_game
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.board.bots import BoardHeuristicBot, BoardRandomBot, play_board_game
from levelwidgets.level8.observation import _FIELDS
from levelwidgets.level8.svg import render_table
from levelwidgets.level8.visibility import (
    events_for,
    move_entry,
    observe,
    picture,
    public_fields,
)

from .helpers import cs, fresh_observation, viewers


def fresh_board_fields(g: Level8Board) -> dict:
    """The board part of a board observation, from the game's public properties."""
    pend = g.pending
    giver = pend.get("giver")
    phase = g.phase
    return {
        "layout": tuple(g.layout.fields),
        "towers": tuple(g.towers),
        "turn_player": g.turn_player,
        "dice": g.dice,
        "reachable": g.reachable,
        "jokers_left": g.jokers_left,
        "action": pend.get("action"),
        "takes_left": pend.get("takes", 0),
        "asked": (pend.get("number"), pend.get("colour")) if giver is not None else None,
        "giver": giver,
        "shown": tuple((q, tuple(cs)) for q, cs in sorted(pend.get("shown", {}).items())),
        "show_queue": tuple(pend.get("queue", ())),
        "choosable": g.choosable() if phase == "choose" else (),
        "extra_turns": g.extra_turns,
        "may_discard_two": phase == "play" and g.may_discard_two(g.current_player),
        "rebuildable": any(len(d) > 1 for d in g.state_dict()["discards"]),
    }


def check_gate(g: Level8 | Level8Board) -> None:
    """Every viewer's observation (and picture) equals one built from scratch."""
    board = isinstance(g, Level8Board)
    for v in viewers(g):
        obs = g.observation(v)
        table = obs.table if board else obs
        fresh = fresh_observation(g, v)
        for name in _FIELDS:
            assert getattr(table, name) == getattr(fresh, name), (v, name)
        assert table == fresh
        if board:
            for name, value in fresh_board_fields(g).items():  # type: ignore[arg-type]
                assert getattr(obs, name) == value, (v, name)
        elif v == g.current_player:
            assert obs.legal_actions == fresh.legal_actions
    assert g.observation(None) == g.observation("spectator")


def cache_dropped(g: Level8 | Level8Board) -> Level8 | Level8Board:
    """A clone of ``g`` without the gate's cache (its observations are built afresh)."""
    c = g.clone()
    c.__dict__.pop("_public_view", None)
    return c


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_card_game_observations_equal_a_fresh_build_for_every_viewer(n: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(2):
        g = Level8(n, seed=f"gate-{n}-{seed}", sides="two" if seed else "one")
        bots = [HeuristicBot(seed * 10 + k) for k in range(n)]
        while not g.is_over:
            check_gate(g)
            p = g.current_player
            action = bots[p].choose(g.observation(p))
            kinds[action.kind] += 1
            g.apply(action)
        check_gate(g)
    assert kinds["lay_down"] and kinds["add_on"] and kinds["next_round"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_board_game_observations_equal_a_fresh_build_for_every_viewer(n: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(2):
        g = Level8Board(n, seed=f"gate-board-{n}-{seed}")
        bots = [BoardHeuristicBot(seed * 10 + k) for k in range(n)]
        steps = 0
        while not g.is_over and steps < 4000:
            check_gate(g)
            p = g.current_player
            action = bots[p].choose(g.observation(p))
            kinds[action.kind] += 1
            g.apply(action)
            steps += 1
        check_gate(g)
    assert kinds["roll"] and kinds["lay_down"] and kinds["add_on"]


class Recorder:
    """A bot that remembers each observation it was handed, with the ply it was at."""

    def __init__(self, bot: object, log: list) -> None:
        self.bot, self.log, self.name = bot, log, getattr(bot, "name", "Bot")

    def choose(self, obs: object) -> object:
        self.log.append(obs)
        return self.bot.choose(obs)  # type: ignore[attr-defined]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_play_game_bots_see_exactly_their_seats_observation(n: int) -> None:
    log: list = []
    bots = [Recorder(HeuristicBot(k), log) for k in range(n)]
    g = play_game(bots, seed=f"bots-{n}")
    assert g.is_over and len(log) == len(g.history) - 1
    for ply, obs in enumerate(log):
        at = g.after(ply)  # the game when that action was chosen (ply 0: after the deal)
        seat = g.history[ply + 1].action.player
        assert obs.viewer == seat
        assert obs == fresh_observation(at, seat)
    plain = play_game([HeuristicBot(k) for k in range(n)], seed=f"bots-{n}")
    assert plain.to_json().replace("Bot ", "Heuristic ") == g.to_json().replace(
        "Bot ", "Heuristic "
    )


@pytest.mark.parametrize("n", [2, 3, 4])
def test_play_board_game_bots_see_exactly_their_seats_observation(n: int) -> None:
    log: list = []
    bots = [Recorder(BoardHeuristicBot(k), log) for k in range(n)]
    g = play_board_game(bots, seed=f"board-bots-{n}")
    assert g.is_over and len(log) == len(g.history) - 1
    for ply, obs in enumerate(log[:: max(1, len(log) // 150)]):
        k = ply * max(1, len(log) // 150)
        at = g.after(k)
        seat = g.history[k + 1].action.player
        assert obs.table == fresh_observation(at, seat)
        for name, value in fresh_board_fields(at).items():
            assert getattr(obs, name) == value, name


# ---------------------------------------------------------------------- the cache


def test_every_public_change_of_a_card_game_leaves_no_stale_view() -> None:
    """Random bots (every action kind, all skip and keep cases) with undo, goto, redo,
    clone and records loaded along the way: cached and fresh observations stay equal."""
    kinds: Counter[str] = Counter()
    rng = random.Random(7)
    for seed in range(5):
        n = 2 + seed % 5
        g = Level8(n, seed=seed, sides="two", start_levels=[5] * n)  # (keep cards from 5 on)
        bots = [RandomBot(seed * 10 + k) for k in range(n)]
        while not g.is_over and len(g.history) < 500:
            p = g.current_player
            action = bots[p].choose(g.observation(p))
            kinds[action.kind] += 1
            g.apply(action)
            check_gate(g)
            roll = rng.random()
            if roll < 0.05:
                g.undo(rng.randint(1, 3))
                kinds["undo"] += 1
                check_gate(g)
            elif roll < 0.08:
                ahead = g.history[-rng.randint(1, min(20, len(g.history) - 1)) :]
                g.goto(len(g.history) - 1 - len(ahead))
                check_gate(g)
                for entry in ahead:  # redo, as a widget does
                    g.apply_recorded(entry.action, entry.chance)
                    check_gate(g)
                kinds["goto"] += 1
            elif roll < 0.10:
                c = g.clone()
                check_gate(c)
                assert c.observation("teacher") == cache_dropped(g).observation("teacher")
                kinds["clone"] += 1
            elif roll < 0.11:
                loaded = Level8.from_json(g.to_json())
                check_gate(loaded)
                for v in viewers(g):
                    assert loaded.observation(v) == g.observation(v)
                kinds["from_json"] += 1
    for kind in ("draw", "lay_down", "add_on", "discard", "skip", "skip_turn", "keep"):
        assert kinds[kind], kind
    assert kinds["next_round"] and kinds["undo"] and kinds["goto"] and kinds["clone"]


def test_every_public_change_of_a_board_game_leaves_no_stale_view() -> None:
    kinds: Counter[str] = Counter()
    rng = random.Random(8)
    for seed in range(3):
        n = 2 + seed % 3
        g = Level8Board(n, seed=seed)
        bots = [BoardRandomBot(seed * 10 + k) for k in range(n)]
        while not g.is_over and len(g.history) < 600:
            p = g.current_player
            action = bots[p].choose(g.observation(p))
            kinds[action.kind] += 1
            g.apply(action)
            check_gate(g)
            if rng.random() < 0.05:
                g.undo(rng.randint(1, 3))
                kinds["undo"] += 1
                check_gate(g)
    for kind in ("roll", "move", "take", "lay_down", "discard"):
        assert kinds[kind], kind
    assert sum(kinds[k] for k in ("swap", "ask", "give", "show", "steal", "choose")) > 10


def test_a_cached_view_is_never_edited_by_a_later_step() -> None:
    """Observations share the cached tuples: a step replaces them, never changes them."""
    g = play_game([HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], seed=4, max_actions=60)
    kept = [(g.observation(v), fresh_observation(g, v)) for v in viewers(g)]
    bots = [HeuristicBot(k) for k in range(3)]
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g.observation(g.current_player)))
    for obs, fresh in kept:
        assert obs == fresh


def test_positions_set_up_by_hand_and_public_fields_without_cache() -> None:
    g = Level8.from_position(
        hands=[cs("7R 8R 9R 1G 2G 3G 4G 5G 6G S1"), cs("1R 1P 1B 1Y 2R 2P 2B 2Y 3R 3P")],
        melds=[[], []],
        discards=[cs("9G"), []],
        draw_pile=None,
        seed=4,
    )
    check_gate(g)
    g.draw()
    check_gate(g)
    g.skip(1)
    check_gate(g)
    assert public_fields(g) == public_fields(cache_dropped(g))


# ---------------------------------------------------------------------- one path


def test_the_engines_observation_svg_and_events_come_from_the_gate() -> None:
    g = play_game([HeuristicBot(1), HeuristicBot(2)], seed=9, max_actions=80)
    b = play_board_game([BoardHeuristicBot(1), BoardHeuristicBot(2)], seed=9, max_steps=80)
    for game in (g, b):
        for v in viewers(game):
            assert game.to_svg(v) == picture(game.observation(v))
            assert game.to_svg(v, "de") == picture(game.observation(v), "de")
            events = [e for entry in game.history for e in entry.events]
            assert game.events_for(events, v) == events_for(events, v)
    for v in viewers(g):
        assert g.observation(v) == observe(g, v)
        assert g.to_svg(v) == render_table(fresh_observation(g, v))
    hidden = {"draw": "card", "keep": "cards", "give": "card"}
    for game in (g, b):
        for entry in game.history:
            for e in game.events_for(entry.events, "spectator"):
                if e.kind in hidden and e.data.get("source", "pile") == "pile":
                    assert hidden[e.kind] not in e.data or e.kind == "give"


def test_move_entries_show_no_hidden_card_to_any_viewer() -> None:
    b = play_board_game([BoardHeuristicBot(1), BoardHeuristicBot(2), BoardHeuristicBot(3)], seed=2)
    layout = b.layout.fields
    seen = Counter()
    for entry in b.history[1:]:
        a = entry.action
        rows = {str(move_entry(a, v, entry.chance, layout)) for v in viewers(b)}
        assert len(rows) == 1  # the same public facts on every screen
        row = move_entry(a, "spectator", entry.chance, layout)
        if a.kind in ("keep", "give", "swap", "show"):
            assert not set(row[1:]) & set(a.cards or (a.card,)) - {a.player}
            seen[a.kind] += 1
    assert seen["keep"] or seen["give"] or seen["show"]
