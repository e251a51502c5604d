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

from collections.abc import Iterable

from .actions import Event
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
