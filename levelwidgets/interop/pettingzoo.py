"""PettingZoo AEC environments for Level X, Level 8 and the Level 8 board game.

>>> from levelwidgets.interop.pettingzoo import levelx_v0
>>> env = levelx_v0(players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), obs["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')

The conventions are those of PettingZoo's classic games (chess, connect four): agents
``player_0`` … one per seat, an observation is a dict of ``observation`` (the core's tensor,
computed from that seat's own :meth:`~levelwidgets.protocol.Game.observation` only) and
``action_mask`` (int8 over every action id; all zeros for an agent who does not act now).
Rewards are the engine's ``returns()`` at the end (winners share 1), 0 before.
Chance (a Level X roll) is no agent's: the environment rolls from its own seeded generator
with the exact probabilities, so agents see decisions only. ``reset(seed=…)`` makes the whole
game repeatable. An illegal action raises :class:`IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ..errors import GameError
from ..protocol import Game
from . import core, render
from .gym import IllegalActionError, sample_chance, whole

_pz = core.require("pettingzoo")
_gym = core.require("gymnasium")

from gymnasium import spaces  # noqa: E402
from gymnasium.utils import seeding  # noqa: E402
from pettingzoo.utils.conversions import turn_based_aec_to_parallel  # noqa: E402


class MaxCyclesError(ValueError):
    """``max_cycles`` that is no positive whole number (or None)."""


def agent_names(players: int) -> list[str]:
    """``player_0`` … ``player_{n-1}``: agent i plays seat i."""
    return [f"player_{seat}" for seat in range(players)]


def seed_for_engine(rng: np.random.Generator) -> int:
    """A seed for a new engine drawn from the environment's generator (below 2**63, which
    every engine accepts)."""
    return int(rng.integers(2**63))


class LevelGameEnv(_pz.AECEnv):
    """One of our games as a PettingZoo AEC environment (see the module docstring).

    ``max_cycles``: the most decisions any one agent makes; once the agent to act has made
    that many, every agent is truncated (None: play to the end, the default).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(render.RENDER_MODES),
        "name": "levelwidgets",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str,
        *,
        players: int = 2,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if max_cycles is not None and (
            isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
        ):
            raise MaxCyclesError(
                f"max_cycles must be a positive whole number or None, not {max_cycles!r}."
            )
        self.game_name = game
        self.render_mode = render.check_render_mode(render_mode)
        self.max_cycles = max_cycles
        self._players = players
        self._options = dict(options)
        # a first game checks the options now and fixes the spaces (they depend on config only)
        self.game: Game = core.make_game(game, players=players, seed=0, **self._options)
        self.metadata = {**self.metadata, "name": f"{game}_v0"}
        self.possible_agents = agent_names(self.game.num_players)
        self.agents = []
        size = self.game.num_distinct_actions
        shape = core.observation_shape(self.game)
        self._mask_space = spaces.Box(0, 1, (size,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, shape, np.float32),
                    "action_mask": self._mask_space,
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._no_mask = np.zeros(size, np.int8)
        self._no_mask.flags.writeable = False
        self._rng: np.random.Generator | None = None
        self._chance_cache: dict[Any, np.ndarray] = {}
        self._view = render.HumanView()
        self._tensors: dict[int, np.ndarray] = {}
        self._mask: np.ndarray | None = None
        self._decisions: list[int] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` seeds the environment's generator, which seeds the engine and
        every chance step: the same seed gives the same game."""
        if seed is not None or self._rng is None:
            self._rng, _ = seeding.np_random(seed)
        self.game = core.make_game(
            self.game_name,
            players=self._players,
            seed=seed_for_engine(self._rng),
            **self._options,
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._decisions = [0] * len(self.agents)
        self._settle()

    def _settle(self) -> None:
        """Play chance steps, then point at the agent who decides next (or end the game)."""
        game = self.game
        self._tensors.clear()
        self._mask = None
        while game.is_chance():
            game.apply(sample_chance(game, self._rng, self._chance_cache))
        if game.is_over:
            returns = game.returns()
            for agent, value in zip(self.possible_agents, returns, strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            # the dead steps start with the agent who acted last (or the first one)
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0]
            return
        seat = game.current_player
        self.agent_selection = self.possible_agents[seat]
        if self.max_cycles is not None and self._decisions[seat] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)

    def step(self, action: int | None) -> None:
        """Play action id ``action`` for the agent to act (None for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        seat = game.current_player
        try:
            game.apply(game.action_from_id(whole(action)))
        except GameError as error:
            raise IllegalActionError(
                f"{agent} cannot play action {whole(action)!r} now ({error}); the legal ids are "
                'those where observe(agent)["action_mask"] is 1.'
            ) from error
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._decisions[seat] += 1
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ seeing
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its seat's tensor and its action mask (zeros unless it
        acts now). Computed on demand and kept until the next step."""
        seat = self.possible_agents.index(agent)
        tensor = self._tensors.get(seat)
        if tensor is None:
            tensor = self._tensors[seat] = core.observation_tensor(self.game, seat)
        return {"observation": tensor, "action_mask": self._mask_for(agent)}

    def _mask_for(self, agent: str) -> np.ndarray:
        if (
            agent != self.agent_selection
            or self.terminations.get(agent, True)
            or self.truncations.get(agent, True)
        ):
            return self._no_mask
        if self._mask is None:
            self._mask = core.action_mask(self.game)
        return self._mask

    def render(self) -> Any:
        """The spectator's view: text ("ansi"), a picture ("rgb_array") or the widget
        ("human", in a notebook)."""
        if self.render_mode is None:
            _gym.logger.warn(
                "render() was called without a render_mode: pass render_mode='ansi', "
                "'rgb_array' or 'human' when making the environment."
            )
            return None
        return render.frame(self.render_mode, self.game, self._view)

    def close(self) -> None:
        """Nothing to free (the widget, if any, stays in its notebook cell)."""

    def __str__(self) -> str:
        return f"{self.game_name}_v0"


def _maker(game: str):
    def make(**kwargs: Any) -> LevelGameEnv:
        return LevelGameEnv(game, **kwargs)

    make.__name__ = f"{game}_v0"
    make.__qualname__ = make.__name__
    make.__doc__ = (
        f"The {game} AEC environment: keywords players, render_mode, max_cycles and the game's "
        "rule options (as levelwidgets.interop.core.make_game takes them)."
    )
    return make


levelx_v0 = _maker("levelx")
level8_v0 = _maker("level8")
level8_board_v0 = _maker("level8_board")

#: The environment makers by game name.
ENVIRONMENTS = {"levelx": levelx_v0, "level8": level8_v0, "level8_board": level8_board_v0}


def parallel_env(game: str, **kwargs: Any):
    """The game as a PettingZoo parallel environment (``turn_based_aec_to_parallel``): each
    parallel step is one decision, by the agent named in ``infos[agent]["active_agent"]``."""
    return turn_based_aec_to_parallel(ENVIRONMENTS[game](**kwargs))


__all__ = [
    "ENVIRONMENTS",
    "IllegalActionError",
    "LevelGameEnv",
    "MaxCyclesError",
    "agent_names",
    "level8_board_v0",
    "level8_v0",
    "levelx_v0",
    "parallel_env",
]
