"""Single-agent Gymnasium environments: the learner plays one seat, our bots the others.

>>> import gymnasium
>>> import levelwidgets.interop.gym  # registers the ids
>>> env = gymnasium.make("levelwidgets/LevelX-v0", opponents="greedy")
>>> obs, info = env.reset(seed=1)
>>> obs.dtype.name, info["action_mask"].dtype.name
('float32', 'int8')

* **Observation**: the core's tensor for the learner's seat (a ``Box``), computed from that
  seat's own ``observation`` only. **Action**: an action id (``Discrete(num_distinct_actions)``).
* **Action mask**: ``info["action_mask"]`` (int8, 1 at the legal ids) after ``reset`` and
  every ``step``, and ``env.action_masks()`` (the name sb3-contrib's MaskablePPO calls).
* **Reward**: the engine's return for the learner's seat at the end (winners share 1), else 0.
* **Illegal actions**: with ``illegal_action="penalty"`` (the default, so unmasked random
  agents and ``check_env`` work) the episode ends at once (``terminated``), the reward is
  ``illegal_reward`` (-1), ``info["illegal_action"]`` is True and the game is unchanged;
  ``illegal_action="raise"`` raises :class:`IllegalActionError` instead.
* **Opponents**: bot names (Level X: "greedy", "random"; Level 8 and the board game:
  "heuristic", "random"; "heuristic" means "greedy" in Level X) or bot objects with
  ``choose`` (Level X bots get the game, Level 8 bots the seat's observation), one for
  every other seat or one for all. Named bots are seeded from ``reset(seed=…)``.
* **Chance** (a Level X roll) is sampled from the environment's ``np_random`` with the exact
  probabilities, so ``reset(seed=…)`` repeats the whole game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from ..errors import GameError
from ..protocol import Game
from . import core, render

core.require("gymnasium")

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402


class IllegalActionError(ValueError):
    """An action id the learner may not play now (the game is left unchanged)."""


class EpisodeOverError(RuntimeError):
    """``step`` after the game ended: ``reset()`` starts the next one."""


class OpponentError(ValueError):
    """Opponents that cannot fill the other seats (an unknown name, a wrong count)."""


class SeatError(ValueError):
    """A learner's seat that is not one of the game's seats."""


class IllegalPolicyError(ValueError):
    """An ``illegal_action`` setting other than "penalty" or "raise"."""


#: Bot names per game: (module, class, takes a seed).
BOTS: dict[str, dict[str, tuple[str, str, bool]]] = {
    "levelx": {
        "greedy": ("levelwidgets.levelx.bots", "GreedyBot", False),
        "heuristic": ("levelwidgets.levelx.bots", "GreedyBot", False),
        "random": ("levelwidgets.levelx.bots", "RandomBot", True),
    },
    "level8": {
        "heuristic": ("levelwidgets.level8.bots", "HeuristicBot", True),
        "random": ("levelwidgets.level8.bots", "RandomBot", True),
    },
    "level8_board": {
        "heuristic": ("levelwidgets.level8.board.bots", "BoardHeuristicBot", True),
        "random": ("levelwidgets.level8.board.bots", "BoardRandomBot", True),
    },
}

#: What a bot's ``choose`` gets: Level X bots the game (it hides nothing), the others the
#: seat's observation.
_CHOOSES_FROM_GAME = frozenset({"levelx"})


def make_bot(game: str, name: str, seed: int | None) -> Any:
    """A new bot called ``name`` for ``game``, seeded with ``seed`` when it takes one."""
    table = BOTS[game]
    if name not in table:
        raise OpponentError(
            f"no {game} bot called {name!r}: choose one of {', '.join(map(repr, sorted(table)))}"
            " or pass a bot object with a choose method."
        )
    module, cls, seeded = table[name]
    from importlib import import_module

    maker = getattr(import_module(module), cls)
    return maker(seed=seed) if seeded else maker()


def sample_chance(game: Game, rng: np.random.Generator, cache: dict[Any, Any]) -> Any:
    """A chance outcome drawn with its exact probability from one ``rng.random()``.

    The cumulative probabilities (summed exactly, then made floats) are kept in ``cache``; while
    the engine lists the very same outcome objects (a Level X roll: always its 126 rolls) they
    are found without comparing a single probability."""
    outcomes = game.chance_outcomes()
    last = cache.get(_LAST)
    if last is not None and last[0] is outcomes[0] and last[1] is outcomes[-1]:
        cumulative = last[2]
    else:
        key = tuple(outcomes)
        cumulative = cache.get(key)
        if cumulative is None:
            total = sum(p for _, p in outcomes)
            running, cumulative = 0, []
            for _, p in outcomes:
                running += p
                cumulative.append(float(running / total))
            cache[key] = cumulative
        cache[_LAST] = (outcomes[0], outcomes[-1], cumulative)
    index = bisect_right(cumulative, rng.random())
    return outcomes[min(index, len(outcomes) - 1)][0]


#: ``sample_chance``'s cache key of the table it used last.
_LAST = "last table"


def whole(action: object) -> Any:
    """A numpy whole number as an int; anything else as given (the engine checks it)."""
    return int(action) if isinstance(action, np.integer) else action


class GameEnv(gymnasium.Env):
    """One of our games for one learner (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(render.RENDER_MODES),
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str = "levelx",
        *,
        seat: int = 0,
        opponents: str | object | Sequence[str | object] = "heuristic",
        players: int = 2,
        render_mode: str | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        if game not in core.GAME_NAMES:
            raise ValueError(
                f"game must be one of {', '.join(map(repr, core.GAME_NAMES))}, not {game!r}."
            )
        if illegal_action not in ("penalty", "raise"):
            raise IllegalPolicyError(
                f'illegal_action must be "penalty" or "raise", not {illegal_action!r}.'
            )
        self.game_name = game
        self.render_mode = render.check_render_mode(render_mode)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self._players = players
        self._options = dict(options)
        self.game: Game = core.make_game(game, players=players, seed=0, **self._options)
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise SeatError(f"seat must be a seat of the game, 0 to {n - 1}, not {seat!r}.")
        self.seat = seat
        self._opponent_specs = self._read_opponents(opponents, n)
        self._opponents: list[Any] = [None] * n
        self.observation_space = spaces.Box(
            0.0, np.inf, core.observation_shape(self.game), np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._chance_cache: dict[Any, np.ndarray] = {}
        self._view = render.HumanView()
        self._mask: np.ndarray | None = None
        self._masks = core.MaskCache(self.game.num_distinct_actions)

    def _read_opponents(self, opponents: object, n: int) -> list[object]:
        others = [s for s in range(n) if s != self.seat]
        if isinstance(opponents, str) or hasattr(opponents, "choose"):
            specs = [opponents] * len(others)
        elif isinstance(opponents, Sequence):
            specs = list(opponents)
            if len(specs) != len(others):
                raise OpponentError(
                    f"opponents needs one entry for each of the {len(others)} other seats "
                    f"(or one for all), not {len(specs)}."
                )
        else:
            raise OpponentError(
                f"opponents must be a bot name, a bot object or a list of them, not {opponents!r}."
            )
        for spec in specs:
            if isinstance(spec, str):
                make_bot(self.game_name, spec, 0)  # an unknown name fails now, not at reset
            elif not hasattr(spec, "choose"):
                raise OpponentError(
                    f"an opponent must be a bot name or have choose(), not {spec!r}."
                )
        out: list[object] = [None] * n
        for s, spec in zip(others, specs, strict=True):
            out[s] = spec
        return out

    # ------------------------------------------------------------------ episode
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game; ``seed`` repeats it exactly (engine, chance and named bots)."""
        super().reset(seed=seed)
        rng = self.np_random
        self.game = core.make_game(
            self.game_name,
            players=self._players,
            seed=int(rng.integers(2**63)),
            **self._options,
        )
        self._opponents = [
            make_bot(self.game_name, spec, int(rng.integers(2**63)))
            if isinstance(spec, str)
            else spec
            for spec in self._opponent_specs
        ]
        self._advance()
        if self.render_mode == "human":
            self.render()
        return core.observation_tensor(self.game, self.seat), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play action id ``action`` for the learner, then the others until its next turn."""
        game = self.game
        if game.is_over:
            raise EpisodeOverError("the game is over: call reset() to start a new one.")
        try:
            game.apply(game.action_from_id(whole(action)))
        except GameError as error:
            if self.illegal_action == "raise":
                raise IllegalActionError(
                    f"the learner cannot play action {whole(action)!r} now ({error}); the "
                    'legal ids are those where info["action_mask"] is 1.'
                ) from error
            self._mask = None
            info = {**self._info(), "illegal_action": True}
            obs = core.observation_tensor(game, self.seat)
            return obs, self.illegal_reward, True, False, info
        self._advance()
        if self.render_mode == "human":
            self.render()
        over = game.is_over
        reward = float(game.returns()[self.seat]) if over else 0.0
        return core.observation_tensor(game, self.seat), reward, over, False, self._info()

    def _advance(self) -> None:
        """Play chance and the opponents until the learner decides or the game ends."""
        game, seat, rng = self.game, self.seat, self.np_random
        from_game = self.game_name in _CHOOSES_FROM_GAME
        while not game.is_over:
            if game.is_chance():
                game.apply(sample_chance(game, rng, self._chance_cache))
                continue
            current = game.current_player
            if current == seat:
                break
            bot = self._opponents[current]
            game.apply(bot.choose(game if from_game else game.observation(current)))
        self._mask = None

    # ------------------------------------------------------------------ masks, info
    def action_masks(self) -> np.ndarray:
        """The learner's legal action ids as an int8 mask (zeros once the game is over): a
        copy of the environment's kept mask for these legal ids (positions repeat them)."""
        mask = self._mask
        if mask is None:
            game = self.game
            mask = self._mask = self._masks([] if game.is_over else game.legal_action_ids())
        return mask.copy()  # a fresh array per call: users keep what they are given

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def render(self) -> Any:
        """The spectator's view: text ("ansi"), a picture ("rgb_array") or the widget
        ("human", in a notebook)."""
        return render.env_frame(self.render_mode, self.game, self._view)

    def close(self) -> None:
        """Nothing to free (the widget, if any, stays in its notebook cell)."""


class LevelXEnv(GameEnv):
    """Level X for one learner: ``GameEnv("levelx", …)``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("levelx", **kwargs)


class Level8Env(GameEnv):
    """Level 8 for one learner: ``GameEnv("level8", …)``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("level8", **kwargs)


class Level8BoardEnv(GameEnv):
    """The Level 8 board game for one learner: ``GameEnv("level8_board", …)``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("level8_board", **kwargs)


#: The registered ids (``gymnasium.make(id, **kwargs)``) by game name.
IDS = {
    "levelx": "levelwidgets/LevelX-v0",
    "level8": "levelwidgets/Level8-v0",
    "level8_board": "levelwidgets/Level8Board-v0",
}
_CLASSES = {"levelx": "LevelXEnv", "level8": "Level8Env", "level8_board": "Level8BoardEnv"}

for _name, _id in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=f"{__name__}:{_CLASSES[_name]}")

__all__ = [
    "BOTS",
    "IDS",
    "EpisodeOverError",
    "GameEnv",
    "IllegalActionError",
    "IllegalPolicyError",
    "Level8BoardEnv",
    "Level8Env",
    "LevelXEnv",
    "OpponentError",
    "SeatError",
    "make_bot",
    "sample_chance",
]
