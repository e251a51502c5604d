"""What one seat may see, and the legal actions derived from that view alone.

Legal actions are computed from an :class:`Observation` (never from the full game), which
makes it impossible for anything that only holds an observation — a bot — to use hidden
information.
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations
from typing import Any, ClassVar

from .._moved import renamed
from .._records import FrozenRecord, dataclass_fields
from .actions import Action
from .cards import CODES, END_SKIP, FIRST_SKIP
from .combos import Combo, combo_options
from .levels import Level

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


SPECTATOR = "spectator"
TEACHER = "teacher"


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Observation(FrozenRecord):
    """A view of the table. ``hand`` is the viewer's own hand (None for spectators);
    ``hands`` and ``draw_pile`` are filled only in the teacher view. Every card id in an
    observation is one its viewer may see."""

    viewer: int | str
    names: tuple[str, ...]
    sides: tuple[str, ...]
    levels: tuple[int, ...]
    level_counts: tuple[int, ...]
    requirements: tuple[Level | None, ...]
    laid: tuple[bool, ...]
    hand: tuple[int, ...] | None
    hand_counts: tuple[int, ...]
    draw_count: int
    under_count: int
    discard_tops: tuple[int | None, ...]
    discard_counts: tuple[int, ...]
    melds: tuple[tuple[Combo, ...], ...]
    skipped: tuple[bool, ...]
    skip_cards: tuple[int | None, ...]  # the skip card lying face up in front of each player
    kept: tuple[int, ...] | None
    kept_counts: tuple[int, ...]
    phase: str
    current_player: int
    dealer: int
    round: int
    winners: tuple[int, ...]
    lay_down_cap: int
    hands: tuple[tuple[int, ...], ...] | None = None
    draw_pile: tuple[int, ...] | None = None

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True)
    __match_args__ = (
        "viewer",
        "names",
        "sides",
        "levels",
        "level_counts",
        "requirements",
        "laid",
        "hand",
        "hand_counts",
        "draw_count",
        "under_count",
        "discard_tops",
        "discard_counts",
        "melds",
        "skipped",
        "skip_cards",
        "kept",
        "kept_counts",
        "phase",
        "current_player",
        "dealer",
        "round",
        "winners",
        "lay_down_cap",
        "hands",
        "draw_pile",
    )

    def __init__(
        self,
        viewer: int | str,
        names: tuple[str, ...],
        sides: tuple[str, ...],
        levels: tuple[int, ...],
        level_counts: tuple[int, ...],
        requirements: tuple[Level | None, ...],
        laid: tuple[bool, ...],
        hand: tuple[int, ...] | None,
        hand_counts: tuple[int, ...],
        draw_count: int,
        under_count: int,
        discard_tops: tuple[int | None, ...],
        discard_counts: tuple[int, ...],
        melds: tuple[tuple[Combo, ...], ...],
        skipped: tuple[bool, ...],
        skip_cards: tuple[int | None, ...],
        kept: tuple[int, ...] | None,
        kept_counts: tuple[int, ...],
        phase: str,
        current_player: int,
        dealer: int,
        round: int,
        winners: tuple[int, ...],
        lay_down_cap: int,
        hands: tuple[tuple[int, ...], ...] | None = None,
        draw_pile: tuple[int, ...] | None = None,
    ) -> None:
        _setattr(self, "viewer", viewer)
        _setattr(self, "names", names)
        _setattr(self, "sides", sides)
        _setattr(self, "levels", levels)
        _setattr(self, "level_counts", level_counts)
        _setattr(self, "requirements", requirements)
        _setattr(self, "laid", laid)
        _setattr(self, "hand", hand)
        _setattr(self, "hand_counts", hand_counts)
        _setattr(self, "draw_count", draw_count)
        _setattr(self, "under_count", under_count)
        _setattr(self, "discard_tops", discard_tops)
        _setattr(self, "discard_counts", discard_counts)
        _setattr(self, "melds", melds)
        _setattr(self, "skipped", skipped)
        _setattr(self, "skip_cards", skip_cards)
        _setattr(self, "kept", kept)
        _setattr(self, "kept_counts", kept_counts)
        _setattr(self, "phase", phase)
        _setattr(self, "current_player", current_player)
        _setattr(self, "dealer", dealer)
        _setattr(self, "round", round)
        _setattr(self, "winners", winners)
        _setattr(self, "lay_down_cap", lay_down_cap)
        _setattr(self, "hands", hands)
        _setattr(self, "draw_pile", draw_pile)

    @classmethod
    def build(cls, **fields: object) -> Observation:
        """Fast constructor for the engine (skips the frozen dataclass's per-field setattr)."""
        if len(fields) != len(_FIELDS):
            raise TypeError("Observation.build needs every field")
        obs = object.__new__(cls)
        object.__setattr__(obs, "__dict__", fields)  # the call's own fresh dict
        return obs

    @classmethod
    def _of(cls, fields: dict) -> Observation:
        """:meth:`build` for a dict the engine made for this observation alone (every field,
        in field order): it becomes the instance's dict as it is."""
        obs = object.__new__(cls)
        object.__setattr__(obs, "__dict__", fields)
        return obs

    @property
    def num_players(self) -> int:
        """How many seats play (the protocol's name)."""
        return len(self.names)

    @property
    def n_players(self) -> int:
        """Deprecated name of :attr:`num_players`."""
        renamed("Observation.n_players", "Observation.num_players")
        return len(self.names)

    @property
    def is_my_turn(self) -> bool:
        return self.viewer == self.current_player

    @cached_property
    def legal_actions(self) -> tuple[Action, ...]:
        """Legal actions of the current player if this view shows their hand, else ()."""
        return legal_actions_for(self)

    def to_dict(self) -> dict:
        """JSON-friendly form for a UI (cards as ids; codes alongside)."""
        d: dict[str, Any] = {
            "viewer": self.viewer,
            "names": list(self.names),
            "sides": list(self.sides),
            "levels": list(self.levels),
            "level_counts": list(self.level_counts),
            "requirements": [r.describe() if r else None for r in self.requirements],
            "laid": list(self.laid),
            "hand": None if self.hand is None else list(self.hand),
            "hand_codes": None if self.hand is None else [CODES[c] for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "draw_count": self.draw_count,
            "under_count": self.under_count,
            "discard_tops": list(self.discard_tops),
            "discard_counts": list(self.discard_counts),
            "melds": [[c.to_dict() for c in ms] for ms in self.melds],
            "skipped": list(self.skipped),
            "skip_cards": list(self.skip_cards),
            "kept": None if self.kept is None else list(self.kept),
            "kept_counts": list(self.kept_counts),
            "phase": self.phase,
            "current_player": self.current_player,
            "dealer": self.dealer,
            "round": self.round,
            "winners": list(self.winners),
        }
        if self.hands is not None:
            d["hands"] = [list(h) for h in self.hands]
        if self.draw_pile is not None:
            d["draw_pile"] = list(self.draw_pile)
        return d


_FIELDS = Observation.__match_args__  # (every field, in order)


def _current_hand(obs: Observation) -> tuple[int, ...] | None:
    if obs.viewer == obs.current_player:
        return obs.hand
    if obs.hands is not None:
        return obs.hands[obs.current_player]
    return None


def legal_actions_for(obs: Observation) -> tuple[Action, ...]:
    """Enumerate the current player's legal actions from a view that shows their hand.

    Lay-downs come from the solver and are capped at ``obs.lay_down_cap`` distinct ways
    (any other valid lay-down is still accepted by the game).
    """
    hand = _current_hand(obs)
    if hand is None or obs.phase == "over":
        return ()
    p = obs.current_player
    phase = obs.phase
    if phase == "draw":
        out = [Action("draw", p)] if obs.draw_count else []
        out.extend(
            Action("draw", p, source=q) for q, t in enumerate(obs.discard_tops) if t is not None
        )
        return tuple(out)
    if phase == "skipped":
        return (Action("skip_turn", p),)
    if phase == "round_over":
        return (Action("next_round", p),)
    if phase == "keep":
        cards = sorted(hand)
        return tuple(
            Action("keep", p, cards=sub)
            for k in range(min(4, len(cards)) + 1)
            for sub in combinations(cards, k)
        )
    out = []
    level = obs.requirements[p]
    if not obs.laid[p] and level is not None:
        final = obs.levels[p] == obs.level_counts[p]
        if final or len(hand) > level.n_cards:
            from .solver import lay_down_ways  # (the solver loads at the first lay-down listed)

            out.extend(
                Action("lay_down", p, combos=way)
                for way in lay_down_ways(hand, level, obs.lay_down_cap)
            )
    if obs.laid[p] and len(hand) >= 2:
        for owner, ms in enumerate(obs.melds):
            for i, combo in enumerate(ms):
                for c in hand:
                    for m in combo_options(combo, c):
                        out.append(Action("add_on", p, card=c, target=owner, index=i, meaning=m))
    out.extend(Action("discard", p, card=c) for c in hand)
    # every skip card in hand, each at every target: the cards do the same, but which one
    # lies in front of the target is part of the position, so each is its own action (with
    # its own id); listing only one would leave the others accepted by apply but unlisted
    skip_cards = sorted(c for c in hand if FIRST_SKIP <= c < END_SKIP)
    if skip_cards:
        targets = [q for q in range(obs.num_players) if q != p and not obs.skipped[q]]
        out.extend(Action("skip", p, card=c, target=q) for c in skip_cards for q in targets)
    return tuple(out)
