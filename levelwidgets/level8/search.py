"""``SearchBot``: determinized flat Monte Carlo search over the HeuristicBot's rollouts.

At a decision with a real choice (phases "draw" and "play"), the bot

1. takes the HeuristicBot's choice as the *preferred* action and a few other
   :func:`candidates`;
2. samples ``determinizations`` full positions consistent with its observation
   (:func:`~levelwidgets.level8.determinize.determinize`: hidden cards dealt at random) and
   plays every candidate in every sample (common random numbers: the candidates meet the
   same hidden cards), then lets :class:`HeuristicBot` play all seats to the end of the
   round (or ``max_plies``), scoring the end by :func:`evaluate`;
3. leaves the preferred action only for a candidate whose paired advantage is significant
   (:func:`select`: ``z`` standard errors); candidates that look promising but not yet
   significant get another stage of samples (at most ``stages``).

Forced phases, the keep-4 choice and (by default) which card to discard go to the
HeuristicBot directly. Everything random comes from an RNG seeded with the bot's seed and
the observation, so a choice depends on nothing but the two: cards the bot cannot see
cannot change it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence

from .actions import Action
from .bots import HeuristicBot
from .determinize import determinize
from .errors import Level8Error
from .game import Level8
from .observation import Observation

__all__ = ["WIN_VALUE", "SearchBot", "candidates", "evaluate", "select"]

#: A candidate whose t statistic against the preferred action exceeds this (without being
#: clearly better yet) gets another stage of samples.
PROMISING = 1.0
#: The value of winning (or, negated, losing) the game in a rollout, in levels.
WIN_VALUE = 6.0
_IN_ROUND = ("draw", "play", "skipped")


def evaluate(game: Level8, me: int, start_levels: Sequence[int]) -> float:
    """How good a rollout's end is for seat ``me``: its levels gained this round minus the
    best opponent's (a game won or lost counts ``±WIN_VALUE``).

    Levels gained are the rules' own outcome (2 for going out, 1 for having laid down); a
    rollout cut off mid-round counts 1 for each player who has laid down.
    """
    if game.is_over:
        return WIN_VALUE if me in game.winners else -WIN_VALUE
    if game.phase in _IN_ROUND:
        gains = [int(x) for x in game.laid_down]
    else:
        gains = [now - before for now, before in zip(game.levels, start_levels, strict=True)]
    return gains[me] - max(g for q, g in enumerate(gains) if q != me)


def candidates(obs: Observation, preferred: Action, limit: int) -> list[Action]:
    """The actions worth a search, ``preferred`` (the HeuristicBot's) first, at most ``limit``.

    When the level can be laid down, only the ways to lay it down compete (laying down is
    worth a level); add-ons are cut to one placement per card; then discards and skips.
    """
    legal = obs.legal_actions
    if preferred.kind == "lay_down":
        pool = [a for a in legal if a.kind == "lay_down"]
    else:
        pool = []
        added: set[int | None] = set()
        for a in legal:
            if a.kind == "add_on":
                if a.card in added:
                    continue
                added.add(a.card)
            elif a.kind == "lay_down":
                continue
            pool.append(a)
    out = [preferred]
    for a in pool:
        if len(out) >= limit:
            break
        if a != preferred:
            out.append(a)
    return out


def _t(diffs: Sequence[float]) -> tuple[float, float]:
    """Mean of paired differences and its t statistic (inf for a constant positive mean)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    if var == 0.0:
        return mean, (float("inf") if mean > 0 else 0.0)
    return mean, mean / (var / n) ** 0.5


def select(diffs: Mapping[int, Sequence[float]], z: float, margin: float = 0.0) -> int:
    """The chosen candidate: 0 (the preferred one) unless another clearly beats it.

    ``diffs[i]`` are candidate ``i``'s values minus candidate 0's, paired by sample. A
    candidate must be better by more than ``margin`` on average and by ``z`` standard errors
    (samples are few and rollouts noisy: without such a test the largest of many noisy
    means would win, not the best action); the largest mean of those wins.
    """
    best, best_mean = 0, margin
    for i, ds in diffs.items():
        mean, t = _t(ds)
        if mean > best_mean and t > z:
            best, best_mean = i, mean
    return best


def _stream(seed: int | str, obs: Observation) -> random.Random:
    """An RNG derived from ``seed`` and everything ``obs`` shows (stable across processes)."""
    digest = hashlib.blake2b(f"{seed!r}|{obs!r}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


class SearchBot:
    """Determinized Monte Carlo search with HeuristicBot rollouts (see the module docstring).

    ``determinizations`` is the budget knob: positions sampled per stage (each candidate is
    played once in each; time grows about linearly with it). ``stages`` caps the extra
    rounds of samples for close calls, ``max_candidates`` the actions compared,
    ``max_plies`` a rollout's length. ``z`` and ``margin`` say how clearly (in standard
    errors, and in mean levels) a candidate must beat the HeuristicBot's choice. Which card
    to discard is left to the HeuristicBot unless ``search_discards``: searching it doubled
    the time for no measurable gain. ``model_opponents=False`` deals hidden cards uniformly
    instead of shaping opponents' hands (:func:`~.determinize.plausible_hand`). The
    rollout policy is deterministic, so one rollout per candidate and sample is all a
    sample can tell. ``seed=None`` draws a seed once.
    """

    name = "Search"

    def __init__(
        self,
        seed: int | str | None = None,
        name: str | None = None,
        *,
        determinizations: int = 12,
        max_candidates: int = 12,
        max_plies: int = 200,
        stages: int = 3,
        z: float = 2.0,
        margin: float = 0.0,
        search_discards: bool = False,
        model_opponents: bool = True,
    ) -> None:
        if min(determinizations, stages, max_candidates, max_plies) < 1:
            raise ValueError(
                "determinizations, stages, max_candidates and max_plies must be positive"
            )
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else seed
        if name:
            self.name = name
        self.determinizations = determinizations
        self.max_candidates = max_candidates
        self.max_plies = max_plies
        self.stages = stages
        self.z = z
        self.margin = margin
        self.search_discards = search_discards
        self.model_opponents = model_opponents

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        preferred = HeuristicBot(0).choose(obs)  # fresh: its caches carry no history
        if obs.phase not in ("draw", "play"):
            return preferred
        if preferred.kind == "discard" and not self.search_discards:
            return preferred
        actions = candidates(obs, preferred, self.max_candidates)
        if len(actions) == 1:
            return preferred
        rng = _stream(self.seed, obs)
        bots = [HeuristicBot(q) for q in range(obs.num_players)]  # shared: memos, no state
        active = list(range(1, len(actions)))
        diffs: dict[int, list[float]] = {i: [] for i in active}
        for _ in range(self.stages):
            for _ in range(self.determinizations):
                try:
                    world = self.determinize(obs, rng)
                except (Level8Error, ValueError):
                    return preferred  # a position the engine cannot set up: play it safe
                base = self.rollout(world, preferred, bots)
                for i in active:
                    diffs[i].append(self.rollout(world, actions[i], bots) - base)
            pick = select({i: diffs[i] for i in active}, self.z, self.margin)
            if pick:
                return actions[pick]
            active = [i for i in active if _t(diffs[i])[1] > PROMISING]
            if not active:
                break
        return preferred

    def determinize(self, obs: Observation, rng: random.Random) -> Level8:
        """One sampled position (a method, so a test can swap in a cheating variant)."""
        return determinize(obs, rng, model_opponents=self.model_opponents)

    def rollout(self, world: Level8, action: Action, bots: Sequence[HeuristicBot]) -> float:
        """Play ``action`` in a copy of ``world``, then ``bots`` to the round's end."""
        game = world.clone()
        me = game.current_player
        start = game.levels
        game.apply(action)
        for _ in range(self.max_plies):
            if game.phase not in _IN_ROUND:
                break
            p = game.current_player
            game.apply(bots[p].choose(game.observation(p)))
        return evaluate(game, me, start)
