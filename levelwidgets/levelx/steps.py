"""Level X under the shared game protocol: the roll as chance, steps as data, invariants.

A Level X turn is two steps: chance rolls the four dice (:class:`Roll`, one of 126 sorted
outcomes with an exact probability), then the seat plays a :class:`~.moves.Move`. As data a
step is ``{"kind": "roll", "player", "dice", "drawn"}`` or ``{"kind": "move", "player",
"move"}``; ``drawn`` says whether the dice came from the game's seeded generator, so a replay
knows which dice the seed must give.

>>> from levelwidgets.levelx import LevelX
>>> game = LevelX(seed=4)
>>> game.is_chance(), len(game.chance_outcomes()), str(sum(p for _, p in game.chance_outcomes()))
(True, 126, '1')
>>> game.apply(Roll((1, 1, 2, 6)))[0].kind
'rolled'
>>> game.steps()
[{'kind': 'roll', 'player': 0, 'dice': [1, 1, 2, 6], 'drawn': False}]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from .checks import show
from .errors import InvariantError, RecordError
from .moves import ROLLS, Dice
from .rules import ROWS
from .serial import check_seat
from .state import OFF

if TYPE_CHECKING:
    from fractions import Fraction

    from .game import LevelX


class Roll(NamedTuple):
    """Chance's action in Level X: the four dice (given sorted by :func:`chance_outcomes`)."""

    dice: Dice

    @property
    def notation(self) -> str:
        return "-".join(map(str, self.dice))

    def __str__(self) -> str:
        return self.notation


# (a roll sorted is still four dice, which sorted's stub cannot say)
_WAYS = Counter(cast("Dice", tuple(sorted(r))) for r in ROLLS)
#: Every sorted roll, in sorted order: chance's actions (the rolls of :data:`CHANCE_OUTCOMES`).
ROLL_OUTCOMES: tuple[Roll, ...] = tuple(Roll(dice) for dice in sorted(_WAYS))

if TYPE_CHECKING:
    #: Every sorted roll with its exact probability (ways out of 1,296), in sorted order.
    CHANCE_OUTCOMES: tuple[tuple[Roll, Fraction], ...]


@cache
def chance_outcomes() -> tuple[tuple[Roll, Fraction], ...]:
    """:data:`CHANCE_OUTCOMES`, made when first asked for: exact fractions are an import that
    a game which never lists its chances (a widget's board) need not pay."""
    from fractions import Fraction

    return tuple((roll, Fraction(_WAYS[roll.dice], len(ROLLS))) for roll in ROLL_OUTCOMES)


def __getattr__(name: str) -> object:
    if name == "CHANCE_OUTCOMES":
        return chance_outcomes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def roll_step(player: int, dice: Sequence[int], drawn: bool) -> dict[str, Any]:
    return {"kind": "roll", "player": player, "dice": list(dice), "drawn": drawn}


def game_steps(game: LevelX) -> list[dict[str, Any]]:
    """Every step of ``game`` since its start (an unplayed roll last)."""
    steps: list[dict[str, Any]] = []
    for turn in game.history:
        steps.append(roll_step(turn.player, turn.dice, turn.drawn))
        steps.append({"kind": "move", "player": turn.player, "move": turn.move.notation})
    if game.dice is not None:
        steps.append(roll_step(game.current_player, game.dice, game.dice_drawn))
    return steps


def apply_step(game: LevelX, step: Mapping[str, Any]) -> list[Any]:
    """Play one step given as data on ``game``; :class:`RecordError` when it does not fit
    (the game may then be part-way: replay on a clone)."""
    if not isinstance(step, Mapping) or step.get("kind") not in ("roll", "move"):
        raise RecordError.coded(
            "levelx.record_malformed",
            "The record is incomplete or malformed ({reason}).",
            reason=f'a step has "kind" "roll" or "move", not {show(step)}',
        )
    check_seat(game, step.get("player"))
    if step["kind"] == "move":
        return game.play(step.get("move"))
    dice, drawn = step.get("dice"), step.get("drawn")
    if not isinstance(drawn, bool):
        raise RecordError.coded("levelx.record_drawn", "'drawn' must be true or false")
    if not drawn:
        return game.roll(dice)
    return game._roll_seeded_as(dice)


def check_invariants(game: LevelX) -> None:
    """Raise :class:`InvariantError` naming the first invariant of the spec that fails."""
    n, rules, state = game.num_players, game.rules, game._state

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise InvariantError(f"Level X invariant broken: {what}.")

    total = sum(rules.chips(n))
    held = sum(sum(game.chips_held(p).values()) for p in range(n))
    need(sum(game.chips_left(r) for r in ROWS) + held == total, "chips are neither made nor lost")
    # the squares are read from the state once (the public getters check their arguments on
    # every call, which made this check most of a long test's time)
    pos, owners, chips_left = state.pos, state.x_owner, state.chips
    for i, row in enumerate(ROWS):
        length = rules.row_lengths[i]
        squares = [pos[p][i] for p in range(n)]
        on_x = [p for p, square in enumerate(squares) if square == length]
        if len(on_x) > 1:
            need(False, f"at most one piece on X{row}")
        if (owners[i] if owners[i] >= 0 else None) != (on_x[0] if on_x else None):
            need(False, f"X{row}'s owner is its piece")
        if not all(square == OFF or 1 <= square <= length for square in squares):
            need(False, f"pieces stay inside row {row}")
        if chips_left[i] == 0 and any(square != OFF for square in squares):  # a closed row
            need(False, f"closed row {row} is empty")
    stack = list(rules.bonus_tiles)
    left = game.tiles_left()
    taken = [t for p in range(n) for t in game.tiles(p)]
    need(sorted(taken + left) == sorted(stack), "bonus tiles are neither made nor lost")
    need(left == stack[len(stack) - len(left) :], "bonus tiles are taken from the top")
    for p in range(n):
        chips = game.chips_held(p)
        need(
            game.score(p) == sum(r * c for r, c in chips.items()) + sum(game.tiles(p)),
            "a score is its chips times their rows plus its tiles",
        )
        sets = min(chips.values())
        need(len(game.tiles(p)) <= sets, "a tile needs a complete set of chips")
        if left:
            need(len(game.tiles(p)) == sets, "each complete set earns a tile while tiles last")
    need(0 <= state.current < n, "the seat to act is a seat")
    need((game.dice is None) == (game.phase in ("roll", "over")), "dice lie only while playing")
    if game.is_over:
        top = max(game.scores())
        need(bool(game.winners), "a finished game has a winner")
        need(all(game.score(w) == top for w in game.winners), "winners have the top score")
