"""JSON records of Level X games (the engine's own format; see also levelwidgets.record).

A record holds the players, the rule options, the seed and every turn's dice and move; loading
replays it through the engine, so every move is re-validated and dice said to come from the
random generator must be the ones it gives. The derived position (scores, chips, pieces) is
stored too, for readers, and must match the replay: a record edited by hand raises
:class:`RecordError` instead of loading a game that never happened. A game set up by
:meth:`LevelX.from_position` stores its set-up under ``"start"``; loading passes it through
``from_position`` itself, so a record's set-up gets exactly the checks a teacher's does.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import LevelXError, RecordError
from .position import start_to_dict
from .rules import Rules

if TYPE_CHECKING:
    from .game import LevelX

FORMAT = "levelwidgets/levelx"
VERSION = 1


def game_to_dict(game: LevelX) -> dict[str, Any]:
    pending = None if game.dice is None else {"dice": list(game.dice), "drawn": game._drawn}
    start = {} if game._start is None else {"start": start_to_dict(game._start)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": list(game.names),
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        **start,
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
        game = _start(cls, data, rules)
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


def _start(cls: type[LevelX], data: dict[str, Any], rules: Rules) -> LevelX:
    """The game a record starts from: the usual start, or its set-up position (checked by
    :meth:`LevelX.from_position`, and written in the form that method stores)."""
    if "start" not in data:
        return cls(players=data["players"], seed=data["seed"], rules=rules)
    start = data["start"]
    if not isinstance(start, dict) or set(start) != {"pieces", "chips", "tiles", "current"}:
        raise TypeError("'start' must hold pieces, chips, tiles and current")
    game = cls.from_position(data["players"], seed=data["seed"], rules=rules, **start)
    if start_to_dict(game._start) != start:  # type: ignore[arg-type]
        raise TypeError("'start' is not written in the form from_position stores")
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
