"""Exact Level 8 odds from what one seat can see: which cards it has not seen, and the chance
that pile draws complete or improve its level.

Only a seat's own view is used (:func:`unseen_cards` reads ``game.observation(seat)`` and
nothing else), so the figures are the ones a careful player at that seat could work out; two
games that differ only in cards the seat cannot see give the same odds.

What counts as *seen* by a seat (everything else of the game's cards is *unseen*):

- its own hand and its own kept cards (two-star rule);
- every laid combination on the table (all seats);
- the top card of every discard pile (cards buried under a discard pile are NOT in the
  observation, so they count as unseen: the odds are those of a player who does not
  remember the discard history);
- the skip cards lying face up in front of players, and the skip cards lying face up under
  the draw pile (their number is public; which skip card is irrelevant to laying a level);
- board game: the cards shown face up for a steal, and the jokers still in the middle (their
  number is public; jokers are interchangeable).

A pile draw is modelled as a draw uniformly at random from the unseen cards, which is exact
for a seat that knows only its observation: every unseen card is equally likely to be the
next card of the pile (by symmetry), and successive draws are draws without replacement.

The chance is computed exactly (:class:`fractions.Fraction`): cards are grouped into kinds
that are interchangeable for the level (a level of sets and runs only looks at numbers, a
level of colour groups only at colours, a mixed level at both; jokers are one kind, skip
cards another), and the draws are enumerated as multisets of kinds with hypergeometric
weights. Two exact prunings keep it fast: a hand that misses more cards than there are draws
left cannot complete (one card fills at most one open place), and when the draws left equal
the cards missing, every further card must lower the cards missing, so only the kinds that
do are followed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..errors import GameTypeError, GameValueError
from .candidates import _Hand
from .cards import (
    ALL_IDS,
    COLOUR_NAMES,
    END_SKIP,
    FIRST_JOKER,
    FIRST_SKIP,
    N_IDS,
    is_joker,
    is_skip,
)
from .errors import Level8Error
from .levels import Level, parse_level
from .solver import _bound, _chosen, _level_info, _search_all, _slots, can_lay, cards_missing

__all__ = [
    "DrawOdds",
    "NeededKind",
    "OddsError",
    "OddsTypeError",
    "complete_within",
    "draw_odds",
    "kind_label",
    "missing_count",
    "unseen_by_kind",
    "unseen_cards",
]

#: The most draws :func:`complete_within` looks ahead (the enumeration grows quickly).
MAX_DRAWS = 6


class OddsError(Level8Error, GameValueError):
    """An odds question that cannot be answered (a negative number of draws, a card that is
    no card, a count below zero)."""


class OddsTypeError(OddsError, GameTypeError):
    """An odds argument of the wrong type (a float for draws, a list for the unseen cards)."""


@dataclass(frozen=True)
class NeededKind:
    """A kind of card that lowers the cards missing, and how many of it the seat has not
    seen. ``label`` is the card notation of the level's kinds: ``"7"`` (any 7: a level of
    sets and runs), ``"red"`` (a level of colour groups), ``"red 7"`` (a mixed level) or
    ``"joker"``."""

    label: str
    unseen: int


@dataclass(frozen=True)
class DrawOdds:
    """The exact odds of the next pile draw for one seat (see :func:`draw_odds`)."""

    level: str
    missing: int
    unseen: int
    complete: Fraction
    improve: Fraction
    needed: tuple[NeededKind, ...]

    def to_dict(self) -> dict:
        """JSON-friendly form (chances as floats)."""
        return {
            "level": self.level,
            "missing": self.missing,
            "unseen": self.unseen,
            "complete": float(self.complete),
            "improve": float(self.improve),
            "needed": [{"label": k.label, "unseen": k.unseen} for k in self.needed],
        }


# ---------------------------------------------------------------------- what a seat saw
def unseen_cards(game: object, seat: int) -> Counter:
    """The cards ``seat`` cannot see, as a Counter of card ids (each id once: every card of
    either game is unique), read from ``game.observation(seat)`` only (see the module
    docstring for what counts as seen). Works for Level8 and Level8Board games."""
    if type(seat) is not int:
        raise OddsTypeError(f"seat must be a seat number (an int), not {seat!r}")
    obs = game.observation(seat)  # type: ignore[attr-defined]  # (checks the seat)
    table = getattr(obs, "table", obs)  # a BoardObservation holds the card table's view
    seen: set[int] = set(table.hand or ())
    seen.update(table.kept or ())
    seen.update(c for c in table.discard_tops if c is not None)
    seen.update(c for c in table.skip_cards if c is not None)
    for ms in table.melds:
        for combo in ms:
            seen.update(combo.cards)
    for _q, cards in getattr(obs, "shown", ()) or ():
        seen.update(cards or ())
    deck = sorted(getattr(game, "_deck_ids", ALL_IDS))
    unseen = [c for c in deck if c not in seen]
    # counts that are public but name no card: interchangeable cards, dropped from the end
    public_skips = table.under_count if isinstance(table.under_count, int) else 0
    public_jokers = getattr(obs, "jokers_left", 0) or 0
    unseen = _drop_last(unseen, is_skip, public_skips)
    unseen = _drop_last(unseen, is_joker, public_jokers)
    return Counter(unseen)


def _drop_last(cards: list[int], which, n: int) -> list[int]:
    """``cards`` without the last ``n`` cards for which ``which`` holds."""
    if n <= 0:
        return cards
    out = list(cards)
    for i in range(len(out) - 1, -1, -1):
        if n and which(out[i]):
            del out[i]
            n -= 1
    return out


# ---------------------------------------------------------------------- kinds of a level
def _features(level: Level) -> tuple[bool, bool]:
    """Whether the level looks at numbers (runs, sets) and at colours (colour groups)."""
    kinds = {r.kind for r in level.requirements}
    return bool(kinds & {"run", "set"}), "colour" in kinds


def _kind_of(cid: int, numbers: bool, colours: bool) -> tuple:
    """The kind of a card for a level: cards of one kind are interchangeable for it. Sorted
    order: number cards (by number, then colour), then jokers, then skip cards."""
    if cid < FIRST_JOKER:
        return (0, cid % 15 + 1 if numbers else 0, cid // 15 if colours else -1)
    if FIRST_SKIP <= cid < END_SKIP:
        return (2, 0, -1)
    return (1, 0, -1)


def _symmetric(level: Level) -> bool:
    """Whether every number (a level of sets only) or every colour (colour groups only)
    plays the same role, so a hand's answer depends on its counts per kind alone."""
    kinds = {r.kind for r in level.requirements}
    return kinds in ({"set"}, {"colour"})


def _state_key(spec: str, kinds: list[tuple] | tuple[tuple, ...], symmetric: bool) -> tuple:
    """A hand's cache key from its cards' kinds: skip cards left out (they never help);
    for a symmetric level only the sorted counts per kind and the jokers."""
    if not symmetric:
        return (spec, tuple(sorted([k for k in kinds if k[0] != 2])))
    counts: dict[tuple, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    jokers = counts.pop((1, 0, -1), 0)
    counts.pop((2, 0, -1), None)
    return (spec, tuple(sorted(counts.values())), jokers)


def kind_label(cid: int, level: Level | str) -> str:
    """The label of the kind of card ``cid`` for ``level`` (see :class:`NeededKind`)."""
    lv = _as_level(level)
    numbers, colours = _features(lv)
    group, number, colour = _kind_of(cid, numbers, colours)
    if group == 1:
        return "joker"
    if group == 2:
        return "skip"
    if numbers and colours:
        return f"{COLOUR_NAMES[colour]} {number}"
    return str(number) if numbers else COLOUR_NAMES[colour]


def _as_level(level: object) -> Level:
    if isinstance(level, Level):
        return level
    if isinstance(level, str):
        return parse_level(level)
    raise OddsTypeError(f"level must be a Level or a spec like 'set 3 + run 4', not {level!r}")


def _ids(cards: object, what: str) -> tuple[int, ...]:
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise OddsTypeError(f"{what} must be a list of card ids, not {cards!r}")
    out = tuple(cards)
    for c in out:
        if type(c) is not int:
            raise OddsTypeError(f"{what} must hold card ids (ints), not {c!r}")
        if not 0 <= c < N_IDS:
            raise OddsError(f"{what}: {c} is no card id (0–{N_IDS - 1})")
    return out


def unseen_by_kind(unseen: Counter, level: Level | str) -> list[list[int]]:
    """The unseen cards grouped into the level's kinds (cards of one kind are
    interchangeable for it), each kind's cards in id order, kinds in :func:`_kind_of`
    order (numbers, jokers, skip cards)."""
    lv = _as_level(level)
    numbers, colours = _features(lv)
    groups: dict[tuple, list[int]] = {}
    for c, n in sorted(unseen.items()):
        if n > 0:
            groups.setdefault(_kind_of(c, numbers, colours), []).extend([c] * n)
    return [groups[k] for k in sorted(groups)]


def missing_count(hand: Iterable[int], level: Level | str) -> int:
    """The cards ``hand`` still misses for ``level`` (``cards_missing(...).count``), kept
    by the hand's kinds."""
    lv = _as_level(level)
    return _missing(tuple(sorted(_ids(hand, "hand"))), lv, lv.spec())


# ---------------------------------------------------------------------- the exact chance
_MISSING: dict[tuple, int] = {}  # (level spec, sorted hand) -> cards missing
_COMPLETES: dict[tuple, bool] = {}  # (level spec, the hand's kinds) -> it can lay the level
_WITHIN: dict[tuple, Fraction] = {}  # the answers of complete_within, by their arguments
_CACHE_MAX = 200_000


def _missing(hand: tuple[int, ...], level: Level, spec: str, key: tuple | None = None) -> int:
    """Cards missing, kept by the level and the hand's kinds (cards of one kind are
    interchangeable for the level, so hands of the same kinds miss the same number)."""
    if key is None:
        numbers, colours = _features(level)
        key = _state_key(spec, [_kind_of(c, numbers, colours) for c in hand], _symmetric(level))
    got = _MISSING.get(key)
    if got is None:
        if len(_MISSING) >= _CACHE_MAX:
            _MISSING.clear()
        got = _MISSING[key] = cards_missing(hand, level).count
    return got


#: The most lay-downs :func:`_roles` reads before it leaves the question to the solver.
_WAYS_CAP = 400
_ROLES: dict[tuple, tuple[int, int] | None] = {}
#: Up to this many kinds of card (levels of runs and sets: 15 numbers, jokers, skip cards)
#: asking the solver once per kind is cheaper than reading lay-downs (:func:`_roles`).
_FEW_KINDS = 30
_JOKER_IDS = (*range(FIRST_JOKER, FIRST_SKIP), 101)
_ALL_NUMBERS = sum(1 << v for v in range(1, 16))
_ALL_COLOURS = (1 << 6) - 1


def _roles(
    hand: tuple[int, ...], m: int, level: Level, key: tuple, cap: int = _WAYS_CAP
) -> tuple[int, int] | None:
    """The cards that lower the cards missing ``m`` (> 0) of ``hand``, as the numbers and
    colours (bits) a natural card needs (any joker lowers it too), or None when there are
    more than ``cap`` lay-downs to read (the caller then asks the solver card by card,
    which is cheaper than reading many lay-downs when there are few kinds of card).

    Why it is exact: a card ``c`` lowers the count exactly when the hand plus ``c`` plus
    ``m - 1`` jokers holds the level, that is when ``c`` can stand in for a joker in some
    lay-down of the hand plus ``m`` jokers. A joker in a set stands for the set's number,
    in a colour group for its colour, in a run for any number of a window of the run's
    length that holds its natural cards (a joker at either end is one way for the solver,
    so every window is read here)."""
    full = (key, m, cap)  # (the key names the kinds themselves: roles are numbers, colours)
    if full in _ROLES:
        return _ROLES[full]
    free = [j for j in _JOKER_IDS if j not in hand]
    got: tuple[int, int] | None = None
    if len(free) >= m:
        got = _joker_roles((*hand, *free[:m]), level, cap)
    if len(_ROLES) >= _CACHE_MAX:
        _ROLES.clear()
    _ROLES[full] = got
    return got


def _joker_roles(hand: tuple[int, ...], level: Level, cap: int) -> tuple[int, int] | None:
    """The numbers and colours (bits) the jokers stand for over every lay-down of ``hand``
    (the solver's own search of :func:`.solver.lay_down_ways`, read without building the
    combinations), or None past ``cap`` lay-downs."""
    h = _Hand(hand)
    shapes, _repeated, n_cards = _level_info(level)
    nj = h.nj
    if n_cards > h.n_nat + nj:
        return None  # (cannot happen for m the count missing: the solver decides then)
    lower, mins = _bound(h, shapes)
    if lower > nj:
        return None
    slots = _slots(h, shapes, mins, nj)
    choices = _search_all(slots, nj, cap)
    if len(choices) >= cap:
        return None
    nums = cols = 0
    for choice in choices:
        for _ri, kind, n, (mask, j, info) in _chosen(slots, choice):
            if j == 0:
                continue  # no joker in this combination
            if kind == "set":
                nums |= 1 << info if mask else _ALL_NUMBERS
            elif kind == "colour":
                cols |= 1 << info if mask else _ALL_COLOURS
            elif not mask:
                nums |= _ALL_NUMBERS
            else:
                have = {c % 15 + 1 for c in h.cards(mask)}
                lo, hi = min(have), max(have)
                for start in range(max(1, hi - n + 1), min(lo, 16 - n) + 1):
                    for v in range(start, start + n):
                        if v not in have:
                            nums |= 1 << v
    return nums, cols


def _lowers(cid: int, roles: tuple[int, int]) -> bool:
    """Whether card ``cid`` lowers the cards missing, given :func:`_roles`' answer."""
    if cid >= FIRST_JOKER:
        return not FIRST_SKIP <= cid < END_SKIP
    return bool(roles[0] >> (cid % 15 + 1) & 1 or roles[1] >> (cid // 15) & 1)


def _completes(hand: tuple[int, ...], level: Level, key: tuple) -> bool:
    """Whether the hand can lay the level (cheaper than counting what it misses), kept
    with the counts by the hand's kinds."""
    got = _MISSING.get(key)
    if got is not None:
        return got == 0
    ok = _COMPLETES.get(key)
    if ok is None:
        if len(_COMPLETES) >= _CACHE_MAX:
            _COMPLETES.clear()
        ok = _COMPLETES[key] = can_lay(hand, level)
    return ok


def complete_within(
    hand: Iterable[int], level: Level | str, unseen: Counter, draws: int
) -> Fraction:
    """Exact chance that ``hand`` plus ``draws`` cards drawn uniformly at random without
    replacement from ``unseen`` (a Counter of card ids) can lay ``level``.

    ``draws`` larger than the number of unseen cards draws them all. Answers are kept by
    their arguments (the same question twice costs a look-up)."""
    lv = _as_level(level)
    h = tuple(sorted(_ids(hand, "hand")))
    if not isinstance(unseen, Mapping):
        raise OddsTypeError(f"unseen must be a Counter of card ids, not {unseen!r}")
    if type(draws) is not int:
        raise OddsTypeError(f"draws must be a whole number, not {draws!r}")
    if not 0 <= draws <= MAX_DRAWS:
        raise OddsError(f"draws must be 0–{MAX_DRAWS}, not {draws}")
    pool: list[tuple[int, int]] = []
    for c, n in list(unseen.items()):
        _ids((c,), "unseen")
        if type(n) is not int or n < 0:
            raise OddsError(f"unseen: the count of card {c} must be a whole number ≥ 0, not {n!r}")
        if n:
            pool.append((c, n))
    spec = lv.spec()
    numbers, colours = _features(lv)
    groups: dict[tuple, list[int]] = {}
    for c, n in sorted(pool):
        groups.setdefault(_kind_of(c, numbers, colours), []).extend([c] * n)
    hand_kinds = tuple(sorted([_kind_of(c, numbers, colours) for c in h]))
    # the answer depends on the kinds only: kept by them (discarding either of two cards of
    # one kind, or seeing either, asks the same question)
    key: tuple[object, ...]
    if _symmetric(lv):  # every number (or colour) alike: the counts held and unseen per kind
        held: dict[tuple, int] = {}
        for k in hand_kinds:
            held[k] = held.get(k, 0) + 1
        profile = sorted(
            (held.get(k, 0), len(groups.get(k, ()))) for k in set(held) | set(groups) if k[0] == 0
        )
        others = [(k, held.get(k, 0), len(groups.get(k, ()))) for k in ((1, 0, -1), (2, 0, -1))]
        key = (spec, tuple(profile), tuple(others), draws)
    else:
        key = (spec, hand_kinds, tuple([(k, len(v)) for k, v in sorted(groups.items())]), draws)
    got = _WITHIN.get(key)
    if got is not None:
        return got
    got = _within(h, hand_kinds, lv, spec, groups, draws)
    if len(_WITHIN) >= _CACHE_MAX:
        _WITHIN.clear()
    _WITHIN[key] = got
    return got


def _within(
    hand: tuple[int, ...],
    hand_kinds: tuple[tuple, ...],
    lv: Level,
    spec: str,
    groups: dict[tuple, list[int]],
    draws: int,
) -> Fraction:
    """The enumeration behind :func:`complete_within` (``groups``: the unseen cards by kind)."""
    names = sorted(groups)
    kinds = [groups[k] for k in names]  # the cards of each kind, in a fixed order
    total = sum(len(k) for k in kinds)
    draws = min(draws, total)
    sym = _symmetric(lv)
    # reading a lay-down costs about as much as a solver call: past this many, ask the
    # solver once per kind instead
    ways_cap = 2 * len(kinds) + 2
    use_roles = len(kinds) > _FEW_KINDS
    # ``taken``: the kinds drawn so far, as a sorted tuple of kind indices (a multiset)
    memo: dict[tuple[int, ...], Fraction] = {}

    def state(taken: tuple[int, ...]) -> tuple[tuple[int, ...], tuple]:
        """The hand plus the cards ``taken``, and its cache key (by kinds)."""
        extra = []
        prev, k = -1, 0
        for i in taken:
            k = k + 1 if i == prev else 0
            extra.append(kinds[i][k])
            prev = i
        key = _state_key(spec, [*hand_kinds, *[names[i] for i in taken]], sym)
        return tuple(sorted(hand + tuple(extra))), key

    # this call's answers by the cards taken (a multiset reached by many orders): the
    # shared caches' keys by kinds are only built on a miss here
    counts: dict[tuple[int, ...], int] = {}
    lays: dict[tuple[int, ...], bool] = {}

    def missing(taken: tuple[int, ...]) -> int:
        got = counts.get(taken)
        if got is None:
            cards, key = state(taken)
            got = counts[taken] = _missing(cards, lv, spec, key)
        return got

    def completes(taken: tuple[int, ...]) -> bool:
        got = counts.get(taken)
        if got is not None:
            return got == 0
        ok = lays.get(taken)
        if ok is None:
            cards, key = state(taken)
            ok = lays[taken] = _completes(cards, lv, key)
        return ok

    def left_of(taken: tuple[int, ...], i: int) -> int:
        """The cards of kind ``i`` not drawn yet."""
        return len(kinds[i]) - taken.count(i)

    def lowering(taken: tuple[int, ...], m: int) -> list[int]:
        """The kinds whose next card lowers the count ``m`` (> 0)."""
        if use_roles:
            cards, _key = state(taken)
            exact = (spec, *[names[i] for i in taken])
            roles = _roles(cards, m, lv, (exact, hand_kinds), ways_cap)
            if roles is not None:
                return [i for i in everyone if _lowers(firsts[i], roles) and left_of(taken, i)]
        out = []
        for i in everyone:  # the solver, kind by kind
            if names[i][0] == 2 or not left_of(taken, i):  # (a skip card never helps)
                continue
            more = tuple(sorted((*taken, i)))
            if completes(more) if m == 1 else missing(more) < m:
                out.append(i)
        return out

    def chance(taken: tuple[int, ...], left: int, m: int) -> Fraction:
        """Chance to complete from the hand plus the kinds ``taken``, which misses ``m``
        cards, with ``left`` draws to go."""
        if m == 0:
            return Fraction(1)
        if m > left:
            return Fraction(0)
        remaining = total - (draws - left)
        lower = set(lowering(taken, m))
        if m == left == 1:  # the last draw must complete: count the cards that do
            return Fraction(sum(left_of(taken, i) for i in lower), remaining)
        # zero slack (m == left): every card drawn from here on must lower the count
        choices = sorted(lower) if m == left else [i for i in everyone if left_of(taken, i)]
        acc = Fraction(0)
        for i in choices:
            nxt = tuple(sorted((*taken, i)))
            p = memo.get(nxt)
            if p is None:
                p = memo[nxt] = chance(nxt, left - 1, m - 1 if i in lower else m)
            acc += Fraction(left_of(taken, i), remaining) * p
        return acc

    everyone = range(len(kinds))
    firsts = [k[0] for k in kinds]
    return chance((), draws, missing(()))


# ---------------------------------------------------------------------- the odds panel
def draw_odds(game: object, seat: int) -> DrawOdds | None:
    """The exact odds of the next pile draw for ``seat``, from its own view: the chance it
    completes the level, the chance it lowers the cards missing (completing included), and
    how many unseen cards of each kind would lower them. None when the seat has already laid
    its level (or has none)."""
    unseen = unseen_cards(game, seat)
    obs = game.observation(seat)  # type: ignore[attr-defined]
    table = getattr(obs, "table", obs)
    level = table.requirements[seat]
    if level is None or table.laid[seat]:
        return None
    hand = tuple(sorted(table.hand or ()))
    spec = level.spec()
    m = _missing(hand, level, spec)
    total = sum(unseen.values())
    complete = complete_within(hand, level, unseen, 1) if total else Fraction(0)
    numbers, colours = _features(level)
    by_kind: dict[tuple, list[int]] = {}
    for c, n in unseen.items():
        if n:
            by_kind.setdefault(_kind_of(c, numbers, colours), []).extend([c] * n)
    improving = 0
    needed = []
    if m > 0:
        for kind in sorted(by_kind):
            cards = by_kind[kind]
            if _missing(tuple(sorted((*hand, cards[0]))), level, spec) < m:
                improving += len(cards)
                needed.append(NeededKind(kind_label(cards[0], level), len(cards)))
    improve = Fraction(improving, total) if total else Fraction(0)
    return DrawOdds(spec, m, total, complete, improve, tuple(needed))
