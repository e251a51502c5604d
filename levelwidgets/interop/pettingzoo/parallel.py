"""Parallel environments: every live agent sends an action at once.

:class:`CycleParallelEnv` plays one cycle of the cycle-order AEC environment per parallel
step: each agent's action is applied in seat order; only the cycle's decider (the agent the
game awaits, whose mask holds its legal ids) changes the game, every other agent sends the
wait id (an agent left out of ``actions`` waits). Rewards are summed over the cycle.
:func:`parallel_env` gives this for ``turn_order="cycle"`` and PettingZoo's
``turn_based_aec_to_parallel`` view (one decision per step) for the game order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import core
from ..gym import EpisodeOverError, IllegalActionError
from .aec import ENVIRONMENTS, LevelGameEnv
from .options import TurnOrderError, check_max_cycles

_pz = core.require("pettingzoo")

from pettingzoo.utils.conversions import turn_based_aec_to_parallel  # noqa: E402


class UnknownAgentError(ValueError):
    """An action for an agent that is not playing (unknown, or already finished)."""


class CycleParallelEnv(_pz.ParallelEnv):
    """One of our games as a PettingZoo parallel environment, one cycle per step (see the
    module docstring). Keywords as :class:`~.aec.LevelGameEnv` takes them."""

    def __init__(self, game: str, **kwargs: Any) -> None:
        order = kwargs.pop("turn_order", "cycle")
        if order != "cycle":
            raise TurnOrderError(
                f'CycleParallelEnv plays the cycle order: turn_order must be "cycle", not '
                f"{order!r} (parallel_env(game) gives the game order)."
            )
        self.aec_env = LevelGameEnv(game, turn_order="cycle", **kwargs)
        self.metadata = self.aec_env.metadata
        self.possible_agents = self.aec_env.possible_agents
        self.observation_spaces = self.aec_env.observation_spaces
        self.action_spaces = self.aec_env.action_spaces
        self.render_mode = self.aec_env.render_mode
        self.agents: list[str] = []

    @property
    def max_cycles(self) -> int | None:
        """The most parallel steps (cycles) in an episode (None: play to the end)."""
        return self.aec_env.max_cycles

    @max_cycles.setter
    def max_cycles(self, value: int | None) -> None:
        self.aec_env.max_cycles = check_max_cycles(value)

    @property
    def wait_action(self) -> int:
        """The id every agent but the decider sends."""
        assert self.aec_env.wait_action is not None
        return self.aec_env.wait_action

    @property
    def game(self):
        """The engine being played (read it; changing it bypasses the environment)."""
        return self.aec_env.game

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new game (``seed`` repeats it): every agent's first observation and info."""
        aec = self.aec_env
        aec.reset(seed=seed, options=options)
        self.agents = aec.agents[:]
        observations = {agent: aec.observe(agent) for agent in self.agents}
        return observations, {agent: dict(aec.infos[agent]) for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """One cycle: each live agent's action in seat order. Returns observations, rewards
        (summed over the cycle), terminations, truncations and infos, keyed by agent."""
        aec = self.aec_env
        if not self.agents:
            raise EpisodeOverError("the episode is over: call reset() to start a new one.")
        strangers = sorted(set(actions) - set(self.agents))
        if strangers:
            raise UnknownAgentError(
                f"{', '.join(map(str, strangers))} is not playing now; the live agents are "
                f"{', '.join(self.agents)}."
            )
        chosen = {agent: actions.get(agent, self.wait_action) for agent in self.agents}
        if aec.illegal_action == "raise":
            self._check_all(chosen)  # a refused cycle changes nothing
        rewards = dict.fromkeys(self.agents, 0.0)
        for agent in self.agents:
            assert aec.agent_selection == agent, "the AEC cycle goes in seat order"
            aec.step(chosen[agent])
            for name, reward in aec.rewards.items():
                rewards[name] += reward
        agents = self.agents
        observations = {agent: aec.observe(agent) for agent in agents}
        terminations = {agent: aec.terminations[agent] for agent in agents}
        truncations = {agent: aec.truncations[agent] for agent in agents}
        infos = {agent: dict(aec.infos[agent]) for agent in agents}
        if all(terminations.values()) or all(truncations.values()):
            while aec.agents:
                aec.step(None)  # the AEC environment's dead steps
        self.agents = aec.agents[:]
        return observations, rewards, terminations, truncations, infos

    def _check_all(self, chosen: dict[str, Any]) -> None:
        aec = self.aec_env
        for agent, action in chosen.items():
            mask = aec.observe(agent)["action_mask"]
            ok = (
                isinstance(action, int | np.integer)
                and not isinstance(action, bool)
                and 0 <= action < len(mask)
                and mask[action] == 1
            )
            if not ok:
                raise IllegalActionError(
                    f"{agent} cannot play action {action!r} in this cycle; the legal ids are "
                    'those where its observation["action_mask"] is 1 (nothing was played).'
                )

    def render(self) -> Any:
        return self.aec_env.render()

    def close(self) -> None:
        self.aec_env.close()

    def __str__(self) -> str:
        return str(self.aec_env)


def parallel_env(game: str, **kwargs: Any):
    """The game as a PettingZoo parallel environment. ``turn_order="cycle"``: a
    :class:`CycleParallelEnv` (one cycle per step). The game order (the default): PettingZoo's
    ``turn_based_aec_to_parallel`` view, where each step is one decision, by the agent named in
    ``infos[agent]["active_agent"]``."""
    if kwargs.get("turn_order", "game") == "cycle":
        return CycleParallelEnv(game, **kwargs)
    if game not in ENVIRONMENTS:
        raise ValueError(f"there is no game {game!r}; the games are {', '.join(ENVIRONMENTS)}")
    return turn_based_aec_to_parallel(ENVIRONMENTS[game](**kwargs))


__all__ = ["CycleParallelEnv", "UnknownAgentError", "parallel_env"]
