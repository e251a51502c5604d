"""One per-viewer filter for events: nobody learns a card id their view does not show."""

from __future__ import annotations

import json

import pytest

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
from levelwidgets.level8.cards import CODES
from levelwidgets.level8.observation import Observation

from .helpers import c, stacked

#: Event data keys that hold card ids (or, in combinations, card codes and joker ids).
CARD_KEYS = {"card", "cards", "first_discard", "codes", "jokers"}
#: Event data keys that never hold a card.
PLAIN_KEYS = {
    "round",
    "dealer",
    "starts",
    "source",
    "owner",
    "index",
    "meaning",
    "level",
    "count",
    "target",
    "winner",
    "moves",
    "levels",
    "lo",
    "hi",
    "value",
    "kind",
    "effect",
    "skip_surfaced",
    "reason",
    "phase",
    "player",
}
_BY_CODE = {code: i for i, code in enumerate(CODES)}


def card_ids(value: object, key: str | None = None) -> set[int]:
    """Every card id named anywhere in an event's JSON form (ids, codes, joker keys)."""
    out: set[int] = set()
    if isinstance(value, dict):
        for k, v in value.items():
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
    """Every card id an observation shows its viewer."""
    ids = {t for t in obs.discard_tops if t is not None}
    ids |= {s for s in obs.skip_cards if s is not None}
    ids |= {x for ms in obs.melds for m in ms for x in m.cards}
    for part in (obs.hand, obs.kept, obs.draw_pile):
        ids |= set(part or ())
    for h in obs.hands or ():
        ids |= set(h)
    return ids


def _play_and_check(game: Level8, bots, limit: int, counts: dict) -> None:
    viewers = [*range(game.num_players), "spectator"]
    seen = {v: visible_ids(game.observation(v)) for v in viewers}

    def check(events) -> None:
        assert game.events_for(events, "teacher") == list(events)
        for v in viewers:
            shown = game.events_for(events, v)
            assert [e.kind for e in shown] == [e.kind for e in events]
            now = visible_ids(game.observation(v))
            for e, original in zip(shown, events, strict=True):
                named = card_ids(json.loads(json.dumps(e.to_dict())))
                leaked = named - seen[v] - now
                assert not leaked, (v, e, [CODES[x] for x in leaked])
                counts[e.kind] = counts.get(e.kind, 0) + 1
                if e is not original:
                    counts["filtered"] = counts.get("filtered", 0) + 1
            seen[v] |= now

    check(game.history[0].events)
    for _ in range(limit):
        if game.is_over:
            return
        p = game.current_player
        check(game.apply(bots[p].choose(game.observation(p))))


def test_filtered_events_never_name_a_card_the_viewer_cannot_see():
    counts: dict = {}
    for i in range(30):
        n = 2 + i % 5
        sides = "two" if i % 2 else ["one", "two"] * 3
        if isinstance(sides, list):
            sides = sides[:n]
        start = [5 + (i + k) % 4 for k in range(n)] if i % 3 else [1] * n
        game = Level8(n, seed=300 + i, sides=sides, start_levels=start)
        bots = [RandomBot(i + k) if k % 2 else HeuristicBot(i + k) for k in range(n)]
        _play_and_check(game, bots, 300, counts)
    for i in range(2):  # long games: rebuilt draw piles
        game = Level8(2, seed=i, sides="two", start_levels=[8, 8])
        _play_and_check(game, [RandomBot(3 * i), RandomBot(3 * i + 1)], 900, counts)
    card_game_kinds = set(EVENT_KINDS) - set(BOARD_EVENT_KINDS)
    assert card_game_kinds - {"setup", "draw_skipped"} <= set(counts), counts
    assert counts["filtered"] > 500  # blind draws and kept cards were really hidden


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


@pytest.mark.parametrize("viewer", [-1, "Ben?", 1.5, True, "everyone"])
def test_bad_viewers_are_refused(viewer):
    g = Level8(["Ann", "Ben"], seed=1)
    with pytest.raises(IllegalActionError, match="viewer"):
        visible_event(g.history[0].events[0], viewer)
    with pytest.raises(IllegalActionError):
        g.events_for(g.history[0].events, viewer)


def test_events_for_checks_seats_against_the_game():
    g = Level8(["Ann", "Ben"], seed=1)
    with pytest.raises(IllegalActionError, match="is not a player"):
        g.events_for(g.draw(), 2)
    assert g.events_for(g.history[-1].events, "Ben")[0].data == {"source": "pile"}
