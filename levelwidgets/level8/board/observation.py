"""What one seat may see of a board game, and the legal steps derived from that view alone.

A :class:`BoardObservation` is the card table's :class:`~levelwidgets.level8.Observation`
(``table``: hands as the viewer may see them, piles, laid combinations, levels) plus the
board: the circuit, the towers, the dice and the action in progress. Legal steps come from
the view (:func:`board_legal_actions`), so a bot holding an observation cannot use hidden
cards.
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations
from typing import Any, ClassVar

from ..._records import FrozenRecord, dataclass_fields
from ..actions import Action
from ..cards import FIRST_JOKER
from ..combos import Combo, is_full
from ..observation import TEACHER, Observation, legal_actions_for
from .layout import START

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


#: The most cards a swap discards.
SWAP_MAX = 3
#: The cards each other player lays face up for a steal (all of a smaller hand).
SHOW_MAX = 3


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class BoardObservation(FrozenRecord):
    """The card table as ``table.viewer`` sees it, plus the board (all public: cards shown
    for a steal lie face up for the whole table)."""

    table: Observation
    layout: tuple[str, ...]
    towers: tuple[int, ...]
    turn_player: int
    dice: tuple[int, int] | None
    reachable: tuple[int, ...]
    jokers_left: int
    action: str | None  # the action in progress (its field's, or the one chosen)
    takes_left: int
    asked: tuple[int | None, int | None] | None  # (number, colour) while the giver chooses
    giver: int | None
    # (seat, cards): face up for everyone (None only in views made by older code)
    shown: tuple[tuple[int, tuple[int, ...] | None], ...]
    show_queue: tuple[int, ...]
    choosable: tuple[str, ...]
    extra_turns: int
    may_discard_two: bool
    rebuildable: bool

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True)
    __match_args__ = (
        "table",
        "layout",
        "towers",
        "turn_player",
        "dice",
        "reachable",
        "jokers_left",
        "action",
        "takes_left",
        "asked",
        "giver",
        "shown",
        "show_queue",
        "choosable",
        "extra_turns",
        "may_discard_two",
        "rebuildable",
    )

    def __init__(
        self,
        table: Observation,
        layout: tuple[str, ...],
        towers: tuple[int, ...],
        turn_player: int,
        dice: tuple[int, int] | None,
        reachable: tuple[int, ...],
        jokers_left: int,
        action: str | None,
        takes_left: int,
        asked: tuple[int | None, int | None] | None,
        giver: int | None,
        shown: tuple[tuple[int, tuple[int, ...] | None], ...],
        show_queue: tuple[int, ...],
        choosable: tuple[str, ...],
        extra_turns: int,
        may_discard_two: bool,
        rebuildable: bool,
    ) -> None:
        _setattr(self, "table", table)
        _setattr(self, "layout", layout)
        _setattr(self, "towers", towers)
        _setattr(self, "turn_player", turn_player)
        _setattr(self, "dice", dice)
        _setattr(self, "reachable", reachable)
        _setattr(self, "jokers_left", jokers_left)
        _setattr(self, "action", action)
        _setattr(self, "takes_left", takes_left)
        _setattr(self, "asked", asked)
        _setattr(self, "giver", giver)
        _setattr(self, "shown", shown)
        _setattr(self, "show_queue", show_queue)
        _setattr(self, "choosable", choosable)
        _setattr(self, "extra_turns", extra_turns)
        _setattr(self, "may_discard_two", may_discard_two)
        _setattr(self, "rebuildable", rebuildable)

    @property
    def viewer(self) -> int | str:
        return self.table.viewer

    @property
    def phase(self) -> str:
        return self.table.phase

    @property
    def current_player(self) -> int:
        return self.table.current_player

    @property
    def n_players(self) -> int:
        return self.table.num_players

    @property
    def hand(self) -> tuple[int, ...] | None:
        return self.table.hand

    @cached_property
    def legal_actions(self) -> tuple[Action, ...]:
        """Legal steps of the actor if this view shows what they need, else ()."""
        return board_legal_actions(self)

    def to_dict(self) -> dict:
        """JSON-friendly form for a UI: the table's dict plus the board."""
        d = self.table.to_dict()
        for k in ("under_count", "skipped", "skip_cards"):
            d.pop(k, None)
        d.update(
            layout=list(self.layout),
            towers=list(self.towers),
            turn_player=self.turn_player,
            dice=None if self.dice is None else list(self.dice),
            reachable=list(self.reachable),
            jokers_left=self.jokers_left,
            action=self.action,
            takes_left=self.takes_left,
            asked=None if self.asked is None else list(self.asked),
            giver=self.giver,
            shown=[
                {"seat": q, "cards": None if cs is None else list(cs), "count": _count(cs)}
                for q, cs in self.shown
            ],
            show_queue=list(self.show_queue),
            choosable=list(self.choosable),
            extra_turns=self.extra_turns,
            may_discard_two=self.may_discard_two,
        )
        return d


def _count(cs: tuple[int, ...] | None) -> int | None:
    return None if cs is None else len(cs)


def _actor_hand(obs: BoardObservation) -> tuple[int, ...] | None:
    t = obs.table
    if t.viewer == t.current_player:
        return t.hand
    if t.hands is not None:
        return t.hands[t.current_player]
    return None


def board_legal_actions(obs: BoardObservation) -> tuple[Action, ...]:
    """Every legal step of the actor, from a view that shows what the step needs.

    Swaps and shows are listed as sorted card sets (the engine takes any order of the same
    cards); lay-downs are capped as in the card game.
    """
    t = obs.table
    phase = t.phase
    p = t.current_player
    if phase == "over":
        return ()
    if phase == "roll":
        return (Action("roll", p),) if t.viewer in (p, TEACHER) else ()
    if phase == "move":
        if t.viewer not in (p, TEACHER):
            return ()
        return tuple(Action("move", p, field=f) for f in obs.reachable)
    if phase == "choose":
        if t.viewer not in (p, TEACHER):
            return ()
        return tuple(Action("choose", p, choice=a) for a in obs.choosable)
    if phase == "take":
        if t.viewer not in (p, TEACHER):
            return ()
        out = [Action("take", p)] if t.draw_count or obs.rebuildable else []
        out.extend(Action("take", p, source=q) for q, k in enumerate(t.discard_counts) if k)
        return tuple(out)
    if phase == "ask":
        if t.viewer not in (p, TEACHER):
            return ()
        return tuple(
            Action("ask", p, number=num, colour=col, direction=d)
            for d in ("left", "right")
            for num, col in [(v, None) for v in range(1, 16)] + [(None, c) for c in range(6)]
        )
    if phase == "steal":
        if t.viewer not in (p, TEACHER):
            return ()
        return tuple(
            Action("steal", p, card=c, target=q)
            for q, cs in obs.shown
            if cs is not None
            for c in cs
        )
    hand = _actor_hand(obs)
    if hand is None:
        return ()
    if phase == "swap":
        cards = sorted(hand)
        return tuple(
            Action("swap", p, cards=sub)
            for k in range(min(1, len(cards)), min(SWAP_MAX, len(cards)) + 1)
            for sub in combinations(cards, k)
        )
    if phase == "show":  # exactly 3 cards, or all of a smaller hand
        cards = sorted(hand)
        return tuple(
            Action("show", p, cards=sub) for sub in combinations(cards, min(SHOW_MAX, len(cards)))
        )
    if phase == "give":
        num, col = obs.asked or (None, None)
        return tuple(
            Action("give", p, card=c)
            for c in sorted(hand)
            if c < FIRST_JOKER and (c % 15 + 1 == num if num is not None else c // 15 == col)
        )
    if phase in ("play", "keep", "round_over"):
        out = list(legal_actions_for(t))
        if phase == "play" and obs.may_discard_two:
            cards = sorted(hand)
            out.extend(Action("discard_two", p, cards=sub) for sub in combinations(cards, 2))
        return tuple(out)
    return ()


def all_full(melds: tuple[tuple[Combo, ...], ...]) -> bool:
    """Every laid combination is full (and at least one is laid)."""
    flat = [c for ms in melds for c in ms]
    return bool(flat) and all(is_full(c) for c in flat)


def describe_field(layout: tuple[str, ...], field: int) -> str:
    """``"field 7 (ask)"``; the start field says so."""
    start = " start" if field == START else ""
    return f"field {field} ({layout[field]}{start})"
