"""The three games as OpenSpiel Python games: ``levelx``, ``level8`` and ``level8_board``.

Importing this module registers them with ``pyspiel`` (the ``[ai]`` extra); then OpenSpiel's
tools, bots and tests load them by name like any built-in game::

    import pyspiel
    import levelwidgets.interop.openspiel  # registers the games

    game = pyspiel.load_game("levelx", {"players": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():            # a Level X roll: 126 outcomes, exact odds
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(ids[0])
        else:
            state.apply_action(state.legal_actions()[0])
    state.returns()                           # winners share 1, everyone else 0

Parameters are the core's (:func:`~levelwidgets.interop.core.game_parameters`): ``players``,
``seed`` and each game's rule options. Action ids are the engine's own
(``num_distinct_actions``, ``action_id``…); observations come only from the engine's
seat-view gate (``observation(seat)``), through the core's tensor and string.

Chance: every chance node is explicit (``EXPLICIT_STOCHASTIC``), so OpenSpiel's own tools
(``random_sim_test`` with ``serialize=True``, serialization of game and state together) work
for all three games. A Level X roll is a chance node (ids 0–125, the sorted dice, each with
its exact probability). A card game's randomness is its engine's seed: its initial state is
ONE chance node, the deal, whose :data:`DEAL_SEEDS` outcomes (ids 0 … 65,535, named
``"deal seed N"``) are equally likely; outcome ``k`` starts the engine game
``make_game(name, seed=deal_seed(seed, k))`` (:func:`deal_seed`: with the default
``seed = -1`` that is engine seed ``k`` itself; a ``seed >= 0`` picks another family of
65,536 deals, ``(seed + 1) * 65,536 + k``). Every later shuffle (a reshuffled draw pile, a
new round) and the board game's dice are sampled by the engine from that seed inside the
step that causes them, and recorded (the engine protocol's "shuffles: sampled and
recorded"). No seat observes the deal outcome: before the deal every observation is empty,
after it each seat sees only its engine view. Level X's ``seed`` fixes its engine's
generator (``-1``, the default, gives each initial state a fresh one); its dice are chance
nodes anyway.

Length: the parameter ``max_decisions`` (at most, and by default, :data:`MAX_DECISIONS`)
bounds every game (OpenSpiel's ``max_game_length``, counted in player decisions; chance
steps do not count). Play can in principle go on for ever (nobody is forced to make
progress), so a game that reaches the bound ends there as a draw with 0 for every seat
(``returns()`` all 0; the engine's own game is not over). Ordinary games end long before
the default bound; a smaller one makes quick test and training runs
(``pyspiel.load_game("level8_board", {"max_decisions": 300})``).

Cloning and ``serialize()`` copy the engine game with its own ``clone()`` and
``to_json()``/``from_json()`` (random generator included, so a deserialized state goes on
exactly as the original would); a card game before its deal has no engine game yet and
serializes as just that.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from ..level8.errors import Level8Error
from ..levelx.errors import LevelXError
from .core import (
    GAME_NAMES,
    game_parameters,
    make_game,
    observation_shape,
    observation_string,
    observation_tensor,
    require,
)

pyspiel: Any = require("pyspiel")

__all__ = [
    "DEAL_SEEDS",
    "MAX_DECISIONS",
    "NotDealtError",
    "ObserverTypeError",
    "deal_seed",
    "engine_of",
    "load",
    "state_for",
]

#: The most player decisions a game may take (OpenSpiel's ``max_game_length``). Random play
#: ends long before (Level X: a few hundred moves; Level 8: a few thousand actions), and each
#: bound stays below the engine's own record limit (Level X 10,000 turns, Level 8 20,000
#: steps), so the adapter, not the engine, ends an endless game.
MAX_DECISIONS: dict[str, int] = {"levelx": 1_000, "level8": 15_000, "level8_board": 15_000}

#: Player counts each game allows.
_PLAYERS = {"levelx": (2, 4), "level8": (2, 6), "level8_board": (2, 6)}

_LONG_NAMES = {
    "levelx": "Level X (dice)",
    "level8": "Level 8 (cards)",
    "level8_board": "Level 8 board game",
}

#: An OpenSpiel parameter must have a value; ``seed = -1`` stands for "no seed given" (Level
#: X: a fresh seed per initial state; card games: the deal seeds 0 … DEAL_SEEDS - 1).
_RANDOM_SEED = -1

#: How many equally likely deals a card game's first chance node offers (its
#: ``max_chance_outcomes``): 2**16, enough that a sampled deal is practically never seen twice
#: in a study, few enough that OpenSpiel can list them at the node.
DEAL_SEEDS = 2**16

#: The deal node's outcomes, the same for every card game: (id, probability), made once.
_DEAL_OUTCOMES: list[tuple[int, float]] = [(k, 1.0 / DEAL_SEEDS) for k in range(DEAL_SEEDS)]


def deal_seed(seed: int, outcome: int) -> int:
    """The engine seed the deal outcome ``outcome`` (0 … DEAL_SEEDS - 1) starts a card game
    with, for the game parameter ``seed``: ``outcome`` itself for the default ``seed = -1``
    (so ``"deal seed 1234"`` is ``make_game(name, seed=1234)``), else
    ``(seed + 1) * DEAL_SEEDS + outcome`` (each ``seed`` its own family of deals)."""
    if not 0 <= outcome < DEAL_SEEDS:
        raise ValueError(f"a deal outcome is a number from 0 to {DEAL_SEEDS - 1}, not {outcome}")
    if seed < _RANDOM_SEED:
        raise ValueError(f"seed must be -1 (the default) or a number >= 0, not {seed}")
    return (seed + 1) * DEAL_SEEDS + outcome


_ENGINE_ERRORS = (LevelXError, Level8Error)

_CHANCE = int(pyspiel.PlayerId.CHANCE)  # a plain int compares fast
#: The ``(is_terminal, current_player)`` of a chance node and of the end.
_AT_CHANCE = (False, _CHANCE)
_AT_END = (True, int(pyspiel.PlayerId.TERMINAL))


class ObserverTypeError(ValueError):
    """An observation type these games do not offer (e.g. perfect recall) was asked for."""


class NotDealtError(ValueError):
    """A card game's engine game was asked for before the deal (the first chance node)."""


# ---------------------------------------------------------------------------- the engine box
class _Box:
    """One engine game inside an OpenSpiel state, made on first use; empty (``dealt`` is
    False) for a card game before its deal.

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by
    pickling them; this box makes the first the engine's ``clone()`` and the second its
    ``to_json()``. It is made lazily because OpenSpiel builds a fresh initial state for
    every clone, which would otherwise set up a whole game only to throw it away.
    """

    __slots__ = ("_game", "_spec", "legal", "names", "status")

    def __init__(self, game: Any = None, spec: tuple[str, dict[str, Any]] | None = None):
        self._game = game
        self._spec = spec
        # OpenSpiel asks for the legal actions and their names many times per position:
        # both are kept until the next action (a cache, not copied with the box).
        self.legal: list[int] | None = None
        self.names: dict[tuple[int, int], str] = {}
        #: ``(is_terminal, current_player)``: OpenSpiel asks for both several times per step.
        self.status: tuple[bool, int] | None = None

    @property
    def dealt(self) -> bool:
        """False only for a card game before the deal: there is no engine game yet."""
        return self._game is not None or self._spec is not None

    @property
    def game(self) -> Any:
        if self._game is None:
            if self._spec is None:
                raise NotDealtError(
                    "This card game has not been dealt yet: its first step is the chance "
                    "node that picks the deal seed (apply one of state.chance_outcomes())."
                )
            name, kwargs = self._spec
            start = kwargs.get("start")
            self._game = start.clone() if start is not None else make_game(name, **kwargs)
        return self._game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        if self._game is None:
            return _Box(None, self._spec)
        return _Box(self._game.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        if not self.dealt:
            return (_Box, ())
        game = self.game
        return (_box_from_json, (type(game), game.to_json()))


def _box_from_json(cls: Any, text: str) -> _Box:
    return _Box(cls.from_json(text))


# ---------------------------------------------------------------------------- the state
class LevelState(pyspiel.State):
    """An OpenSpiel state around one engine game (see the module docstring)."""

    def __init__(self, game: LevelGame, box: _Box | None = None) -> None:
        super().__init__(game)
        self._name = game.level_name
        self._cap = game.max_decisions
        self._players = game.num_players()
        self._seed = game.seed
        self._options = game.options
        self._decisions = 0
        self._box = box if box is not None else game._new_box()

    # -- reading
    @property
    def engine(self) -> Any:
        """The engine game (a LevelX, Level8 or Level8Board) this state plays;
        :class:`NotDealtError` for a card game before its deal."""
        return self._box.game

    @property
    def dealt(self) -> bool:
        """False only for a card game at its first chance node (the deal)."""
        return self._box.dealt

    def current_player(self) -> int:
        status = self._box.status
        return (status if status is not None else self._status())[1]

    def is_terminal(self) -> bool:
        status = self._box.status
        return (status if status is not None else self._status())[0]

    def _status(self) -> tuple[bool, int]:
        """Work out and keep ``(is_terminal, current_player)`` until the next action."""
        box = self._box
        if not box.dealt:
            status = _AT_CHANCE
        else:
            game = box.game
            if self._decisions >= self._cap or game.is_over:
                status = _AT_END
            elif game.is_chance():
                status = _AT_CHANCE
            else:
                status = (False, game.current_player)
        box.status = status
        return status

    def _legal_actions(self, player: int) -> list[int]:
        box = self._box
        if box.legal is None:
            box.legal = box.game.legal_action_ids()
        return list(box.legal)

    # OpenSpiel's C++ ``legal_actions()`` and ``is_chance_node()`` reach these Python states
    # by calling back into Python several times (``legal_actions()`` asks for the current
    # player three times and whether the game is over once before ``_legal_actions``; each
    # call back costs about a microsecond, together about a tenth of a Level X decision).
    # Python callers get the same answers from these overrides in one Python call; C++
    # callers (``random_sim_test``, the C++ bots) still go through ``_legal_actions``. The
    # tests check both ways give the same ids in every kind of position.
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids (as OpenSpiel's): the current player's, chance's outcome
        ids at a chance node, ``[]`` for another player or at the end."""
        status = self._box.status
        terminal, current = status if status is not None else self._status()
        if player is None or player == current:
            if terminal:
                return []
            if current >= 0:
                return self._legal_actions(current)
            if current == _CHANCE:
                return [outcome for outcome, _ in self.chance_outcomes()]
        return pyspiel.State.legal_actions(self, player)  # the rare cases, as OpenSpiel has them

    def is_chance_node(self) -> bool:
        status = self._box.status
        return (status if status is not None else self._status())[1] == _CHANCE

    def is_player_node(self) -> bool:
        status = self._box.status
        return (status if status is not None else self._status())[1] >= 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        box = self._box
        if not box.dealt:
            return list(_DEAL_OUTCOMES)  # a shallow copy of the one list: cheap
        status = box.status
        if (status if status is not None else self._status())[1] != _CHANCE:
            return []
        return _chance_table(box.game)

    def returns(self) -> list[float]:
        if self._box.dealt:
            game = self._box.game
            if game.is_over:
                return list(game.returns())
        return [0.0] * self._players  # before the end, and a game cut at the bound

    def rewards(self) -> list[float]:
        """Everything is paid at the end (``RewardModel.TERMINAL``)."""
        if self.is_terminal():
            return self.returns()
        return [0.0] * self._players

    # -- acting
    def _apply_action(self, action: int) -> None:
        box = self._box
        game = box._game  # the engine game once made (``box.game`` makes it on first use)
        if game is None:
            if not box.dealt:  # the deal: outcome k starts the engine with its seed
                seed = deal_seed(self._seed, action)
                kwargs = {"players": self._players, "seed": seed, **self._options}
                self._box = _Box(make_game(self._name, **kwargs))
                return
            game = box.game
        # OpenSpiel's ApplyAction has just asked for the current player, so the status is
        # known; a chance outcome's engine action is kept from the chance table's own list.
        status = box.status or self._status()
        if status[1] == _CHANCE or (status[0] and game.is_chance()):  # (even at the bound)
            decoded = _CHANCE_ACTIONS.get(type(game), _NO_ACTIONS).get(action)
            game.apply(decoded if decoded is not None else game.action_from_id(action))
        else:
            game.apply(game.action_from_id(action))
            self._decisions += 1
        box.legal = box.status = None
        if box.names:
            box.names = {}

    def _action_to_string(self, player: int, action: int) -> str:
        if not self._box.dealt:  # OpenSpiel names all 65,536 deals at the node: kept lean
            if player == _CHANCE and 0 <= action < DEAL_SEEDS:
                return f"deal seed {(self._seed + 1) * DEAL_SEEDS + action}"  # deal_seed()
            return f"action {action}"
        key = (player, action)
        names = self._box.names
        text = names.get(key)
        if text is None:
            text = names[key] = self._name_of(player, action)
        return text

    def _name_of(self, player: int, action: int) -> str:
        game = self._box.game
        if player == pyspiel.PlayerId.CHANCE or game.current_player == player:
            try:
                return game.action_to_string(game.action_from_id(action))
            except _ENGINE_ERRORS:
                pass  # an id that means nothing here (ids of some kinds are per position)
        return f"action {action}"

    def __str__(self) -> str:
        """A summary line; for Level X (nothing hidden) followed by the whole position.
        A card game's hidden cards stay out: each seat's view is ``observation_string``."""
        if not self._box.dealt:
            return f"{self._name}, before the deal (chance picks one of {DEAL_SEEDS} deal seeds)"
        game = self._box.game
        if self.is_terminal() and not game.is_over:
            ending = f"ended at the bound of {self._cap} decisions (a draw)"
        else:
            ending = f"phase {game.phase}"
        line = f"{self._name}, ply {game.plies}, {ending}, seat {game.current_player}"
        if self._name == "levelx":
            return f"{line}\n{observation_string(game, game.current_player)}"
        return line


_CHANCE_TABLES: dict[int, list[tuple[int, float]]] = {}

#: Per engine class, the engine action of each chance outcome id met so far (Level X's
#: rolls: ids are global, a roll's id means the same roll at every chance node), so that
#: applying an outcome does not decode its id again.
_CHANCE_ACTIONS: dict[type, dict[int, Any]] = {}
_NO_ACTIONS: dict[int, Any] = {}


def _chance_table(game: Any) -> list[tuple[int, float]]:
    """The chance outcomes as (id, probability); Level X's are the same 126 at every roll,
    so they are converted once (keyed by how many there are, checked against the engine's
    list in the tests)."""
    outcomes = game.chance_outcomes()
    table = _CHANCE_TABLES.get(len(outcomes))
    if table is None:
        table = [(game.action_id(action), float(p)) for action, p in outcomes]
        _CHANCE_TABLES[len(outcomes)] = table
        known = _CHANCE_ACTIONS.setdefault(type(game), {})
        known.update((i, action) for (i, _), (action, _) in zip(table, outcomes, strict=True))
    return table


# ---------------------------------------------------------------------------- the observer
class LevelObserver:
    """One seat's view as OpenSpiel's ``PyObserver``: ``tensor``/``dict`` filled by
    :meth:`set_from`, text from :meth:`string_from`; both from ``observation(seat)`` only."""

    def __init__(
        self,
        name: str,
        shape: tuple[int, ...],
        iig_obs_type: Any = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if params:
            raise ObserverTypeError(
                f"The {name} observer takes no parameters, not {dict(params)!r}."
            )
        _check_obs_type(name, iig_obs_type)
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: LevelState, player: int) -> None:
        if not state.dealt:  # before the deal a seat sees nothing (not the deal seed)
            self.tensor.fill(0.0)
            return
        self.dict["observation"][...] = observation_tensor(state.engine, player)

    def string_from(self, state: LevelState, player: int) -> str:
        if not state.dealt:
            return "before the deal"
        return observation_string(state.engine, player)


def _check_obs_type(name: str, iig: Any) -> None:
    """Only the present view of one seat is offered (OpenSpiel's default observation).

    Level X hides nothing, so for it the public view and every player's view are that
    same view too. Perfect recall (an information state remembering the whole history)
    is not offered: OpenSpiel asks for it only through ``information_state_*``, which
    these games do not provide.
    """
    if iig is None:
        return
    if iig.perfect_recall:
        raise ObserverTypeError(
            f"{name} offers observations of the present position only, not perfect-recall "
            "information states: use the default observation (observation_tensor/"
            "observation_string) or pyspiel.IIGObservationType(perfect_recall=False)."
        )
    single = pyspiel.PrivateInfoType.SINGLE_PLAYER
    if name != "levelx" and (not iig.public_info or iig.private_info != single):
        raise ObserverTypeError(
            f"{name} offers each seat's own view only (public_info=True, private_info="
            "SINGLE_PLAYER): a public-only or all-hands view is not available here, since "
            "every observation comes from the engine's seat view."
        )
    if name == "levelx" and not iig.public_info:
        raise ObserverTypeError(
            "levelx has only public information: an observation without public_info "
            "would be empty; ask for public_info=True."
        )


# ---------------------------------------------------------------------------- the games
def _param_spec(name: str) -> dict[str, Any]:
    """The core's parameters as OpenSpiel parameters (which must all have a value)."""
    spec: dict[str, Any] = {}
    for key, default in game_parameters(name).items():
        if key == "seed":
            spec[key] = _RANDOM_SEED if default is None else default
        elif default is None:
            continue  # an option with no value cannot be an OpenSpiel parameter
        elif isinstance(default, (tuple, list)):
            continue  # nor a list (OpenSpiel parameters are single values)
        else:
            spec[key] = default
    spec["max_decisions"] = MAX_DECISIONS[name]
    return spec


def _game_type(name: str) -> Any:
    levelx = name == "levelx"
    low, high = _PLAYERS[name]
    info = pyspiel.GameType.Information
    chance = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=name,
        long_name=_LONG_NAMES[name],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC,  # dice and deal seeds, listed with odds
        information=info.PERFECT_INFORMATION if levelx else info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,  # 1 shared by winners; 0s at the bound
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_param_spec(name),
    )


class LevelGame(pyspiel.Game):
    """One of the three games with its parameters (see the module docstring): ``seed``
    (-1 or >= 0), ``options`` (the rule options) and ``max_decisions`` as given."""

    level_name: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.level_name
        values = {**_param_spec(name), **(params or {})}
        players = int(values.pop("players"))
        seed = int(values.pop("seed"))
        cap = int(values.pop("max_decisions"))
        if not 1 <= cap <= MAX_DECISIONS[name]:
            raise ValueError(
                f"max_decisions for {name} must be a whole number from 1 to "
                f"{MAX_DECISIONS[name]}, not {cap}."
            )
        if seed < _RANDOM_SEED:
            raise ValueError(f"seed must be -1 (the default) or a number >= 0, not {seed}")
        self.max_decisions = cap
        self.seed = seed
        self.options = values
        self._players = players
        self._seed = None if seed == _RANDOM_SEED else seed
        self._seeds = random.Random(self._seed)  # Level X: fresh seeds when seed is -1
        # The engine checks the parameters (a teacher-readable error) and fixes the sizes.
        template = make_game(name, players=players, seed=self._seed or 0, **values)
        self._start = template  # Level X: the start of every initial state when seed >= 0
        self._shape = tuple(observation_shape(template))
        levelx = name == "levelx"
        info = pyspiel.GameInfo(
            num_distinct_actions=template.num_distinct_actions,
            max_chance_outcomes=len(template.chance_outcomes()) if levelx else DEAL_SEEDS,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=cap,
        )
        given = {**values, "players": players, "seed": seed, "max_decisions": cap}
        super().__init__(_GAME_TYPES[name], info, given)

    def _new_box(self) -> _Box:
        if self.level_name != "levelx":
            return _Box()  # a card game starts at the deal (a chance node)
        if self._seed is not None:  # every initial state is the same start: copy it
            return _Box(None, (self.level_name, {"start": self._start}))
        kwargs = {"players": self._players, "seed": self._seeds.getrandbits(63), **self.options}
        return _Box(None, (self.level_name, kwargs))

    def new_initial_state(self, *args: Any) -> LevelState:
        """A state at the start: a card game's deal (a chance node), Level X's first roll."""
        return LevelState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> LevelObserver:
        """Each seat's own view (the only observation offered; see :class:`LevelObserver`)."""
        return LevelObserver(self.level_name, self._shape, iig_obs_type, params)

    def state_for(self, engine: Any) -> LevelState:
        """An OpenSpiel state around ``engine`` (an engine game of this kind and size), e.g.
        a position set up by hand or a determinization a search bot plays on."""
        if engine.num_players != self._players:
            raise ValueError(
                f"This {self.level_name} game has {self._players} players; the engine game "
                f"has {engine.num_players}."
            )
        return LevelState(self, _Box(engine))


class LevelXGame(LevelGame):
    level_name = "levelx"


class Level8Game(LevelGame):
    level_name = "level8"


class Level8BoardGame(LevelGame):
    level_name = "level8_board"


_CLASSES: dict[str, type[LevelGame]] = {
    "levelx": LevelXGame,
    "level8": Level8Game,
    "level8_board": Level8BoardGame,
}
assert tuple(_CLASSES) == GAME_NAMES
_GAME_TYPES = {name: _game_type(name) for name in GAME_NAMES}

for _name in GAME_NAMES:
    if _name not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPES[_name], _CLASSES[_name])


def load(name: str, **params: Any) -> Any:
    """``pyspiel.load_game(name, params)`` with keyword parameters (a short cut)."""
    return pyspiel.load_game(name, params)


def engine_of(state: Any) -> Any:
    """The engine game inside an OpenSpiel state of these games."""
    if not isinstance(state, LevelState):
        raise TypeError(f"{state!r} is not a state of levelx, level8 or level8_board")
    return state.engine


def state_for(game: Any, engine: Any) -> LevelState:
    """An OpenSpiel state of ``game`` (a loaded levelx/level8/level8_board) around ``engine``."""
    if not isinstance(game, LevelGame):
        raise TypeError(f"{game!r} is not one of levelx, level8, level8_board")
    return game.state_for(engine)
