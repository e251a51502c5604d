"""The AEC environment: one of our games as PettingZoo's agent-environment cycle.

Two turn orders (``turn_order``), one rule of sight (each seat's tensor comes from its own
``observation`` only):

* ``"game"`` (the default): ``agent_iter`` follows the game, naming the agent who decides
  now; chance is played by the environment between decisions.
* ``"cycle"``: ``agent_iter`` goes round every live agent in seat order, one step each per
  cycle (the shape PettingZoo's round-robin tools and ``max_cycles_test`` expect). The agent
  the game awaits when a cycle starts is its *decider*: its mask holds its legal ids. Every
  other agent waits: its mask holds the wait id alone (``wait_action``, the last id of
  ``Discrete(num_distinct_actions + 1)``). The decider's mask never holds the wait id, and
  once it has stepped it waits too. A game over or ``max_cycles`` ends the episode at the
  end of a cycle (so PettingZoo's ``aec_to_parallel`` works: ``is_parallelizable``).

An illegal action (``illegal_action``) raises :class:`IllegalActionError` and changes
nothing (``"raise"``, the default) or gives the offender ``illegal_reward`` (-1) and changes
nothing in the game (``"penalty"``): in the game order it keeps its decision and steps again,
in the cycle order the cycle goes on and it decides in the next cycle.
``infos[agent]["illegal_action"]`` says whether the agent's last step was refused.
"""

from __future__ import annotations

import numbers
from typing import Any, ClassVar

import numpy as np

from ...errors import GameError
from ...protocol import Game
from .. import core, render
from ..gym import IllegalActionError, sample_chance, whole
from .options import check_illegal, check_max_cycles, check_turn_order

_pz = core.require("pettingzoo")
core.require("gymnasium")

from gymnasium import spaces  # noqa: E402
from gymnasium.utils import seeding  # noqa: E402


def agent_names(players: int) -> list[str]:
    """``player_0`` … ``player_{n-1}``: agent i plays seat i."""
    return [f"player_{seat}" for seat in range(players)]


def seed_for_engine(rng: np.random.Generator) -> int:
    """A seed for a new engine drawn from the environment's generator (below 2**63, which
    every engine accepts)."""
    return int(rng.integers(2**63))


def _action_int(action: object) -> int | None:
    """``action`` as an int when it is a whole number (numpy integers too; not a bool)."""
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        return None
    return int(action)


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


class LevelGameEnv(_pz.AECEnv):
    """One of our games as a PettingZoo AEC environment (see the module docstring).

    ``max_cycles`` (None: play to the end): in the game order, the most steps any one agent
    takes; once the agent to act has taken that many, every agent is truncated. In the cycle
    order, the number of cycles; every agent is truncated at the end of the last one.
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
        turn_order: str = "game",
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        super().__init__()
        self.max_cycles = check_max_cycles(max_cycles)
        self.turn_order = check_turn_order(turn_order)
        self.illegal_action, self.illegal_reward = check_illegal(illegal_action, illegal_reward)
        self.game_name = game
        self.render_mode = render.check_render_mode(render_mode)
        self._players = players
        self._options = dict(options)
        # a first game checks the options now and fixes the spaces (they depend on config only)
        self.game: Game = core.make_game(game, players=players, seed=0, **self._options)
        cycle = self.turn_order == "cycle"
        self.metadata = {**self.metadata, "name": f"{game}_v0", "is_parallelizable": cycle}
        self.possible_agents = agent_names(self.game.num_players)
        self.agents = []
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        engine_ids = self.game.num_distinct_actions
        #: The wait id of the cycle order (None in the game order, which has no wait).
        self.wait_action: int | None = engine_ids if cycle else None
        size = engine_ids + 1 if cycle else engine_ids
        shape = core.observation_shape(self.game)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._no_mask = _frozen(np.zeros(size, np.int8))
        self._wait_mask = self._no_mask
        if cycle:
            wait = np.zeros(size, np.int8)
            wait[engine_ids] = 1
            self._wait_mask = _frozen(wait)
        self._size = size
        self._masks = core.MaskCache(size)
        self._rng: np.random.Generator | None = None
        self._chance_cache: dict[Any, np.ndarray] = {}
        self._view = render.HumanView()
        self._tensors: dict[int, np.ndarray] = {}
        self._mask: np.ndarray | None = None
        self._steps_taken: list[int] = []
        self._cycles = 0
        self._decider: int | None = None
        #: Whether a reward may be non-zero in ``rewards`` (a game's end, a penalty): while
        #: not, the game order's step skips PettingZoo's clear and accumulate (loops over
        #: every agent that change nothing)
        self._rewarded = False
        #: the encoder's tensor function for this game's config (see :meth:`observe`)
        self._encode = core.config_tensor_function(self.game)
        self._legal_table = core.legal_table_function(self.game)

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
        self.infos = {agent: {"illegal_action": False} for agent in self.agents}
        self._rewarded = False
        self._encode = core.config_tensor_function(self.game)
        self._legal_table = core.legal_table_function(self.game)
        self._steps_taken = [0] * len(self.agents)
        self._cycles = 0
        self.agent_selection = self.agents[0]
        self._play_chance()
        if self.turn_order == "cycle":
            self._decider = self.game.current_player  # a new game is never over at once
        else:
            self._after_game_change()

    def _play_chance(self) -> None:
        """Play chance steps (the environment rolls); the cached views are stale now."""
        game = self.game
        self._tensors.clear()
        self._mask = None
        while game.is_chance():
            game.apply(sample_chance(game, self._rng, self._chance_cache))

    def _after_game_change(self) -> None:
        """Game order: point at the agent who decides next, or end the game (rewards)."""
        game = self.game
        if game.is_over:
            for agent, value in zip(self.possible_agents, game.returns(), strict=True):
                if agent in self.rewards:
                    self.rewards[agent] += float(value)
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            # the dead steps start with the agent who acted last (or the first one)
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0]
            return
        agent = self.agent_selection = self.possible_agents[game.current_player]
        if (
            self.max_cycles is not None
            and self._steps_taken[self._seat_of[agent]] >= self.max_cycles
        ):
            self.truncations = dict.fromkeys(self.agents, True)

    def _truncate_if_done(self) -> None:
        """Game order: truncate everyone once the agent to act has taken max_cycles steps."""
        seat = self._seat_of[self.agent_selection]
        if self.max_cycles is not None and self._steps_taken[seat] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)

    def step(self, action: int | None) -> None:
        """Play ``action`` (an action id; the wait id in the cycle order; None for a finished
        agent) for the agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self.wait_action is not None:
            self._cycle_step(agent, action)
        else:  # the game order, kept short: it is the hot path of every training loop
            game = self.game
            try:
                game.apply(game.action_from_id(action if type(action) is int else whole(action)))
            except GameError as error:
                self._penalise_in_game_order(agent, action, error)
            else:
                self._cumulative_rewards[agent] = 0.0
                if self._rewarded:  # else every reward is 0 already
                    self._clear_rewards()
                    self._rewarded = False
                self._steps_taken[self._seat_of[agent]] += 1
                info = self.infos[agent]
                if info["illegal_action"]:
                    info["illegal_action"] = False
                # _play_chance and _after_game_change, written out for the common case (a
                # decision, chance, the next seat to decide): two calls less per step
                self._tensors.clear()
                self._mask = None
                rng, cache = self._rng, self._chance_cache
                while game.is_chance():
                    game.apply(sample_chance(game, rng, cache))
                if not game.is_over and self.max_cycles is None:
                    self.agent_selection = self.possible_agents[game.current_player]
                else:
                    self._after_game_change()
                if self._rewarded:  # the game's end (adding 0s changes nothing)
                    self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _penalise_in_game_order(self, agent: str, action: object, error: GameError) -> None:
        """An id the engine refused (the game is unchanged): raise, or a penalty after which
        the agent keeps its decision."""
        if self.illegal_action == "raise":
            self._raise_illegal(agent, action, str(error), error)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._steps_taken[self._seat_of[agent]] += 1
        self.infos[agent]["illegal_action"] = True
        self.rewards[agent] = self.illegal_reward
        self._rewarded = True
        self._truncate_if_done()
        self._accumulate_rewards()

    def _cycle_step(self, agent: str, action: object) -> None:
        seat = self._seat_of[agent]
        if seat == self._decider:
            if _action_int(action) == self.wait_action:
                refused: str | None = "it is to decide now, so it may not wait"
            else:
                error = self._try_apply(agent, action)
                refused = None if error is None else str(error)
        elif _action_int(action) == self.wait_action:
            refused = None
        else:
            refused = "it waits in this cycle: its only action is the wait id"
        if refused is not None and self.illegal_action == "raise":
            self._raise_illegal(agent, action, refused)
        # the step is taken: nothing below can fail
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._steps_taken[seat] += 1
        if seat == self._decider:
            self._decider = None
            if refused is None:
                self._play_chance()
        self.infos[agent]["illegal_action"] = refused is not None
        if refused is not None:
            self.rewards[agent] = self.illegal_reward
            self._rewarded = True
        position = self.agents.index(agent)
        if position + 1 < len(self.agents):
            self.agent_selection = self.agents[position + 1]
        else:
            self._end_cycle()
        self._accumulate_rewards()

    def _end_cycle(self) -> None:
        """Cycle order: the game's end or max_cycles ends the episode here; else the next
        cycle starts, decided by the agent the game awaits."""
        self._cycles += 1
        game = self.game
        self.agent_selection = self.agents[0]
        if game.is_over:
            for agent, value in zip(self.possible_agents, game.returns(), strict=True):
                self.rewards[agent] += float(value)
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._decider = game.current_player

    def _try_apply(self, agent: str, action: object) -> GameError | None:
        """Apply ``action`` to the game; the engine's refusal (game unchanged) as a value, or
        raised as :class:`IllegalActionError` under ``illegal_action="raise"``."""
        game = self.game
        number = _action_int(action)
        try:
            game.apply(game.action_from_id(action if number is None else number))
        except GameError as error:
            if self.illegal_action == "raise":
                self._raise_illegal(agent, action, str(error), error)
            return error
        return None

    def _raise_illegal(
        self, agent: str, action: object, why: str, cause: Exception | None = None
    ) -> None:
        number = _action_int(action)
        shown = number if number is not None else action
        raise IllegalActionError(
            f"{agent} cannot play action {shown!r} now ({why}); the legal ids are those where "
            'observe(agent)["action_mask"] is 1.'
        ) from cause

    @property
    def cycles(self) -> int:
        """Cycles completed in this episode (the cycle order; 0 in the game order)."""
        return self._cycles

    # ------------------------------------------------------------------ seeing
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its seat's tensor and its action mask. Computed on demand
        and kept until the game changes."""
        seat = self._seat_of[agent]
        tensor = self._tensors.get(seat)
        if tensor is None:  # core.observation_tensor, without its checks (seat is a seat)
            tensor = self._tensors[seat] = self._encode(self.game, seat)
        return {"observation": tensor, "action_mask": self._mask_for(agent)}

    def _mask_for(self, agent: str) -> np.ndarray:
        if self.terminations.get(agent, True) or self.truncations.get(agent, True):
            return self._no_mask
        if self.turn_order == "cycle":
            if self._seat_of[agent] != self._decider:
                return self._wait_mask
        elif agent != self.agent_selection:
            return self._no_mask
        if self._mask is None:
            game, table = self.game, self._legal_table
            if table is None:
                self._mask = self._masks(game.legal_action_ids())
            else:  # Level X: the mask kept by the legal-move table, no ids listed
                self._mask = self._masks.of_table(table(game), game)
        return self._mask

    def render(self) -> Any:
        """The spectator's view: text ("ansi"), a picture ("rgb_array") or the widget
        ("human", in a notebook)."""
        return render.env_frame(self.render_mode, self.game, self._view)

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
        f"The {game} AEC environment: keywords players, render_mode, max_cycles, turn_order, "
        "illegal_action, illegal_reward and the game's rule options (as "
        "levelwidgets.interop.core.make_game takes them)."
    )
    return make


levelx_v0 = _maker("levelx")
level8_v0 = _maker("level8")
level8_board_v0 = _maker("level8_board")

#: The environment makers by game name.
ENVIRONMENTS = {"levelx": levelx_v0, "level8": level8_v0, "level8_board": level8_board_v0}

__all__ = [
    "ENVIRONMENTS",
    "IllegalActionError",
    "LevelGameEnv",
    "agent_names",
    "level8_board_v0",
    "level8_v0",
    "levelx_v0",
]
