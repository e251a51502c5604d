"""PettingZoo-style environment modules in the cycle order, one per game.

``from levelwidgets.interop.pettingzoo.cycle_envs import levelx_v0`` gives a module with
``env(**kw)``, ``raw_env(**kw)`` and ``parallel_env(**kw)`` like PettingZoo's own
(``pettingzoo.classic.chess_v6``), so tools that take such a module work as they are:
``max_cycles_test(levelx_v0)``. Their defaults are ``turn_order="cycle"`` and
``illegal_action="penalty"`` (those tools sample actions without the mask); every keyword of
:class:`~levelwidgets.interop.pettingzoo.LevelGameEnv` can be passed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CYCLE_DEFAULTS: dict[str, Any] = {"turn_order": "cycle", "illegal_action": "penalty"}


def cycle_makers(game: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``env`` and ``parallel_env`` for ``game`` with the cycle-order defaults."""
    from ..aec import LevelGameEnv
    from ..parallel import CycleParallelEnv

    def env(**kwargs: Any) -> LevelGameEnv:
        return LevelGameEnv(game, **{**CYCLE_DEFAULTS, **kwargs})

    def parallel_env(**kwargs: Any) -> CycleParallelEnv:
        return CycleParallelEnv(game, **{**CYCLE_DEFAULTS, **kwargs})

    env.__doc__ = f"The {game} AEC environment in the cycle order (illegal ids: a penalty)."
    parallel_env.__doc__ = f"The {game} parallel environment: one cycle per step."
    return env, parallel_env


__all__ = ["CYCLE_DEFAULTS", "cycle_makers"]
