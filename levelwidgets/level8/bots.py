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
from collections.abc import Callable, Sequence
from typing import cast

from .actions import Action, Event, shared_action
from .cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, JOKER8, MAX_NUMBER, N_IDS, is_joker
from .fits import fit_lookup, fit_table  # noqa: F401 (the board game's bot uses fit_table)
from .game import Level8
from .hands import COLOUR_OF as _COLOUR
from .hands import NUMBER_BIT as _NUMBER_BIT
from .hands import NUMBER_OF as _NUMBER
from .hands import VALUE_BIT as _VBIT
from .levels import Level
from .observation import Observation
from .solver import Missing, cards_missing, missing_from, missing_search, plan_summary, solve
from .visibility import observe


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
        self.seed = seed
        if name:
            self.name = name
        # (hand bits, level, evaluation, hand) for the hand left after our last discard: a
        # discarded card outside the best plan leaves the minimum unchanged, so next turn can
        # reuse it. The hand is also kept as the tuple the next observation will show (the
        # engine keeps hand order), to recognise it without more work; hands as card bits.
        self._cache: tuple[int, object, _Eval, tuple[int, ...]] | None = None
        # exact searches by (natural cards as bits, level), the last 16
        self._memo: dict[tuple[int, int], tuple[Level, _Eval]] = {}

    @property
    def rng(self) -> random.Random:
        """A random generator from the bot's seed, made on first use: the heuristic itself
        draws no random numbers (and seeding one costs more than a bot's whole set-up)."""
        rng = self.__dict__.get("_rng")
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    def _eval(self, hand: tuple[int, ...], level: Level) -> _Eval:
        """The cards-missing evaluation of ``hand`` (see :class:`_Eval`): reused from our last
        discard or an earlier search of the same natural cards, else searched."""
        c = self._cache
        if c is not None and c[1] is level and c[3] == hand:
            return c[2]
        if c is not None and hand and hand[:-1] == c[3]:  # our last hand, and the card drawn
            key = c[0] | _BIT[hand[-1]]
        else:
            key = sum(map(_BIT.__getitem__, hand))  # _hand_bits
        hint = 0
        if c is not None and c[1] is level:
            if c[0] == key:
                return c[2]
            extra = key & ~c[0]
            if not c[0] & ~key and extra and not extra & (extra - 1):
                hint = c[2][1] - 1  # one more card closes at most one open place
        # the search only looks at natural cards (jokers just fill open places), so a hand
        # that differs from an earlier one only in jokers or skip cards has the same plan
        memo_key = (key & _NATURALS, id(level))
        known = self._memo.get(memo_key)
        jokers = (key >> FIRST_JOKER & _JOKER_BITS).bit_count()
        if known is not None and known[0] is level:
            ev = _with_jokers(known[1], jokers)
        else:
            h, total, chosen = missing_search(hand, level, hint)
            used, nums, cols = plan_summary(h, chosen)
            count = total - jokers if total > jokers else 0
            ev = (count, total, used, nums, cols, (h, level, chosen))
            if not count:
                ev = (0, total, used, 0, 0, ev[5])
            if len(self._memo) >= 16:
                del self._memo[next(iter(self._memo))]  # forget the oldest
            self._memo[memo_key] = (level, ev)
        self._cache = (key, level, ev, hand)
        return ev

    def _missing(self, hand: tuple[int, ...], level: Level) -> Missing:
        """:func:`cards_missing` of ``hand`` as this bot sees it (the board game's bot asks)."""
        _count, total, _used, _nums, _cols, (h, lv, chosen) = self._eval(hand, level)
        miss = missing_from(h, lv, total, chosen)
        jokers = sum(1 for x in hand if is_joker(x))
        if jokers != h.nj:  # the search was of a hand with the same natural cards
            miss = Missing(max(0, total - jokers), miss.needs, miss.plan, min(jokers, total))
        return miss

    # -- helpers
    def _fits_any(self, obs: Observation, cid: int) -> tuple[int, int, int] | None:
        """The first laid combination (seat order, then index) ``cid`` fits, with its meaning."""
        return fit_lookup(obs.melds).fit(cid)

    @staticmethod
    def _leader(obs: Observation) -> int | None:
        """The player to skip: highest level, then laid down, then fewest cards, then the
        lowest seat, among the others not skipped already (None when there is none)."""
        p = obs.viewer
        skipped = obs.skipped
        levels = obs.levels
        laid = obs.laid
        counts = obs.hand_counts
        leader = None
        best = None
        for q in range(len(levels)):
            if q != p and not skipped[q]:
                rank = (levels[q], laid[q], -counts[q], -q)
                if best is None or rank > best:
                    leader = q
                    best = rank
        return leader

    # -- decisions
    def choose(self, obs: Observation) -> Action:
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        phase = obs.phase
        if phase == "play":
            return self._play(obs)
        if phase == "draw":
            return shared_action("draw", p, self.draw_source(obs))
        if phase == "skipped":
            return shared_action("skip_turn", p)
        if phase == "round_over":
            return shared_action("next_round", p)
        if phase == "keep":
            return self._keep(obs)
        return self._play(obs)

    def draw_source(self, obs: Observation) -> int | None:
        """Where to draw from: a seat's discard pile, or None for the draw pile."""
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        tops = obs.discard_tops  # (None for an empty pile)
        level = obs.requirements[p]
        laid = obs.laid[p]
        if not laid and level is not None:
            for q, t in enumerate(tops):
                if t is not None and (FIRST_JOKER <= t < FIRST_SKIP or t == JOKER8):  # is_joker
                    return q
            ev = self._eval(obs.hand, level)
            nums = ev[3]
            cols = ev[4]
            if nums or cols:  # (both empty when no card is missing)
                for q, t in enumerate(tops):
                    # Missing.useful: no joker here (see above), no skip card
                    if (
                        t is not None
                        and t < FIRST_JOKER
                        and (_NUMBER_BIT[t] & nums or _COLOUR_BIT[t] & cols)
                    ):
                        return q
        elif laid:
            table = fit_lookup(obs.melds)
            for q, t in enumerate(tops):
                if t is not None and not FIRST_SKIP <= t < END_SKIP and table.fit(t):
                    return q
        if obs.draw_count:
            return None
        for q, t in enumerate(tops):  # the draw pile is empty: the first discard pile
            if t is not None:
                return q
        return None

    def _play(self, obs: Observation) -> Action:
        p = cast(int, obs.viewer)  # (choose checked it: a seat's own view)
        hand: tuple[int, ...] = obs.hand  # type: ignore[assignment]
        level = obs.requirements[p]
        laid = obs.laid[p]
        ev = None
        if not laid and level is not None:
            final = obs.levels[p] == obs.level_counts[p]
            # the "cards missing" search is cached for the discard; it says when to solve
            if final or len(hand) > _level_facts(level)[1]:  # its card count
                ev = self._eval(hand, level)
                if ev[0] == 0:
                    way = solve(hand, level)
                    if way is not None:
                        return Action("lay_down", p, combos=way)
        elif laid and len(hand) >= 2:
            # naturals first, jokers last (they fit almost anywhere, keep them flexible)
            table = fit_lookup(obs.melds)
            for c in sorted(hand):
                fit = table.fit(c)
                if fit is not None:
                    owner, i, meaning = fit
                    return Action("add_on", p, card=c, target=owner, index=i, meaning=meaning)
        if len(hand) > 1 and max(hand) >= FIRST_SKIP:  # (skip cards are the highest ids)
            for c in hand:
                if FIRST_SKIP <= c < END_SKIP:
                    target = self._leader(obs)
                    if target is not None:
                        return Action("skip", p, card=c, target=target)
                    break
        return shared_action("discard", p, None, self._discard_choice(obs, ev))

    def _discard_choice(self, obs: Observation, ev: _Eval | None = None) -> int:
        """The card to discard; ``ev``: this hand's :meth:`_eval`, when already known."""
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None
        hand = obs.hand
        naturals = [c for c in hand if c < FIRST_JOKER]
        if not naturals:
            skips = [c for c in hand if FIRST_SKIP <= c < END_SKIP]
            return skips[0] if skips else hand[0]
        level = obs.requirements[p]
        if obs.laid[p] or level is None:
            # keep cards that fit (or almost fit) laid combinations: discard the farthest
            by_num, cols = fit_lookup(obs.melds).distances()
            best_c = -1
            best_d = -1.0
            for c in naturals:
                d = 0 if cols >> c // 15 & 1 else by_num[c % 15 + 1]  # _Table.distance
                if d > best_d or (d == best_d and c > best_c):
                    best_c, best_d = c, d
            return best_c
        has_set, has_colour, has_run = _level_facts(level)[2]
        if ev is None:
            ev = self._eval(hand, level)
        _count, _total, used, useful_nums, useful_cols, _src = ev
        pool = [c for c in naturals if c not in used] or naturals
        num_count = [0] * (MAX_NUMBER + 3)  # by number; 0, 16, 17 (and -1 = 17) stay 0
        col_count = [0] * 6
        for c in naturals:
            num_count[_NUMBER[c]] += 1
            col_count[_COLOUR[c]] += 1
        table = fit_lookup(obs.melds)
        fit_nums, fit_cols = table.by_num, table.by_col
        # the lowest score wins, ties to the highest card. Scores are counted in halves (as
        # whole numbers): 2 per other card of its number (sets) or colour (colour groups),
        # 1 per card numbered within 2 of it (runs), 4 if it fills an open place of the
        # plan, 3 if it fits an opponent's laid combination (do not feed them).
        choice = -1
        best = 0
        for c in pool:
            num = _NUMBER[c]
            col = _COLOUR[c]
            sc = 0
            if has_set:
                sc = 2 * num_count[num] - 2
            if has_colour:
                sc += 2 * col_count[col] - 2
            if has_run:  # cards numbered within 2 of this one (other numbers only)
                sc += num_count[num - 2] + num_count[num - 1] + num_count[num + 1]
                sc += num_count[num + 2]
            if _VBIT[num] & useful_nums or _VBIT[col] & useful_cols:
                sc += 4
            if num in fit_nums or col in fit_cols:
                sc += 3
            if sc < best or choice < 0 or (sc == best and c > choice):
                choice = c
                best = sc
        if choice not in used:
            i = hand.index(choice)
            rest = hand[:i] + hand[i + 1 :]
            known = self._cache  # (its card bits are the hand's when it is of this hand)
            bits = known[0] if known is not None and known[3] == hand else _hand_bits(hand)
            self._cache = (bits & ~_BIT[choice], level, ev, rest)
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


_BIT = tuple(1 << c for c in range(N_IDS))
_NATURALS = (1 << FIRST_JOKER) - 1
#: The jokers among card bits shifted down by FIRST_JOKER: ids 90–96 and JOKER8.
_JOKER_BITS = (1 << (FIRST_SKIP - FIRST_JOKER)) - 1 | 1 << (JOKER8 - FIRST_JOKER)
#: A natural card's colour as a bit (its number's bit is hands._NUMBER_BIT).
_COLOUR_BIT = tuple(1 << (c // 15) for c in range(FIRST_JOKER))

_Eval = tuple[int, int, frozenset, int, int, tuple]
"""What the bot keeps of a cards-missing search: (cards missing, open places, the plan's
cards, the numbers and colours as bits that fill an open place — both 0 when no card is
missing —, ``(Hand, level, chosen)`` to build the :class:`Missing` from)."""


def _with_jokers(ev: _Eval, jokers: int) -> _Eval:
    """``ev`` for a hand with the same natural cards holding ``jokers`` jokers."""
    total = ev[1]
    if total > jokers:
        if ev[0]:
            return (total - jokers, *ev[1:])
        summary = plan_summary(ev[5][0], ev[5][2])
        return (total - jokers, total, ev[2], summary[1], summary[2], ev[5])
    return (0, total, ev[2], 0, 0, ev[5])


def _hand_bits(hand: tuple[int, ...]) -> int:
    """A hand as card bits (bit ``c`` for card ``c``): equal for the same cards in any order,
    and set operations are int operations."""
    return sum(map(_BIT.__getitem__, hand))


_LEVEL_FACTS: dict[int, tuple[Level, int, tuple[bool, bool, bool]]] = {}


def _level_facts(level: Level) -> tuple[Level, int, tuple[bool, bool, bool]]:
    """A level's card count and which kinds it asks for (set, colour, run), cached by the
    level's identity (the entry keeps the level, so its id is not reused; levels are
    immutable)."""
    got = _LEVEL_FACTS.get(id(level))
    if got is None or got[0] is not level:
        kinds = {r.kind for r in level.requirements}
        got = (level, level.n_cards, ("set" in kinds, "colour" in kinds, "run" in kinds))
        if len(_LEVEL_FACTS) < 1024:
            _LEVEL_FACTS[id(level)] = got
    return got


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
    apply = game.apply
    count = 0
    while game._phase != "over" and count < max_actions:  # (not game.is_over)
        p = game._current  # (game.current_player)
        # game.observation(p) itself: the gate's function, without the viewer check
        events = apply(bots[p].choose(observe(game, p)))
        if after is not None:
            after(game, events)
        count += 1
    return game
