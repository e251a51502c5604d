"""One per-viewer filter for events, on both Level 8 games: nobody learns a card id their
view does not show (``events_for``/``visible_event``), and viewers are checked.

The sweeps play seeded games of each game and check every event as every seat and the
spectator get it against what their observations showed before and after (board game: plus
cards that went face up for the whole table). The card game's own examples follow; the board
game's (given, shown and stolen cards) are in ``tests/level8board/test_shown_and_given.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest
from level8board.helpers import LAYOUT12, pick  # tests/ is on sys.path

from levelwidgets.level8 import (
    EVENT_KINDS,
    Event,
    HeuristicBot,
    IllegalActionError,
    Level8,
    RandomBot,
    events_for,
    visible_event,
)
from levelwidgets.level8.actions import BOARD_EVENT_KINDS
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.cards import CODES
from levelwidgets.level8.observation import Observation

from .helpers import c, stacked

#: Event data keys that hold card ids (or, in combinations, card codes and joker ids).
CARD_KEYS = {"card", "cards", "first_discard", "codes", "jokers"}
#: Event data keys that never hold a card.
PLAIN_KEYS = {
    *("round", "dealer", "starts", "source", "owner", "index", "meaning", "level", "count"),
    *("target", "winner", "moves", "levels", "lo", "hi", "value", "kind", "effect"),
    *("skip_surfaced", "reason", "phase", "player", "to", "from", "dice", "reachable", "set"),
    *("field", "action", "number", "colour", "direction", "left", "owed"),
}
#: Board game event kinds whose cards went face up for everyone (onto a discard pile, from
#: the middle, laid out for a steal).
PUBLIC_CARDS = {
    *("swap", "discard_two", "joker", "discard", "deal", "lay_down", "add_on", "show", "steal"),
}
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
_BY_CODE = {code: i for i, code in enumerate(CODES)}


def card_ids(value: object, key: str | None = None) -> set[int]:
    """Every card id named anywhere in an event's JSON form (ids, codes, joker keys)."""
    out: set[int] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "jokers" and isinstance(v, int):
                continue  # the board game's deal: how many jokers lie in the middle
            if k == "jokers":
                out |= {int(j) for j in v}
            elif k in CARD_KEYS or k in ("combos", "combo"):
                out |= card_ids(v, k)
            else:
                assert k in PLAIN_KEYS, f"unclassified event data key {k!r}: does it name a card?"
        return out
    if isinstance(value, list):
        for v in value:
            out |= card_ids(v, key)
        return out
    if key in CARD_KEYS:
        if isinstance(value, str):
            out.add(_BY_CODE[value])
        elif isinstance(value, int):
            out.add(value)
    return out


def visible_ids(obs: Observation) -> set[int]:
    """Every card id a card table's observation shows its viewer."""
    ids = {t for t in obs.discard_tops if t is not None}
    ids |= {s for s in obs.skip_cards if s is not None}
    ids |= {x for ms in obs.melds for m in ms for x in m.cards}
    for part in (obs.hand, obs.kept, obs.draw_pile):
        ids |= set(part or ())
    for h in obs.hands or ():
        ids |= set(h)
    return ids


def seen_now(game: Level8 | Level8Board, viewer: object) -> set[int]:
    """Every card id ``viewer``'s observation shows (board game: the shown cards too)."""
    obs = game.observation(viewer)
    if isinstance(game, Level8Board):
        ids = visible_ids(obs.table)
        return ids | {x for _, cards in obs.shown if cards is not None for x in cards}
    return visible_ids(obs)


def check_observation(g: Level8 | Level8Board) -> None:
    """Seats and the spectator see no other hand and no draw pile order; cards shown for a
    steal lie face up for every one of them."""
    hands = [set(g.hand(q)) for q in range(g.num_players)]
    shown = g.pending.get("shown", {}) if isinstance(g, Level8Board) else None
    for v in [*range(g.num_players), "spectator"]:
        obs = g.observation(v)
        table = obs.table if isinstance(g, Level8Board) else obs
        assert table.hands is None and table.draw_pile is None
        d = json.loads(json.dumps(obs.to_dict()))
        assert "hands" not in d and "draw_pile" not in d
        if v == "spectator":
            assert d["hand"] is None and d["kept"] is None
        else:
            assert set(d["hand"]) == hands[v]
        if shown is not None:
            assert {item["seat"]: item["cards"] for item in d["shown"]} == {
                q: list(cs) for q, cs in shown.items()
            }
        visible = seen_now(g, v)
        for q in range(g.num_players):
            if q != v:
                secret = hands[q] - visible
                assert not secret & set(d["hand"] or ()), (v, q)


def play_and_check(
    game: Level8 | Level8Board, choose: Callable, limit: int, counts: dict, public: set[str]
) -> None:
    """Play ``limit`` steps; every event, as each seat and the spectator get it, names only
    cards the viewer saw before, sees now, or that went face up (kinds in ``public``)."""
    viewers = [*range(game.num_players), "spectator"]
    seen = {v: seen_now(game, v) for v in viewers}
    rng = random.Random(limit)

    def check(events) -> None:
        assert game.events_for(events, "teacher") == list(events)
        opened = {x for e in events if e.kind in public for x in card_ids(e.to_dict())}
        for v in viewers:
            shown = game.events_for(events, v)
            assert [(e.kind, e.player) for e in shown] == [(e.kind, e.player) for e in events]
            now = seen_now(game, v)
            for e, original in zip(shown, events, strict=True):
                named = card_ids(json.loads(json.dumps(e.to_dict())))
                leaked = named - seen[v] - now - opened
                assert not leaked, (v, original, [CODES[x] for x in leaked])
                assert isinstance(e.describe(NAMES[: game.num_players]), str)
                counts[e.kind] = counts.get(e.kind, 0) + 1
                if e is not original:
                    counts["hidden:" + e.kind] = counts.get("hidden:" + e.kind, 0) + 1
            seen[v] |= now | opened
        if game.phase in ("show", "steal", "give") or rng.random() < 0.1:
            check_observation(game)

    check(game.history[0].events)
    for _ in range(limit):
        if game.is_over:
            return
        check(game.apply(choose(game)))


def bots_choose(bots: list) -> Callable:
    return lambda g: bots[g.current_player].choose(g.observation(g.current_player))


def card_games() -> Iterator[tuple[Level8, Callable, int]]:
    for i in range(30):
        n = 2 + i % 5
        sides: object = "two" if i % 2 else ["one", "two"] * 3
        if isinstance(sides, list):
            sides = sides[:n]
        start = [5 + (i + k) % 4 for k in range(n)] if i % 3 else [1] * n
        game = Level8(n, seed=300 + i, sides=sides, start_levels=start)
        bots = [RandomBot(i + k) if k % 2 else HeuristicBot(i + k) for k in range(n)]
        yield game, bots_choose(bots), 300
    for i in range(2):  # long games: rebuilt draw piles
        game = Level8(2, seed=i, sides="two", start_levels=[8, 8])
        yield game, bots_choose([RandomBot(3 * i), RandomBot(3 * i + 1)]), 900


def card_sweep_reached(counts: dict) -> None:
    card_game_kinds = set(EVENT_KINDS) - set(BOARD_EVENT_KINDS)
    assert card_game_kinds - {"setup", "draw_skipped"} <= set(counts), counts
    hidden = sum(v for k, v in counts.items() if k.startswith("hidden:"))
    assert hidden > 500  # blind draws and kept cards were really hidden


def board_games() -> Iterator[tuple[Level8Board, Callable, int]]:
    rng = random.Random(12)
    for i in range(30):
        n = 3 + i % 4
        layout = LAYOUT12 if i % 2 else None
        g = Level8Board(n, seed=500 + i, layout=layout, start_levels=[1 + i % 8] * n)
        yield g, lambda g: pick(rng, g.legal_actions()), 220


def board_sweep_reached(counts: dict) -> None:
    for kind in ("draw", "give", "keep"):
        assert counts.get("hidden:" + kind, 0) > 0, counts
    for kind in ("show", "steal"):  # face up: never filtered
        assert counts.get(kind, 0) > 0 and not counts.get("hidden:" + kind), counts
    for kind in ("swap", "joker", "ask", "roll", "choose", "round_end"):
        assert counts.get(kind, 0) > 0, counts


SWEEPS = {
    "level8": (card_games, set(), card_sweep_reached),
    "level8_board": (board_games, PUBLIC_CARDS, board_sweep_reached),
}


@pytest.mark.parametrize("name", SWEEPS)
def test_filtered_events_never_name_a_card_the_viewer_cannot_see(name: str) -> None:
    games, public, reached = SWEEPS[name]
    counts: dict = {}
    for game, choose, limit in games():
        play_and_check(game, choose, limit, counts, public)
    reached(counts)


GAMES = {"level8": Level8, "level8_board": Level8Board}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("viewer", [-1, "Ben?", 1.5, True, "everyone"])
def test_bad_viewers_are_refused(name: str, viewer: object) -> None:
    g = GAMES[name](["Ann", "Ben"], seed=1)
    with pytest.raises(IllegalActionError, match="viewer"):
        visible_event(g.history[0].events[0], viewer)
    with pytest.raises(IllegalActionError):
        g.events_for(g.history[0].events, viewer)


@pytest.mark.parametrize("name", GAMES)
def test_events_for_checks_seats_against_the_game(name: str) -> None:
    g = GAMES[name](["Ann", "Ben"], seed=1)
    while not any(e.kind == "draw" for e in g.history[-1].events):
        g.apply(g.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="is not a player"):
        g.events_for(g.history[-1].events, 2)
    (draw,) = [e for e in g.history[-1].events if e.kind == "draw"]
    drawer = g.names[draw.player]
    other = next(nm for nm in g.names if nm != drawer)
    assert "card" in draw.data and "card" in g.events_for([draw], drawer)[0].data
    assert g.events_for([draw], other)[0].data == {"source": "pile"}


# ---------------------------------------------------------------- the card game's examples
def test_blind_draw_shows_its_card_to_the_drawer_and_the_teacher_only():
    g = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*", "*"], "14O", "10G")
    (draw,) = g.draw()
    assert draw.data == {"source": "pile", "card": c("10G")}
    assert visible_event(draw, 0) is draw and visible_event(draw, "teacher") is draw
    for viewer in (1, 2, "spectator", None):
        hidden = visible_event(draw, viewer)
        assert hidden.data == {"source": "pile"} and hidden.kind == "draw" and hidden.player == 0
        assert hidden.describe(["Ann", "Ben", "Cy"]) == "Ann draws a card from the draw pile."
    assert draw.data["card"] == c("10G")  # the original event is untouched
    g.discard("10G")
    (take,) = g.draw(0)  # from a discard pile: the card was face up, everyone saw it
    assert all(visible_event(take, v) is take for v in (0, 1, 2, "spectator"))


def test_kept_cards_hide_their_ids_but_not_their_count():
    e = Event("keep", 2, {"count": 3, "cards": [c("J1"), c("7G"), c("9B")]})
    assert visible_event(e, 2) is e
    for viewer in (0, 1, "spectator"):
        assert visible_event(e, viewer).data == {"count": 3}
    assert visible_event(e, 1).describe(["A", "B", "C"]) == "C keeps 3 cards for the next round."


def test_public_events_pass_unchanged():
    for e in (
        Event("deal", 1, {"round": 1, "dealer": 1, "first_discard": 5, "starts": 0}),
        Event("discard", 0, {"card": 4}),
        Event("skip", 0, {"card": 98, "target": 1, "effect": True}),
        Event("skip_turn", 1, {"card": 98}),
        Event("draw_skipped", 1, {}),
    ):
        for viewer in (0, 1, "spectator", "teacher"):
            assert visible_event(e, viewer) is e
    assert events_for([], 0) == []
