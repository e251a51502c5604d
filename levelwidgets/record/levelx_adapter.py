"""Level X for the record model: a turn is two steps, the roll and the move.

Step data (plain JSON):

* roll: ``{"kind": "roll", "player": 0, "dice": [1, 1, 1, 5], "drawn": true}``; ``drawn``
  means the dice came from the game's seeded generator, and then they must be the ones it
  gives on that line of play (a replay checks it, and the generator moves on as it did);
* move: ``{"kind": "move", "player": 0, "move": "1+6 5+5"}`` (``"-"``: no move).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..levelx import LevelX, LevelXError, Rules
from ..levelx.moves import format_groups, parse_groups
from ..levelx.rules import ROWS
from ._checks import is_int, need_int, need_keys, need_list
from .errors import RecordError
from .protocol import register

_CONFIG_KEYS = ("players", "rules", "seed")
_MAX_NOTATION = 100


def _row(target: object, config: Mapping[str, Any]) -> int:
    return need_int(target, "A highlighted row", ROWS[0], ROWS[-1])


def _square(target: object, config: Mapping[str, Any]) -> list[int]:
    if not isinstance(target, (list, tuple)) or len(target) != 2:
        raise RecordError(f"A highlighted square is (row, square), like (7, 3), not {target!r}.")
    row = _row(target[0], config)
    length = config["rules"]["row_lengths"][row - ROWS[0]]
    square = need_int(target[1], f"A square of row {row}", 1, length)
    return [row, square]


def _die(target: object, config: Mapping[str, Any]) -> int:
    return need_int(target, "A highlighted die (0 to 3, in the order rolled)", 0, 3)


def _group(target: object, config: Mapping[str, Any]) -> list[int]:
    if not isinstance(target, (list, tuple)) or not 1 <= len(target) <= 4:
        raise RecordError(
            f"A highlighted group is a list of 1 to 4 dice (0 to 3), like (0, 2), not {target!r}."
        )
    dice = sorted(_die(d, config) for d in target)
    if len(set(dice)) != len(dice):
        raise RecordError(f"A highlighted group names a die twice: {target!r}.")
    return dice


class LevelXAdapter:
    name = "levelx"
    title = "Level X"
    highlight_kinds = MappingProxyType(
        {"row": _row, "square": _square, "die": _die, "group": _group}
    )

    def owns(self, game: object) -> bool:
        return isinstance(game, LevelX)

    # ------------------------------------------------------------------ start

    def config_of(self, game: LevelX) -> dict[str, Any]:
        return {"players": list(game.names), "rules": game.rules.to_dict(), "seed": game.seed}

    def new_game(self, config: Mapping[str, Any]) -> LevelX:
        need_keys(config, "The game's config", _CONFIG_KEYS)
        if not isinstance(config["rules"], Mapping):
            raise RecordError("The config's 'rules' must be a JSON object {...}.")
        if not is_int(config["seed"]):
            raise RecordError(f"The seed must be a whole number, not {config['seed']!r}.")
        if not isinstance(config["players"], list) or not all(
            isinstance(n, str) for n in config["players"]
        ):
            raise RecordError("The config's 'players' must be a list of names.")
        try:
            game = LevelX(config["players"], config["seed"], Rules.from_dict(config["rules"]))
        except LevelXError as exc:
            raise RecordError(f"The game's set-up is invalid: {exc}") from None
        if self.config_of(game) != config:
            raise RecordError(
                "The game's config is not written in its normal form (names with spaces "
                "around them, rule options of the wrong type or unknown ones)."
            )
        return game

    def start_chance(self, game: LevelX) -> None:
        return None

    def check_start(self, game: LevelX, chance: Any) -> None:
        if chance is not None:
            raise RecordError("A Level X record has no chance outcome at its start.")

    # ------------------------------------------------------------------ steps

    def steps_of(self, game: LevelX, start: int = 0) -> list[dict[str, Any]]:
        steps: list[dict[str, Any]] = []
        first = start // 2  # a turn is two steps: its roll, then its move
        for turn in game.history[first:]:
            steps.append(_roll_data(turn.player, turn.dice, turn.drawn))
            steps.append({"kind": "move", "player": turn.player, "move": turn.move.notation})
        if game.dice is not None:
            steps.append(_roll_data(game.current_player, game.dice, game.dice_drawn))
        return steps[start - 2 * first :]

    def step_count(self, game: LevelX) -> int:
        return 2 * game.plies + (game.dice is not None)

    def rewind(self, game: LevelX, steps: int) -> int:
        game.rewind(min(steps // 2, game.plies))  # a turn is two steps: its roll, its move
        return 2 * game.plies

    def check_step(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping) or data.get("kind") not in ("roll", "move"):
            raise RecordError('A Level X step has "kind" "roll" or "move".')
        if data["kind"] == "roll":
            need_keys(data, "A roll", ("kind", "player", "dice", "drawn"))
            dice = need_list(data["dice"], "The dice of a roll")
            if len(dice) != 4:
                raise RecordError(f"A roll has four dice, not {len(dice)}.")
            for d in dice:
                need_int(d, "A die", 1, 6)
            if not isinstance(data["drawn"], bool):
                raise RecordError("A roll's 'drawn' must be true or false.")
            player = need_int(data["player"], "The player of a roll", 0, 3)
            return _roll_data(player, dice, data["drawn"])
        need_keys(data, "A move", ("kind", "player", "move"))
        move = data["move"]
        if not isinstance(move, str) or len(move) > _MAX_NOTATION:
            raise RecordError(f"A move is short text like '1+6 5+5', not {move!r}.")
        try:
            notation = format_groups(parse_groups(move))
        except LevelXError as exc:
            raise RecordError(str(exc)) from None
        player = need_int(data["player"], "The player of a move", 0, 3)
        return {"kind": "move", "player": player, "move": notation}

    def apply(self, game: LevelX, data: Mapping[str, Any]) -> tuple[Any, ...]:
        if game.is_over:
            raise RecordError("the game is already over")
        player = data["player"]
        if player != game.current_player:
            raise RecordError(
                f"it is played by {_seat(game, player)}, but it was "
                f"{game.names[game.current_player]}'s turn"
            )
        try:
            if data["kind"] == "roll":
                if game.phase != "roll":
                    raise RecordError(
                        f"{game.names[player]} rolls again without playing the dice rolled"
                    )
                if data["drawn"]:
                    events = game.roll()
                    if list(game.dice or ()) != list(data["dice"]):
                        raise RecordError(
                            f"the dice {_dice(data['dice'])} are not what the game's seed rolls "
                            f"there ({_dice(game.dice or ())})"
                        )
                else:
                    events = game.roll(data["dice"])
            else:
                if game.phase != "play":
                    raise RecordError(f"{game.names[player]} moves without rolling first")
                events = game.play(data["move"])
        except LevelXError as exc:
            raise RecordError(str(exc)) from None
        return tuple(events)

    def play(self, game: LevelX, spec: object) -> tuple[dict[str, Any], tuple[Any, ...]]:
        if isinstance(spec, Mapping):
            data = self.check_step(spec)
            return data, self.apply(game, data)
        try:
            player = game.current_player
            if game.phase == "roll" and not game.is_over:
                if spec is None or spec == "roll":
                    events = game.roll()
                elif isinstance(spec, (list, tuple)) and all(is_int(d) for d in spec):
                    events = game.roll(spec)
                else:
                    raise RecordError(
                        f"It is {game.names[player]}'s turn to roll: play 'roll' (or dice like "
                        f"(1, 1, 1, 5)), not {spec!r}."
                    )
                return _roll_data(player, game.dice, game.dice_drawn), tuple(events)
            move = game.parse_move(spec)
            events = game.play(move)
        except LevelXError as exc:
            raise RecordError(str(exc)) from None
        return {"kind": "move", "player": player, "move": move.notation}, tuple(events)

    def key(self, data: Mapping[str, Any]) -> Hashable:
        if data["kind"] == "roll":  # dice set by hand leave the generator where it was
            return ("roll", tuple(sorted(data["dice"])), bool(data["drawn"]))
        return ("move", tuple(sorted(sum(g) for g in parse_groups(data["move"]))))

    def player(self, data: Mapping[str, Any]) -> int:
        return data["player"]

    def kind(self, data: Mapping[str, Any]) -> str:
        return data["kind"]

    def notation(self, data: Mapping[str, Any], names: Sequence[str]) -> str:
        return _dice(data["dice"]) if data["kind"] == "roll" else data["move"]

    def notation_for(self, data: Mapping[str, Any], names: Sequence[str], viewer: object) -> str:
        """Level X hides nothing: every viewer reads the whole notation."""
        return self.notation(data, names)

    def chance(self, data: Mapping[str, Any]) -> Any:
        if data["kind"] == "roll":
            return {"dice": list(data["dice"]), "drawn": data["drawn"]}
        return None

    def describe_events(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        return [e.describe(list(names)) for e in events]

    # ------------------------------------------------------------------ positions

    def clone(self, game: LevelX) -> LevelX:
        return game.clone()

    def position(self, game: LevelX) -> dict[str, Any]:
        return game.to_dict()["position"]

    def snapshot(self, game: LevelX) -> Any:
        return game.snapshot()

    def to_move(self, game: LevelX) -> int | None:
        return None if game.is_over else game.current_player

    def names(self, config: Mapping[str, Any]) -> list[str]:
        return list(config["players"])

    def seed(self, config: Mapping[str, Any]) -> Any:
        return config["seed"]


def _roll_data(player: int, dice: Sequence[int] | None, drawn: bool) -> dict[str, Any]:
    return {"kind": "roll", "player": player, "dice": list(dice or ()), "drawn": drawn}


def _dice(dice: Sequence[int]) -> str:
    return "-".join(map(str, dice))


def _seat(game: LevelX, player: object) -> str:
    if is_int(player) and 0 <= player < game.num_players:  # type: ignore[operator]
        return game.names[player]  # type: ignore[index]
    return f"seat {player!r}"


ADAPTER = register(LevelXAdapter())
