"""Bots that play from an :class:`Observation` only, and :func:`play_game`.

:class:`HeuristicBot` strategy (deliberately simple and fast):

* **Draw**: take a discard top that is a joker or that fills an open place of its best
  lay-down plan (from :func:`cards_missing`); once laid down, a top that fits a laid
  combination. Otherwise draw blind.
* **Lay down** as soon as the solver finds the level in hand.
* **Add on** every card that fits a laid combination (own or others'), keeping one to discard.
* **Skip cards** go to the *leader* (highest level, then laid down, then fewest cards).
* **Discard** a card outside its best plan, preferring cards that share little with the rest
  of the hand and do not fit opponents' laid combinations; jokers are never discarded
  while anything else can go.
* **Keep** (two-star rule): jokers first, then cards of its best plan.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from .actions import Action, Event
from .cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, MAX_NUMBER, is_joker
from .combos import Combo, combo_options
from .game import Level8
from .levels import Level
from .observation import Observation
from .solver import Missing, cards_missing, solve

_Fit = tuple[int, tuple[int, int, int]]  # (position in seat/index order, (owner, index, meaning))
_FitTable = tuple[dict[int, _Fit], dict[int, _Fit], _Fit | None]


def _fit_table(melds: Sequence[Sequence[Combo]]) -> _FitTable:
    """Where cards fit the laid combinations: by number, by colour, and for a joker.

    Each entry is the first combination in seat/index order that takes such a card, with
    the meaning :func:`combo_options` would give first, so one look-up replaces a scan.
    """
    by_num: dict[int, _Fit] = {}
    by_col: dict[int, _Fit] = {}
    joker: _Fit | None = None
    pos = 0
    for owner, ms in enumerate(melds):
        for i, combo in enumerate(ms):
            value = combo.value
            kind = combo.kind
            if kind == "run":
                lo, hi = value, value + len(combo.cards) - 1
                for num in (lo - 1, hi + 1):
                    if 1 <= num <= MAX_NUMBER and num not in by_num:
                        by_num[num] = (pos, (owner, i, num))
                if joker is None:
                    opts = combo_options(combo, FIRST_JOKER)
                    if opts:
                        joker = (pos, (owner, i, opts[0]))
            else:
                table = by_num if kind == "set" else by_col
                if value not in table:
                    table[value] = (pos, (owner, i, value))
                if joker is None:
                    joker = (pos, (owner, i, value))
            pos += 1
    return by_num, by_col, joker


class RandomBot:
    """Picks uniformly among the legal actions (a baseline and a fuzzer)."""

    name = "Random"

    def __init__(self, seed: int | str | None = None, name: str | None = None) -> None:
        self.rng = random.Random(seed)
        if name:
            self.name = name

    def choose(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal_actions)


class HeuristicBot:
    """Builds toward its level and empties its hand (strategy in the module docstring)."""

    name = "Heuristic"

    def __init__(self, seed: int | str | None = None, name: str | None = None) -> None:
        self.rng = random.Random(seed)
        if name:
            self.name = name
        # (hand, level) -> Missing for the hand left after our last discard: a discarded card
        # outside the best plan leaves the minimum unchanged, so next turn can reuse it.
        self._cache: tuple[frozenset[int], object, Missing] | None = None
        # (melds of the last observation, their fit table): the game hands out the same
        # tuple while no laid combination changes
        self._fit_cache: tuple[object, _FitTable] | None = None
        # exact cards_missing results by (natural cards, level), the last 16
        self._memo: dict[tuple[frozenset[int], int], tuple[Level, Missing]] = {}

    def _missing(self, hand: tuple[int, ...], level: Level) -> Missing:
        c = self._cache
        key = frozenset(hand)
        if c is not None and c[1] is level and c[0] == key:
            return c[2]
        hint = 0
        if c is not None and c[1] is level and len(key - c[0]) == 1 and c[0] <= key:
            hint = len(c[2].needs) - 1  # one more card closes at most one open place
        # the search only looks at natural cards (jokers just fill open places), so a hand
        # that differs from an earlier one only in jokers or skip cards has the same plan
        naturals = frozenset([x for x in hand if x < FIRST_JOKER])
        memo_key = (naturals, id(level))
        known = self._memo.get(memo_key)
        if known is not None and known[0] is level:
            base = known[1]
            total = len(base.needs)
            jokers = sum(1 for x in hand if is_joker(x))
            miss = Missing(max(0, total - jokers), base.needs, base.plan, min(jokers, total))
        else:
            miss = cards_missing(hand, level, at_least=hint)
            if len(self._memo) >= 16:
                del self._memo[next(iter(self._memo))]  # forget the oldest
            self._memo[memo_key] = (level, miss)
        self._cache = (key, level, miss)
        return miss

    # -- helpers
    def _fits_any(self, obs: Observation, cid: int) -> tuple[int, int, int] | None:
        """The first laid combination (seat order, then index) ``cid`` fits, with its meaning."""
        if FIRST_SKIP <= cid < END_SKIP:
            return None
        melds = obs.melds
        cached = self._fit_cache
        if cached is None or cached[0] is not melds:
            cached = self._fit_cache = (melds, _fit_table(melds))
        by_num, by_col, joker = cached[1]
        if cid >= FIRST_JOKER:
            fit = joker
        else:
            fit = by_num.get(cid % 15 + 1)
            other = by_col.get(cid // 15)
            if other is not None and (fit is None or other[0] < fit[0]):
                fit = other
        return None if fit is None else fit[1]

    @staticmethod
    def _leader(obs: Observation) -> int | None:
        p = obs.viewer
        cands = [q for q in range(obs.n_players) if q != p and not obs.skipped[q]]
        if not cands:
            return None
        return max(cands, key=lambda q: (obs.levels[q], obs.laid[q], -obs.hand_counts[q], -q))

    # -- decisions
    def choose(self, obs: Observation) -> Action:
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        phase = obs.phase
        if phase == "skipped":
            return Action("skip_turn", p)
        if phase == "round_over":
            return Action("next_round", p)
        if phase == "keep":
            return self._keep(obs)
        if phase == "draw":
            return self._draw(obs)
        return self._play(obs)

    def _draw(self, obs: Observation) -> Action:
        p = obs.viewer
        assert isinstance(p, int)
        return Action("draw", p, source=self.draw_source(obs))

    def draw_source(self, obs: Observation) -> int | None:
        """Where to draw from: a seat's discard pile, or None for the draw pile."""
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        tops = [(q, t) for q, t in enumerate(obs.discard_tops) if t is not None]
        level = obs.requirements[p]
        if not obs.laid[p] and level is not None:
            for q, t in tops:
                if is_joker(t):
                    return q
            miss = self._missing(obs.hand, level)
            for q, t in tops:
                if miss.useful(t):
                    return q
        elif obs.laid[p]:
            for q, t in tops:
                if not FIRST_SKIP <= t < END_SKIP and self._fits_any(obs, t):
                    return q
        if obs.draw_count or not tops:
            return None
        return tops[0][0]

    def _play(self, obs: Observation) -> Action:
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        hand = obs.hand
        level = obs.requirements[p]
        if not obs.laid[p] and level is not None:
            final = obs.levels[p] == obs.level_counts[p]
            # the "cards missing" search is cached for the discard; it says when to solve
            if (final or len(hand) > level.n_cards) and self._missing(hand, level).count == 0:
                way = solve(hand, level)
                if way is not None:
                    return Action("lay_down", p, combos=way)
        elif obs.laid[p] and len(hand) >= 2:
            # naturals first, jokers last (they fit almost anywhere, keep them flexible)
            for c in sorted(hand):
                fit = self._fits_any(obs, c)
                if fit is not None:
                    owner, i, meaning = fit
                    return Action("add_on", p, card=c, target=owner, index=i, meaning=meaning)
        skips = [c for c in hand if FIRST_SKIP <= c < END_SKIP]
        if skips and len(hand) > 1:
            target = self._leader(obs)
            if target is not None:
                return Action("skip", p, card=skips[0], target=target)
        return Action("discard", p, card=self._discard_choice(obs))

    def _discard_choice(self, obs: Observation) -> int:
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        hand = obs.hand
        naturals = [c for c in hand if c < FIRST_JOKER]
        skips = [c for c in hand if FIRST_SKIP <= c < END_SKIP]
        if not naturals:
            return skips[0] if skips else hand[0]
        level = obs.requirements[p]
        nums = [c % 15 + 1 for c in naturals]
        cols = [c // 15 for c in naturals]
        if obs.laid[p] or level is None:
            # keep cards that fit (or almost fit) laid combinations
            def dist(c: int) -> float:
                best = 99.0
                num, col = c % 15 + 1, c // 15
                for ms in obs.melds:
                    for combo in ms:
                        v = combo.value
                        if combo.kind == "run":
                            hi = v + len(combo.cards) - 1
                            ends = [e for e in (v - 1, hi + 1) if 1 <= e <= 15]
                            if ends:
                                best = min(best, min(abs(num - e) for e in ends))
                        elif (combo.kind == "set" and num == v) or (
                            combo.kind == "colour" and col == v
                        ):
                            best = 0
                return best

            return max(naturals, key=lambda c: (dist(c), c))
        kinds = {r.kind for r in level.requirements}
        miss = self._missing(hand, level)
        used = miss.used_cards
        pool = [c for c in naturals if c not in used] or naturals
        num_count = Counter(nums)
        col_count = Counter(cols)

        def score(c: int) -> float:
            num, col = c % 15 + 1, c // 15
            s = 0.0
            if "set" in kinds:
                s += num_count[num] - 1
            if "colour" in kinds:
                s += col_count[col] - 1
            if "run" in kinds:
                # cards numbered within 2 of this one (other numbers only)
                near = num_count[num - 2] + num_count[num - 1]
                s += (near + num_count[num + 1] + num_count[num + 2]) * 0.5
            if miss.useful(c):
                s += 2
            if self._fits_any(obs, c):
                s += 1.5  # do not feed opponents' laid combinations
            return s

        choice = min(pool, key=lambda c: (score(c), -c))
        if choice not in used:
            self._cache = (frozenset(hand) - {choice}, level, miss)
        return choice

    def _keep(self, obs: Observation) -> Action:
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        hand = obs.hand
        level = obs.requirements[p]
        keep = [c for c in hand if is_joker(c)]
        if level is not None:
            miss = cards_missing(hand, level)
            for part in sorted(miss.plan, key=len, reverse=True):
                keep.extend(part)
        return Action("keep", p, cards=tuple(sorted(keep[:4])))

    # the pieces the board game's bot reuses (levelwidgets.level8.board.bots)
    missing = _missing
    fits = _fits_any
    discard_choice = _discard_choice


Bot = RandomBot | HeuristicBot


def play_game(
    bots: Sequence[object],
    seed: int | str | None = None,
    sides: object = "one",
    *,
    max_actions: int = 200_000,
    after: Callable[[Level8, list[Event]], None] | None = None,
    **options: object,
) -> Level8:
    """Play a game between ``bots`` (2–6, each with ``choose(observation) -> Action``).

    Each bot sees only its own :meth:`Level8.observation`. Returns the game (finished unless
    ``max_actions`` ran out). ``after(game, events)`` is called after every action.
    """
    names = []
    for i, b in enumerate(bots):
        names.append(f"{getattr(b, 'name', 'Bot')} {i + 1}")
    game = Level8(names, seed=seed, sides=sides, **options)  # type: ignore[arg-type]
    count = 0
    while not game.is_over and count < max_actions:
        p = game.current_player
        action = bots[p].choose(game.observation(p))  # type: ignore[attr-defined]
        events = game.apply(action)
        if after is not None:
            after(game, events)
        count += 1
    return game
