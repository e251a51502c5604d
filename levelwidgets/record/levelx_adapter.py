"""Level X for the record model: a turn is two protocol steps, the roll and the move.

Steps are :meth:`LevelX.steps` data: ``{"kind": "roll", "player", "dice", "drawn"}`` (drawn:
the dice came from the seed, and a replay checks the seed gives them) and ``{"kind": "move",
"player", "move"}`` (``"-"``: no move).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..levelx import LevelX
from ..levelx.moves import format_groups, parse_groups
from ..levelx.rules import ROWS
from ..levelx.serial import position_of
from ..levelx.steps import apply_step
from ._checks import is_int, need_int, need_keys, need_list
from .adapter import GameAdapter, refused
from .errors import RecordError
from .protocol import register


def _row(target: object, config: Mapping[str, Any]) -> int:
    return need_int(target, "A highlighted row", ROWS[0], ROWS[-1])


def _square(target: object, config: Mapping[str, Any]) -> list[int]:
    if not isinstance(target, (list, tuple)) or len(target) != 2:
        raise RecordError(f"A highlighted square is (row, square), like (7, 3), not {target!r}.")
    row = _row(target[0], config)
    length = config["rules"]["row_lengths"][row - ROWS[0]]
    return [row, need_int(target[1], f"A square of row {row}", 1, length)]


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


_FACES = frozenset(range(1, 7))
_SEATS = frozenset(range(4))


def _well_formed(data: object) -> dict[str, Any] | None:
    """The normal form of a step that is plainly well formed (what files hold), else None:
    then :meth:`LevelXAdapter.check_step` looks closer and names what is wrong. A load
    checks thousands of steps, so this path builds no sets and raises nothing."""
    if type(data) is not dict or type(data.get("player")) is not int:
        return None
    player = data["player"]
    if player not in _SEATS:
        return None
    kind = data.get("kind")
    if kind == "roll" and len(data) == 4:
        dice, drawn = data.get("dice"), data.get("drawn")
        if type(dice) is list and len(dice) == 4 and type(drawn) is bool:
            a, b, c, d = dice  # four faces, each a whole number 1-6 (not True, not 1.0)
            if (
                type(a) is int
                and type(b) is int
                and type(c) is int
                and type(d) is int
                and a in _FACES
                and b in _FACES
                and c in _FACES
                and d in _FACES
            ):
                return {"kind": "roll", "player": player, "dice": [a, b, c, d], "drawn": drawn}
    elif kind == "move" and len(data) == 3:
        move = data.get("move")
        if type(move) is str and move in _NORMAL_MOVES:
            return {"kind": "move", "player": player, "move": move}
    return None


#: ``with refused():`` without a new object per step (it keeps no state).
_REFUSED = refused()

#: Move notation already in its normal form (bounded, like every cache of user text).
_NORMAL_MOVES: set[str] = set()


class LevelXAdapter(GameAdapter):
    name = "levelx"
    title = "Level X"
    engine = LevelX
    highlight_kinds = MappingProxyType(
        {"row": _row, "square": _square, "die": _die, "group": _group}
    )
    steps_per_ply = 2

    def check_step(self, data: Any) -> dict[str, Any]:
        normal = _well_formed(data)
        if normal is not None:
            return normal
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
            return {"kind": "roll", "player": player, "dice": list(dice), "drawn": data["drawn"]}
        need_keys(data, "A move", ("kind", "player", "move"))
        move = data["move"]
        if not isinstance(move, str) or len(move) > 100:
            raise RecordError(f"A move is short text like '1+6 5+5', not {move!r}.")
        with refused():
            notation = format_groups(parse_groups(move))
        if notation == move and len(_NORMAL_MOVES) < 4096:
            _NORMAL_MOVES.add(move)
        player = need_int(data["player"], "The player of a move", 0, 3)
        return {"kind": "move", "player": player, "move": notation}

    def steps_of(self, game: LevelX, start: int = 0) -> list[dict[str, Any]]:
        # only the steps asked for: a widget asks for the last one at every redraw
        return game._steps_since(start) if start >= 0 else game.steps()[start:]

    def step_count(self, game: LevelX) -> int:
        return 2 * game.plies + (game.dice is not None)

    def restore(self, game: LevelX, state: Any, same_steps: int) -> bool:
        if not isinstance(state, LevelX) or game.seed != state.seed or game.names != state.names:
            return False
        game._adopt(state, same_steps // 2)
        return True

    def apply(self, game: LevelX, data: Mapping[str, Any]) -> tuple[Any, ...]:
        # a load replays every step: the engine's fast path first (it declines what it
        # cannot pass at a glance), translated like every engine refusal
        # (``with _REFUSED:`` written out: two calls fewer for each step of a load)
        try:
            events = game._replay_step(data) if type(data) is dict else None
            if events is None:
                events = apply_step(game, data)
        except BaseException as exc:
            _REFUSED.__exit__(type(exc), exc, exc.__traceback__)  # raises the translation
            raise
        return tuple(events)

    def apply_step(self, game: LevelX, data: Mapping[str, Any]) -> list[Any]:
        return apply_step(game, data)

    def position(self, game: LevelX) -> dict[str, Any]:
        return position_of(game)  # what to_dict() stores, without writing every step

    def act(self, game: LevelX, spec: object) -> list[Any]:
        if game.phase != "roll" or game.is_over:
            return game.play(spec)
        if spec is None or spec == "roll":
            return game.roll()
        if isinstance(spec, (list, tuple)) and all(is_int(d) for d in spec):
            return game.roll(spec)
        raise RecordError(
            f"It is {game.names[game.current_player]}'s turn to roll: play 'roll' (or dice "
            f"like (1, 1, 1, 5)), not {spec!r}."
        )

    def key(self, data: Mapping[str, Any]) -> Hashable:
        if data["kind"] == "roll":  # dice set by hand leave the generator where it was
            return ("roll", tuple(sorted(data["dice"])), bool(data["drawn"]))
        return ("move", tuple(sorted(sum(g) for g in parse_groups(data["move"]))))

    def notation(self, data: Mapping[str, Any], names: Sequence[str]) -> str:
        return "-".join(map(str, data["dice"])) if data["kind"] == "roll" else data["move"]

    def chance(self, data: Mapping[str, Any]) -> Any:
        if data["kind"] == "roll":
            return {"dice": list(data["dice"]), "drawn": data["drawn"]}
        return None


ADAPTER = register(LevelXAdapter())
