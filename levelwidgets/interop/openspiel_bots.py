"""OpenSpiel bots that play the games registered by :mod:`.openspiel`.

Level X has perfect information, so OpenSpiel's own MCTS plays it directly
(:func:`levelx_mcts_bot`: UCT with random rollouts; the dice are chance nodes with their
exact odds). The card games hide cards: OpenSpiel's ``pyspiel.ISMCTSBot`` cannot run on a
Python game (it needs ``ResampleFromInfostate``, which a Python state cannot provide; in
open_spiel 2.0.2 the call crashes the interpreter), so :class:`DeterminizedMCTSBot` samples
the unseen cards consistently with what its seat sees
(:func:`levelwidgets.level8.determinize.determinize`; for the board game
:func:`.openspiel_board.determinize_board`), runs OpenSpiel's MCTS on each sample (a
static value and the heuristic bot's choice as prior instead of rollouts) and plays the
action with the most visits summed over the samples. Where no sample can be set up (a
round break, the board game's steps inside a field's action) the heuristic bot decides.
It never looks at a hidden card: its only input is ``observation(seat)``. The bots act at
decision nodes only; :func:`play` samples every chance node (a card game's deal, Level X's
rolls) from its ``seed``, so a game is reproducible from that seed. A determinized sample is
an engine game already dealt, so the searches see no chance node at all.

>>> import pyspiel
>>> from levelwidgets.interop import openspiel  # registers the games
>>> game = pyspiel.load_game("levelx")
>>> bot = levelx_mcts_bot(game, simulations=8, seed=1)
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np

from ..level8.board.bots import BoardHeuristicBot
from ..level8.bots import HeuristicBot
from ..level8.determinize import determinize
from ..level8.errors import Level8Error
from ..level8.solver import cards_missing
from .core import require
from .openspiel import engine_of, state_for
from .openspiel_board import determinize_board

pyspiel: Any = require("pyspiel")
mcts: Any = require("open_spiel.python.algorithms.mcts")

__all__ = ["DeterminizedMCTSBot", "Level8Evaluator", "choice_id", "levelx_mcts_bot", "play"]


def levelx_mcts_bot(
    game: Any, *, simulations: int = 100, rollouts: int = 1, seed: int | None = None
) -> Any:
    """OpenSpiel's MCTS (UCT, random rollouts to the end) for a loaded ``levelx`` game."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)


#: The prior probability the search gives the heuristic bot's choice.
HEURISTIC_PRIOR = 0.8


class Level8Evaluator(mcts.Evaluator):
    """A cheap value instead of rollouts (a random Level 8 game takes ~1,000 actions).

    Each seat scores its level, plus half a level once laid down, minus a tenth of a level
    per card its hand still lacks for its level (``cards_missing``) or per card in hand once
    laid; the values are those scores spread around 0.5 (the mean seat) in [0, 1], the scale
    of the games' returns. Used on a determinized state only, so it may read every hand of
    that sample (each seat's own view).
    """

    def evaluate(self, state: Any) -> np.ndarray:
        game = engine_of(state)
        scores = []
        for seat in range(game.num_players):
            obs = game.observation(seat)
            obs = getattr(obs, "table", obs)  # the board game's card table
            level = obs.requirements[seat]
            if obs.laid[seat] or level is None:
                lack = len(obs.hand or ())
            else:
                lack = cards_missing(obs.hand or (), level).count
            scores.append(obs.levels[seat] + 0.5 * obs.laid[seat] - 0.1 * lack)
        values = np.array(scores, dtype=float)
        return 0.5 + np.clip((values - values.mean()) / 4.0, -0.5, 0.5)

    def __init__(self, seed: int | None = None, board: bool = False) -> None:
        self._heuristic = BoardHeuristicBot(seed) if board else HeuristicBot(seed)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Most of the prior (:data:`HEURISTIC_PRIOR`) on the heuristic bot's choice, so a
        small search (PUCT) starts from a sensible line and revises it."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        game = engine_of(state)
        favourite = _heuristic_id(self._heuristic, game, legal)
        rest = (1.0 - HEURISTIC_PRIOR) / (len(legal) - 1)
        return [(a, HEURISTIC_PRIOR if a == favourite else rest) for a in legal]


def _heuristic_id(bot: Any, game: Any, legal: list[int]) -> int:
    """The id of the heuristic bot's choice (see :func:`choice_id`)."""
    return choice_id(game, bot.choose(game.observation(game.current_player)), legal)


def choice_id(game: Any, action: Any, legal: list[int]) -> int:
    """The id of a card-game ``action`` a bot chose; the engine plays it, but a board-game
    swap or show whose cards come in another order than the position's option slots list
    them has no id as given (the engine's action space does not sort them), so the cards
    are sorted first; the first legal id when even that has none."""
    try:
        return int(game.action_id(action))
    except Level8Error:
        pass
    cards = getattr(action, "cards", None)
    if cards:
        try:
            return int(game.action_id(dataclasses.replace(action, cards=tuple(sorted(cards)))))
        except Level8Error:
            pass
    return legal[0]


#: The determinizer of each game with hidden cards.
_SAMPLERS: dict[str, Any] = {"level8": determinize, "level8_board": determinize_board}


class DeterminizedMCTSBot(pyspiel.Bot):
    """MCTS on sampled deals for ``level8`` and ``level8_board`` (see the module docstring).

    ``determinizations`` samples per decision, ``simulations`` MCTS simulations on each.
    """

    def __init__(
        self,
        game: Any,
        player: int,
        *,
        determinizations: int = 4,
        simulations: int = 25,
        seed: int | None = None,
    ) -> None:
        pyspiel.Bot.__init__(self)
        name = game.get_type().short_name
        if name not in _SAMPLERS:
            raise ValueError(
                f"DeterminizedMCTSBot plays level8 and level8_board (games with hidden cards), "
                f"not {name}."
            )
        board = name == "level8_board"
        self._sample = _SAMPLERS[name]
        self._game = game
        self._player = player
        self._samples = determinizations
        self._rng = random.Random(seed)
        self._fallback = BoardHeuristicBot(seed) if board else HeuristicBot(seed)
        self._mcts = mcts.MCTSBot(
            game,
            2.0,
            simulations,
            Level8Evaluator(seed, board),
            random_state=np.random.RandomState(self._rng.getrandbits(32)),
            solve=False,
            child_selection_fn=mcts.SearchNode.puct_value,
        )

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: every decision starts from the current observation."""

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        engine = engine_of(state)
        obs = engine.observation(engine.current_player)
        visits: dict[int, int] = dict.fromkeys(legal, 0)
        for _ in range(self._samples):
            try:
                sample = self._sample(obs, self._rng)
            except (Level8Error, ValueError):
                continue  # a phase or position the determinizer cannot set up
            root = self._mcts.mcts_search(state_for(self._game, sample))
            for child in root.children:
                if child.action in visits:  # ids are the same for the seat's own options
                    visits[child.action] += child.explore_count
        best = max(visits.values())
        if best == 0:  # no sample (e.g. the keep phase): the heuristic decides
            return _heuristic_id(self._fallback, engine, legal)
        return min(action for action, count in visits.items() if count == best)


def play(game: Any, bots: list[Any], *, seed: int | None = None) -> Any:
    """Play one game of ``game`` with one OpenSpiel bot per seat; chance (a card game's
    deal, Level X's rolls) samples its outcomes with their probabilities from ``seed``, so
    the same seed and bots replay the same game. Returns the final state."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state
