"""What each viewer may learn from an event: one filter for every screen and log.

The engine's events name every card involved, including hidden ones (the card of a blind
draw from the draw pile, the cards a two-star player keeps). :func:`visible_event` gives the
event as ``viewer`` may see it: a seat (int), ``"spectator"`` (or ``None``) or ``"teacher"``.

Which event data name cards, and who may see them:

========== ======================= =====================================================
kind       card data               visible to
========== ======================= =====================================================
deal       ``first_discard``       everyone (turned face up on the dealer's pile)
draw       ``card``                from a discard pile: everyone (it was the top card);
                                   from the draw pile: the drawer and the teacher only
lay_down   ``combos``              everyone (laid face up)
add_on     ``card``                everyone (laid face up)
discard    ``card``                everyone (face up on the discard pile)
skip       ``card``                everyone (a skip card, face up in front of a player or
                                   on the discard pile)
skip_turn  ``card``                everyone (the skip card that lay face up)
keep       ``cards``               the keeper and the teacher only (``count`` stays)
give       ``card``                (board game) the giver, the asking player (``to``) and
                                   the teacher
show       ``cards``               (board game) everyone (laid face up for the whole table)
steal      ``card``                (board game) everyone (one of the cards lying face up)
swap       ``cards``               (board game) everyone (face up onto the discard pile)
joker      ``card``                (board game) everyone (a joker from the middle)
others     none                    everyone (setup, draw_skipped, rebuild, round_end, win,
                                   roll, move, choose, ask, ...)
========== ======================= =====================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import Action, Event
from .errors import IllegalActionError
from .observation import SPECTATOR, TEACHER

#: Event kinds whose data may name a card only some viewers may see, with the keys to drop.
HIDDEN_KEYS: dict[str, tuple[str, ...]] = {
    "draw": ("card",),
    "keep": ("cards",),
    "give": ("card",),
}
#: Event kinds whose hidden cards a second player sees too, with the key naming that player.
ALSO_SEEN_BY = {"give": "to"}


def check_viewer(viewer: object) -> int | str:
    """A seat number, ``"spectator"`` (also for ``None``) or ``"teacher"``."""
    if viewer is None:
        return SPECTATOR
    if viewer in (SPECTATOR, TEACHER):
        return viewer  # type: ignore[return-value]
    if isinstance(viewer, int) and not isinstance(viewer, bool) and viewer >= 0:
        return viewer
    raise IllegalActionError(
        f'viewer must be a seat number, "spectator" or "teacher", not {viewer!r}'
    )


def visible_event(event: Event, viewer: int | str | None) -> Event:
    """``event`` as ``viewer`` may see it: the same event, or a copy without hidden cards.

    A blind draw from the draw pile keeps its card only for the drawer (and the teacher);
    kept cards keep their ids only for the keeper (and the teacher), the count stays.
    """
    viewer = check_viewer(viewer)
    kind = event.kind
    if viewer == TEACHER or viewer == event.player or kind not in HIDDEN_KEYS:
        return event
    data = event.data
    other = ALSO_SEEN_BY.get(kind)
    if other is not None and viewer == data.get(other):
        return event
    if kind == "draw" and data.get("source", "pile") != "pile":
        return event  # the top card of a discard pile was face up
    drop = HIDDEN_KEYS[kind]
    if not any(k in data for k in drop):
        return event
    return Event(kind, event.player, {k: v for k, v in data.items() if k not in drop})


def events_for(events: Iterable[Event], viewer: int | str | None) -> list[Event]:
    """:func:`visible_event` for each event, in order."""
    viewer = check_viewer(viewer)
    return [visible_event(e, viewer) for e in events]


#: Event kinds whose cards leave the acting player's hand for a place other players see (the
#: filter above still decides who: a given card only its receiver), with the key naming them.
FROM_HAND: dict[str, str] = {
    "discard": "card",
    "add_on": "card",
    "skip": "card",
    "lay_down": "combos",
    "swap": "cards",
    "show": "cards",
    "give": "card",
}


def shows_new_card(event: Event, viewer: int | str | None) -> bool:
    """Whether ``event`` shows ``viewer`` a card ``viewer`` could not see just before.

    Taking such an event back would hide that card again while ``viewer`` remembers it: a
    free look at the pile or at a hand, so a widget's ``takebacks="no_peeking"`` stops there.
    A deal shows new hands and the first discard; a blind draw shows its card to the drawer;
    a card leaving a hand face up (discard, lay-down, add-on, skip, swap, show, give) shows it
    to everyone else who may see it. Cards that already lay face up (a discard pile's top, a
    skip card, shown cards taken in a steal, the jokers in the middle) show nothing new.
    """
    viewer = check_viewer(viewer)
    kind = event.kind
    if kind == "deal":
        return True
    if kind == "draw":
        return event.data.get("source", "pile") == "pile" and "card" in (
            visible_event(event, viewer).data
        )
    key = FROM_HAND.get(kind)
    if key is None or viewer == event.player:
        return False
    return key in visible_event(event, viewer).data


#: Actions whose cards only their player (and the teacher) may see, with the words that
#: replace them for everyone else: kept cards stay hidden; a given card is the giver's and the
#: asker's, and the action does not name the asker.
PRIVATE_ACTIONS: dict[str, str] = {
    "keep": "keeps {cards} for the next round",
    "give": "gives a card",
}


def action_text(action: Action, names: Sequence[str], viewer: int | str | None) -> str:
    """``action`` in words (its notation) as ``viewer`` may read it: without the cards of
    :data:`PRIVATE_ACTIONS` for anyone but the player and the teacher."""
    viewer = check_viewer(viewer)
    words = PRIVATE_ACTIONS.get(action.kind)
    if words is None or viewer in (TEACHER, action.player):
        return action.describe(tuple(names))
    who = names[action.player] if 0 <= action.player < len(names) else f"player {action.player}"
    n = len(action.cards)
    return f"{who} " + words.format(cards="1 card" if n == 1 else f"{n} cards")
