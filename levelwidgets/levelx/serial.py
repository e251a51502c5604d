"""JSON records of Level X games (the engine's own format; see also levelwidgets.record).

A record holds the players, the rule options, the seed and every turn's dice and move; loading
replays it through the engine, so every move is re-validated and dice said to come from the
random generator must be the ones it gives. The derived position (scores, chips, pieces) is
stored too, for readers, and must match the replay: a record edited by hand raises
:class:`RecordError` instead of loading a game that never happened.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import LevelXError, RecordError
from .rules import Rules

if TYPE_CHECKING:
    from .game import LevelX

FORMAT = "levelwidgets/levelx"
VERSION = 1


def game_to_dict(game: LevelX) -> dict[str, Any]:
    pending = None if game.dice is None else {"dice": list(game.dice), "drawn": game._drawn}
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": list(game.names),
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "turns": [
            {"player": t.player, "dice": list(t.dice), "drawn": t.drawn, "move": t.move.notation}
            for t in game.history
        ],
        "pending": pending,
        "position": _position(game),
    }


def game_to_json(game: LevelX, indent: int | None = None) -> str:
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


def _position(game: LevelX) -> dict[str, Any]:
    state = game._state
    return {
        "current_player": state.current,
        "turns": state.turn,
        "over": state.over,
        "scores": game.scores(),
        "chips_left": state.chips[:],
        "pieces": [p[:] for p in state.pos],
        "tiles": [t[:] for t in state.tiles],
    }


def game_from_json(cls: type[LevelX], text: str | bytes) -> LevelX:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise RecordError.coded(
            "levelx.record_json",
            "This is not a Level X record (not valid JSON: {reason}).",
            reason=str(exc),
        ) from None
    return game_from_dict(cls, data)


def game_from_dict(cls: type[LevelX], data: Any) -> LevelX:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError.coded(
            "levelx.record_format",
            "This is not a Level X record (its 'format' is missing or different).",
        )
    if data.get("version") != VERSION:
        raise RecordError.coded(
            "levelx.record_version",
            "This record is version {version!r}; this levelwidgets reads version {supported}.",
            version=data.get("version"),
            supported=VERSION,
        )
    try:
        rules = Rules.from_dict(data["rules"])
        game = cls(players=data["players"], seed=data["seed"], rules=rules)
        turns = data["turns"]
        pending = data["pending"]
        position = data["position"]
        if not isinstance(turns, list):
            raise TypeError("'turns' must be a list")
    except LevelXError as exc:
        raise RecordError.coded(
            "levelx.record_setup", "The record's set-up is invalid: {reason}", reason=str(exc)
        ) from None
    except (KeyError, TypeError) as exc:
        raise RecordError.coded(
            "levelx.record_malformed",
            "The record is incomplete or malformed ({reason}).",
            reason=str(exc),
        ) from None
    for number, turn in enumerate(turns, start=1):
        try:
            if turn["player"] != game.current_player:
                raise RecordError.coded(
                    "levelx.record_seat",
                    "it is played by seat {seat}, but it was seat {current}'s turn",
                    seat=turn["player"],
                    current=game.current_player,
                )
            _roll(game, turn["dice"], turn["drawn"])
            game.play(turn["move"])
        except (LevelXError, KeyError, TypeError) as exc:
            raise RecordError.coded(
                "levelx.record_turn",
                "Turn {number} of the record is impossible: {reason}",
                number=number,
                reason=str(exc),
            ) from None
    if pending is not None:
        try:
            _roll(game, pending["dice"], pending["drawn"])
        except (LevelXError, KeyError, TypeError) as exc:
            raise RecordError.coded(
                "levelx.record_last_roll",
                "The record's last roll is impossible: {reason}",
                reason=str(exc),
            ) from None
    if position != _position(game):
        raise RecordError.coded(
            "levelx.record_position",
            "The record's position (scores, chips or pieces) does not follow from its moves: "
            "it was edited or damaged.",
        )
    return game


def _roll(game: LevelX, dice: Any, drawn: Any) -> None:
    if not isinstance(drawn, bool):
        raise RecordError.coded("levelx.record_drawn", "'drawn' must be true or false")
    if drawn:
        game.roll()
        if list(game.dice or ()) != list(dice):
            raise RecordError.coded(
                "levelx.record_dice",
                "the dice {dice!s} are not what the game's seed rolls ({rolled!s})",
                dice=dice,
                rolled=list(game.dice or ()),
            )
    else:
        game.roll(dice)
