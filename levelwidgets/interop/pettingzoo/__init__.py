"""PettingZoo environments for Level X, Level 8 and the Level 8 board game.

>>> from levelwidgets.interop.pettingzoo import levelx_v0
>>> env = levelx_v0(players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), obs["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')

The conventions are those of PettingZoo's classic games (chess, connect four): agents
``player_0`` … one per seat, an observation is a dict of ``observation`` (the core's tensor,
computed from that seat's own :meth:`~levelwidgets.protocol.Game.observation` only) and
``action_mask`` (int8 over every action id). Rewards are the engine's ``returns()`` at the end
(winners share 1), 0 before. Chance (a Level X roll) is no agent's: the environment rolls from
its own seeded generator with the exact probabilities, so agents see decisions only.
``reset(seed=…)`` makes the whole game repeatable.

Two turn orders (:mod:`.aec` explains them):

* ``turn_order="game"`` (the default): ``agent_iter`` names the agent who decides now; the
  others' masks are all zeros. An illegal action raises :class:`IllegalActionError` and
  changes nothing.
* ``turn_order="cycle"``: every live agent steps once per cycle in seat order; the agent the
  game awaits decides, the others send the wait id (the last id). ``max_cycles`` counts
  cycles, and :class:`~.parallel.CycleParallelEnv` plays one cycle per parallel step.

Round-robin tools such as PettingZoo's ``max_cycles_test`` sample actions without the mask
and expect every agent to step once per cycle; the modules in :mod:`.cycle_envs`
(``cycle_envs.levelx_v0`` …) give them what they expect: ``env()`` and ``parallel_env()``
in the cycle order with ``illegal_action="penalty"`` (an illegal id costs the offender
``illegal_reward``, -1, and changes nothing in the game).
"""

from __future__ import annotations

from .aec import (
    ENVIRONMENTS,
    IllegalActionError,
    LevelGameEnv,
    agent_names,
    level8_board_v0,
    level8_v0,
    levelx_v0,
)
from .options import IllegalPolicyError, MaxCyclesError, TurnOrderError
from .parallel import CycleParallelEnv, UnknownAgentError, parallel_env

__all__ = [
    "ENVIRONMENTS",
    "CycleParallelEnv",
    "IllegalActionError",
    "IllegalPolicyError",
    "LevelGameEnv",
    "MaxCyclesError",
    "TurnOrderError",
    "UnknownAgentError",
    "agent_names",
    "level8_board_v0",
    "level8_v0",
    "levelx_v0",
    "parallel_env",
]
