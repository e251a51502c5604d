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
from .solver import cards_missing

__all__ = [
    "DrawOdds",
    "NeededKind",
    "OddsError",
    "OddsTypeError",
    "complete_within",
    "draw_odds",
    "kind_label",
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


# ---------------------------------------------------------------------- the exact chance
_MISSING: dict[tuple, int] = {}  # (level spec, sorted hand) -> cards missing
_WITHIN: dict[tuple, Fraction] = {}  # the answers of complete_within, by their arguments
_CACHE_MAX = 200_000


def _missing(hand: tuple[int, ...], level: Level, spec: str, key: tuple | None = None) -> int:
    """Cards missing, kept by the level and the hand's kinds (cards of one kind are
    interchangeable for the level, so hands of the same kinds miss the same number)."""
    if key is None:
        numbers, colours = _features(level)
        key = (spec, tuple(sorted([_kind_of(c, numbers, colours) for c in hand])))
    got = _MISSING.get(key)
    if got is None:
        if len(_MISSING) >= _CACHE_MAX:
            _MISSING.clear()
        got = _MISSING[key] = cards_missing(hand, level).count
    return got


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
    memo: dict[tuple[int, ...], Fraction] = {}  # by the kinds taken (a multiset of draws)

    def missing(taken: tuple[int, ...]) -> int:
        extra = [c for i, k in enumerate(taken) if k for c in kinds[i][:k]]
        key_kinds = [names[i] for i, k in enumerate(taken) for _ in range(k)]
        key = (spec, tuple(sorted([*hand_kinds, *key_kinds])))
        return _missing(tuple(sorted(hand + tuple(extra))), lv, spec, key)

    def chance(taken: tuple[int, ...], left: int, allowed: tuple[int, ...] | None) -> Fraction:
        """Chance to complete from the hand plus the kinds ``taken`` (counts per kind) with
        ``left`` draws to go; ``allowed``: the only kinds worth following (zero slack)."""
        m = missing(taken)
        if m == 0:
            return Fraction(1)
        if m > left:
            return Fraction(0)
        remaining = total - (draws - left)
        if m == left:  # zero slack: every card drawn from here on must lower the count
            lower = []
            for i in allowed if allowed is not None else range(len(kinds)):
                more = (*taken[:i], taken[i] + 1, *taken[i + 1 :])
                if taken[i] < len(kinds[i]) and missing(more) < m:
                    lower.append(i)
            allowed = tuple(lower)
            choices = lower
        else:
            allowed = None
            choices = [i for i in range(len(kinds)) if taken[i] < len(kinds[i])]
        acc = Fraction(0)
        for i in choices:
            nxt = (*taken[:i], taken[i] + 1, *taken[i + 1 :])
            # (the answer does not depend on ``allowed``: it only skips kinds that cannot
            # lead to a completion, see the module docstring)
            p = memo.get(nxt)
            if p is None:
                p = memo[nxt] = chance(nxt, left - 1, allowed)
            acc += Fraction(len(kinds[i]) - taken[i], remaining) * p
        return acc

    return chance((0,) * len(kinds), draws, None)


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
