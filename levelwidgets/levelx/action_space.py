"""Stable integer action ids and action text for Level X (one fixed space for every game).

Ids 0–125 are chance's rolls in :data:`~.steps.CHANCE_OUTCOMES` order (the sorted dice);
ids 126–335 are the 210 distinct moves, one per multiset of 0 to 4 steps in rows 5–10 (a
move *is* its steps: :class:`~.moves.Move` compares by them), ordered by the number of steps,
then the steps: 126 is the empty move ``"-"``, 127–132 one step to row 5 … 10, 133 the steps
5 5, and so on. Every id is global: the same in every position and every configuration.

Text: a move in the game's notation (``"1+6 5+5"``, ``"-"`` for the empty move, read against
the current roll), a roll as ``"roll 1 1 2 6"``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from numbers import Integral
from typing import TYPE_CHECKING

from .checks import show
from .errors import ActionIdError, ActionIdTypeError, NotationError, NotationTypeError
from .moves import MAX_NOTATION, Move
from .rules import ROWS
from .steps import ROLL_OUTCOMES, Roll

if TYPE_CHECKING:
    from .game import LevelX

#: The rolls, by id.
ROLL_IDS: tuple[Roll, ...] = ROLL_OUTCOMES
#: The moves' steps, by id minus :data:`FIRST_MOVE_ID`.
MOVE_STEPS: tuple[tuple[int, ...], ...] = tuple(
    steps for k in range(5) for steps in combinations_with_replacement(ROWS, k)
)
FIRST_MOVE_ID = len(ROLL_IDS)
NUM_DISTINCT_ACTIONS = FIRST_MOVE_ID + len(MOVE_STEPS)
_ROLL_ID = {roll.dice: i for i, roll in enumerate(ROLL_IDS)}
_MOVE_ID = {steps: FIRST_MOVE_ID + i for i, steps in enumerate(MOVE_STEPS)}


def action_id(action: object) -> int:
    """The id of a :class:`Roll` (its dice in any order) or a :class:`Move`."""
    if isinstance(action, Roll):
        try:
            key = tuple(sorted(action.dice))
            got = _ROLL_ID.get(key) if all(type(d) is int for d in key) else None  # type: ignore[arg-type]
        except TypeError:
            got = None
        if got is None:
            raise ActionIdError(f"{show(action)} has no id: a roll is four dice 1–6")
        return got
    if isinstance(action, Move):
        try:
            steps = tuple(sorted(action.steps))
            got = _MOVE_ID.get(steps) if all(type(s) is int for s in steps) else None
        except TypeError:
            got = None
        if got is None:
            raise ActionIdError(f"{show(action)} has no id: a move is 0 to 4 steps in rows 5–10")
        return got
    raise ActionIdTypeError(
        f"{show(action)} is no Level X action: action_id takes a Roll or a Move, e.g. one of "
        "legal_actions()"
    )


def action_from_id(game: LevelX, action_id: object) -> Roll | Move:
    """The action with this id: a roll, or the legal move with those steps (its grouping)
    when there is one, else a move of those steps that this roll cannot play."""
    if isinstance(action_id, bool) or not isinstance(action_id, Integral):
        raise ActionIdTypeError(
            f"an action id is a whole number 0–{NUM_DISTINCT_ACTIONS - 1}, not {show(action_id)}"
        )
    i = int(action_id)
    if not 0 <= i < NUM_DISTINCT_ACTIONS:
        raise ActionIdError(
            f"Level X has action ids 0–{NUM_DISTINCT_ACTIONS - 1}, not {show(action_id)}"
        )
    if i < FIRST_MOVE_ID:
        return ROLL_IDS[i]
    steps = MOVE_STEPS[i - FIRST_MOVE_ID]
    if not game.is_chance() and not game.is_over:
        for move in game.legal_moves():
            if move.steps == steps:
                return move
    return Move(steps, tuple((s,) for s in steps))


#: The ids of every roll: chance's legal ids.
_ROLL_RANGE = tuple(range(FIRST_MOVE_ID))


def legal_action_ids(game: LevelX) -> list[int]:
    """The ids of ``game.legal_actions()``, ascending (legal moves' steps are sorted rows)."""
    if game.is_over:
        return []
    if game.is_chance():
        return list(_ROLL_RANGE)
    return sorted([_MOVE_ID[move.steps] for move in game.legal_moves()])


def action_to_string(action: object) -> str:
    """``"roll 1 1 2 6"`` for a roll, the move's notation (``"1+6 5+5"``, ``"-"``)."""
    if isinstance(action, Roll):
        return "roll " + " ".join(map(str, action.dice))
    if isinstance(action, Move):
        return action.notation
    raise NotationTypeError(f"{show(action)} is no Level X action (a Roll or a Move)")


def action_from_string(game: LevelX, text: object) -> Roll | Move:
    """The action ``text`` writes: ``"roll …"`` gives a roll, anything else is a move read
    against the current roll (:meth:`LevelX.parse_move`)."""
    if not isinstance(text, str):
        raise NotationTypeError(f"an action text is a string like '1+6 5+5', not {show(text)}")
    if len(text) > MAX_NOTATION:
        raise NotationError(f"an action text has at most {MAX_NOTATION} characters")
    words = text.split()
    if words and words[0].lower() == "roll":
        faces = words[1:]
        if len(faces) != 4 or not all(f in ("1", "2", "3", "4", "5", "6") for f in faces):
            raise NotationError(
                f"cannot read {show(text)}: a roll is written 'roll' and four dice 1–6, like "
                "'roll 1 1 2 6'"
            )
        return Roll(tuple(int(f) for f in faces))  # type: ignore[arg-type]
    return game.parse_move(text)
