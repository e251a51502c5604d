"""The seat-view gate: what each viewer may see of a Level 8 game, decided in one place.

A viewer is a seat (int), ``"spectator"`` (or ``None``) or ``"teacher"``. Everything a
screen, a log, a record or a bot shows of a game passes through this module:

- :func:`observe` makes the :class:`~.observation.Observation` of a card table (both games)
  and :func:`observe_board` the board game's :class:`~.board.observation.BoardObservation`;
  ``Level8.observation``, ``Level8Board.observation`` and the bots of ``play_game`` all get
  theirs here (there is no second, faster path for bots);
- :func:`visible_event` / :func:`events_for` filter events;
- :func:`action_text` writes an action as a viewer may read it, :func:`move_entry` gives a
  move-list entry (public facts only);
- :func:`picture` draws the SVG of an observation, so a picture shows what its viewer sees.

The observation fields every seat sees alike (levels, laid combinations, skip cards, ...)
are cached on the game, keyed on the *identity* of the immutable values the engine keeps
them in (tuples it replaces on every change, never edits): no revision counter to bump, so
a rule change cannot leave a stale view behind.

Events: the engine's events name every card involved, including hidden ones (the card of
a blind draw from the draw pile, the cards a two-star player keeps). Which event data name
cards, and who may see them:

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
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .actions import Action, Event
from .errors import IllegalActionError
from .observation import _FIELDS, SPECTATOR, TEACHER, Observation

if TYPE_CHECKING:
    from .board.observation import BoardObservation
    from .game import CardTable

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
        return viewer
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


# ---------------------------------------------------------------------- observations


def observe(table: CardTable, viewer: int | str) -> Observation:
    """The :class:`Observation` of ``table`` for ``viewer`` (a seat of the table,
    ``"spectator"`` or ``"teacher"``, already checked by the engine).

    A seat sees its own hand and kept cards, the teacher every hand and the draw pile, a
    spectator neither; everyone sees the rest (counts, discard tops, laid combinations).
    The fields every viewer sees alike come from :func:`public_template` (a ready dict of
    every field, which each observation copies and fills in).
    """
    got = table._public_view
    if (
        got is None
        or (key := got[0])[0] is not table._levels
        or key[1] is not table._laid
        or key[2] is not table._melds
        or key[3] is not table._skips
        or key[4] is not table._under
        or key[5] is not table._kept
    ):  # (public_template's check, inline: this runs for every bot decision)
        got = public_template(table)
    fields = got[2].copy()  # every field, the public ones filled in (in field order)
    hands = table._hands
    discards = table._discards
    fields["viewer"] = viewer
    if type(viewer) is int:
        fields["hand"] = tuple(hands[viewer])
        fields["kept"] = table._kept[viewer]
    elif viewer == TEACHER:
        fields["hands"] = tuple([tuple(h) for h in hands])
        fields["draw_pile"] = tuple(reversed(table._draw))
    fields["hand_counts"] = tuple(map(len, hands))
    fields["draw_count"] = len(table._draw)
    fields["discard_tops"] = (
        tuple(map(_top, discards))
        if all(discards)
        else tuple([d[-1] if d else None for d in discards])
    )
    fields["discard_counts"] = tuple(map(len, discards))
    fields["phase"] = table._phase
    fields["current_player"] = table._current
    fields["dealer"] = table._dealer
    fields["round"] = table._round
    fields["winners"] = table._winners
    obs = _new(Observation)
    _set_dict(obs, fields)  # (Observation._of, without its two attribute look-ups)
    return obs


_top = itemgetter(-1)  # the top card of a pile that is not empty
_new = object.__new__
#: Sets an observation's field dict (the frozen dataclass refuses plain assignment).
_set_dict = Observation.__dict__["__dict__"].__set__

#: The fields of :func:`public_fields`, in order.
PUBLIC_FIELDS = (
    "names",
    "sides",
    "levels",
    "level_counts",
    "requirements",
    "laid",
    "under_count",
    "melds",
    "skipped",
    "skip_cards",
    "kept_counts",
)
_public_of = itemgetter(*PUBLIC_FIELDS)


def public_fields(table: CardTable) -> tuple:
    """The observation fields every viewer sees alike (:data:`PUBLIC_FIELDS`, in order).

    Kept on the table with the values they were made from; a field is remade when a value
    it is made from is no longer the same object. The engine keeps those values as tuples
    it replaces on change, so an unchanged object means an unchanged field. Observations
    share the tuples; the melds tuple stays the same object while no laid combination
    changes (bots cache on its identity) and a row stays while its owner's combinations do.
    """
    got = public_template(table)
    fields = got[1]
    if fields is None:  # (made on the first call since the template changed)
        fields = _public_of(got[2])
        table._public_view = (got[0], fields, got[2])
    return fields


def public_template(table: CardTable) -> tuple:
    """The gate's cache, up to date: ``(key, fields or None, template)``, where ``template``
    is a dict of every observation field with the public ones filled in (in field order;
    :func:`observe` copies it) and ``fields`` the :func:`public_fields` tuple once asked for
    (observations need only the template)."""
    levels = table._levels
    laid = table._laid
    melds = table._melds
    skips = table._skips
    under = table._under
    kept = table._kept
    got = table._public_view
    if got is None:
        seqs = table._seqs
        template: dict[str, Any] = dict.fromkeys(_FIELDS)  # every field, in order
        template["names"] = table._names
        template["sides"] = tuple([s.name for s in seqs])
        template["level_counts"] = tuple([len(s.levels) for s in seqs])
        template["lay_down_cap"] = table._cap
        old: tuple = (None,) * 6
    else:
        old = got[0]
        if (
            old[0] is levels
            and old[1] is laid
            and old[2] is melds
            and old[3] is skips
            and old[4] is under
            and old[5] is kept
        ):
            return got
        template = got[2].copy()
    if old[0] is not levels:
        seqs = table._seqs
        template["levels"] = levels
        template["requirements"] = tuple(
            [
                seqs[q].levels[lv - 1] if lv <= len(seqs[q].levels) else None
                for q, lv in enumerate(levels)
            ]
        )
    if old[1] is not laid:
        template["laid"] = laid
    if old[2] is not melds:
        rows = old[2]
        known = template["melds"]
        template["melds"] = tuple(
            [
                known[q]
                if rows is not None and row is rows[q]
                else (tuple([m.combo() for m in row]) if row else ())
                for q, row in enumerate(melds)
            ]
        )
    if old[3] is not skips:
        template["skipped"] = tuple([c is not None for c in skips])
        template["skip_cards"] = skips
    if old[4] is not under:
        template["under_count"] = len(under)
    if old[5] is not kept:
        template["kept_counts"] = tuple(map(len, kept))
    got = table._public_view = ((levels, laid, melds, skips, under, kept), None, template)
    return got


def observe_board(board: Any, viewer: int | str) -> BoardObservation:
    """The board game's view for ``viewer``: the card table's :func:`observe` plus the board.
    Shown cards lie face up for the whole table, so every viewer sees them; the cards a
    giver could give only the giver and the teacher (they are in the giver's hand)."""
    from .board.observation import BoardObservation

    table = observe(board, viewer)
    pend = board._pending
    shown = pend.get("shown", {})
    giver = pend.get("giver")
    phase = board._phase
    return BoardObservation(
        table=table,
        layout=board._layout.fields,
        towers=tuple(board._towers),
        turn_player=board._turn,
        dice=board._dice,
        reachable=board.reachable,
        jokers_left=len(board._middle),
        action=pend.get("action"),
        takes_left=pend.get("takes", 0),
        asked=(pend.get("number"), pend.get("colour")) if giver is not None else None,
        giver=giver,
        shown=tuple((q, tuple(cs)) for q, cs in sorted(shown.items())),
        show_queue=tuple(pend.get("queue", ())),
        choosable=board.choosable() if phase == "choose" else (),
        extra_turns=board._extra,
        may_discard_two=(phase == "play" and board.may_discard_two(board._current)),
        rebuildable=board._can_rebuild(),
    )


def picture(obs: Observation | BoardObservation, language: str = "en") -> str:
    """The SVG picture of an observation: it shows exactly what the observation's viewer
    sees (``to_svg(viewer)`` of both games draws the engine's observation for ``viewer``)."""
    if isinstance(obs, Observation):
        from .svg import render_table

        return render_table(obs, language)
    from .board.svg import render_board

    return render_board(obs, language)


# ---------------------------------------------------------------------- move lists


def move_entry(
    action: Action,
    viewer: int | str | None = None,
    chance: Sequence[Any] = (),
    layout: Sequence[str] | None = None,
) -> list[Any]:
    """A move-list entry of ``action`` (``[kind, ...]``, the widgets' rows) as ``viewer`` may
    read it: public facts only, for every viewer (which cards were kept, given, swapped or
    shown stays out; a count stands for them), so a move list is the same on every screen.
    ``chance``: the step's recorded chance (a board roll's dice); ``layout``: the board's
    fields (board game actions)."""
    check_viewer(viewer)
    k = action.kind
    if layout is not None:
        board = _board_entry(action, chance, layout)
        if board is not None:
            return board
    if k == "draw":
        return ["draw", "pile" if action.source is None else action.source]
    if k == "lay_down":
        return ["lay"]  # the cards are on the table
    if k == "add_on":
        return ["add", action.card, action.target]
    if k == "discard":
        return ["discard", action.card]
    if k == "skip":
        return ["skip", action.target]
    if k == "keep":
        return ["keep", len(action.cards)]  # which cards stays hidden
    return [k]


def _board_entry(a: Action, chance: Sequence[Any], layout: Sequence[str]) -> list[Any] | None:
    """:func:`move_entry` of a board-game step, or None for a step of the card table."""
    k = a.kind
    if k == "roll":
        dice = a.dice or (tuple(chance[0]) if chance else ())
        return ["roll", *dice]
    if k == "move":
        return ["move", a.field, layout[a.field] if a.field is not None else None]
    if k == "take":
        return ["take", "pile" if a.source is None else a.source]
    if k == "swap":
        return ["swap", len(a.cards)]
    if k == "ask":
        return ["ask", a.number, a.colour, a.direction]
    if k == "give":
        return ["give", a.player]
    if k == "show":
        return ["show", a.player, len(a.cards)]
    if k == "steal":
        return ["steal", a.target]
    if k == "choose":
        return ["choose", a.choice]
    if k == "discard_two":
        return ["discard_two", *a.cards]
    return None
