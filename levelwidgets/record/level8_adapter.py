"""Level 8 for the record model: each history entry after the deal is one step.

Step data (plain JSON): ``{"action": Action.to_dict(), "chance": [[card, ...], ...]}`` — the
action and the shuffle orders it caused (first card = top of the pile). A replay takes the
shuffles from the step and checks they are the ones the game's seed makes on that line of
play. The start (the first deal, or a set-up position) is not a step: it follows from the
config, and its shuffle is kept in the record's ``start`` for checking.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..level8 import Action, Level8, Level8Error
from ..level8.cards import N_CARDS, parse_card
from ..level8.visibility import action_text
from ._checks import is_int, need_int, need_keys, need_list
from .errors import RecordError
from .protocol import register

_STEP_KINDS = ("draw", "lay_down", "add_on", "discard", "skip", "skip_turn", "keep", "next_round")
_MAX_SHUFFLES = 8


def _seat(target: object, config: Mapping[str, Any]) -> int:
    return need_int(target, "A highlighted player (a seat)", 0, len(config["players"]) - 1)


def _card(target: object, config: Mapping[str, Any]) -> int:
    try:
        cid = parse_card(target)
    except Level8Error as exc:
        raise RecordError(f"A highlighted card: {_sentence(exc)}") from None
    if cid >= N_CARDS:
        raise RecordError(
            f"A highlighted card: card id {cid} is out of range (the card game's cards are "
            f"numbered 0–{N_CARDS - 1})."
        )
    return cid


def _combination(target: object, config: Mapping[str, Any]) -> list[int]:
    if not isinstance(target, (list, tuple)) or len(target) != 2:
        raise RecordError(
            "A highlighted combination is (player, index), like (1, 0) for the first "
            f"combination player 1 laid, not {target!r}."
        )
    return [_seat(target[0], config), need_int(target[1], "A combination's index", 0, 19)]


class Level8Adapter:
    name = "level8"
    title = "Level 8"
    highlight_kinds = MappingProxyType(
        {"card": _card, "combination": _combination, "player": _seat}
    )

    def owns(self, game: object) -> bool:
        return isinstance(game, Level8)

    # ------------------------------------------------------------------ start

    def config_of(self, game: Level8) -> dict[str, Any]:
        return game.config

    def new_game(self, config: Mapping[str, Any]) -> Level8:
        try:
            return Level8.from_config(config)
        except Level8Error as exc:
            raise RecordError(f"The game's set-up is invalid: {_sentence(exc)}") from None

    def start_chance(self, game: Level8) -> list[list[int]]:
        return [list(c) for c in game.history[0].chance]

    def check_start(self, game: Level8, chance: Any) -> None:
        start = self.start_chance(game)
        if chance != start or json.dumps(chance) != json.dumps(start):
            raise RecordError(
                "The record's first deal is not the one its seed (or stacked deck) makes."
            )

    # ------------------------------------------------------------------ steps

    def steps_of(self, game: Level8, start: int = 0) -> list[dict[str, Any]]:
        return [_data(e.action, e.chance) for e in game.history[1 + start :]]

    def step_count(self, game: Level8) -> int:
        return game.plies

    def rewind(self, game: Level8, steps: int) -> int:
        game.goto(min(steps, game.plies))
        return game.plies

    def check_step(self, data: Any) -> dict[str, Any]:
        need_keys(data, "A Level 8 step", ("action", "chance"))
        chance = need_list(data["chance"], "A step's shuffles", _MAX_SHUFFLES)
        for order in chance:
            need_list(order, "A shuffle order", N_CARDS)
            for card in order:
                need_int(card, "A card in a shuffle", 0, N_CARDS - 1)
        action = _action(data["action"])
        if action.kind not in _STEP_KINDS:
            raise RecordError(f"{action.kind!r} is not an action a player takes during play.")
        return _data(action, chance)

    def apply(self, game: Level8, data: Mapping[str, Any]) -> tuple[Any, ...]:
        try:
            action = getattr(data, "parsed", None) or _action(data["action"])
            return tuple(game.apply_recorded(action, data["chance"]))
        except Level8Error as exc:
            raise RecordError(_sentence(exc)) from None
        except (LookupError, TypeError, ValueError, OverflowError) as exc:
            raise RecordError(
                f"The {data['action'].get('kind', 'step')!s:.20} step cannot be played "
                f"({type(exc).__name__}: {str(exc)[:120]})."
            ) from None

    def play(self, game: Level8, spec: object) -> tuple[dict[str, Any], tuple[Any, ...]]:
        if isinstance(spec, Mapping) and "chance" in spec:
            data = self.check_step(spec)
            return data, self.apply(game, data)
        action = _action(spec) if isinstance(spec, Mapping) else spec
        if not isinstance(action, Action):
            raise RecordError(f"A Level 8 step is an Action (or its dict), not {spec!r}.")
        try:
            events = game.apply(action)
        except Level8Error as exc:
            raise RecordError(_sentence(exc)) from None
        entry = game.history[-1]
        return _data(entry.action, entry.chance), tuple(events)

    def key(self, data: Mapping[str, Any]) -> Hashable:
        return json.dumps(data["action"], sort_keys=True)

    def player(self, data: Mapping[str, Any]) -> int:
        return data["action"]["player"]

    def kind(self, data: Mapping[str, Any]) -> str:
        return data["action"]["kind"]

    def notation(self, data: Mapping[str, Any], names: Sequence[str]) -> str:
        action = getattr(data, "parsed", None) or _action(data["action"])
        text = action.describe(tuple(names))
        name = names[action.player] if 0 <= action.player < len(names) else ""
        return text[len(name) + 1 :] if name and text.startswith(name + " ") else text

    def notation_for(self, data: Mapping[str, Any], names: Sequence[str], viewer: object) -> str:
        """The notation as ``viewer`` may read it: kept and given cards only for their player
        and the teacher (what the widget's move list shows that viewer)."""
        action = getattr(data, "parsed", None) or _action(data["action"])
        text = action_text(action, tuple(names), viewer)  # type: ignore[arg-type]
        name = names[action.player] if 0 <= action.player < len(names) else ""
        return text[len(name) + 1 :] if name and text.startswith(name + " ") else text

    def chance(self, data: Mapping[str, Any]) -> Any:
        return [list(c) for c in data["chance"]]

    def describe_events(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        return [e.describe(list(names)) for e in events]

    # ------------------------------------------------------------------ positions

    def clone(self, game: Level8) -> Level8:
        return game.clone()

    def position(self, game: Level8) -> dict[str, Any]:
        return game.state_dict()

    def snapshot(self, game: Level8) -> Any:
        return game.snapshot()

    def to_move(self, game: Level8) -> int | None:
        return None if game.is_over else game.current_player

    def names(self, config: Mapping[str, Any]) -> list[str]:
        return list(config["players"])

    def seed(self, config: Mapping[str, Any]) -> Any:
        return config["seed"]


class _StepData(dict):
    """Step data that keeps its parsed :class:`Action` (replays need not parse it again)."""

    __slots__ = ("parsed",)


def _data(action: Action, chance: Sequence[Sequence[int]]) -> dict[str, Any]:
    data = _StepData(action=action.to_dict(), chance=[list(c) for c in chance])
    data.parsed = action
    return data


def _action(data: object) -> Action:
    if not isinstance(data, Mapping):
        raise RecordError(f"A Level 8 action must be a JSON object {{...}}, not {data!r:.60}.")
    try:
        action = Action.from_dict(data)
    except Level8Error as exc:
        raise RecordError(_sentence(exc)) from None
    if action.to_dict() != data:
        raise RecordError(
            f"The action {json.dumps(data)[:80]} is not written in its normal form (unknown "
            "fields, or values of the wrong type)."
        )
    if not is_int(action.player):
        raise RecordError("An action's player must be a seat number.")
    return action


ADAPTER = register(Level8Adapter())


def _sentence(exc: Exception) -> str:
    text = str(exc)
    return text if text.endswith((".", "!", "?")) else text + "."
