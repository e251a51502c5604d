"""Hidden information in the board game: a seat's observation never shows another player's
hand or the draw pile's order; ``events_for`` hides blind draws and given cards from everyone
who may not see them. Cards shown for a steal lie face up for the whole table („offen vor sich
auslegen“): every view, log and bot sees them, and which of them was taken."""

from __future__ import annotations

import json
import random

import pytest
from level8.test_visibility import visible_ids  # tests/ is on sys.path

from levelwidgets.level8 import Event, events_for, visible_event
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.cards import CODES

from .helpers import LAYOUT12, board, c, cs, land, pick

#: Event data keys that hold card ids; every other key must be listed as plain.
CARD_KEYS = {"card", "cards", "first_discard"}
PLAIN_KEYS = {
    *("round", "dealer", "starts", "jokers", "source", "owner", "index", "meaning", "level"),
    *("count", "target", "winner", "moves", "levels", "kind", "reason", "to", "from", "dice"),
    *("reachable", "set", "field", "action", "number", "colour", "direction", "left", "owed"),
    *("combo", "skip_surfaced", "effect", "lo", "hi", "value", "phase", "player"),
}
#: Event kinds whose cards went face up for everyone (onto a discard pile, from the middle,
#: laid out for a steal).
PUBLIC_CARDS = {
    *("swap", "discard_two", "joker", "discard", "deal", "lay_down", "add_on", "show", "steal"),
}
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")


def named_cards(event: Event) -> set[int]:
    """Every card id an event names (after a JSON round trip, as a UI would get it)."""
    data = json.loads(json.dumps(event.to_dict()))
    out: set[int] = set()
    for k, v in data.items():
        if k in ("kind", "player"):
            continue
        if k == "combos":
            out |= {x for combo in v for x in combo["cards"]}
        elif k in CARD_KEYS:
            out |= set(v) if isinstance(v, list) else {v}
        else:
            assert k in PLAIN_KEYS, f"unclassified event data key {k!r} ({event.kind})"
    return out


def seen_now(g: Level8Board, viewer: object) -> set[int]:
    obs = g.observation(viewer)
    ids = visible_ids(obs.table)
    ids |= {x for _, cards in obs.shown if cards is not None for x in cards}
    return ids


def check_observation(g: Level8Board) -> None:
    """Seats and the spectator see no other hand and no draw pile order; shown cards lie
    face up for every one of them."""
    hands = [set(g.hand(q)) for q in range(g.num_players)]
    shown = g.pending.get("shown", {})
    for v in [*range(g.num_players), "spectator"]:
        obs = g.observation(v)
        assert obs.table.hands is None and obs.table.draw_pile is None
        d = json.loads(json.dumps(obs.to_dict()))
        assert "hands" not in d and "draw_pile" not in d
        if v == "spectator":
            assert d["hand"] is None and d["kept"] is None
        else:
            assert set(d["hand"]) == hands[v]
        assert {item["seat"]: item["cards"] for item in d["shown"]} == {
            q: list(cs) for q, cs in shown.items()
        }
        visible = seen_now(g, v)
        for q in range(g.num_players):
            if q != v:
                secret = hands[q] - visible
                assert not secret & set(d["hand"] or ()), (v, q)


def play_and_check(g: Level8Board, rng: random.Random, limit: int, counts: dict) -> None:
    viewers = [*range(g.num_players), "spectator"]
    seen = {v: seen_now(g, v) for v in viewers}
    for _ in range(limit):
        if g.is_over:
            return
        events = g.apply(pick(rng, g.legal_actions()))
        assert g.events_for(events, "teacher") == list(events)
        public = {x for e in events if e.kind in PUBLIC_CARDS for x in named_cards(e)}
        for v in viewers:
            mine = g.events_for(events, v)
            assert [(e.kind, e.player) for e in mine] == [(e.kind, e.player) for e in events]
            now = seen_now(g, v)
            for e, original in zip(mine, events, strict=True):
                leaked = named_cards(e) - seen[v] - now - public
                assert not leaked, (v, original, [CODES[x] for x in leaked])
                assert isinstance(e.describe(NAMES[: g.num_players]), str)
                counts[e.kind] = counts.get(e.kind, 0) + 1
                if e is not original:
                    counts["hidden:" + e.kind] = counts.get("hidden:" + e.kind, 0) + 1
            seen[v] |= now | public
        if g.phase in ("show", "steal", "give") or rng.random() < 0.1:
            check_observation(g)


def test_filtered_events_never_name_a_card_the_viewer_cannot_see():
    counts: dict = {}
    rng = random.Random(12)
    for i in range(30):
        n = 3 + i % 4
        layout = LAYOUT12 if i % 2 else None
        g = Level8Board(n, seed=500 + i, layout=layout, start_levels=[1 + i % 8] * n)
        play_and_check(g, rng, 220, counts)
    for kind in ("draw", "give", "keep"):
        assert counts.get("hidden:" + kind, 0) > 0, counts
    for kind in ("show", "steal"):  # face up: never filtered
        assert counts.get(kind, 0) > 0 and not counts.get("hidden:" + kind), counts
    for kind in ("swap", "joker", "ask", "roll", "choose", "round_end"):
        assert counts.get(kind, 0) > 0, counts


# ---------------------------------------------------------------------------- examples
HANDS = [
    "1R 2R 3R 4R 6R 8R 9R 10R 11R 12R",
    "5Y 7Y 7G 1Y 2Y 3Y 4Y 6Y 8Y 9Y",
    "5G 7B 1B 2B 3B 4B 6B 8B 9B 10B",
]


def test_a_given_card_is_seen_by_the_giver_and_the_asker_only():
    g = board(HANDS, "14O", "13P 14P")
    land(g, 4)
    ask, give, draw = g.ask(5, direction="left")
    assert give.data == {"card": c("5Y"), "to": 0}
    for v in (0, 1, "teacher"):
        assert visible_event(give, v) is give
    for v in (2, "spectator", None):
        hidden = visible_event(give, v)
        assert hidden.kind == "give" and hidden.player == 1 and hidden.data == {"to": 0}
    # the giver's blind draw: the giver only (the asker does not see it either)
    assert draw.player == 1 and visible_event(draw, 1) is draw
    for v in (0, 2, "spectator"):
        assert "card" not in visible_event(draw, v).data
    assert visible_event(ask, 2) is ask  # the question is public


def steal_game() -> tuple[Level8Board, list, list]:
    g = board(
        ["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y", "*", "*"],
        "14O",
        "13P 14P",
        towers=[4, 0, 0, 0],
    )
    land(g, 7)
    shows = []
    for q in (1, 2, 3):
        shows += g.show(g.hand(q)[:3] if q != 1 else cs("3Y 4Y 5Y"))
    return g, shows, g.steal("4Y")


def test_shown_cards_lie_face_up_for_the_whole_table():
    """„drei Karten aus ihrer Hand offen vor sich auslegen“: every seat, the spectator and
    the log see them."""
    _, shows, _ = steal_game()
    show1 = shows[0]
    assert show1.player == 1 and show1.data["cards"] == cs("3Y 4Y 5Y")
    for v in (0, 1, 2, 3, "spectator", None, "teacher"):
        assert visible_event(show1, v) is show1
    assert show1.describe(NAMES[:4]) == "Ben lays 3 yellow, 4 yellow, 5 yellow face up."
    assert show1.describe(NAMES[:4], "de") == "Ben legt 3 gelb, 4 gelb, 5 gelb offen aus."


def test_shown_cards_in_every_observation():
    g = board(["*", "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y", "*", "*"], "14O", towers=[4, 0, 0, 0])
    land(g, 7)
    g.show(cs("3Y 4Y 5Y"), player=1)
    for v in (0, 1, 2, 3, "spectator", "teacher"):  # seat 2, still to show, sees them too
        assert dict(g.observation(v).shown) == {1: tuple(cs("3Y 4Y 5Y"))}, v
    g.show(g.hand(2)[:3], player=2)
    for v in (0, 1, 2, 3, "spectator"):
        shown = dict(g.observation(v).shown)
        assert shown == {1: tuple(cs("3Y 4Y 5Y")), 2: tuple(g.hand(2)[:3])}, v
        assert g.observation(v).to_dict()["shown"][0] == {
            "seat": 1, "cards": cs("3Y 4Y 5Y"), "count": 3,
        }  # fmt: skip
    check_observation(g)


def test_the_stolen_card_is_seen_by_everyone_the_owners_new_card_by_the_owner_only():
    _, _, (steal, draw) = steal_game()
    assert steal.data == {"card": c("4Y"), "from": 1}
    for v in (0, 1, 2, 3, "spectator", "teacher"):
        assert visible_event(steal, v) is steal
    assert draw.player == 1 and visible_event(draw, 1) is draw
    for v in (0, 2, 3, "spectator"):
        assert "card" not in visible_event(draw, v).data


def test_all_draw_each_draw_is_seen_by_its_drawer_only():
    g = board(["*", "*", "*"], "14O", "1R 2R 3R")
    events = land(g, 8)
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 3
    for e in draws:
        for v in range(3):
            assert ("card" in visible_event(e, v).data) == (v == e.player)
        assert "card" not in visible_event(e, "spectator").data


def test_swapped_cards_are_public_drawn_ones_are_not():
    g = board(["1R 2R 3R 4R 5R 6R 7R 8R 9R 10R", "*"], "14O", "10G 11G 12G")
    land(g, 5)
    swap, *draws = g.swap(cs("1R 2R"))
    assert visible_event(swap, 1) is swap and visible_event(swap, "spectator") is swap
    assert all("card" not in visible_event(d, 1).data for d in draws)


@pytest.mark.parametrize("viewer", [0, 1, "spectator"])
def test_observation_has_no_other_hand_and_no_draw_pile(viewer):
    g = board(["*", "*"], "14O", "10G 11G")
    land(g, 2)
    g.take()
    obs = g.observation(viewer)
    assert obs.table.hands is None and obs.table.draw_pile is None
    assert obs.hand == (None if viewer == "spectator" else tuple(g.hand(viewer)))
    teacher = g.observation("teacher")
    assert teacher.table.draw_pile[0] == c("11G") and len(teacher.table.hands) == 2
    check_observation(g)


def test_events_for_the_board_checks_its_viewers():
    g = board(["*", "*"], "14O")
    events = land(g, 1)
    assert events_for(events, 0) == events
    with pytest.raises(Exception, match="is not a player"):
        g.events_for(events, 2)


def test_a_third_players_view_does_not_depend_on_given_or_hidden_cards():
    def steal_after(cards1: str) -> Level8Board:
        g = board(["*", "1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y", "*"], "14O", "13P 14P", towers=[4, 0, 0])
        land(g, 7)
        g.show(cs(cards1), player=1)
        g.show(g.hand(2)[:3], player=2)
        return g

    # what was shown is public: a third player's view differs with it …
    a, b = steal_after("3Y 4Y 5Y"), steal_after("6Y 7Y 8Y")
    assert a.observation(2) != b.observation(2)
    assert a.observation("spectator") != b.observation("spectator")
    # … but not with the unshown rest of the hand
    a, b = steal_after("3Y 4Y 5Y"), steal_after("3Y 4Y 5Y")
    a.steal("3Y")
    b.steal("3Y")
    assert a.observation(2) == b.observation(2) and a.to_svg(2) == b.to_svg(2)

    def given(card: str) -> Level8Board:
        g = board(HANDS, "14O", "13P 14P")
        land(g, 4)
        g.ask(7, direction="left")
        g.give(card, player=1)
        return g

    a, b = given("7Y"), given("7G")
    assert a.observation(2) == b.observation(2) and a.to_svg(2) == b.to_svg(2)
    assert a.observation(0) != b.observation(0)


def test_a_seats_view_does_not_depend_on_the_draw_pile_order():
    a = board(["*", "*"], "14O", "10G 11G 12G")
    b = board(["*", "*"], "14O", "10G 12G 11G")
    land(a, 2)
    land(b, 2)
    a.take()
    b.take()  # both took 10G
    for v in (0, 1, "spectator"):
        assert a.observation(v) == b.observation(v)
        assert a.to_svg(v) == b.to_svg(v)
    assert a.observation("teacher") != b.observation("teacher")
