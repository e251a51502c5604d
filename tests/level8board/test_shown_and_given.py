"""Hidden information the board game alone has: a given card is seen by the giver and the
asker only; cards shown for a steal lie face up for the whole table („offen vor sich
auslegen“): every view, log and bot sees them, and which of them was taken; each blind draw
(all draw, a swap's draws, an owner's draw after a steal) only by its drawer. The filter's
sweeps on both games are in ``tests/level8/test_visibility.py``.
"""

from __future__ import annotations

import pytest
from level8.test_visibility import NAMES, check_observation  # tests/ is on sys.path

from levelwidgets.level8 import events_for, visible_event
from levelwidgets.level8.board import Level8Board

from .helpers import board, c, cs, land

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
