"""Stable integer action ids and a text notation for the card game and the board game.

Game-AI libraries (OpenSpiel, PettingZoo, Gymnasium) want every action as an integer in a
fixed range, so that a mask of ``num_distinct_actions`` booleans says which are legal. The
space is fixed by the game's config (players, material, levels, board, ``lay_down_cap``) and
laid out in blocks, one per action kind, in the order of the game class's
``action_kinds`` (the table is in ``docs/protocol.md``):

* kinds with parameters from fixed ranges get **global** ids, the same in every position
  (a draw by its source, a discard by its card, an add-on by card, meaning, owner and
  combination index, a board field, a question...);
* composite kinds that cannot be listed for the whole game (a lay-down: any cards in
  combinations; a keep, swap or show: a subset of the hand) get **option slots**: the id is
  the block's base + k, k the action's index among this position's legal options of that
  kind in ``legal_actions()`` order, as OpenSpiel games with meld choices do. These ids are
  relative to the position. A position with more options than slots offers the first ones
  (like ``lay_down_cap``); an action without a slot raises :class:`ActionIdError`. A keep
  in another order is the same action (the engine keeps kept cards sorted) and gets the
  sorted keep's slot; a swap, show or two discards in another order lead elsewhere and
  have no id (``docs/protocol.md``, "What legal_actions() lists").

No id names the seat: :meth:`ActionSpace.action_from_id` fills in the seat that acts now.

The text notation is :mod:`.action_text`'s.
"""

from __future__ import annotations

from dataclasses import MISSING
from itertools import combinations
from math import comb
from numbers import Integral
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

from .._records import FrozenRecord, dataclass_fields
from .action_text import DIRECTIONS, action_to_string
from .actions import Action
from .cards import (
    FIRST_JOKER,
    MAX_NUMBER,
    is_joker,
    is_skip,
)
from .checks import show
from .errors import (
    ActionIdError,
    ActionIdTypeError,
    ActionTextError,
)

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


if TYPE_CHECKING:
    from .game import CardTable

#: An action's fields besides its player, in :class:`Action`'s order: its key in the space.
KEY_FIELDS = tuple(name for name in Action.__match_args__ if name != "player")
action_key = attrgetter(*KEY_FIELDS)
#: Each key field's default in :class:`Action` (what an action leaves unset).
_DEFAULTS = {name: vars(Action).get(name, MISSING) for name in KEY_FIELDS}

#: What each game class plays (its ``action_kinds``): the blocks of its space, in order.
TABLE_KINDS = ("discard", "add_on", "next_round", "lay_down", "keep")
CARD_KINDS = ("draw", "discard", "add_on", "skip", "skip_turn", "next_round", "lay_down", "keep")
BOARD_KINDS = (
    "roll",
    "move",
    "choose",
    "take",
    "ask",
    "give",
    "steal",
    "discard",
    "discard_two",
    "add_on",
    "next_round",
    "lay_down",
    "swap",
    "show",
    "keep",
)

#: Kinds whose ids are option slots (relative to the position).
SLOT_KINDS = ("lay_down", "keep", "swap", "show")
#: The hand size up to which the slots of a hand-subset kind hold every option.
SLOT_HAND = {"keep": 22, "swap": 26, "show": 26}
#: The most cards a keep, swap and show take from the hand, and the fewest.
_SUBSET_SIZES = {"keep": (0, 4), "swap": (1, 3), "show": (3, 3)}
#: Every meaning a joker can have: a number 1–15, or a colour 0–5 in a colour group.
_JOKER_MEANINGS = tuple(range(MAX_NUMBER + 1))


def _key(kind: str, **values: object) -> tuple:
    """The key (see :data:`KEY_FIELDS`) of the action with these fields, others at their default."""
    given = {**_DEFAULTS, "kind": kind, **values}
    return tuple(given[name] for name in KEY_FIELDS)


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Shape(FrozenRecord):
    """What a config fixes of the action space."""

    kinds: tuple[str, ...]
    num_players: int
    deck: tuple[int, ...]
    max_combos: int
    fields: int
    lay_down_cap: int
    #: :data:`SLOT_HAND` when the space was made, as pairs.
    slot_hands: tuple[tuple[str, int], ...] = ()

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True)
    __match_args__ = (
        "kinds",
        "num_players",
        "deck",
        "max_combos",
        "fields",
        "lay_down_cap",
        "slot_hands",
    )

    def __init__(
        self,
        kinds: tuple[str, ...],
        num_players: int,
        deck: tuple[int, ...],
        max_combos: int,
        fields: int,
        lay_down_cap: int,
        slot_hands: tuple[tuple[str, int], ...] = (),
    ) -> None:
        _setattr(self, "kinds", kinds)
        _setattr(self, "num_players", num_players)
        _setattr(self, "deck", deck)
        _setattr(self, "max_combos", max_combos)
        _setattr(self, "fields", fields)
        _setattr(self, "lay_down_cap", lay_down_cap)
        _setattr(self, "slot_hands", slot_hands)


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Block(FrozenRecord):
    """One kind's ids: ``base`` … ``base + size - 1``; ``slots``: option slots."""

    kind: str
    base: int
    size: int
    slots: bool

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True)
    __match_args__ = ("kind", "base", "size", "slots")

    def __init__(self, kind: str, base: int, size: int, slots: bool) -> None:
        _setattr(self, "kind", kind)
        _setattr(self, "base", base)
        _setattr(self, "size", size)
        _setattr(self, "slots", slots)


def _meanings(card: int) -> tuple[int, ...]:
    """The meanings an add-on of ``card`` can declare: a natural stands for its number (run,
    set) or its colour (colour group); a joker for any number or colour."""
    if is_joker(card):
        return _JOKER_MEANINGS
    number, colour = card % 15 + 1, card // 15
    return (number,) if number == colour else tuple(sorted((number, colour)))


def _global_keys(kind: str, s: Shape) -> list[tuple]:
    """Every action of a kind with global ids, in id order."""
    seats = range(s.num_players)
    playable = [c for c in s.deck if not is_skip(c)]
    if kind in ("draw", "take"):
        return [_key(kind), *(_key(kind, source=q) for q in seats)]
    if kind == "discard":
        return [_key(kind, card=c) for c in s.deck]
    if kind == "give":
        return [_key(kind, card=c) for c in s.deck if c < FIRST_JOKER]
    if kind == "add_on":
        return [
            _key(kind, card=c, target=q, index=i, meaning=m)
            for c in playable
            for m in _meanings(c)
            for q in seats
            for i in range(s.max_combos)
        ]
    if kind == "skip":
        return [_key(kind, card=c, target=q) for c in s.deck if is_skip(c) for q in seats]
    if kind == "steal":
        return [_key(kind, card=c, target=q) for c in playable for q in seats]
    if kind == "discard_two":
        return [_key(kind, cards=pair) for pair in combinations(sorted(playable), 2)]
    if kind == "roll":
        return [_key(kind), *(_key(kind, dice=(a, b)) for a in range(1, 7) for b in range(1, 7))]
    if kind == "move":
        return [_key(kind, field=f) for f in range(s.fields)]
    if kind == "choose":
        from .board.layout import ACTIONS  # (the board package builds on this one)

        return [_key(kind, choice=a) for a in ACTIONS if a != "choose"]
    if kind == "ask":
        return [
            _key(kind, direction=d, number=v, colour=c)
            for d in DIRECTIONS
            for v, c in [(v, None) for v in range(1, 16)] + [(None, c) for c in range(6)]
        ]
    if kind in ("skip_turn", "next_round"):
        return [_key(kind)]
    raise ValueError(f"no ids for action kind {kind!r}")  # pragma: no cover - a code error


def _slot_count(kind: str, s: Shape) -> int:
    if kind == "lay_down":
        return s.lay_down_cap
    least, most = _SUBSET_SIZES[kind]
    hand = dict(s.slot_hands)[kind]
    return sum(comb(hand, k) for k in range(least, most + 1))


class ActionSpace:
    """The ids of one game configuration (made once per config, see :func:`space_for`)."""

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.blocks: list[Block] = []
        self.keys: list[tuple | None] = []  # by id; None for an option slot
        self.ids: dict[tuple, int] = {}
        self.slots: dict[str, Block] = {}
        for kind in shape.kinds:
            base = len(self.keys)
            if kind in SLOT_KINDS:
                self.keys.extend([None] * _slot_count(kind, shape))
            else:
                for key in _global_keys(kind, shape):
                    self.ids[key] = len(self.keys)
                    self.keys.append(key)
            block = Block(kind, base, len(self.keys) - base, kind in SLOT_KINDS)
            self.blocks.append(block)
            if block.slots:
                self.slots[kind] = block
        self.size = len(self.keys)
        #: the actions of the global ids decoded so far, by seat and id (actions are frozen,
        #: so one object serves every decoding; a training loop decodes the same few ids)
        self._decoded: list[dict[int, Action]] = [{} for _ in range(shape.num_players)]
        #: ``(position key, legal options by slot kind)`` of the last position asked about
        self._options: tuple[tuple, dict[str, list[Action]]] = ((), {})

    def options(self, game: CardTable, kind: str) -> list[Action]:
        """The legal options of slot kind ``kind`` now, in ``legal_actions()`` order.

        Kept for the last position asked about (by this or :meth:`legal_action_ids`, which
        lists them on its way: an agent that read its mask decodes its id for free). A
        position is its game's history (every change adds or removes an entry), so the last
        entry, the count, the phase and the seat name it."""
        key = _position_key(game)
        got_key, by_kind = self._options
        if not _same_position(got_key, key):
            by_kind = {k: [] for k in self.slots}
            for action in game.legal_actions():
                listed = by_kind.get(action.kind)
                if listed is not None:
                    listed.append(action)
            self._options = (key, by_kind)
        return by_kind[kind]

    # -- ids -------------------------------------------------------------------------------
    def legal_action_ids(self, game: CardTable) -> list[int]:
        """The ids of ``game.legal_actions()``, ascending (options beyond the slots left out).
        The slot kinds' options are kept for :meth:`options` on the way."""
        ids, slots = self.ids, self.slots
        out: list[int] = []
        by_kind: dict[str, list[Action]] = {k: [] for k in slots}
        for action in game.legal_actions():
            i = ids.get(action_key(action))
            if i is None:
                listed = by_kind[action.kind]  # (a legal action of a global kind has an id)
                block = slots[action.kind]
                k = len(listed)
                listed.append(action)
                if k >= block.size:
                    continue
                i = block.base + k
            out.append(i)
        self._options = (_position_key(game), by_kind)
        out.sort()
        return out

    def action_id(self, game: CardTable, action: object) -> int:
        """The id of ``action`` in ``game``'s position (see the module docstring)."""
        if not isinstance(action, Action):
            raise ActionIdTypeError(
                f"{show(action)} is not an Action: action_id takes an Action, e.g. one of "
                "legal_actions()"
            )
        n = self.shape.num_players
        if type(action.player) is not int or not 0 <= action.player < n:
            raise ActionIdError(
                f"the action's player {show(action.player)} is not a seat 0–{n - 1}"
            )
        try:
            i = self.ids.get(action_key(action))
        except TypeError:  # a field holding a list or another unhashable value
            i = None
        if i is not None and _same_types(action_key(action), self.keys[i]):  # (not 14.0)
            return i
        kind = action.kind
        game_name = type(game).__name__
        if kind not in self.shape.kinds:
            raise ActionIdError(
                f"{show(kind)} is not an action of {game_name}; its actions are "
                f"{', '.join(self.shape.kinds)}"
            )
        block = self.slots.get(kind)
        if block is None:
            raise ActionIdError(
                f"this {kind} has no id: {_text_or_repr(action)} names a value outside the "
                f"game's ranges or a field a {kind} does not use"
            )
        options = self.options(game, kind)
        try:
            k = options.index(_canonical(action))
        except ValueError:
            raise ActionIdError(
                f"this {kind} has no id here: only the {len(options)} {kind} options of "
                "legal_actions() in this position have ids (option slots, relative to the "
                "position)"
            ) from None
        if k >= block.size:
            raise ActionIdError(
                f"this {kind} is option {k + 1} of this position, beyond the {block.size} "
                f"slots of {game_name}'s action space"
            )
        return block.base + k

    def action_from_id(self, game: CardTable, action_id: object) -> Action:
        """The action with id ``action_id`` in ``game``'s position, played by the seat that
        acts now."""
        if type(action_id) is int:  # (not a bool, which would find 0's and 1's actions)
            decoded = self._decoded[game.current_player].get(action_id)
            if decoded is not None:
                return decoded
        if isinstance(action_id, bool) or not isinstance(action_id, Integral):
            raise ActionIdTypeError(
                f"an action id is a whole number 0–{self.size - 1}, not {show(action_id)}"
            )
        i = int(action_id)
        if not 0 <= i < self.size:
            raise ActionIdError(
                f"{type(game).__name__} has action ids 0–{self.size - 1} in this "
                f"configuration, not {show(action_id)}"
            )
        key = self.keys[i]
        if key is not None:
            player = game.current_player
            decoded = self._decoded[player][i] = Action(key[0], player, *key[1:])
            return decoded
        block = next(b for b in self.blocks if b.base <= i < b.base + b.size)
        options = self.options(game, block.kind)
        k = i - block.base
        if k >= len(options):
            raise ActionIdError(
                f"id {i} is {block.kind} option {k + 1} of the position, but there are "
                f"{len(options)} {block.kind} options now"
            )
        return options[k]


#: The spaces made so far, by shape (few configurations per session).
_SPACES: dict[Shape, ActionSpace] = {}
_MAX_SPACES = 64


def shape_of(game: CardTable) -> Shape:
    """What ``game``'s config fixes of its action space."""
    config = game.config
    kinds = type(game).action_kinds
    most = max(len(level.requirements) for seq in game.sides for level in seq.levels)
    fields = len(config["layout"]["fields"]) if "move" in kinds else 0
    deck = tuple(sorted(type(game)._deck_ids))
    cap, hands = config["lay_down_cap"], tuple(sorted(SLOT_HAND.items()))
    return Shape(kinds, game.num_players, deck, most, fields, cap, hands)


def space_for(game: CardTable) -> ActionSpace:
    """``game``'s action space: kept on the game (its config never changes) and per shape."""
    cache = vars(game)
    space = cache.get("_action_space")
    if space is None:
        shape = shape_of(game)
        space = _SPACES.get(shape)
        if space is None:
            if len(_SPACES) >= _MAX_SPACES:
                _SPACES.clear()
            space = _SPACES[shape] = ActionSpace(shape)
        cache["_action_space"] = space
    return space


def _position_key(game: CardTable) -> tuple:
    """What names a position for :meth:`ActionSpace.options`: the history's length and last
    entry (compared by identity), the phase and the seat to act."""
    history = game._history  # (``history`` copies it: a tuple per call)
    return (len(history), history[-1] if history else None, game.phase, game.current_player)


def _same_position(got: tuple, key: tuple) -> bool:
    return len(got) == 4 and got[0] == key[0] and got[1] is key[1] and got[2:] == key[2:]


def _canonical(action: Action) -> Action:
    """``action`` as ``legal_actions()`` lists it, when another form means the same: a keep
    in any order (the engine keeps the cards sorted, so every order reaches one position).
    A swap, show or two discards in another order leads elsewhere (the pile's top, the shown
    order) and stays itself."""
    if action.kind == "keep" and type(action.cards) is tuple:
        try:
            cards = tuple(sorted(action.cards))
        except TypeError:  # (cards that are no numbers: no option matches them anyway)
            return action
        if cards != action.cards:
            return Action("keep", action.player, cards=cards)
    return action


def _same_types(given: tuple, known: tuple | None) -> bool:
    """Whether a key found equal to a known one holds the same types (``14.0 == 14`` and
    ``True == 1`` in Python, but neither is a card or a seat here)."""
    if known is None:
        return False
    for a, b in zip(given, known, strict=True):
        if type(a) is not type(b):
            return False
        if type(a) is tuple and not all(type(x) is type(y) for x, y in zip(a, b, strict=True)):
            return False
    return True


def _text_or_repr(action: Action) -> str:
    try:
        return repr(action_to_string(action))
    except ActionTextError:
        return show(action)
