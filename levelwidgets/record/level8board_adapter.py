"""The Level 8 board game for the record model: each history entry after the deal is one step.

The board game is the card game's engine with a board (:class:`Level8Board` subclasses
:class:`Level8`), so its steps are stored the same way (``{"action": Action.to_dict(),
"chance": [...]}``): the chance of a step is the shuffles it caused (card ids, first = top)
and the dice it rolled (a pair 1–6). A replay takes both from the step and checks that they
are what the game's seed makes on that line of play.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..level8 import Level8Error
from ..level8.board import Level8Board
from ..level8.cards import N_IDS, parse_card
from ._checks import need_int, need_keys, need_list
from .errors import RecordError
from .level8_adapter import Level8Adapter, _action, _combination, _data, _seat, _sentence
from .protocol import register

_STEP_KINDS = (
    "roll",
    "move",
    "take",
    "swap",
    "ask",
    "give",
    "show",
    "steal",
    "choose",
    "lay_down",
    "add_on",
    "discard",
    "discard_two",
    "keep",
    "next_round",
)
_MAX_CHANCES = 12  # shuffles and dice of one step (a swap draws up to 4, each may rebuild)


def _card(target: object, config: Mapping[str, Any]) -> int:
    try:
        cid = parse_card(target)
    except Level8Error as exc:
        raise RecordError(f"A highlighted card: {_sentence(exc)}") from None
    if not 0 <= cid < N_IDS or 97 <= cid <= 100:
        raise RecordError(f"A highlighted card: card id {cid} is not a card of the board game.")
    return cid


def _field(target: object, config: Mapping[str, Any]) -> int:
    layout = config.get("layout") if isinstance(config, Mapping) else None
    fields = layout.get("fields") if isinstance(layout, Mapping) else None
    last = len(fields) - 1 if isinstance(fields, list) and fields else 59
    return need_int(target, "A highlighted field", 0, last)


class Level8BoardAdapter(Level8Adapter):
    name = "level8board"
    title = "Level 8 board game"
    highlight_kinds = MappingProxyType(
        {"card": _card, "combination": _combination, "player": _seat, "field": _field}
    )

    def owns(self, game: object) -> bool:
        return isinstance(game, Level8Board)

    def new_game(self, config: Mapping[str, Any]) -> Level8Board:
        try:
            return Level8Board.from_config(config)
        except Level8Error as exc:
            raise RecordError(f"The game's set-up is invalid: {_sentence(exc)}") from None

    def check_step(self, data: Any) -> dict[str, Any]:
        need_keys(data, "A Level 8 board game step", ("action", "chance"))
        chance = need_list(data["chance"], "A step's shuffles and dice", _MAX_CHANCES)
        for outcome in chance:
            need_list(outcome, "A shuffle order or a dice roll", N_IDS)
            for value in outcome:
                need_int(value, "A card in a shuffle or a die", 0, N_IDS - 1)
        action = _action(data["action"])
        if action.kind not in _STEP_KINDS:
            raise RecordError(f"{action.kind!r} is not an action a player takes during play.")
        return _data(action, chance)


ADAPTER = register(Level8BoardAdapter())
