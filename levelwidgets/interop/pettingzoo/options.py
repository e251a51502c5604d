"""The PettingZoo environments' own options, checked before anything is built.

``max_cycles`` (None or a positive whole number), ``turn_order`` ("game" or "cycle"),
``illegal_action`` ("raise" or "penalty") and ``illegal_reward`` (a finite number). A refused
value raises an error that names the allowed values, so a teacher sees what to type.
"""

from __future__ import annotations

import math
import numbers

from ..gym import IllegalPolicyError

#: ``turn_order`` values: "game" (agent_iter follows the game), "cycle" (every agent each cycle).
TURN_ORDERS: tuple[str, ...] = ("game", "cycle")
#: ``illegal_action`` values: "raise" (an error, nothing changes) or "penalty" (a negative reward).
ILLEGAL_POLICIES: tuple[str, ...] = ("raise", "penalty")


class MaxCyclesError(ValueError):
    """``max_cycles`` that is no positive whole number (or None)."""


class TurnOrderError(ValueError):
    """A ``turn_order`` other than "game" or "cycle"."""


def check_max_cycles(max_cycles: object) -> int | None:
    """``max_cycles`` as an int (None stays None: play to the end)."""
    if max_cycles is None:
        return None
    if (
        isinstance(max_cycles, bool)
        or not isinstance(max_cycles, numbers.Integral)
        or max_cycles < 1
    ):
        raise MaxCyclesError(
            f"max_cycles must be a positive whole number or None, not {max_cycles!r}."
        )
    return int(max_cycles)


def check_turn_order(turn_order: object) -> str:
    """``turn_order`` when it is "game" or "cycle"."""
    if turn_order not in TURN_ORDERS:
        raise TurnOrderError(f'turn_order must be "game" or "cycle", not {turn_order!r}.')
    return str(turn_order)


def check_illegal(illegal_action: object, illegal_reward: object) -> tuple[str, float]:
    """``illegal_action`` ("raise" or "penalty") and ``illegal_reward`` as a finite float."""
    if illegal_action not in ILLEGAL_POLICIES:
        raise IllegalPolicyError(
            f'illegal_action must be "raise" or "penalty", not {illegal_action!r}.'
        )
    if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, numbers.Real):
        raise IllegalPolicyError(f"illegal_reward must be a number, not {illegal_reward!r}.")
    reward = float(illegal_reward)
    if not math.isfinite(reward):
        raise IllegalPolicyError(f"illegal_reward must be finite, not {illegal_reward!r}.")
    return str(illegal_action), reward


__all__ = [
    "ILLEGAL_POLICIES",
    "TURN_ORDERS",
    "IllegalPolicyError",
    "MaxCyclesError",
    "TurnOrderError",
    "check_illegal",
    "check_max_cycles",
    "check_turn_order",
]
