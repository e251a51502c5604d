"""Level 8 and its board game for the record model: each action after the deal is one step.

Steps are :meth:`Level8.steps` data: ``{"action": Action.to_dict(), "chance": [...]}``, the
action and the chance it caused (shuffle orders, first card = top; in the board game also a
random roll's dice), which a replay checks against the seed. The start (the first deal, or a
set-up position) is not a step: it follows from the config, and its shuffle is kept in the
record's ``start`` for checking.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from ..level8 import Action, Level8
from ..level8.board import Level8Board
from ..level8.cards import N_CARDS, N_IDS, parse_card
from ..level8.visibility import action_text
from ._checks import is_int, need_int, need_keys, need_list
from .adapter import GameAdapter, refused
from .errors import RecordError
from .protocol import register

_CARD_STEPS = ("draw", "lay_down", "add_on", "discard", "skip", "skip_turn", "keep", "next_round")
_BOARD_STEPS = (
    *("roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose"),
    *("lay_down", "add_on", "discard", "discard_two", "keep", "next_round"),
)


def _seat(target: object, config: Mapping[str, Any]) -> int:
    return need_int(target, "A highlighted player (a seat)", 0, len(config["players"]) - 1)


def _card(target: object, config: Mapping[str, Any]) -> int:
    with refused("A highlighted card: "):
        cid = parse_card(target)
    if cid >= N_CARDS:
        raise RecordError(
            f"A highlighted card: card id {cid} is out of range (the card game's cards are "
            f"numbered 0–{N_CARDS - 1})."
        )
    return cid


def _board_card(target: object, config: Mapping[str, Any]) -> int:
    with refused("A highlighted card: "):
        cid = parse_card(target)
    if not 0 <= cid < N_IDS or 97 <= cid <= 100:
        raise RecordError(f"A highlighted card: card id {cid} is not a card of the board game.")
    return cid


def _combination(target: object, config: Mapping[str, Any]) -> list[int]:
    if not isinstance(target, (list, tuple)) or len(target) != 2:
        raise RecordError(
            "A highlighted combination is (player, index), like (1, 0) for the first "
            f"combination player 1 laid, not {target!r}."
        )
    return [_seat(target[0], config), need_int(target[1], "A combination's index", 0, 19)]


def _field(target: object, config: Mapping[str, Any]) -> int:
    layout = config.get("layout")
    fields = layout.get("fields") if isinstance(layout, Mapping) else None
    last = len(fields) - 1 if isinstance(fields, list) and fields else 59
    return need_int(target, "A highlighted field", 0, last)


class Level8Adapter(GameAdapter):
    name = "level8"
    title = "Level 8"
    engine: ClassVar[type[Any]] = Level8
    highlight_kinds = MappingProxyType(
        {"card": _card, "combination": _combination, "player": _seat}
    )
    step_kinds: ClassVar[tuple[str, ...]] = _CARD_STEPS
    #: Most chance outcomes of one step, and the largest value in one.
    max_chances, max_value = 8, N_CARDS - 1

    def start_chance(self, game: Level8) -> list[list[int]]:
        return [list(c) for c in game.history[0].chance]

    def steps_of(self, game: Level8, start: int = 0) -> list[dict[str, Any]]:
        # the history's tail only (Level8.steps() builds every step; this runs after each move)
        return [_data(e.action, e.chance) for e in game.history_from(1 + start)]

    def step_count(self, game: Level8) -> int:
        return game.plies

    def restore(self, game: Level8, state: Any, same_steps: int) -> bool:
        # the stored state's copy becomes the game in place (its listeners stay): the same
        # parts a clone copies, so nothing is shared with the record's stored state
        if type(state) is not type(game) or state._config != game._config:
            return False
        parts = state.clone().__dict__
        listeners = game._listeners
        mine = game.__dict__
        mine.clear()
        mine.update(parts)
        mine["_listeners"] = listeners
        game._notify([])
        return True

    def check_step(self, data: Any) -> dict[str, Any]:
        need_keys(data, f"A {self.title} step", ("action", "chance"))
        chance = need_list(data["chance"], "A step's chance outcomes", self.max_chances)
        for outcome in chance:
            need_list(outcome, "A shuffle order or a dice roll", self.max_value + 1)
            for value in outcome:
                need_int(value, "A card in a shuffle or a die", 0, self.max_value)
        action = _action(data["action"])
        if action.kind not in self.step_kinds:
            raise RecordError(f"{action.kind!r} is not an action a player takes during play.")
        return _data(action, chance)

    def apply_step(self, game: Level8, data: Mapping[str, Any]) -> list[Any]:
        action = getattr(data, "parsed", None) or _action(data["action"])
        return game.apply_recorded(action, data["chance"])

    def is_step(self, spec: Mapping[str, Any]) -> bool:
        return "chance" in spec

    def act(self, game: Level8, spec: object) -> list[Any]:
        action = _action(spec) if isinstance(spec, Mapping) else spec
        if not isinstance(action, Action):
            raise RecordError(f"A {self.title} step is an Action (or its dict), not {spec!r}.")
        return game.apply(action)

    def key(self, data: Mapping[str, Any]) -> Hashable:
        return json.dumps(data["action"], sort_keys=True)

    def player(self, data: Mapping[str, Any]) -> int:
        return data["action"]["player"]

    def kind(self, data: Mapping[str, Any]) -> str:
        return data["action"]["kind"]

    def notation(self, data: Mapping[str, Any], names: Sequence[str]) -> str:
        action = getattr(data, "parsed", None) or _action(data["action"])
        return _without_name(action.describe(tuple(names)), action, names)

    def notation_for(self, data: Mapping[str, Any], names: Sequence[str], viewer: object) -> str:
        """Kept and given cards only for their player and the teacher (as the move list)."""
        action = getattr(data, "parsed", None) or _action(data["action"])
        text = action_text(action, tuple(names), viewer)  # type: ignore[arg-type]
        return _without_name(text, action, names)

    def chance(self, data: Mapping[str, Any]) -> Any:
        return [list(c) for c in data["chance"]]

    def position(self, game: Level8) -> dict[str, Any]:
        return game.state_dict()  # what its file stores, without building the whole file


class Level8BoardAdapter(Level8Adapter):
    name = "level8board"
    title = "Level 8 board game"
    engine = Level8Board
    highlight_kinds = MappingProxyType(
        {"card": _board_card, "combination": _combination, "player": _seat, "field": _field}
    )
    step_kinds = _BOARD_STEPS
    max_chances, max_value = 12, N_IDS - 1  # a swap draws up to 4 cards, each may reshuffle


class _StepData(dict):
    """Step data that keeps its parsed :class:`Action` (replays need not parse it again)."""

    __slots__ = ("parsed",)
    parsed: Action


def _data(action: Action, chance: Sequence[Sequence[int]]) -> dict[str, Any]:
    data = _StepData(action=action.to_dict(), chance=[list(c) for c in chance])
    data.parsed = action
    return data


def _action(data: object) -> Action:
    if not isinstance(data, Mapping):
        raise RecordError(f"A Level 8 action must be a JSON object {{...}}, not {data!r:.60}.")
    with refused():
        action = Action.from_dict(data)
    if action.to_dict() != data:
        raise RecordError(
            f"The action {json.dumps(data)[:80]} is not written in its normal form (unknown "
            "fields, or values of the wrong type)."
        )
    if not is_int(action.player):
        raise RecordError("An action's player must be a seat number.")
    return action


def _without_name(text: str, action: Action, names: Sequence[str]) -> str:
    name = names[action.player] if 0 <= action.player < len(names) else ""
    return text[len(name) + 1 :] if name and text.startswith(name + " ") else text


ADAPTER = register(Level8Adapter())
BOARD_ADAPTER = register(Level8BoardAdapter())
