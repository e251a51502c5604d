"""The Level 8 game engine: state, rules, history and undo.

Set-up checks and deck stacking live in :mod:`.setup`, JSON records and the RNG's JSON form
in :mod:`.serial`, the spec's invariants in :mod:`.invariants`; this module keeps the rules.

The engine is the single source of truth for the rules. Every action is validated completely
before anything changes, so an illegal action raises a :class:`Level8Error` subclass and
leaves the game untouched. All chance (shuffles) goes through one ``random.Random`` owned by
the game and every shuffle order is recorded in :attr:`Level8.history`.
"""

from __future__ import annotations

import copy
import random
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from .._listeners import Listeners
from .._moved import renamed
from .._rng import copy_rng
from ..protocol import shared_returns
from .action_space import CARD_KINDS, TABLE_KINDS, space_for
from .action_text import action_from_string, action_to_string
from .actions import Action, Event, HistoryEntry, shared_action
from .cards import ALL_IDS, CODES, END_SKIP, FIRST_SKIP, N_IDS, parse_card, parse_cards
from .checks import bounded, is_int, need_int, need_seat, refuse, seats, short, show
from .combos import Combo, Meld, as_combo, is_normal
from .errors import (
    ActionLimitError,
    ActionTypeError,
    AddOnError,
    CardError,
    CardNotInHandError,
    ConfigError,
    CorruptStateError,
    EmptyPileError,
    GameOverError,
    IllegalActionError,
    InvalidCombinationError,
    KeepError,
    LayDownError,
    Level8Error,
    Level8LimitError,
    LevelMismatchError,
    NotYourTurnError,
    PlayerTypeError,
    SkipError,
    UndoError,
    UndoTypeError,
    WrongPhaseError,
)
from .invariants import InvariantError, check_invariants
from .levels import Level, LevelSequence
from .observation import SPECTATOR, TEACHER, Observation, legal_actions_for
from .serial import (
    FORMAT,
    FORMAT_VERSION,
    MAX_HISTORY,
    check_config,
    game_from_json,
    game_to_dict,
    game_to_json,
    rng_from_json,
    rng_to_json,
)
from .setup import (
    HAND_SIZE,
    KEEP_MAX,
    PHASES,
    make_config,
    make_position,
    parse_players,
    parse_sides,
    stack_deck,
)
from .shuffle import shuffle
from .visibility import events_for, observe, picture

if TYPE_CHECKING:
    from typing import Self  # (3.11; annotations only, so 3.10 runs this module too)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "HAND_SIZE",
    "KEEP_MAX",
    "PHASES",
    "CardTable",
    "InvariantError",
    "Level8",
    "rng_from_json",
    "rng_to_json",
    "stack_deck",
]

_PHASE_HELP = {
    "draw": "draw a card (from the draw pile or the top of any discard pile)",
    "play": "lay down your level, add cards on, then discard or play a skip card",
    "skipped": "you are skipped: put the skip card under the draw pile (skip_turn)",
    "keep": "choose up to 4 hand cards to keep for the next round (keep)",
    "round_over": "deal the next round (next_round)",
    "over": "nothing: the game is over",
}


_as_combo = as_combo  # the old private name

#: Most combinations one lay-down may name (a level needs at most 5), events one
#: :meth:`Level8.events_for` call filters and history entries :meth:`Level8.from_history`
#: replays: longer lists are refused before they are read.
MAX_COMBOS = 10
MAX_EVENTS = 100_000
MAX_ENTRIES = 200_000
_COMBOS = "a list of combinations, one per part of the level"


def put(values: tuple, index: int, value: object) -> tuple:
    """``values`` with ``values[index]`` replaced: the engine's public state is immutable and
    replaced on change (see :meth:`CardTable._init_state`)."""
    return (*values[:index], value, *values[index + 1 :])


def not_an_action(action: object) -> ActionTypeError:
    return ActionTypeError(
        f"{show(action)} is not an Action: action must be an Action, e.g. one of legal_actions()"
    )


class CardTable:
    """What the card game and the board game share: the deal, hands, discard piles, levels,
    laying down, adding on, discarding, keeping cards, rounds, history, undo and records.

    Not played on its own: :class:`Level8` adds the draw and the skip cards,
    :class:`~levelwidgets.level8.board.Level8Board` the board, its dice and its actions.
    """

    _phase_help = _PHASE_HELP
    #: The cards a deal shuffles (the board game deals number cards only).
    _deal_pool: tuple[int, ...] = ALL_IDS
    #: The format marker of this game's JSON records.
    _record_format = FORMAT
    #: The cards this game is played with (ids; see :mod:`.cards`).
    _deck_ids: frozenset[int] = frozenset(ALL_IDS)
    #: The seat-view gate's cache (:func:`~.visibility.public_template`); none yet.
    _public_view: tuple | None = None
    # The table (set by _init_state, or by _place for a set-up position; see _init_state):
    _laid: tuple[bool, ...]
    _hands: list[list[int]]
    _discards: list[list[int]]
    _draw: list[int]  # face-down draw pile, top = last element
    _under: tuple[int, ...]  # face-up skip cards under the draw pile
    _melds: tuple[tuple[Meld, ...], ...]
    _skips: tuple[int | None, ...]

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        seed: int | str | None = None,
        sides: object = "one",
        *,
        dealer: int | None = None,
        start_levels: Sequence[int] | None = None,
        deck: Sequence[object] | None = None,
        lay_down_cap: int = 20,
    ) -> None:
        config, seqs = make_config(players, seed, sides, dealer, start_levels, deck, lay_down_cap)
        self._init_state(config, seqs)
        self._script: deque | None = None
        self._verify_rng = False
        self._begin_entry()
        events = self._deal(config["deck"])
        self._end_entry(Action("deal", config["dealer"]), events)

    @classmethod
    def from_position(
        cls,
        players: int | Sequence[str] | None = None,
        *,
        hands: Sequence[Iterable[object]],
        melds: Sequence[Iterable[object]] | None = None,
        discards: Sequence[Iterable[object]] | None = None,
        draw_pile: Iterable[object] | None = None,
        levels: Sequence[int] | None = None,
        laid: Sequence[bool] | None = None,
        current: int = 0,
        phase: str = "draw",
        dealer: int | None = None,
        round: int = 1,
        skips: Sequence[object] | None = None,
        under: Iterable[object] | None = None,
        sides: object = "one",
        seed: int | str | None = None,
        lay_down_cap: int = 20,
    ) -> Self:
        """A game that starts from a position set up by hand (for lessons and puzzles).

        ``hands``: each player's hand (card ids or codes like ``"7R"``, ``"J1"``, ``"S1"``);
        ``melds``: each player's laid combinations (``("run", ["4R", "5G", "J1"], {"J1": 6})``,
        a dict or a :class:`Combo`); ``discards``: each player's discard pile, bottom to top
        (the last card lies face up); ``draw_pile``: top first, or None for all remaining
        cards shuffled with ``seed``; ``levels``: each player's level; ``laid``: optional
        laid-down flags (they must agree with ``melds``); ``skips``: the skip card in front
        of each player, or None; ``under``: skip cards lying face up under the draw pile
        (default none); ``current``: whose turn; ``phase``: "draw", "play" (the
        current player has drawn) or "skipped"; ``dealer`` (default: the seat before
        ``current``), ``round``; ``players`` (a count or names; default: one per hand),
        ``sides``, ``lay_down_cap`` as for :class:`Level8`.

        Checked like a loaded record, with a :class:`ConfigError` naming the problem: each of
        the 101 cards exactly once; valid combinations; laid combinations that are the
        player's level (grown only by add-ons); a player who has not laid down holds 10
        cards (11 after drawing); the phase fits the skip cards. The position is then settled
        as in play: an empty draw pile is rebuilt, and with nothing at all to draw the draw
        is skipped. The set-up is the game's start: :meth:`undo` cannot go before it, and
        :meth:`to_json`/:meth:`from_json` keep it.
        """
        config, seqs = make_position(
            players,
            hands,
            melds,
            discards,
            draw_pile,
            levels,
            laid,
            current,
            phase,
            dealer,
            round,
            skips,
            sides,
            seed,
            lay_down_cap,
            under,
        )
        return cls._set_up(config, seqs)

    @classmethod
    def _set_up(cls, config: dict, seqs: list[LevelSequence]) -> Self:
        """A game at the checked position in ``config`` (both games' ``from_position``)."""
        g = cls.__new__(cls)
        g._init_state(config, seqs)
        g._script = None
        g._verify_rng = False
        g._begin_entry()
        position = config["position"]
        g._end_entry(Action("setup", position["current"]), g._place(position))
        try:
            g.check_invariants()
        except InvariantError as e:  # the position's checks should have caught it
            raise ConfigError(f"the position breaks a rule: {e}") from None
        return g

    def _place(self, position: Mapping) -> list[Event]:
        """Lay out a checked position (see :meth:`from_position`) and settle it."""
        self._round = position["round"]
        self._current = position["current"]
        self._phase = position["phase"]
        self._hands = [list(h) for h in position["hands"]]
        self._melds = tuple(
            [
                tuple([Meld(q, Combo.from_dict(c)) for c in ms])
                for q, ms in enumerate(position["melds"])
            ]
        )
        self._laid = tuple([bool(ms) for ms in self._melds])
        self._discards = [list(d) for d in position["discards"]]
        self._skips = tuple(position.get("skips") or [None] * self._n)  # (none in the board game)
        self._under = tuple(position.get("under") or ())
        order = position["draw"]
        if order is None:
            order = self._shuffled(self._unplaced())
        self._draw = list(reversed(order))
        events = [
            Event(
                "setup",
                self._current,
                {"round": self._round, "dealer": self._dealer, "phase": self._phase},
            )
        ]
        self._rebuild_if_needed(events)
        self._skip_draw_if_nothing(events)
        return events

    def _unplaced(self) -> list[int]:
        """The cards a set-up position leaves for its shuffled draw pile, in id order."""
        placed = {c for h in self._hands for c in h} | {c for d in self._discards for c in d}
        placed |= {c for ms in self._melds for m in ms for c in m.cards}
        placed |= {c for c in self._skips if c is not None}
        placed |= set(self._under)
        return [c for c in sorted(self._deck_ids) if c not in placed]

    # ------------------------------------------------------------------ setup helpers
    _parse_players = staticmethod(parse_players)
    _parse_sides = staticmethod(parse_sides)

    def _init_state(self, config: dict, seqs: Sequence[LevelSequence]) -> None:
        """The state at the start of the game ``config`` describes (before the first deal)."""
        self._config = config
        # (the gate's cache: the names, sides and cap it holds are set here, once a game; set,
        # not deleted through __dict__, which would keep attribute look-ups on the slow path)
        self._public_view = None
        names, seed, dealer = config["players"], config["seed"], config["dealer"]
        start, cap = config["start_levels"], config["lay_down_cap"]
        n = len(names)
        self._names = tuple(names)
        self._seqs = tuple(seqs)
        self._n = n
        self._seed = seed
        self._rng = random.Random(seed)
        self._cap = cap
        # What every seat sees of the table is kept in immutable values the engine replaces
        # on every change (never edits in place): the seat-view gate (visibility.py) caches
        # on their identity, so a rule that forgets nothing can make it stale.
        self._levels: tuple[int, ...] = tuple(start)
        self._laid = (False,) * n
        self._hands = [[] for _ in range(n)]
        self._discards = [[] for _ in range(n)]
        self._draw = []  # face-down draw pile, top = last element
        self._under = ()  # face-up skip cards under the draw pile
        # each seat's laid combinations; a Meld is never changed (an add-on makes a new one)
        self._melds = ((),) * n
        self._skips = (None,) * n
        self._draws_skipped = [0] * n  # turns this round with nothing anywhere to draw
        self._kept: tuple[tuple[int, ...], ...] = ((),) * n
        self._keep_queue: list[int] = []
        self._dealer = dealer
        self._current = (dealer + 1) % n
        self._phase = "draw"
        self._round = 0
        self._winners: tuple[int, ...] = ()
        self._history: list[HistoryEntry] = []
        self._chance: list[tuple[int, ...]] = []
        self._listeners = Listeners()

    # ------------------------------------------------------------------ chance
    def _shuffled(self, cards: Sequence[int], forced: list[int] | None = None) -> list[int]:
        """A shuffle order (first = top); from the RNG, a stacked deck or a replay script."""
        out = list(forced) if forced is not None else None
        if self._script is not None:
            if not self._script:
                raise CorruptStateError("history has fewer shuffles than the game needs")
            rec = list(self._script.popleft())
            if sorted(rec) != sorted(cards):
                raise CorruptStateError("a recorded shuffle does not contain the right cards")
            if self._verify_rng or out is not None:
                if out is None:
                    out = list(cards)
                    shuffle(self._rng, out)
                if out != rec:
                    raise CorruptStateError("a recorded shuffle does not match the seed")
            out = rec
        elif out is None:
            out = list(cards)
            shuffle(self._rng, out)
        self._chance.append(tuple(out))
        return out

    def _begin_entry(self) -> None:
        if self._chance:  # left over from a step that failed part-way
            self._chance = []

    def _end_entry(self, action: Action, events: list[Event]) -> list[Event]:
        chance = self._chance
        if chance:
            self._history.append(HistoryEntry(action, tuple(chance), tuple(events)))
            self._chance = []
        else:  # most steps shuffle nothing
            self._history.append(HistoryEntry(action, (), tuple(events)))
        if self._listeners._callbacks:  # (as bool(self._listeners), without calling __len__)
            self._notify(events)
        return events

    def on_change(self, callback: Callable[[CardTable, list[Event]], None]) -> Callable[[], None]:
        """Call ``callback(game, events)`` after every action and undo; returns a remover."""
        if not callable(callback):
            raise refuse(ActionTypeError, "callback", "a function f(game, events)", callback)
        return self._listeners.add(callback)

    def _notify(self, events: list[Event]) -> None:
        self._listeners.notify(self, events)

    # ------------------------------------------------------------------ round flow
    def _deal(self, forced: list[int] | None = None) -> list[Event]:
        """Deal a round: the cards of :attr:`_deal_pool` (kept ones excepted) are shuffled,
        every hand is filled up to 10 from the dealer's left and the dealer turns up the first
        discard; :meth:`_round_started` adds what a game variant sets up besides."""
        n = self._n
        kept = self._kept
        kept_all = {c for k in kept for c in k} if any(kept) else set()
        pool: Sequence[int] = self._deal_pool  # (_shuffled copies it)
        if kept_all:
            pool = [c for c in pool if c not in kept_all]
        order = self._shuffled(pool, forced)
        hands = [list(k) for k in kept]
        self._kept = ((),) * n
        first = (self._dealer + 1) % n
        if kept_all:  # fill each hand up to 10, one card at a time round the table
            idx = 0
            p = first
            left = sum(HAND_SIZE - len(h) for h in hands)
            while left:
                if len(hands[p]) < HAND_SIZE:
                    hands[p].append(order[idx])
                    idx += 1
                    left -= 1
                p = (p + 1) % n
        else:  # the same deal when every hand starts empty: every n-th card
            idx = n * HAND_SIZE
            for k in range(n):
                hands[(first + k) % n] = order[k:idx:n]
        self._hands = hands
        self._discards = [[] for _ in range(n)]
        self._discards[self._dealer] = [order[idx]]
        self._draw = order[:idx:-1]  # the rest, top (first) last
        self._under = ()
        self._melds = ((),) * n
        self._skips = (None,) * n
        self._draws_skipped = [0] * n
        self._laid = (False,) * n
        self._keep_queue = []
        self._round += 1
        self._current = (self._dealer + 1) % n
        self._phase = "draw"
        data = {
            "round": self._round,
            "dealer": self._dealer,
            "first_discard": order[idx],
            "starts": self._current,
        }
        self._round_started(kept_all, data)
        return [Event("deal", self._dealer, data)]

    def _round_started(self, kept: set[int], data: dict) -> None:
        """Hook after a deal (``kept``: the cards kept from the last round; ``data``: the deal
        event's data): the card game sets up nothing more."""

    def _rebuild_if_needed(self, events: list[Event]) -> None:
        if self._draw:
            return
        back = [c for pile in self._discards for c in pile[:-1]]
        if not back and not self._under:
            return
        surfaced = bool(self._under)
        back.extend(self._under)
        for q in range(self._n):
            del self._discards[q][:-1]
        self._under = ()
        order = self._shuffled(back)
        self._draw = list(reversed(order))
        events.append(Event("rebuild", None, {"count": len(order), "skip_surfaced": surfaced}))

    def _next_turn(self, events: list[Event]) -> None:
        if not self._draw:  # (_rebuild_if_needed and _skip_draw_if_nothing: nothing to do)
            self._rebuild_if_needed(events)
        q = self._current = (self._current + 1) % self._n
        if self._skips[q] is not None:
            self._phase = "skipped"
        else:
            self._phase = "draw"
            if not self._draw:
                self._skip_draw_if_nothing(events)

    def _skip_draw_if_nothing(self, events: list[Event]) -> None:
        """Decision: with the draw pile and every discard pile empty (and nothing to rebuild
        the draw pile from), the turn's draw is skipped and the turn goes on to "play"."""
        if self._phase != "draw" or self._draw or any(self._discards):
            return
        p = self._current
        self._draws_skipped[p] += 1
        self._phase = "play"
        events.append(Event("draw_skipped", p, {}))

    def _end_round(self, ender: int, events: list[Event]) -> None:
        moves = [2 if q == ender else (1 if self._laid[q] else 0) for q in range(self._n)]
        self._levels = tuple([lv + mv for lv, mv in zip(self._levels, moves, strict=True)])
        events.append(
            Event(
                "round_end",
                ender,
                {"round": self._round, "moves": moves, "levels": list(self._levels)},
            )
        )
        if self._levels[ender] > len(self._seqs[ender]):
            self._levels = put(self._levels, ender, len(self._seqs[ender]) + 1)
            self._win(ender, "went_out", len(self._seqs[ender]) - 1, events)
            return
        queue = []
        for k in range(1, self._n + 1):
            q = (ender + k) % self._n
            if not self._laid[q] and self._hands[q] and self._may_keep(q):
                queue.append(q)
        self._keep_queue = queue
        if queue:
            self._phase = "keep"
            self._current = queue[0]
        else:
            self._phase = "round_over"
            self._current = self._next_dealer()

    def _may_keep(self, q: int) -> bool:
        """Whether ``q`` (who did not lay down) may keep cards: the two-star rule."""
        return self._levels[q] in self._seqs[q].keep_levels

    def _next_dealer(self) -> int:
        """Who deals the next round (and acts in the "round_over" phase): the dealer's left."""
        return (self._dealer + 1) % self._n

    def _win(self, p: int, reason: str, level: int, events: list[Event]) -> None:
        """``reason``: "last_level" (laid it down) or "went_out" (after laying ``level``)."""
        self._winners = (p,)
        self._phase = "over"
        events.append(Event("win", p, {"winner": p, "reason": reason, "level": level}))

    # ------------------------------------------------------------------ checks
    def _check(self, phase: str | tuple[str, ...], player: int | None, what: str) -> int:
        p = self._current
        if (
            self._phase == phase
            and (player is None or (type(player) is int and player == p))
            and len(self._history) < MAX_HISTORY
        ):
            return p  # the usual case; anything else goes through the checks in order
        if len(self._history) >= MAX_HISTORY:  # its record could not be read back
            raise Level8LimitError.coded(
                "level8.too_long",
                "cannot {what}: the game has {steps} steps, as many as a saved game may hold",
                what=what,
                steps=MAX_HISTORY,
            )
        if player is not None and type(player) is not int:
            raise refuse(PlayerTypeError, "player", seats(self._names, names_too=False), player)
        if self._phase == "over":
            raise GameOverError.coded(
                "level8.game_over",
                "cannot {what}: the game is over ({winners:, } won)",
                what=what,
                winners=[self._names[q] for q in self._winners],
            )
        phases = (phase,) if isinstance(phase, str) else phase
        p = self._current
        if player is not None and player != p:
            raise NotYourTurnError.coded(
                "level8.not_your_turn",
                "{name} cannot {what}: it is {current}'s turn",
                name=self._names[player] if 0 <= player < self._n else show(player),
                what=what,
                current=self._names[p],
            )
        if self._phase not in phases:
            raise WrongPhaseError.coded(
                "level8.wrong_phase",
                "{name} cannot {what} now; it is the {phase!r} phase, in which they must {help}",
                name=self._names[p],
                what=what,
                phase=self._phase,
                help=self._phase_help[self._phase],
            )
        return p

    def _hand_card(self, p: int, card: object, what: str) -> int:
        cid = card if type(card) is int and 0 <= card < N_IDS else parse_card(card)
        if cid not in self._deck_ids:
            raise CardError.coded(
                "level8.not_in_game",
                "card {card} is out of range for this game, which has {count} cards",
                card=CODES[cid],
                count=len(self._deck_ids),
            )
        if cid not in self._hands[p]:
            raise CardNotInHandError.coded(
                "level8.not_in_hand",
                "{name} cannot {what} {card}: that card is not in their hand",
                name=self._names[p],
                what=what,
                card=CODES[cid],
            )
        return cid

    def _player_index(self, q: object, role: str) -> int:
        """The seat ``q`` names (a seat number or a player's name); ``role`` says which
        argument it is in messages."""
        if type(q) is int and 0 <= q < self._n:
            return q
        if isinstance(q, str) and q in self._names:
            return self._names.index(q)
        if not isinstance(q, str) and not is_int(q):
            raise refuse(ActionTypeError, role, seats(self._names), q)
        raise IllegalActionError.coded(
            "level8.no_player",
            "{player} is not a player ({role}); seats are 0–{last}",
            player=show(q),
            role=role,
            last=self._n - 1,
        )

    def _seat(self, player: object) -> int:
        """A seat number in range (queries about one player: hand, melds, level)."""
        if type(player) is int and 0 <= player < self._n:
            return player
        return need_seat(player, self._names, "player", by_name=False)

    def current_level(self, player: int) -> Level | None:
        """The level ``player`` must lay down now (None once they have won)."""
        player = self._seat(player)
        lv = self._levels[player]
        seq = self._seqs[player]
        return seq.level(lv) if lv <= len(seq) else None

    # ------------------------------------------------------------------ actions
    def _do_draw(self, p: int, source: object) -> list[Event]:
        """:meth:`Level8.draw` for ``p``, who may act now (checked)."""
        src = self._pile_to_take(p, source)
        self._begin_entry()
        events: list[Event] = []
        self._take_top(p, src, events)
        self._phase = "play"
        return self._end_entry(shared_action("draw", p, src), events)

    # -- taking a pile's top card: the card game's draw and the board game's take -------------
    def _pile_to_take(self, p: int, source: object) -> int | None:
        """The pile ``source`` names for ``p`` (None/"pile": the draw pile, else a seat's
        discard pile), refused when there is nothing to take from it."""
        if source is None or source == "pile":
            if not self._draw and not self._refills_before_drawing():
                raise self._empty_pile(p, None)
            return None
        src = self._player_index(source, "discard pile owner")
        if not self._discards[src]:
            raise self._empty_pile(p, src)
        return src

    def _take_top(self, p: int, src: int | None, events: list[Event]) -> None:
        """``p`` takes the top card of the pile :meth:`_pile_to_take` chose."""
        if src is None:
            self._draw_from_pile(p, events)
        else:
            card = self._discards[src].pop()
            self._hands[p].append(card)
            events.append(Event("draw", p, {"source": src, "card": card}))

    def _draw_from_pile(self, q: int, events: list[Event]) -> int | None:
        """``q`` draws the top card of the draw pile, rebuilt first if it must be (the board
        game) and after its last card (both games); with nothing to draw at all the draw is
        skipped (event ``pile_empty``)."""
        self._rebuild_if_needed(events)
        if not self._draw:
            events.append(Event("pile_empty", q, {}))
            return None
        card = self._draw.pop()
        self._hands[q].append(card)
        events.append(Event("draw", q, {"source": "pile", "card": card}))
        self._rebuild_if_needed(events)
        return card

    def _refills_before_drawing(self) -> bool:
        """The card game rebuilds its draw pile only as its last card is drawn (spec)."""
        return False

    def _empty_pile(self, p: int, src: int | None) -> Level8Error:
        """The refusal to draw from an empty pile (``src`` None: the draw pile)."""
        nm = self._names
        if src is None:
            return EmptyPileError.coded(
                "level8.draw_pile_empty",
                "{name} cannot draw from the draw pile: it is empty "
                "(take the top card of a discard pile instead)",
                name=nm[p],
            )
        return EmptyPileError.coded(
            "level8.discard_pile_empty",
            "{name} cannot draw from {owner}'s discard pile: it is empty",
            name=nm[p],
            owner=nm[src],
        )

    def lay_down(self, combos: Iterable[object], *, player: int | None = None) -> list[Event]:
        """Lay down the complete current level at once: one combination per requirement.

        Each combination is a :class:`Combo` (e.g. from :func:`solve`) or
        ``(kind, cards, {joker: meaning})``; meanings may be left out when unambiguous.
        """
        return self._do_lay_down(self._check("play", player, "lay down"), combos)

    def check_lay_down(self, combos: Iterable[object], *, player: int | None = None) -> None:
        """Raise what :meth:`lay_down` would raise for ``combos`` now, and change nothing: a
        dry run on a copy that tells no listener (a dialog asks before the player confirms)."""
        trial = self.clone()
        trial._listeners = Listeners()
        trial.lay_down(combos, player=player)

    def _do_lay_down(self, p: int, combos: Iterable[object]) -> list[Event]:
        """:meth:`lay_down` for ``p``, who may act now (checked)."""
        nm = self._names
        seq = self._seqs[p]
        lv = self._levels[p]
        level: Level | None
        if type(seq) is LevelSequence and 0 < lv <= len(seq.levels):
            level = seq.levels[lv - 1]  # current_level(p), inline
        else:
            level = self.current_level(p)
        assert level is not None
        if self._laid[p]:
            raise LayDownError.coded(
                "level8.laid_already",
                "{name} has already laid down level {level} this round; now they may only add "
                "cards to laid combinations",
                name=nm[p],
                level=lv,
            )
        if isinstance(combos, (Combo, str)):
            combos = [combos]
        elif type(combos) is not list and type(combos) is not tuple:
            combos = bounded(combos, MAX_COMBOS, "combos", _COMBOS)
        elif len(combos) > MAX_COMBOS:
            raise refuse(ActionLimitError, "combos", _COMBOS, combos)
        # a Combo in normal form (the solver's) is taken as it is; anything else is parsed
        parsed = [c if type(c) is Combo and is_normal(c) else _as_combo(c) for c in combos]
        used: list[int] = []
        for combo in parsed:
            used += combo.cards
        used_set = set(used)
        if len(used_set) != len(used):
            dup = [CODES[c] for c, k in Counter(used).items() if k > 1]
            raise InvalidCombinationError.coded(
                "level8.card_twice", "a card cannot be used twice: {cards:, }", cards=dup
            )
        hand = self._hands[p]
        if not used_set.issubset(hand):
            missing = [CODES[c] for c in used if c not in hand]
            raise CardNotInHandError.coded(
                "level8.not_held", "{name} does not hold {cards:, }", name=nm[p], cards=missing
            )
        # the same parts in any order: equal as sorted lists (multisets)
        if level.shape() != sorted([(c.kind, len(c.cards)) for c in parsed]):
            offered = " + ".join(f"{c.kind} of {len(c.cards)}" for c in parsed) or "nothing"
            raise LevelMismatchError.coded(
                "level8.level_mismatch",
                "level {level} of {name} needs exactly {need} (all at once, no more, no less); "
                "offered: {offered}",
                level=lv,
                name=nm[p],
                need=level.describe(),
                offered=offered,
                req=[[r.kind, r.n] for r in level.requirements],
            )
        final = lv == len(seq)
        if len(used) >= len(hand) and not final:
            raise LayDownError.coded(
                "level8.keep_one",
                "{name} must keep one card to discard at the end of the turn",
                name=nm[p],
            )
        self._begin_entry()
        self._hands[p] = [c for c in hand if c not in used_set]
        laid = tuple(parsed)
        self._melds = put(self._melds, p, self._melds[p] + tuple([Meld(p, c) for c in laid]))
        self._laid = put(self._laid, p, True)
        events = [Event("lay_down", p, {"level": lv, "combos": [c.to_dict() for c in laid]})]
        if final:
            self._win(p, "last_level", lv, events)
            self._levels = put(self._levels, p, self._levels[p] + 1)
        return self._end_entry(Action("lay_down", p, combos=laid), events)

    def add_on(
        self,
        card: object,
        target: int | str,
        index: int = 0,
        number: int | None = None,
        *,
        player: int | None = None,
    ) -> list[Event]:
        """Add a hand card to laid combination ``index`` of player ``target``.

        ``number`` declares what a joker stands for at a run's end when both ends are open.
        """
        if type(index) is not int or (number is not None and type(number) is not int):
            self._add_on_types(index, number)  # (refused before the turn is checked)
        return self._do_add_on(
            self._check("play", player, "add a card"), card, target, index, number
        )

    def _do_add_on(
        self, p: int, card: object, target: object, index: object, number: object
    ) -> list[Event]:
        """:meth:`add_on` for ``p``, who may act now (checked)."""
        if type(index) is not int or (number is not None and type(number) is not int):
            index, number = self._add_on_types(index, number)  # (apply's usual case: not here)
        nm = self._names
        if not self._laid[p]:
            raise AddOnError.coded(
                "level8.lay_down_first",
                "{name} must lay down their own level before adding cards",
                name=nm[p],
            )
        cid = self._hand_card(p, card, "add")
        owner = self._player_index(target, "owner of the combination")
        melds = self._melds[owner]
        if not 0 <= index < len(melds):
            raise AddOnError.coded(
                "level8.no_meld",
                "{owner} has no laid combination #{index} (they have {count})",
                owner=nm[owner],
                index=short(index),
                count=len(melds),
            )
        meld = melds[index]
        opts = meld.options(cid)
        if not opts:
            raise self._no_fit_error(cid, meld)
        if number is None:
            if len(opts) > 1:
                raise AddOnError.coded(
                    "level8.either_end",
                    "{card} could go at either end of the run {lo}–{hi}: declare number={first} "
                    "or number={second}",
                    card=CODES[cid],
                    lo=meld.lo,
                    hi=meld.hi,
                    first=opts[0],
                    second=opts[1],
                )
            meaning = opts[0]
        else:
            if number not in opts:
                raise AddOnError.coded(
                    "level8.cannot_stand",
                    "{card} cannot stand for {number} in this {kind}; "
                    "it can only be {allowed: or }",
                    card=CODES[cid],
                    number=short(number),
                    kind=meld.kind,
                    allowed=opts,
                )
            meaning = number
        if len(self._hands[p]) < 2:
            raise AddOnError.coded(
                "level8.keep_one",
                "{name} must keep one card to discard at the end of the turn",
                name=nm[p],
            )
        self._begin_entry()
        self._hands[p].remove(cid)
        meld = meld.grown(cid, meaning)
        self._melds = put(self._melds, owner, put(melds, index, meld))
        shape = (
            {"kind": "run", "lo": meld.lo, "hi": meld.hi}
            if meld.kind == "run"
            else {"kind": meld.kind, "value": meld.value}
        )
        events = [
            Event(
                "add_on",
                p,
                {"card": cid, "owner": owner, "index": index, "meaning": meaning, "combo": shape},
            )
        ]
        action = shared_action("add_on", p, None, cid, owner, index, meaning)
        return self._end_entry(action, events)

    @staticmethod
    def _add_on_types(index: object, number: object) -> tuple[int, int | None]:
        """Refuse an index or a declared number that is no whole number (``14.0``, ``True``);
        gives both back, checked."""
        if not is_int(index):
            raise refuse(
                ActionTypeError, "index", "a whole number (0: the first combination)", index
            )
        if number is not None and not is_int(number):
            raise refuse(ActionTypeError, "number", "None or a whole number from 1 to 15", number)
        # (both checked just above: whole numbers, an int subclass such as an IntEnum too)
        return cast(int, index), cast("int | None", number)

    def _no_fit_error(self, cid: int, meld: Meld) -> AddOnError:
        """Why ``cid`` cannot be added to ``meld`` (it has no way to fit)."""
        card = CODES[cid]
        if FIRST_SKIP <= cid < END_SKIP:
            return AddOnError.coded(
                "level8.skip_never_joins",
                "{card} is a skip card; skip cards never join a combination",
                card=card,
            )
        if meld.kind == "run":
            ends = [v for v in (meld.lo - 1, meld.hi + 1) if 1 <= v <= 15]
            if not ends:
                return AddOnError.coded(
                    "level8.run_complete",
                    "the run {lo}–{hi} is complete (runs never go past 1 or 15)",
                    lo=meld.lo,
                    hi=meld.hi,
                )
            return AddOnError.coded(
                "level8.run_no_fit",
                "{card} does not fit the run {lo}–{hi}: a run only grows at its ends, here with "
                "{ends: or } (no wrap from 15 to 1)",
                card=card,
                lo=meld.lo,
                hi=meld.hi,
                ends=ends,
            )
        if meld.kind == "set":
            return AddOnError.coded(
                "level8.set_no_fit",
                "{card} does not fit this set: it only takes cards numbered {number}",
                card=card,
                number=meld.value,
            )
        from .cards import COLOUR_LETTERS

        return AddOnError.coded(
            "level8.colour_no_fit",
            "{card} does not fit this colour group: it only takes cards of colour {colour}",
            card=card,
            colour=COLOUR_LETTERS[meld.value],
        )

    def discard(self, card: object, *, player: int | None = None) -> list[Event]:
        """Put a hand card on your own discard pile, ending the turn (or the round)."""
        return self._do_discard(self._check("play", player, "discard"), card)

    def _do_discard(self, p: int, card: object) -> list[Event]:
        """:meth:`discard` for ``p``, who may act now (checked)."""
        cid = self._hand_card(p, card, "discard")
        hand = self._hands[p]
        self._begin_entry()
        hand.remove(cid)
        self._discards[p].append(cid)
        events = [Event("discard", p, {"card": cid})]
        if not hand:
            self._end_round(p, events)
        else:
            self._next_turn(events)
        return self._end_entry(shared_action("discard", p, None, cid), events)

    def _do_skip(self, p: int, target: object, card: object) -> list[Event]:
        """:meth:`skip` for ``p``, who may act now (checked)."""
        nm = self._names
        if card is None:
            skips = [c for c in self._hands[p] if FIRST_SKIP <= c < END_SKIP]
            if not skips:
                raise SkipError.coded(
                    "level8.no_skip_card", "{name} holds no skip card", name=nm[p]
                )
            cid = min(skips)
        else:
            cid = self._hand_card(p, card, "play")
            if not FIRST_SKIP <= cid < END_SKIP:
                raise SkipError.coded(
                    "level8.not_skip_card", "{card} is not a skip card", card=CODES[cid]
                )
        q = self._player_index(target, "skip target")
        if q == p:
            raise SkipError.coded(
                "level8.skip_self", "{name} cannot skip themself; choose another player", name=nm[p]
            )
        if self._skips[q] is not None:
            raise SkipError.coded(
                "level8.skip_taken",
                "{target} already has a skip card in front of them; choose another player",
                target=nm[q],
            )
        self._begin_entry()
        self._hands[p].remove(cid)
        if not self._hands[p]:
            self._discards[p].append(cid)
            events = [Event("skip", p, {"card": cid, "target": q, "effect": False})]
            self._end_round(p, events)
        else:
            self._skips = put(self._skips, q, cid)
            events = [Event("skip", p, {"card": cid, "target": q, "effect": True})]
            self._next_turn(events)
        return self._end_entry(shared_action("skip", p, None, cid, q), events)

    def _do_skip_turn(self, p: int) -> list[Event]:
        """:meth:`skip_turn` for ``p``, who may act now (checked)."""
        self._begin_entry()
        cid = self._skips[p]
        assert cid is not None
        self._skips = put(self._skips, p, None)
        self._under = (*self._under, cid)
        events = [Event("skip_turn", p, {"card": cid})]
        self._next_turn(events)
        return self._end_entry(shared_action("skip_turn", p), events)

    def keep(self, cards: Iterable[object] = (), *, player: int | None = None) -> list[Event]:
        """Two-star rule: keep up to 4 hand cards for the next round (may be none)."""
        p = self._check("keep", player, "keep cards")
        ids = parse_cards(cards)
        nm = self._names
        if len(set(ids)) != len(ids):
            raise KeepError.coded("level8.keep_twice", "the same card was named twice")
        if len(ids) > KEEP_MAX:
            raise KeepError.coded(
                "level8.keep_max",
                "{name} may keep at most {most} cards, not {count}",
                name=nm[p],
                most=KEEP_MAX,
                count=len(ids),
            )
        for c in ids:
            if c not in self._hands[p]:
                raise KeepError.coded(
                    "level8.keep_not_in_hand",
                    "{name} cannot keep {card}: it is not in their hand",
                    name=nm[p],
                    card=CODES[c],
                )
        self._begin_entry()
        for c in ids:
            self._hands[p].remove(c)
        self._kept = put(self._kept, p, tuple(sorted(ids)))
        events = [Event("keep", p, {"count": len(ids), "cards": sorted(ids)})]
        self._keep_queue.pop(0)
        if self._keep_queue:
            self._current = self._keep_queue[0]
        else:
            self._phase = "round_over"
            self._current = self._next_dealer()
        return self._end_entry(Action("keep", p, cards=tuple(sorted(ids))), events)

    def next_round(self, *, player: int | None = None) -> list[Event]:
        """Start the next round: the next dealer reshuffles (all but kept cards) and deals."""
        p = self._check("round_over", player, "deal the next round")
        self._begin_entry()
        self._dealer = self._next_dealer()
        events = self._deal()
        return self._end_entry(shared_action("next_round", p), events)

    def apply(self, action: Action) -> list[Event]:
        """Perform an :class:`Action` (e.g. one of :meth:`legal_actions`)."""
        if type(action) is not Action and not isinstance(action, Action):
            raise not_an_action(action)
        k = action.kind
        pl = action.player
        # the usual case, the player on turn in the action's phase (as _check would find it),
        # goes straight to the step (_do_draw, ...); anything else through the public method,
        # which checks in order and raises (a subclass changes a step in its _do_ method,
        # which both paths call)
        phase = self._phase
        if type(pl) is not int or pl != self._current or len(self._history) >= MAX_HISTORY:
            phase = None
        if k == "draw":  # (the kinds in the order of how often bots take them)
            if phase == "draw":
                return self._do_draw(pl, action.source)
            # (only Level8 has the card game's draw and skips: Level8Board.apply refuses them)
            return cast("Level8", self).draw(action.source, player=pl)
        if k == "discard":
            if action.card is None:
                raise CardNotInHandError("a discard needs a card")
            if phase == "play":
                return self._do_discard(pl, action.card)
            return self.discard(action.card, player=pl)
        if k == "add_on":
            if action.card is None or action.target is None or action.index is None:
                raise AddOnError("an add-on needs a card, a target player and an index")
            if phase == "play":
                return self._do_add_on(pl, action.card, action.target, action.index, action.meaning)
            return self.add_on(action.card, action.target, action.index, action.meaning, player=pl)
        if k == "lay_down":
            if phase == "play":
                return self._do_lay_down(pl, action.combos)
            return self.lay_down(action.combos, player=pl)
        if k == "skip":
            if action.target is None:
                raise SkipError("a skip needs a target player")
            if phase == "play":
                return self._do_skip(pl, action.target, action.card)
            return cast("Level8", self).skip(action.target, action.card, player=pl)  # (as draw)
        if k == "skip_turn":
            if phase == "skipped":
                return self._do_skip_turn(pl)
            return cast("Level8", self).skip_turn(player=pl)  # (as draw)
        if k == "keep":
            return self.keep(action.cards, player=pl)
        if k == "next_round":
            return self.next_round(player=pl)
        raise IllegalActionError(f"{show(k)} is not an action a player can take")

    def preview(self, action: Action) -> list[Event]:
        """What ``action`` would do now, without doing it: the events :meth:`apply` would
        return (for hints, lessons and "what if" buttons).

        It plays the action on a private :meth:`clone`, so the game, its history, RNG state
        and listeners stay untouched; an illegal action raises the same error as
        :meth:`apply`. The events name the card a blind draw would take, which nobody has
        seen yet (not even the drawer: :meth:`events_for` does not hide it from them), so
        show a preview to a teacher, not to a player.
        """
        return self.clone().apply(action)

    # ------------------------------------------------------------------ queries
    @property
    def n_players(self) -> int:
        """Deprecated name of :attr:`num_players`."""
        renamed(f"{type(self).__name__}.n_players", "num_players")
        return self._n

    @property
    def num_players(self) -> int:
        """How many seats play (the protocol's name, :mod:`levelwidgets.protocol`)."""
        return self._n

    def returns(self) -> list[float]:
        """One number per seat: winners share 1 at the end; all 0 before."""
        return shared_returns(self._winners, self._n, self._phase == "over")

    def is_chance(self) -> bool:
        """Always False: a shuffle (101! orders) is sampled inside the step that causes it
        and stored with that step (:meth:`steps`), not offered as a step of its own."""
        return False

    def chance_outcomes(self) -> list:
        """Always []: shuffles cannot be listed (see :meth:`is_chance`)."""
        return []

    def steps(self) -> list[dict]:
        """Every step after the first deal as data: the action and the shuffles it caused."""
        return [
            {"action": e.action.to_dict(), "chance": [list(c) for c in e.chance]}
            for e in self.history[1:]
        ]

    @classmethod
    def replay(cls, config: object, steps: Iterable[Mapping]) -> Self:
        """The game ``config`` and ``steps`` (see :meth:`steps`) describe, each step checked:
        an illegal one raises its error, shuffles that do not fit :class:`CorruptStateError`."""
        if not isinstance(steps, (list, tuple)):
            raise CorruptStateError(f"the steps must be a list, not {show(steps)}")
        game = cls.from_config(config)
        for number, step in enumerate(steps, start=1):
            if not isinstance(step, Mapping) or set(step) != {"action", "chance"}:
                raise CorruptStateError(
                    f"step {number} is not {{'action': ..., 'chance': [...]}}: {show(step)}"
                )
            try:
                action = Action.from_dict(step["action"])
            except (LookupError, TypeError, ValueError) as exc:
                raise CorruptStateError(f"step {number} holds no action: {show(exc)}") from None
            game.apply_recorded(action, step["chance"])
        return game

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def seed(self) -> int | str:
        return self._seed

    @property
    def sides(self) -> tuple[LevelSequence, ...]:
        return self._seqs

    @property
    def current_player(self) -> int:
        return self._current

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def round(self) -> int:
        return self._round

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def levels(self) -> list[int]:
        """Current level number per player (last level + 1 for the winner)."""
        return list(self._levels)

    @property
    def laid_down(self) -> list[bool]:
        return list(self._laid)

    @property
    def draw_pile_size(self) -> int:
        return len(self._draw)

    @property
    def discard_tops(self) -> list[int | None]:
        return [d[-1] if d else None for d in self._discards]

    def hand(self, player: int) -> list[int]:
        """The card ids in seat ``player``'s hand (a teacher's view)."""
        return list(self._hands[self._seat(player)])

    def melds(self, player: int) -> list[Combo]:
        """The combinations seat ``player`` has laid (grown by add-ons)."""
        return [m.combo() for m in self._melds[self._seat(player)]]

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        return tuple(self._history)

    def history_from(self, start: int) -> tuple[HistoryEntry, ...]:
        """``history[start:]`` (``start`` from 0 to the number of entries) without copying
        the entries before it: a widget reads the newest after each step of a long game."""
        size = len(self._history)
        need_int(start, "start", 0, size, allowed=f"a whole number between 0 and {size}")
        return tuple(self._history[start:])

    def history_entry(self, index: int) -> HistoryEntry:
        """``history[index]`` (from 0, the deal) without copying the history."""
        last = len(self._history) - 1
        need_int(index, "index", 0, last, allowed=f"a whole number between 0 and {last}")
        return self._history[index]

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player (lay-downs capped, see lay_down_cap)."""
        return list(legal_actions_for(self.observation(TEACHER)))

    def observation(self, player: int | str | None) -> Observation:
        """The view of seat ``player``; ``None``/"spectator" sees no hand, "teacher" all
        (made by the seat-view gate, :func:`~levelwidgets.level8.visibility.observe`)."""
        if type(player) is not int or not 0 <= player < self._n:  # (a seat: the usual case)
            player = self._viewer(player)
        return observe(self, player)

    def _viewer(self, viewer: object) -> int | str:
        """A viewer other than a seat number in range: "spectator" (also for None),
        "teacher", or a seat by name; anything else is refused."""
        if viewer is None:
            return SPECTATOR
        if viewer in (TEACHER, SPECTATOR):
            return viewer
        return self._player_index(viewer, "viewer")

    def events_for(self, events: Iterable[Event], viewer: int | str | None) -> list[Event]:
        """``events`` as ``viewer`` may see them (a seat, "spectator"/None or "teacher"): see
        :func:`~levelwidgets.level8.visible_event` (the blind-drawn card and kept cards are
        left out for everyone but their player and the teacher)."""
        if viewer is not None and not (isinstance(viewer, str) and viewer in (SPECTATOR, TEACHER)):
            viewer = self._player_index(viewer, "viewer")
        listed = bounded(events, MAX_EVENTS, "events", "a list of Events")
        if not all(isinstance(e, Event) for e in listed):
            raise refuse(ActionTypeError, "events", "a list of Events", events)
        return events_for(cast("tuple[Event, ...]", listed), viewer)  # (each checked above)

    def state_dict(self) -> dict:
        """The complete position as plain data (no RNG state, no history)."""
        d = {
            "levels": list(self._levels),
            "laid": list(self._laid),
            "hands": [list(h) for h in self._hands],
            "discards": [list(d) for d in self._discards],
            "draw": list(reversed(self._draw)),
            "under": list(self._under),
            "melds": [[m.to_dict() for m in ms] for ms in self._melds],
            "skips": list(self._skips),
            "kept": [list(k) for k in self._kept],
            "keep_queue": list(self._keep_queue),
            "dealer": self._dealer,
            "current": self._current,
            "phase": self._phase,
            "round": self._round,
            "winners": list(self._winners),
        }
        if any(self._draws_skipped):  # only then: records of other games keep their form
            d["draws_skipped"] = list(self._draws_skipped)
        return d

    def snapshot(self) -> dict:
        """Everything that defines the game now (state, RNG, history), for comparisons."""
        return {
            "state": self.state_dict(),
            "rng": rng_to_json(self._rng.getstate()),
            "history": [e.to_dict() for e in self._history],
            "config": self._config,
        }

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` if any of the spec's invariants is violated."""
        check_invariants(self)

    # ------------------------------------------------------------------ undo / replay
    def _rebuild(self, entries: Sequence[HistoryEntry], verify_rng: bool = True) -> Self:
        """A fresh game from this game's config, replaying ``entries`` (the first is the deal)."""
        return type(self)._from_config(self._config, entries, verify_rng)

    @classmethod
    def _from_config(
        cls, config: Mapping, entries: Sequence[HistoryEntry], verify_rng: bool = True
    ) -> Self:
        position = config.get("position")
        first = "setup" if position is not None else "deal"
        if not entries or entries[0].action.kind != first:
            start = "the set-up position" if position is not None else "the first deal"
            raise CorruptStateError(f"a history must start with {start}")
        if position is not None and entries[0].action != Action("setup", position["current"]):
            raise CorruptStateError("the history's set-up entry does not match the position")
        g = cls.__new__(cls)
        g._init_state(dict(config), [LevelSequence.from_dict(s) for s in config["sides"]])
        g._script = deque(c for e in entries for c in e.chance)
        g._verify_rng = verify_rng
        g._begin_entry()
        if position is not None:
            g._end_entry(entries[0].action, g._place(position))
        else:
            if entries[0].action != Action("deal", config["dealer"]):
                raise CorruptStateError("the history's first deal is not dealt by the dealer")
            deck = config.get("deck")
            g._end_entry(entries[0].action, g._deal(list(deck) if deck is not None else None))
        if g._history[0].chance != entries[0].chance:
            start = "set-up position" if position is not None else "first deal"
            raise CorruptStateError(f"the history records the wrong shuffle for the {start}")
        for i, e in enumerate(entries[1:], 1):
            try:
                g.apply(e.action)
            except CorruptStateError:
                raise
            except Level8Error as err:
                raise CorruptStateError(f"history step {i} is not legal: {err}") from None
            except (LookupError, TypeError, ValueError, OverflowError) as err:
                raise CorruptStateError(
                    f"history step {i} ({e.action.kind}) cannot be played: "
                    f"{type(err).__name__}: {str(err)[:120]}"
                ) from None
            if g._history[-1].chance != e.chance:
                raise CorruptStateError(f"history step {i} records the wrong shuffles")
        if g._script:
            raise CorruptStateError("history records more shuffles than the game used")
        g._script = None
        g._verify_rng = False
        return g

    def _become(self, other: CardTable) -> None:
        listeners = self._listeners
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)
        self._listeners = listeners

    @property
    def plies(self) -> int:
        """Number of plies played since the start.

        A ply is one history entry played after the start: a Level X turn, a Level 8 action
        after the deal (or after a set-up position).
        """
        return len(self._history) - 1

    def _check_ply(self, ply: object, what: str = "ply") -> int:
        plies = len(self._history) - 1
        return need_int(
            ply, what, 0, plies, error=UndoError, type_error=UndoTypeError,
            allowed=f"a whole number between 0 and {plies}",
        )  # fmt: skip

    def undo(self, n: int = 1) -> HistoryEntry | None:
        """Take back the last ``n`` actions (default 1), as ``n`` calls of ``undo()`` would.

        In Level 8 an action is a ply. In Level X ``undo()`` takes back an unplayed roll
        first, and a turn taken back leaves its dice rolled (a second ``undo()`` takes back
        that roll), so a Level X ply is two actions. The start cannot be undone: asking for
        more raises the engine's error and changes nothing. The position is replayed once,
        the random generator included, and listeners hear one change. Returns the earliest
        action taken back (Level X: a ``Turn``, or the dice of a roll; Level 8: a
        ``HistoryEntry``), or None for ``n=0``.
        """
        need_int(
            n, "n", 0, error=UndoError, type_error=UndoTypeError,
            allowed="a non-negative whole number",
        )  # fmt: skip
        if n >= len(self._history):
            start = "the set-up position" if "position" in self._config else "the first deal"
            raise UndoError.coded(
                "level8.undo_too_far",
                "cannot undo {n:step|steps}: only {played:action was|actions were} played "
                "since {start}",
                n=short(n),
                played=len(self._history) - 1,
                start=start,
            )
        if not n:
            return None
        undone = self._history[-n]
        self._become(self._rebuild(self._history[:-n]))
        self._notify([])
        return undone

    def goto(self, ply: int) -> None:
        """Go back to the position after the first ``ply`` plies (0: the start).

        ``ply`` is at most :attr:`plies` (going forward again is the caller's redo). A ply is
        one history entry played after the start: a Level X turn (the position is the one
        before the next roll), a Level 8 action after the deal (or after a set-up position).
        One replay; listeners hear one change.
        """
        back = len(self._history) - 1 - self._check_ply(ply)
        if back:
            self.undo(back)

    def after(self, ply: int) -> Self:
        """A new game at the position after the first ``ply`` plies (0: the start).

        This game stays untouched. A ply is one history entry played after the start: a
        Level X turn (the position is the one before the next roll), a Level 8 action after
        the deal (or after a set-up position).
        """
        return self._rebuild(self._history[: self._check_ply(ply) + 1])

    def undo_to(self, length: int) -> None:
        """Go back to the position after the first ``length`` history entries."""
        size = len(self._history)
        need_int(
            length, "length", 1, size, error=UndoError, type_error=UndoTypeError,
            allowed=f"a whole number between 1 and {size}",
        )  # fmt: skip
        self.undo(size - length)

    @classmethod
    def from_history(
        cls,
        game_or_config: CardTable | Mapping,
        entries: Sequence[HistoryEntry],
    ) -> Self:
        """Rebuild a position from recorded chance outcomes alone (the RNG is not consulted;
        further shuffles of the rebuilt game continue from the seed's initial state)."""
        cfg: Mapping
        if isinstance(game_or_config, CardTable):
            cfg = game_or_config._config
        elif isinstance(game_or_config, Mapping):
            cfg = game_or_config
        else:
            raise refuse(
                ActionTypeError, "game_or_config", "a Level8 game or its config", game_or_config
            )
        listed = bounded(entries, MAX_ENTRIES, "entries", "a list of HistoryEntry records")
        if not all(isinstance(e, HistoryEntry) for e in listed):
            raise refuse(ActionTypeError, "entries", "a list of HistoryEntry records", entries)
        try:
            # (each entry checked above)
            return cls._from_config(cfg, cast("tuple[HistoryEntry, ...]", listed), verify_rng=False)
        except (KeyError, TypeError, AttributeError) as e:  # a config of the wrong shape
            raise CorruptStateError(f"invalid config: {show(e)}") from None

    @property
    def config(self) -> dict:
        """The game's set-up as plain data, in the form :meth:`to_json` writes (a copy)."""
        return copy.deepcopy(self._config)

    @classmethod
    def from_config(cls, config: object) -> Self:
        """A new game at the start ``config`` (see :attr:`config`) describes: after the first
        deal, or at the set-up position. Checked like a loaded record
        (:class:`CorruptStateError`)."""
        if not isinstance(config, Mapping):
            raise CorruptStateError(f"a config is a JSON object {{...}}, not {show(config)}")
        return check_config(cls, copy.deepcopy(config))

    def apply_recorded(self, action: Action, chance: Sequence[Sequence[int]] = ()) -> list[Event]:
        """Replay one recorded step: ``action`` with the shuffle orders it caused.

        The shuffles are taken from ``chance`` and must be the ones this game's RNG makes (the
        RNG moves on as when the step was first played), so a rebuilt position plays on like
        the original. An illegal action raises its error and changes nothing; shuffles that
        do not fit raise :class:`CorruptStateError` and may leave the game part-way (replay on
        a :meth:`clone`). Listeners are told as for :meth:`apply`.
        """
        self._script = deque(tuple(c) for c in chance)
        self._verify_rng = True
        try:
            events = self.apply(action)
            if self._script:
                raise CorruptStateError("the step records more shuffles than it caused")
        finally:
            self._script = None
            self._verify_rng = False
        return events

    def clone(self) -> Self:
        """An independent copy (same position, RNG state and history)."""
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g._rng = copy_rng(self._rng)
        g._hands = [list(h) for h in self._hands]
        g._discards = [list(d) for d in self._discards]
        g._draw = list(self._draw)
        # (a Meld is never changed by the engine, but it is mutable: a clone gets its own)
        g._melds = tuple([tuple([m.copy() for m in ms]) for ms in self._melds])
        g._draws_skipped = list(self._draws_skipped)
        g._keep_queue = list(self._keep_queue)
        g._history = list(self._history)
        g._chance = []
        g._config = dict(self._config)
        g._listeners = Listeners()
        return g

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict:
        """Config, full history (with shuffles), state and RNG state as plain data."""
        return game_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """:meth:`to_dict` as a JSON string; :meth:`from_json` restores and verifies it."""
        return game_to_json(self, indent)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardTable) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Restore a game; the history is replayed and checked against the stored state."""
        return game_from_json(cls, text)

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        parts = []
        for q in range(self._n):
            mark = "*" if q == self._current and self._phase != "over" else ""
            laid = "+" if self._laid[q] else ""
            parts.append(
                f"{mark}{self._names[q]}: L{self._levels[q]}{laid} ({len(self._hands[q])} cards)"
            )
        win = f", winners={[self._names[w] for w in self._winners]}" if self._winners else ""
        return (
            f"<{type(self).__name__} round {self._round}, phase {self._phase!r}, "
            f"turn {self._names[self._current]}{win}; draw pile {len(self._draw)}; "
            + "; ".join(parts)
            + ">"
        )

    def to_svg(self, viewer: int | str | None = None, language: str = "en") -> str:
        """A static picture (SVG) of the position as ``viewer`` sees it.

        Level 8: ``viewer`` is a seat, "spectator" or "teacher"; the default (None) is the
        spectator's view, so a saved picture shows no hand. Level X has no hidden
        information and ignores ``viewer``. A seat called "You"/"Du" is written in
        ``language``'s word (one of :data:`levelwidgets.i18n.LANGUAGES`).
        """
        return picture(self.observation(viewer), language)

    def _repr_svg_(self) -> str:
        return self.to_svg(TEACHER)

    # ------------------------------------------------------------------ action ids and text
    #: The kinds of action this game plays, in the order of their id blocks (see
    #: :mod:`.action_space`; the subclasses add theirs).
    action_kinds: tuple[str, ...] = TABLE_KINDS

    @property
    def num_distinct_actions(self) -> int:
        """How many action ids this game's config has (see :mod:`.action_space`)."""
        return space_for(self).size

    def action_id(self, action: Action) -> int:
        """The id of ``action``: global for most kinds, an option slot of this position for
        lay-downs and hand subsets; :class:`ActionIdError` when it has none."""
        return space_for(self).action_id(self, action)

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id, played by the seat that acts now."""
        return space_for(self).action_from_id(self, action_id)

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending."""
        return space_for(self).legal_action_ids(self)

    def action_to_string(self, action: Action) -> str:
        """``action`` in the game's notation, e.g. ``"discard 7R"`` (docs/protocol.md)."""
        return action_to_string(action)

    def action_from_string(self, text: str) -> Action:
        """The action ``text`` writes, played by the seat that acts now."""
        return action_from_string(text, self._current, self._n, self.action_kinds)


class Level8(CardTable):
    """A game of Level 8 (card game) for 2–6 players: :class:`CardTable` with the draw (from
    the draw pile or the top of any discard pile) and the skip cards.

    ``players``: a count (2–6) or a list of names. ``sides``: ``"one"``, ``"two"``, a custom
    level sequence (for everybody), or one of these per player. ``dealer`` is the first dealer
    (default: the last seat, so seat 0 starts); ``start_levels`` lets a teacher start players
    on later levels; ``deck`` stacks the first deal (101 card ids, first = top, see
    :func:`stack_deck`). :meth:`from_position` starts from a position set up by hand.
    """

    action_kinds = CARD_KINDS

    def draw(self, source: int | str | None = None, *, player: int | None = None) -> list[Event]:
        """Draw the top card of the draw pile (``source=None``) or of a player's discard pile."""
        return self._do_draw(self._check("draw", player, "draw"), source)

    def skip(
        self, target: int | str, card: object = None, *, player: int | None = None
    ) -> list[Event]:
        """Instead of discarding, put a skip card in front of ``target`` (ends the turn)."""
        return self._do_skip(self._check("play", player, "play a skip card"), target, card)

    def skip_turn(self, *, player: int | None = None) -> list[Event]:
        """The skipped player's whole turn: the skip card goes face up under the draw pile."""
        return self._do_skip_turn(self._check("skipped", player, "take the skipped turn"))
