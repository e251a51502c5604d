"""Actions, events and history entries: small immutable records a UI can show or animate.

An :class:`Action` is what a player does; an :class:`Event` is what happened as a result
(each action returns a list of them); a :class:`HistoryEntry` keeps an action together with
the chance outcomes (shuffle orders) it caused, so any position can be rebuilt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any, ClassVar

from .._json import same_json
from .._records import FrozenRecord, dataclass_fields
from .cards import CODES, parse_card
from .checks import refuse, show
from .combos import Combo
from .errors import ActionTypeError, CorruptStateError, Level8Error
from .text import describe_event

ACTION_KINDS = (
    "deal",
    "setup",
    "draw",
    "lay_down",
    "add_on",
    "discard",
    "skip",
    "skip_turn",
    "keep",
    "next_round",
    # the board game's steps (levelwidgets.level8.board)
    "roll",
    "move",
    "take",
    "swap",
    "ask",
    "give",
    "show",
    "steal",
    "choose",
    "discard_two",
)


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Action(FrozenRecord):
    """One move. ``source`` of a draw is None for the draw pile or the discard pile's owner;
    ``target``/``index`` name a laid combination (add-on) or the skipped player (skip).

    Board game steps use the same record: ``field`` (move), ``choice`` (the action a
    "choose" field picks), ``number``/``colour``/``direction`` (ask), ``dice`` (a roll set
    by hand; a random roll keeps its dice in the history's chance outcomes).
    """

    kind: str
    player: int
    source: int | None = None
    card: int | None = None
    target: int | None = None
    index: int | None = None
    meaning: int | None = None
    combos: tuple[Combo, ...] = ()
    cards: tuple[int, ...] = ()
    field: int | None = None
    choice: str | None = None
    number: int | None = None
    colour: int | None = None
    direction: str | None = None
    dice: tuple[int, ...] | None = None

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, init=False)
    __match_args__ = (
        "kind",
        "player",
        "source",
        "card",
        "target",
        "index",
        "meaning",
        "combos",
        "cards",
        "field",
        "choice",
        "number",
        "colour",
        "direction",
        "dice",
    )

    def __init__(
        self,
        kind: str,
        player: int,
        source: int | None = None,
        card: int | None = None,
        target: int | None = None,
        index: int | None = None,
        meaning: int | None = None,
        combos: tuple[Combo, ...] = (),
        cards: tuple[int, ...] = (),
        field: int | None = None,
        choice: str | None = None,
        number: int | None = None,
        colour: int | None = None,
        direction: str | None = None,
        dice: tuple[int, ...] | None = None,
    ) -> None:
        if type(kind) is not str or type(player) is not int:
            _refuse_action(kind, player)
        # the generated frozen __init__ sets each field through object.__setattr__; bots and
        # the engine make many actions, so fill the instance dict directly (same fields)
        d = self.__dict__
        d["kind"] = kind
        d["player"] = player
        d["source"] = source
        d["card"] = card
        d["target"] = target
        d["index"] = index
        d["meaning"] = meaning
        d["combos"] = combos
        d["cards"] = cards
        d["field"] = field
        d["choice"] = choice
        d["number"] = number
        d["colour"] = colour
        d["direction"] = direction
        d["dice"] = dice

    def to_dict(self) -> dict:
        d: dict = {"kind": self.kind, "player": self.player}
        if self.kind in ("draw", "take"):
            d["source"] = "pile" if self.source is None else self.source
        for name in ("card", "target", "index", "meaning", "field", "choice", "number", "colour"):
            v = getattr(self, name)
            if v is not None:
                d[name] = v
        if self.combos:
            d["combos"] = [c.to_dict() for c in self.combos]
        if self.kind == "keep" or self.cards:
            d["cards"] = list(self.cards)
        if self.direction is not None:
            d["direction"] = self.direction
        if self.dice is not None:
            d["dice"] = list(self.dice)
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> Action:
        """Inverse of :meth:`to_dict`; raises :class:`CorruptStateError` on malformed data."""
        if not isinstance(d, Mapping):
            raise CorruptStateError(f"an action must be a dict, not {show(d)}")
        try:
            kind = d["kind"]
            if type(kind) is not str or kind not in ACTION_KINDS:
                raise CorruptStateError(f"unknown action kind {show(kind)}")
            player = d["player"]
            if type(player) is not int:
                raise CorruptStateError(f"bad player {show(player)} in action")
            src = d.get("source")
            source = None if src in (None, "pile") else src

            def opt_int(name: str) -> int | None:
                v = d.get(name)
                if v is not None and type(v) is not int:
                    raise CorruptStateError(f"bad {name} {show(v)} in action")
                return v

            if source is not None and type(source) is not int:
                raise CorruptStateError(f"bad draw source {show(src)}")

            def opt_str(name: str) -> str | None:
                v = d.get(name)
                if v is not None and (type(v) is not str or len(v) > 20):
                    raise CorruptStateError(f"bad {name} {show(v)} in action")
                return v

            known = {"kind", "player", "source", "card", "target", "index", "meaning", "combos"}
            known |= {"cards", "field", "choice", "number", "colour", "direction", "dice"}
            if len(d) > len(known) or not set(d) <= known:
                extra = [k for k in d if k not in known][:6]
                raise CorruptStateError(f"unknown fields {show(extra)} in action")
            card = opt_int("card")
            listed = d.get("combos", [])
            if not isinstance(listed, list) or len(listed) > _MAX_COMBOS:
                raise CorruptStateError(f"bad combos {show(listed)} in action")
            combos = tuple(Combo.from_dict(c) for c in listed)
            listed = d.get("cards", [])
            if not isinstance(listed, list) or len(listed) > _MAX_CARDS:
                raise CorruptStateError(f"bad cards {show(listed)} in action")
            cards = tuple(parse_card(c) for c in listed)
            dice = d.get("dice")
            if dice is not None:
                if (
                    not isinstance(dice, list)
                    or len(dice) != 2
                    or not all(type(x) is int and 1 <= x <= 6 for x in dice)
                ):
                    raise CorruptStateError(f"bad dice {show(dice)} in action")
                dice = tuple(dice)
            return cls(
                kind,
                player,
                source,
                None if card is None else parse_card(card),
                opt_int("target"),
                opt_int("index"),
                opt_int("meaning"),
                combos,
                cards,
                opt_int("field"),
                opt_str("choice"),
                opt_int("number"),
                opt_int("colour"),
                opt_str("direction"),
                dice,
            )
        except CorruptStateError:
            raise
        except (Level8Error, KeyError, TypeError, ValueError, AttributeError) as e:
            raise CorruptStateError(f"malformed action {show(d)}: {show(str(e))}") from None

    def describe(self, names: tuple[str, ...] | None = None) -> str:
        def nm(i: int | None) -> str:
            if i is None:
                return "?"
            return names[i] if names and 0 <= i < len(names) else f"player {i}"

        who = nm(self.player)
        k = self.kind
        if k == "draw":
            src = "the draw pile" if self.source is None else f"{nm(self.source)}'s discard pile"
            return f"{who} draws from {src}"
        if k == "lay_down":
            return f"{who} lays down " + " + ".join(c.describe() for c in self.combos)
        if k == "add_on":
            extra = f" as {self.meaning}" if self.card is not None and self.card >= 90 else ""
            return (
                f"{who} adds {CODES[self.card or 0]}{extra} to {nm(self.target)}'s "
                f"combination #{(self.index or 0) + 1}"
            )
        if k == "discard":
            return f"{who} discards {CODES[self.card or 0]}"
        if k == "skip":
            return f"{who} plays a skip card on {nm(self.target)}"
        if k == "skip_turn":
            return f"{who} is skipped and puts the skip card under the draw pile"
        if k == "keep":
            kept = " ".join(CODES[c] for c in self.cards) or "nothing"
            return f"{who} keeps {kept} for the next round"
        if k == "next_round":
            return f"{who} deals the next round"
        if k == "setup":
            return f"the position is set up; {who} is next"
        if k == "roll":
            return f"{who} rolls" + (f" {self.dice[0]}-{self.dice[1]} (set)" if self.dice else "")
        if k == "move":
            return f"{who} moves to field {self.field}"
        if k == "take":
            src = "the draw pile" if self.source is None else f"{nm(self.source)}'s discard pile"
            return f"{who} takes from {src}"
        if k in ("swap", "show", "discard_two"):
            verb = {"swap": "swaps", "show": "shows", "discard_two": "discards"}[k]
            return f"{who} {verb} " + " ".join(CODES[c] for c in self.cards)
        if k == "ask":
            what = f"a {self.number}" if self.number is not None else f"colour {self.colour}"
            return f"{who} asks {self.direction} for {what}"
        if k in ("give", "steal"):
            return f"{who} {'gives' if k == 'give' else 'takes'} {CODES[self.card or 0]}"
        if k == "choose":
            return f"{who} chooses {self.choice}"
        return f"{who} deals"


#: :func:`shared_action`'s actions by their fields (at most :data:`_MAX_SHARED`).
_SHARED: dict[tuple, Action] = {}
_MAX_SHARED = 4096


def shared_action(
    kind: str,
    player: int,
    source: int | None = None,
    card: int | None = None,
    target: int | None = None,
    index: int | None = None,
    meaning: int | None = None,
) -> Action:
    """``Action(kind, player, source=..., card=..., ...)``, one shared object per distinct
    set of fields: the engine records one per step and bots return one per choice, and an
    Action is immutable, so finding one is cheaper than making it (draws, discards, skips,
    add-ons, skipped turns and next rounds; plain int fields only)."""
    key = (kind, player, source, card, target, index, meaning)
    action = _SHARED.get(key)
    if action is None:
        action = Action(*key)  # (the key holds Action's first seven parameters, in order)
        if len(_SHARED) < _MAX_SHARED:
            _SHARED[key] = action
    return action


#: Most combinations and cards a recorded action may list (more: a corrupt record).
_MAX_COMBOS = 10
_MAX_CARDS = 16


def _refuse_action(kind: object, player: object) -> None:
    """An Action's kind is a text and its player a seat number (the rest is checked when the
    action is applied)."""
    if not isinstance(kind, str):
        raise refuse(ActionTypeError, "kind", "the name of an action, like 'draw'", kind)
    raise refuse(ActionTypeError, "player", "a seat number", player)


#: Every kind of :class:`Event` the engine emits.
EVENT_KINDS = (
    "deal",  # data: round, dealer, first_discard (public), starts
    "setup",  # a position set up by hand (Level8.from_position); data: round, dealer, phase
    "draw",  # data: source ("pile" or the discard pile's owner), card (hidden: see below)
    "draw_skipped",  # nothing to draw anywhere: the turn goes straight to "play"
    "lay_down",  # data: level, combos (Combo.to_dict())
    "add_on",  # data: card, owner, index, meaning, combo ({"kind", "lo", "hi", "value"})
    "discard",  # data: card
    "skip",  # data: card, target, effect (False: played as the last card)
    "skip_turn",  # data: card (the skip card put under the draw pile)
    "keep",  # data: count, cards (hidden from everyone but the keeper)
    "rebuild",  # data: count, skip_surfaced
    "round_end",  # player: who went out; data: round, moves, levels
    "win",  # data: winner, reason ("last_level" or "went_out"), level
    # the board game (levelwidgets.level8.board); "deal" there also has data "jokers"
    "roll",  # data: dice [a, b], reachable (fields), set (True: set by hand)
    "move",  # data: field, action
    "choose",  # data: action, field (the tower moved on to it)
    "nothing_to_choose",  # no action has a free field: a take instead
    "pile_empty",  # a draw from the draw pile found nothing (and nothing to rebuild from)
    "take_skipped",  # data: count (takes that found no card anywhere)
    "extra_turn_won",  # data: owed (a draw-again field)
    "extra_turn",  # data: left (the extra turn starts)
    "extra_turn_lost",  # data: count (the round ended first)
    "joker",  # data: card, left (jokers in the middle)
    "no_joker",  # the middle is empty: a take instead
    "swap",  # data: cards (face up onto the own discard pile, in order)
    "ask",  # data: number or colour, direction
    "ask_none",  # nobody had one: a take instead
    "give",  # data: card (hidden: see visibility), to
    "show",  # data: cards (hidden), count, to
    "steal",  # data: card (hidden), from
    "nothing_to_discard",  # the player holds no card: the turn ends
    "discard_two",  # data: cards
)


#: Event kinds only the board game emits (the card game emits the others).
BOARD_EVENT_KINDS = EVENT_KINDS[EVENT_KINDS.index("roll") :]


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Event(FrozenRecord):
    """Something that happened: ``kind``, ``player`` and JSON-friendly ``data`` (no text).

    :meth:`describe` renders a sentence in a language; :func:`visible_event` removes what a
    viewer may not see (the card of a blind draw, kept cards).
    """

    kind: str
    player: int | None
    data: Mapping

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(
        fields={"data": field(default_factory=dict)}, frozen=True, init=False
    )
    __match_args__ = ("kind", "player", "data")

    def __init__(self, kind: str, player: int | None, data: Mapping | None = None) -> None:
        d = self.__dict__  # fast frozen init, as for Action
        d["kind"] = kind
        d["player"] = player
        d["data"] = {} if data is None else data

    def to_dict(self) -> dict:
        return {"kind": self.kind, "player": self.player, **self.data}

    def describe(self, names: Sequence[str] | None = None, language: str = "en") -> str:
        """A sentence for a log, e.g. ``"Ann discards 7 red."`` (``language``: "en", "de")."""
        return describe_event(self.kind, self.player, self.data, names, language)


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class HistoryEntry(FrozenRecord):
    """An action with the shuffle orders it caused (first card = top of the pile)."""

    action: Action
    chance: tuple[tuple[int, ...], ...] = ()
    events: tuple[Event, ...] = ()  # (not compared: see __dataclass_fields__)

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(
        fields={"events": field(default=(), compare=False)}, frozen=True, init=False
    )
    __match_args__ = ("action", "chance", "events")

    def __init__(
        self,
        action: Action,
        chance: tuple[tuple[int, ...], ...] = (),
        events: tuple[Event, ...] = (),
    ) -> None:
        d = self.__dict__  # fast frozen init, as for Action
        d["action"] = action
        d["chance"] = chance
        d["events"] = events

    def to_dict(self) -> dict:
        return {"action": self.action.to_dict(), "chance": [list(c) for c in self.chance]}

    @classmethod
    def from_dict(cls, d: Mapping) -> HistoryEntry:
        """Inverse of :meth:`to_dict`, strictly: exactly the keys ``action`` and ``chance``,
        at most :data:`MAX_CHANCES` outcomes of at most :data:`MAX_OUTCOME` whole numbers
        0–101 each, and the action in the normal form :meth:`Action.to_dict` writes (sizes
        are checked before the action is read). Raises :class:`CorruptStateError`."""
        if not isinstance(d, Mapping) or set(d) != {"action", "chance"}:
            found = (
                "fields " + ", ".join(repr(k)[:30] for k in list(d)[:6])
                if isinstance(d, Mapping)
                else type(d).__name__
            )
            raise CorruptStateError(
                f"a history entry has exactly the fields 'action' and 'chance', not {found}"
            )
        ch = d["chance"]
        if (
            not isinstance(ch, list)
            or len(ch) > MAX_CHANCES
            or not all(
                isinstance(c, list)
                and len(c) <= MAX_OUTCOME
                and all(type(x) is int and 0 <= x < MAX_OUTCOME for x in c)
                for c in ch
            )
        ):
            raise CorruptStateError(
                "malformed chance outcomes in history (each is a shuffle order of card ids "
                "or two dice)"
            )
        raw = d["action"]
        _check_action_size(raw)
        try:
            action = Action.from_dict(raw)
        except CorruptStateError:
            raise
        except (Level8Error, LookupError, TypeError, ValueError, AttributeError) as e:
            raise CorruptStateError(f"malformed action in history: {str(e)[:200]}") from None
        if action.to_dict() != raw or not same_json(action.to_dict(), raw):
            raise CorruptStateError(
                f"the {action.kind} action of a history entry is not written in its normal "
                "form (a field the action does not use, or a value of the wrong type)"
            )
        return cls(action, tuple(tuple(c) for c in ch))


#: Most chance outcomes (shuffles, dice) one history entry holds (a step causes at most 12).
MAX_CHANCES = 16
#: Longest chance outcome: a shuffle of every card id (0–101); ids are below it.
MAX_OUTCOME = 102
#: Most values in one stored action (a lay-down of 20 combinations of 10 cards is some 700).
_MAX_ACTION_VALUES = 2_000


def _check_action_size(raw: object) -> None:
    """A stored action is an object of bounded size (checked before it is read, so that a
    huge one costs no work and no long message)."""
    if not isinstance(raw, dict):
        raise CorruptStateError(
            f"a history entry's action must be an object {{...}}, not {type(raw).__name__}"
        )
    count = 0
    stack: list[dict | list] = [raw]
    while stack:
        value = stack.pop()
        count += len(value)
        if count > _MAX_ACTION_VALUES:
            raise CorruptStateError("a history entry's action is far larger than any action")
        for item in value.values() if isinstance(value, dict) else value:
            if isinstance(item, (dict, list)):
                stack.append(item)
            elif isinstance(item, str) and len(item) > 40:
                raise CorruptStateError("a history entry's action holds an overlong text")
