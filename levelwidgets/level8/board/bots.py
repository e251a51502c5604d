"""Bots for the board game that play from their own :class:`BoardObservation` only, and
:func:`play_board_game`.

:class:`BoardHeuristicBot` strategy: the card part (laying down, adding on, discarding,
keeping cards at the round end, taking a discard top) is the card game's
:class:`~levelwidgets.level8.bots.HeuristicBot`, asked with the card table's view
(``obs.table``). What the board adds is scored with the solver's
:func:`~levelwidgets.level8.solver.cards_missing`:

* A card is *good* for the bot while it has not laid down when it lowers the cards its
  level still misses (any joker does); after laying down, when it fits a laid combination.
  A *bad* card costs a little before laying down (it only clutters the hand) and a lot
  after (one more card to get rid of).
* **Field**: each of the two reachable fields (and, on a choose field, each action) is
  valued by the good cards it is expected to bring, from what the bot can see: the chance
  that an unseen card is good, the discard tops, the jokers left, how many of its hand
  cards a swap could throw away, the best question to ask, the cards an extra turn is
  worth. The highest value wins (ties: the nearer field).
* **Swap** away up to 3 cards outside its plan (after laying down: that fit nowhere), the
  card game's discard choice first.
* **Ask** for the number or colour that fills most of its plan's open places and is most
  likely held by the others (counting the unseen copies), in the direction of the leader.
* **Give / show** the cards least useful to itself (a show is exactly 3 cards, all of a
  smaller hand, face up for the table); a shown card also avoids what the active player
  could use as far as public information tells (laid combinations, jokers).
* **Steal** the shown card that lowers its cards missing (a joker first), else one that
  fits, else the one closest to its hand.

Every decision is constructed directly (the legal actions are never enumerated), and the
bots see nothing but their own observation. Card sets (a swap, a show, two discards) are
chosen in the sorted order ``legal_actions()`` lists them in, so every choice has an action
id (``tests/protocol/test_bot_actions_have_ids.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..actions import Action, Event
from ..bots import HeuristicBot, fit_table
from ..cards import FIRST_JOKER, is_joker
from ..levels import Level
from ..observation import Observation
from ..solver import Missing
from .game import Level8Board
from .layout import ACTIONS, occupied
from .material import N_JOKERS
from .observation import SHOW_MAX, BoardObservation

__all__ = ["BoardHeuristicBot", "BoardRandomBot", "play_board_game"]


class BoardRandomBot:
    """Picks uniformly among the legal actions of its observation (a baseline, a fuzzer)."""

    name = "Random"

    def __init__(self, seed: int | str | None = None, name: str | None = None) -> None:
        self.rng = random.Random(seed)
        if name:
            self.name = name

    def choose(self, obs: BoardObservation) -> Action:
        return self.rng.choice(obs.legal_actions)

    act = choose


class _Ctx:
    """What one decision derives from the observation (computed once per decision, with
    the values of the actions memoised)."""

    __slots__ = (
        "bad",
        "cols",
        "jokers_good",
        "level",
        "memo",
        "miss",
        "nums",
        "p",
        "p_good",
        "plan",
        "shedding",
        "table",
        "unknown",
    )

    def __init__(self, bot: BoardHeuristicBot, obs: BoardObservation) -> None:
        t = obs.table
        p = t.viewer
        assert isinstance(p, int) and t.hand is not None
        self.p = p
        self.table = t
        self.memo: dict[object, object] = {}
        level = t.requirements[p]
        self.level: Level | None = level
        miss: Missing | None = None
        #: the natural cards of its best lay-down plan (kept until it has laid down)
        self.plan: frozenset[int] = frozenset()
        if not t.laid[p] and level is not None:
            miss = bot.cards.missing(t.hand, level)
            self.plan = miss.used_cards
            if miss.count == 0:
                miss = None  # the level is in hand: from now on only fitting cards help
        self.miss = miss
        self.shedding = miss is None
        self.bad = 0.8 if self.shedding else 0.15
        # good natural cards: those with a number in ``nums`` or a colour in ``cols``
        nums: set[int] = set()
        cols: set[int] = set()
        if miss is not None:
            for nd in miss.needs:
                if nd.colour is not None:
                    cols.add(nd.colour)
                elif nd.number is None:
                    nums.update(range(1, 16))  # any number card
                else:
                    nums.add(nd.number)
                    nums.update(nd.alternatives)
            self.jokers_good = bool(miss.needs)
        else:
            by_num, by_col, joker = fit_table(t.melds)
            nums.update(by_num)
            cols.update(by_col)
            self.jokers_good = joker is not None
        self.nums = nums
        self.cols = cols
        # the cards this seat has not seen: nowhere in its hand, the laid combinations or
        # on top of a discard pile (jokers counted apart: those in the middle are public)
        seen = set(t.hand)
        seen.update(c for c in t.discard_tops if c is not None)
        for ms in t.melds:
            for combo in ms:
                seen.update(combo.cards)
        unknown = [c for c in range(FIRST_JOKER) if c not in seen]
        hidden_jokers = max(0, N_JOKERS - obs.jokers_left - sum(1 for c in seen if is_joker(c)))
        self.unknown = unknown
        n_good = sum(1 for c in unknown if c % 15 + 1 in nums or c // 15 in cols)
        if self.jokers_good:
            n_good += hidden_jokers
        total = len(unknown) + hidden_jokers
        self.p_good = n_good / total if total else 0.0

    def good(self, c: int) -> bool:
        """Whether ``c`` lowers the cards missing (before laying down) or fits a laid
        combination (after)."""
        if c >= FIRST_JOKER:
            return self.jokers_good and is_joker(c)
        return c % 15 + 1 in self.nums or c // 15 in self.cols


class BoardHeuristicBot:
    """Plays toward its level with the card game's heuristic and values the board's
    fields and steps by ``cards_missing`` (strategy in the module docstring)."""

    name = "Heuristic"

    def __init__(self, seed: int | str | None = None, name: str | None = None) -> None:
        self.rng = random.Random(seed)
        if name:
            self.name = name
        #: the card game's bot: laying down, adding on, discarding, keeping, discard tops
        self.cards = HeuristicBot(seed)

    # ------------------------------------------------------------------ dispatch
    def choose(self, obs: BoardObservation) -> Action:
        p = obs.viewer
        assert isinstance(p, int) and obs.hand is not None, "a bot needs its own seat's view"
        phase = obs.phase
        if phase == "roll":
            return Action("roll", p)
        if phase in ("play", "keep", "round_over"):
            return self._play(obs)
        if phase == "take":
            return self._take(obs)
        if phase == "give":
            return self._give(obs)
        if phase == "show":
            return self._show(obs)
        ctx = _Ctx(self, obs)
        if phase == "move":
            field = max(obs.reachable, key=lambda f: self._value(obs, ctx, obs.layout[f]))
            return Action("move", p, field=field)
        if phase == "choose":
            return Action("choose", p, choice=self._best_choice(obs, ctx)[0])
        if phase == "swap":
            return Action("swap", p, cards=self._swap_cards(obs, ctx))
        if phase == "ask":
            number, colour, _ = self._question(obs, ctx)
            return Action("ask", p, number=number, colour=colour, direction=self._direction(obs))
        if phase == "steal":
            card, owner = self._steal(obs, ctx)
            return Action("steal", p, card=card, target=owner)
        raise ValueError(f"no decision for the phase {phase!r}")

    act = choose

    # ------------------------------------------------------------------ the card part
    def _play(self, obs: BoardObservation) -> Action:
        action = self.cards.choose(obs.table)
        if action.kind == "discard" and action.card is not None and obs.may_discard_two:
            hand = obs.hand or ()
            rest = tuple(c for c in hand if c != action.card)
            second = self.cards.discard_choice(replace(obs.table, hand=rest))
            # sorted, as legal_actions() lists the pairs (only those have ids)
            pair = (action.card, second) if action.card < second else (second, action.card)
            return Action("discard_two", action.player, cards=pair)
        return action

    def _take(self, obs: BoardObservation) -> Action:
        t = obs.table
        source = self.cards.draw_source(t)
        if source is None and not (t.draw_count or obs.rebuildable):
            source = next(q for q, k in enumerate(t.discard_counts) if k)
        return Action("take", t.viewer, source=source)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ field values
    def _take_value(self, ctx: _Ctx, takes: int) -> float:
        """Expected worth of ``takes`` top cards, each from the best pile."""
        t = ctx.table
        tops = [c for c in t.discard_tops if c is not None]
        good_tops = sum(1 for c in tops if ctx.good(c))
        blind = self._blind(ctx) if _pile_left(t) else -ctx.bad  # else a bad discard top
        if not (_pile_left(t) or tops):
            return 0.0  # nothing to take: the take is skipped
        value = 0.0
        for k in range(takes):
            value += 1.0 if k < good_tops else blind
        return value

    @staticmethod
    def _blind(ctx: _Ctx) -> float:
        """Worth of one card from the draw pile."""
        return ctx.p_good - (1.0 - ctx.p_good) * ctx.bad

    def _value(self, obs: BoardObservation, ctx: _Ctx, action: str) -> float:
        """The expected worth of performing ``action`` now, in good cards."""
        got = ctx.memo.get(action)
        if got is None:
            got = ctx.memo[action] = self._value_of(obs, ctx, action)
        return got  # type: ignore[return-value]

    def _value_of(self, obs: BoardObservation, ctx: _Ctx, action: str) -> float:
        t = ctx.table
        if action in ("draw1", "draw2"):
            return self._take_value(ctx, 1 if action == "draw1" else 2)
        if action == "joker":
            return 1.1 if obs.jokers_left else self._take_value(ctx, 1)
        if action == "draw_again":
            return self._take_value(ctx, 1) + (1.2 if ctx.shedding else 0.6)
        if action == "swap":
            k = len(self._throwable(obs, ctx))
            # the discarded cards can come back only through a rebuilt draw pile
            drawn = min(k + 1, _pile_left(t) + k)
            return drawn * self._blind(ctx) + max(k, 1) * ctx.bad
        if action == "all_draw":
            if not _pile_left(t):
                return 0.0
            n_laid = sum(1 for q, laid in enumerate(t.laid) if laid and q != ctx.p)
            others = t.num_players - 1
            return self._blind(ctx) + 0.1 * n_laid - 0.05 * (others - n_laid)
        if action == "ask":
            return self._question(obs, ctx)[2]
        if action == "steal":
            shown = sum(min(SHOW_MAX, k) for q, k in enumerate(t.hand_counts) if q != ctx.p)
            hit = 1.0 - (1.0 - ctx.p_good) ** shown
            return hit - (1.0 - hit) * ctx.bad if shown else self._take_value(ctx, 1)
        if action == "choose":
            return self._best_choice(obs, ctx)[1]
        return 0.0  # pragma: no cover - the layout only holds the nine actions

    def _best_choice(self, obs: BoardObservation, ctx: _Ctx) -> tuple[str, float]:
        """The best action a choose field may pick, with its value."""
        options = obs.choosable if obs.phase == "choose" else _free_actions(obs)
        if not options:
            return "draw1", self._take_value(ctx, 1)
        best = max(options, key=lambda a: self._value(obs, ctx, a))
        return best, self._value(obs, ctx, best)

    # ------------------------------------------------------------------ swap
    def _throwable(self, obs: BoardObservation, ctx: _Ctx) -> list[int]:
        """Hand cards worth swapping away (up to 3), least useful first."""
        got = ctx.memo.get("throwable")
        if got is None:
            got = ctx.memo["throwable"] = self._throwable_of(ctx)
        return got  # type: ignore[return-value]

    def _throwable_of(self, ctx: _Ctx) -> list[int]:
        t = ctx.table
        hand = list(t.hand or ())
        out: list[int] = []
        keep = ctx.plan
        while hand and len(out) < 3:
            c = self.cards.discard_choice(replace(t, hand=tuple(hand)))
            if is_joker(c) or c in keep or (ctx.shedding and ctx.good(c)):
                break
            out.append(c)
            hand.remove(c)
        return out

    def _swap_cards(self, obs: BoardObservation, ctx: _Ctx) -> tuple[int, ...]:
        cards = self._throwable(obs, ctx)
        if not cards and obs.hand:
            cards = [self.cards.discard_choice(obs.table)]
        # as legal_actions() lists swaps: sorted (any order is legal, but only the sorted
        # one has an action id, so the bot's choice is one a game-AI library can name)
        return tuple(sorted(cards))

    # ------------------------------------------------------------------ ask
    def _question(self, obs: BoardObservation, ctx: _Ctx) -> tuple[int | None, int | None, float]:
        """(number, colour, value) of the best question."""
        got = ctx.memo.get("question")
        if got is None:
            got = ctx.memo["question"] = self._question_of(ctx)
        return got  # type: ignore[return-value]

    def _question_of(self, ctx: _Ctx) -> tuple[int | None, int | None, float]:
        t = ctx.table
        others = sum(k for q, k in enumerate(t.hand_counts) if q != ctx.p)
        pool = max(1, len(ctx.unknown))
        share = min(1.0, others / pool)  # chance an unseen card sits in another hand
        by_number = [0] * 16
        by_colour = [0] * 6
        for c in ctx.unknown:
            by_number[c % 15 + 1] += 1
            by_colour[c // 15] += 1
        fallback = self._take_value(ctx, 1)
        best: tuple[float, int, int | None, int | None] = (-9.0, 0, 1, None)
        for number, colour, copies in [(v, None, by_number[v]) for v in range(1, 16)] + [
            (None, c, by_colour[c]) for c in range(6)
        ]:
            gain = self._question_gain(ctx, number, colour)
            held = 1.0 - (1.0 - share) ** copies
            value = held * gain + (1.0 - held) * fallback
            key = (value, copies, number, colour)
            if key[:2] > best[:2]:
                best = key
        return best[2], best[3], best[0]

    @staticmethod
    def _question_gain(ctx: _Ctx, number: int | None, colour: int | None) -> float:
        """Worth of the card a question brings (the giver picks which matching card, so
        every card matching the question must be good)."""
        if number is not None:
            every = number in ctx.nums or len(ctx.cols) == 6
        else:
            every = colour in ctx.cols or len(ctx.nums) == 15
        return 1.0 if every else -ctx.bad

    def _direction(self, obs: BoardObservation) -> str:
        """Towards the leader (highest level, then laid down, then fewest cards)."""
        t = obs.table
        p = t.viewer
        assert isinstance(p, int)
        n = t.num_players
        others = [q for q in range(n) if q != p]
        lead = max(others, key=lambda q: (t.levels[q], t.laid[q], -t.hand_counts[q], -q))
        return "left" if (lead - p) % n <= (p - lead) % n else "right"

    # ------------------------------------------------------------------ give, show, steal
    def _cost(self, ctx: _Ctx, c: int) -> float:
        """How much the bot loses by giving ``c`` away (higher: keep it)."""
        if is_joker(c):
            return 10.0
        if c in ctx.plan:
            return 5.0
        return 5.0 if ctx.shedding and ctx.good(c) else 0.0

    def _give(self, obs: BoardObservation) -> Action:
        ctx = _Ctx(self, obs)
        number, colour = obs.asked or (None, None)
        hand = obs.hand or ()
        matching = [
            c
            for c in hand
            if c < FIRST_JOKER
            and (c % 15 + 1 == number if number is not None else c // 15 == colour)
        ]
        card = min(matching, key=lambda c: (self._cost(ctx, c), -_near(ctx, c), c))
        return Action("give", ctx.p, card=card)

    def _show(self, obs: BoardObservation) -> Action:
        ctx = _Ctx(self, obs)
        t = ctx.table
        asker = obs.turn_player
        top = t.discard_tops[asker]

        def interest(c: int) -> float:
            """What the asker could do with ``c``, as far as public information tells."""
            s = 0.0
            if t.laid[asker] and self.cards.fits(t, c) is not None:
                s += 3.0  # they could add it on at once
            if top is not None and top < FIRST_JOKER and c % 15 == top % 15:
                s -= 0.5  # they threw this number away
            return s

        hand = sorted(obs.hand or ())
        ranked = sorted(hand, key=lambda c: (self._cost(ctx, c) + interest(c), -_near(ctx, c), c))
        return Action("show", ctx.p, cards=tuple(sorted(ranked[:SHOW_MAX])))  # as listed

    def _steal(self, obs: BoardObservation, ctx: _Ctx) -> tuple[int, int]:
        t = ctx.table
        lead = {q: (t.levels[q], t.laid[q], -t.hand_counts[q]) for q in range(t.num_players)}

        def worth(item: tuple[int, int]) -> tuple:
            c, owner = item
            good = ctx.good(c)
            return (good, is_joker(c), _near(ctx, c), lead[owner], -c)

        shown = [(c, q) for q, cs in obs.shown if cs is not None for c in cs]
        return max(shown, key=worth)


def _pile_left(t: Observation) -> int:
    """Cards the draw pile holds or gets when rebuilt (every discard pile but its top)."""
    return t.draw_count + sum(k - 1 for k in t.discard_counts if k > 1)


def _near(ctx: _Ctx, c: int) -> int:
    """How many hand cards ``c`` goes with (same number, neighbouring numbers for runs, same
    colour for colour groups): a tie-break between cards that do not help yet."""
    if c >= FIRST_JOKER:
        return 0
    hand = ctx.table.hand or ()
    kinds = {r.kind for r in ctx.level.requirements} if ctx.level is not None else set()
    num, col = c % 15, c // 15
    s = 0
    for h in hand:
        if h >= FIRST_JOKER or h == c:
            continue
        d = abs(h % 15 - num)
        if d == 0 and "set" in kinds:
            s += 2
        elif d <= 2 and "run" in kinds:
            s += 1
        if "colour" in kinds and h // 15 == col:
            s += 1
    return s


def _free_actions(obs: BoardObservation) -> tuple[str, ...]:
    """The actions a choose field could pick from where the bot's tower stands (one free
    field each): what a choose field is worth before moving onto it."""
    blocked = occupied(obs.towers, obs.turn_player)
    out = []
    for a in ACTIONS:
        if a == "choose":
            continue
        if any(x == a and f not in blocked for f, x in enumerate(obs.layout)):
            out.append(a)
    return tuple(out)


Bot = BoardRandomBot | BoardHeuristicBot


def play_board_game(
    bots: Sequence[object],
    seed: int | str | None = None,
    players: Sequence[str] | None = None,
    max_steps: int = 200_000,
    *,
    after: Callable[[Level8Board, list[Event]], None] | None = None,
    **options: object,
) -> Level8Board:
    """Play a board game between ``bots`` (2–6, each with ``choose(observation) -> Action``).

    Each bot sees only its own :meth:`Level8Board.observation` (also while giving or showing
    cards on another player's turn). ``players`` names the seats (default: the bots' names
    and seat numbers); ``options`` go to :class:`Level8Board` (``sides``, ``layout``, ...).
    Returns the game: finished, unless ``max_steps`` steps ran out first.
    ``after(game, events)`` is called after every step.

    >>> g = play_board_game([BoardHeuristicBot(1), BoardHeuristicBot(2)], seed=3)
    >>> g.is_over
    True
    """
    if players is None:
        names = [f"{getattr(b, 'name', 'Bot')} {i + 1}" for i, b in enumerate(bots)]
    else:
        names = list(players)
        if len(names) != len(bots):
            raise ValueError(f"{len(bots)} bots need {len(bots)} player names, not {len(names)}")
    game = Level8Board(names, seed=seed, **options)  # type: ignore[arg-type]
    steps = 0
    while not game.is_over and steps < max_steps:
        p = game.current_player
        bot = bots[p]
        answer = getattr(bot, "choose", None) or bot.act  # type: ignore[attr-defined]
        events = game.apply(answer(game.observation(p)))
        if after is not None:
            after(game, events)
        steps += 1
    return game
