"""Combinations (run, set, colour group) with declared joker meanings, and add-on rules.

A joker's meaning is stored explicitly (a number for runs and sets, a colour for colour
groups) because the rules say it must be unambiguous and a laid joker is never swapped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from .._records import FrozenRecord, dataclass_fields
from .cards import (
    CODES,
    COLOUR_LETTERS,
    END_SKIP,
    FIRST_JOKER,
    FIRST_SKIP,
    MAX_NUMBER,
    N_COLOURS,
    N_IDS,
    is_joker,
    parse_card,
    parse_cards,
)
from .checks import refuse, show
from .errors import CombinationTypeError, InvalidCombinationError
from .levels import KINDS

_setattr = object.__setattr__


def _fmt_value(kind: str, value: int) -> str:
    return f"colour {COLOUR_LETTERS[value]}" if kind == "colour" else str(value)


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Combo(FrozenRecord):
    """A combination as declared by a player: its kind, cards and what each joker stands for.

    ``cards`` are ordered (runs from low to high); ``jokers`` maps each joker id in ``cards``
    to its meaning (number for run/set, colour 0–5 for colour groups), as sorted pairs.
    """

    kind: str
    cards: tuple[int, ...]
    jokers: tuple[tuple[int, int], ...] = ()

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, init=False)
    __match_args__ = ("kind", "cards", "jokers")

    def __init__(
        self, kind: str, cards: tuple[int, ...], jokers: tuple[tuple[int, int], ...] = ()
    ) -> None:
        # the generated frozen __init__ looks up object.__setattr__ for each field; the solver
        # and every add-on make Combos, so use it once bound (the same fields, set in the same
        # order: the instance keeps CPython's compact attribute storage, which reads faster
        # than an instance dict filled directly)
        _setattr(self, "kind", kind)
        _setattr(self, "cards", cards)
        _setattr(self, "jokers", jokers)

    @property
    def meanings(self) -> dict[int, int]:
        return dict(self.jokers)

    @property
    def naturals(self) -> tuple[int, ...]:
        return tuple(c for c in self.cards if c < FIRST_JOKER)

    @property
    def value(self) -> int:
        """Run: lowest number; set: the number; colour group: the colour."""
        c = self.cards[0]
        if c >= FIRST_JOKER:
            return dict(self.jokers)[c]
        return c // 15 if self.kind == "colour" else c % 15 + 1

    def describe(self) -> str:
        m = dict(self.jokers)
        parts = [
            f"{CODES[c]}={_fmt_value(self.kind, m[c])}" if c in m else CODES[c] for c in self.cards
        ]
        return f"{self.kind} [{' '.join(parts)}]"

    def to_dict(self) -> dict:
        cards = self.cards
        jokers = self.jokers
        return {
            "kind": self.kind,
            "cards": list(cards),
            "codes": [CODES[c] for c in cards],
            "jokers": {str(j): v for j, v in jokers} if jokers else {},
        }

    @classmethod
    def from_dict(cls, d: Mapping) -> Combo:
        """Inverse of :meth:`to_dict` (``codes`` is optional; joker keys are ids as text or
        numbers); raises :class:`InvalidCombinationError`."""
        if not isinstance(d, Mapping):
            raise refuse(CombinationTypeError, "combination", _DICT_FORM, d)
        if "kind" not in d or "cards" not in d:
            raise refuse(InvalidCombinationError, "combination", _DICT_FORM, d)
        jokers = d.get("jokers", {})
        if not isinstance(jokers, Mapping) or len(jokers) > _MAX_JOKERS:
            raise refuse(CombinationTypeError, "jokers", _MEANINGS, jokers)
        return make_combo(d["kind"], d["cards"], {_joker_key(k): v for k, v in jokers.items()})


#: How a combination is written as data, for messages.
_DICT_FORM = "a dict with kind, cards and jokers (as Combo.to_dict writes it)"
#: What joker meanings may be, for messages.
_MEANINGS = "a dict from jokers to what they stand for, like {'J1': 6}"
#: More meanings than jokers in both games are refused before they are read.
_MAX_JOKERS = 16
#: The most cards one combination may name before it is read (a colour group of 22, and more).
_MAX_COMBO_CARDS = 32


def _joker_key(key: object) -> object:
    """A joker key of a record: a card id written as text (``"90"``) is that id."""
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 3:
        return int(key)
    return key


def _meanings(jokers: object) -> Mapping[object, object]:
    """The joker meanings as a mapping (None: none declared); refused when no mapping."""
    if jokers is None:
        return {}
    if not isinstance(jokers, Mapping):
        raise refuse(CombinationTypeError, "jokers", _MEANINGS, jokers)
    if len(jokers) > _MAX_JOKERS:
        raise refuse(InvalidCombinationError, "jokers", _MEANINGS, jokers)
    return jokers


def _run_layout(n: int, fixed: dict[int, int]) -> list[int]:
    """All lowest numbers ``lo`` for which a run of ``n`` holds the fixed numbers."""
    if not fixed:
        return list(range(1, MAX_NUMBER - n + 2))
    lo_v, hi_v = min(fixed.values()), max(fixed.values())
    return list(range(max(1, hi_v - n + 1), min(lo_v, MAX_NUMBER - n + 1) + 1))


def make_combo(
    kind: str, cards: Iterable[object], jokers: Mapping[Any, int] | None = None
) -> Combo:
    """Validate a combination and return it normalised, inferring joker meanings when unique.

    Raises :class:`InvalidCombinationError` with a message naming the problem.
    """
    if not isinstance(kind, str):
        raise refuse(CombinationTypeError, "kind", "'run', 'set' or 'colour'", kind)
    if kind == "color":
        kind = "colour"
    if kind not in KINDS:
        raise InvalidCombinationError.coded(
            "level8.combo_kind",
            "unknown combination kind {kind}; use run, set or colour",
            kind=show(kind),
        )
    given = _meanings(jokers)
    ids = parse_cards(cards)
    if len(ids) > _MAX_COMBO_CARDS:
        raise refuse(InvalidCombinationError, "cards", "at most 22 cards", cards)
    if not ids:
        raise InvalidCombinationError.coded(
            "level8.combo_empty", "a {kind} needs at least one card", kind=kind
        )
    if len(set(ids)) != len(ids):
        raise InvalidCombinationError.coded(
            "level8.combo_twice", "the same card appears twice in one combination"
        )
    skips = [CODES[c] for c in ids if FIRST_SKIP <= c < END_SKIP]
    if skips:
        raise InvalidCombinationError.coded(
            "level8.combo_skip",
            "skip cards can never be part of a combination ({cards:, })",
            cards=skips,
        )
    meanings: dict[int, int] = {}
    for k, v in given.items():
        j = parse_card(k, "joker")
        if not is_joker(j):
            raise InvalidCombinationError.coded(
                "level8.not_a_joker",
                "{card} is not a joker: only jokers get a declared meaning",
                card=CODES[j],
            )
        if j not in ids:
            raise InvalidCombinationError.coded(
                "level8.joker_not_in_combo",
                "a meaning was declared for {card}, which is not in this combination",
                card=CODES[j],
            )
        if isinstance(v, bool) or not isinstance(v, int):
            raise CombinationTypeError.coded(
                "level8.joker_meaning_type", "the meaning of {card} must be a number", card=CODES[j]
            )
        meanings[j] = v
    nat = [c for c in ids if c < FIRST_JOKER]
    jok = [c for c in ids if c >= FIRST_JOKER]
    n = len(ids)
    if kind in ("set", "colour"):
        lim = MAX_NUMBER if kind == "set" else N_COLOURS - 1
        low = 1 if kind == "set" else 0
        word = "number" if kind == "set" else "colour"
        vals = {(c % 15 + 1) if kind == "set" else c // 15 for c in nat}
        if len(vals) > 1:
            raise InvalidCombinationError.coded(
                "level8.not_shared",
                "the cards {cards: } do not share one {word}, so they are not a {kind}",
                cards=[CODES[c] for c in nat],
                word=word,
                kind=kind,
            )
        for j, v in meanings.items():
            if not low <= v <= lim:
                raise InvalidCombinationError.coded(
                    "level8.joker_out_of_range",
                    "{card} cannot stand for {word} {value} ({word}s are {low}–{high})",
                    card=CODES[j],
                    word=word,
                    value=v,
                    low=low,
                    high=lim,
                )
        vals |= set(meanings.values())
        if len(vals) > 1:
            raise InvalidCombinationError.coded(
                "level8.joker_differs",
                "in a {kind} every joker must stand for the {word} of the other cards",
                kind=kind,
                word=word,
            )
        if not vals:
            raise InvalidCombinationError.coded(
                "level8.jokers_only",
                "a {kind} made only of jokers needs a declared {word} for its jokers",
                kind=kind,
                word=word,
            )
        value = vals.pop()
        order = sorted(nat) + sorted(jok)
        return Combo(kind, tuple(order), tuple((j, value) for j in sorted(jok)))
    # run
    fixed: dict[int, int] = {c: c % 15 + 1 for c in nat}
    for j, v in meanings.items():
        if not 1 <= v <= MAX_NUMBER:
            raise InvalidCombinationError.coded(
                "level8.joker_number",
                "{card} cannot stand for {value} (numbers are 1–15)",
                card=CODES[j],
                value=v,
            )
        fixed[j] = v
    values = list(fixed.values())
    if len(set(values)) != len(values):
        raise InvalidCombinationError.coded(
            "level8.run_twice",
            "a run cannot contain the same number twice ({numbers:, })",
            numbers=sorted({v for v in values if values.count(v) > 1}),
        )
    if n > MAX_NUMBER:
        raise InvalidCombinationError.coded(
            "level8.run_too_long", "a run has at most 15 cards, not {count}", count=n
        )
    options = _run_layout(n, fixed)
    if not options:
        raise InvalidCombinationError.coded(
            "level8.run_impossible",
            "{count} cards cannot form a run containing the numbers {low}–{high} "
            "(runs are consecutive, 1 to 15, and 15 is never followed by 1)",
            count=n,
            low=min(values),
            high=max(values),
        )
    free = [j for j in jok if j not in fixed]
    if len(options) > 1 and free:
        raise InvalidCombinationError.coded(
            "level8.run_ambiguous",
            "the joker meanings are ambiguous: this run could be {choices:, }; "
            "declare the number of each joker",
            choices=[f"{lo}–{lo + n - 1}" for lo in options],
        )
    lo = options[0]
    by_value = {v: c for c, v in fixed.items()}
    free_it = iter(sorted(free))
    order = []
    out_meanings = {}
    for v in range(lo, lo + n):
        c = by_value.get(v)
        if c is None:
            c = next(free_it)
        order.append(c)
        if c >= FIRST_JOKER:
            out_meanings[c] = v
    return Combo("run", tuple(order), tuple(sorted(out_meanings.items())))


def is_normal(combo: Combo) -> bool:
    """Whether :func:`make_combo` would return ``combo`` itself (an equal Combo): a valid
    combination in normal form, with int card ids, every joker's meaning declared (sorted
    by joker) and the cards in order (a run by number; naturals, then jokers, ascending).

    It lets the engine accept the solver's combinations without building them again; any
    other input goes through :func:`make_combo`, which raises the errors.
    """
    cards = combo.cards
    jokers = combo.jokers
    if type(cards) is not tuple or type(jokers) is not tuple or not cards:
        return False
    meaning: dict[int, int] | None = None
    if jokers:  # int pairs (joker, meaning), jokers strictly ascending
        meaning = {}
        prev = -1
        for pair in jokers:
            if type(pair) is not tuple or len(pair) != 2:
                return False
            j, v = pair
            if type(j) is not int or j <= prev or type(v) is not int:
                return False
            prev = j
            meaning[j] = v
    kind = combo.kind
    n_jokers = 0
    if kind == "run":
        if len(cards) > MAX_NUMBER:
            return False
        # every card an int id (no skip), numbers consecutive from ``first`` >= 1 up to 15
        # at most; consecutive numbers also mean no card twice (a joker has one meaning)
        want = -1
        for c in cards:
            if type(c) is not int:
                return False
            if 0 <= c < FIRST_JOKER:
                v = c % 15 + 1
            elif FIRST_JOKER <= c < N_IDS and not FIRST_SKIP <= c < END_SKIP:
                if meaning is None:
                    return False
                got = meaning.get(c)
                if got is None:  # a joker of the cards without a declared meaning
                    return False
                v = got
                n_jokers += 1
            else:
                return False
            if want < 0:
                if v < 1:
                    return False
                want = v
            elif v != want:
                return False
            want += 1
        return n_jokers == len(jokers) and want <= MAX_NUMBER + 1
    if kind != "set" and kind != "colour":
        return False
    # naturals ascending sharing one value, then jokers ascending standing for it (ids in
    # ascending order put the naturals, all below FIRST_JOKER, first)
    is_set = kind == "set"
    value = -1
    prev = -1
    for c in cards:
        if type(c) is not int or c <= prev:
            return False
        prev = c
        if c < FIRST_JOKER:
            v = c % 15 + 1 if is_set else c // 15
        elif c < N_IDS and not FIRST_SKIP <= c < END_SKIP:
            if meaning is None:
                return False
            got = meaning.get(c)
            if got is None:
                return False
            v = got
            n_jokers += 1
            if value < 0 and not (1 <= v <= MAX_NUMBER if is_set else 0 <= v < N_COLOURS):
                return False  # jokers only: their declared value must be a possible one
        else:
            return False
        if value < 0:
            value = v
        elif v != value:
            return False
    return n_jokers == len(jokers)


def as_combo(obj: object) -> Combo:
    """Accept a Combo, a dict, or ``(kind, cards[, joker meanings])`` and validate it."""
    if isinstance(obj, Combo):
        if type(obj) is Combo and is_normal(obj):
            return obj  # valid, and make_combo would return an equal Combo
        pairs = obj.jokers
        if not isinstance(pairs, tuple) or len(pairs) > _MAX_JOKERS:
            raise refuse(CombinationTypeError, "jokers", "pairs (joker, meaning)", pairs)
        if not all(isinstance(p, tuple) and len(p) == 2 for p in pairs):
            raise refuse(CombinationTypeError, "jokers", "pairs (joker, meaning)", pairs)
        return make_combo(obj.kind, obj.cards, dict(pairs))
    if isinstance(obj, Mapping):
        return Combo.from_dict(obj)
    if isinstance(obj, (list, tuple)) and len(obj) in (2, 3):
        kind, cards = obj[0], obj[1]
        meanings = obj[2] if len(obj) == 3 else None
        return make_combo(kind, cards, meanings)
    error = InvalidCombinationError if isinstance(obj, (list, tuple)) else CombinationTypeError
    raise error.coded(
        "level8.not_a_combo",
        "{given} is not a combination: a combination must be {allowed}.",
        given=show(obj),
        allowed=_FORMS,
    )


#: What a combination may be, for messages.
_FORMS = "a Combo, a dict or (kind, cards[, joker meanings]) like ('run', ['4R', '5G', 'J1'])"


def fit_options(kind: str, lo: int, hi: int, value: int, cid: int) -> tuple[int, ...]:
    """Meanings under which card ``cid`` may be added to a laid combination.

    ``lo``/``hi`` are a run's ends, ``value`` a set's number or a colour group's colour.
    An empty tuple means the card does not fit.
    """
    if FIRST_SKIP <= cid < END_SKIP:
        return ()
    if kind == "run":
        if cid < FIRST_JOKER:
            num = cid % 15 + 1
            return (num,) if num == lo - 1 or num == hi + 1 else ()
        if lo > 1:
            return (lo - 1, hi + 1) if hi < MAX_NUMBER else (lo - 1,)
        return (hi + 1,) if hi < MAX_NUMBER else ()
    if cid >= FIRST_JOKER:
        return (value,)
    v = cid % 15 + 1 if kind == "set" else cid // 15
    return (value,) if v == value else ()


def combo_options(combo: Combo, cid: int) -> tuple[int, ...]:
    """:func:`fit_options` for a :class:`Combo` (as seen in an observation)."""
    value = combo.value
    return fit_options(combo.kind, value, value + len(combo.cards) - 1, value, cid)


def is_full(combo: Combo, laid: Iterable[int] = ()) -> bool:
    """No natural card can be added any more (jokers still can).

    Without ``laid``: a run 1–15, a set holding all six number cards of its number, a colour
    group holding all 15 cards of its colour (the spec's examples). With ``laid`` (every
    card lying in a laid combination): also when every natural card that would fit lies in
    a laid combination already, so none can be added (the rule's own definition of *full*).
    """
    if combo.kind == "run":
        lo, hi = combo.value, combo.value + len(combo.cards) - 1
        if lo == 1 and hi == MAX_NUMBER:
            return True
        if not laid:
            return False
        taken = set(laid)
        ends = [v for v in (lo - 1, hi + 1) if 1 <= v <= MAX_NUMBER]
        return all(colour * 15 + v - 1 in taken for v in ends for colour in range(N_COLOURS))
    if len(combo.naturals) == (N_COLOURS if combo.kind == "set" else MAX_NUMBER):
        return True
    if not laid:
        return False
    taken = set(laid)
    v = combo.value
    if combo.kind == "set":
        return all(colour * 15 + v - 1 in taken for colour in range(N_COLOURS))
    return all(v * 15 + k in taken for k in range(MAX_NUMBER))


class Meld:
    """A laid combination on the table; it only grows by add-ons."""

    __slots__ = ("_combo", "_jokers", "cards", "hi", "kind", "lo", "meanings", "owner", "value")

    def __init__(self, owner: int, combo: Combo) -> None:
        self.owner = owner
        self._combo: Combo | None = combo
        kind = self.kind = combo.kind
        cards = self.cards = list(combo.cards)
        jokers = combo.jokers
        self.meanings = dict(jokers) if jokers else {}
        # the sorted meanings as Combo.jokers, kept until a joker is added (None: not made)
        self._jokers: tuple[tuple[int, int], ...] | None = None if jokers else ()
        value = combo.value
        if kind == "run":
            self.lo = self.value = value
            self.hi = value + len(cards) - 1
        else:
            self.value = value
            self.lo = self.hi = 0

    def options(self, cid: int) -> tuple[int, ...]:
        """Meanings under which card ``cid`` may be added (empty tuple: it does not fit)."""
        return fit_options(self.kind, self.lo, self.hi, self.value, cid)

    def add(self, cid: int, meaning: int) -> None:
        """Add a card already checked with :meth:`options`, in place (the engine uses
        :meth:`grown` on the melds of a game)."""
        self._combo = None
        if self.kind == "run":
            if meaning == self.lo - 1:
                self.cards.insert(0, cid)
                self.lo -= 1
                self.value = self.lo
            else:
                self.cards.append(cid)
                self.hi += 1
        else:
            self.cards.append(cid)
        if cid >= FIRST_JOKER:
            self.meanings[cid] = meaning
            self._jokers = None

    def grown(self, cid: int, meaning: int) -> Meld:
        """A new meld: this one with card ``cid`` (checked with :meth:`options`) added. The
        engine never changes a laid meld in place (views cache on the melds' identity)."""
        m = self.copy()
        m.add(cid, meaning)
        return m

    def combo(self) -> Combo:
        """The meld as an immutable :class:`Combo` (cached until the next add-on)."""
        c = self._combo
        if c is None:
            jokers = self._jokers
            if jokers is None:
                jokers = self._jokers = tuple(sorted(self.meanings.items()))
            c = self._combo = Combo(self.kind, tuple(self.cards), jokers)
        return c

    def copy(self) -> Meld:
        m = Meld.__new__(Meld)
        m.owner, m.kind, m.lo, m.hi, m.value = self.owner, self.kind, self.lo, self.hi, self.value
        m._combo = self._combo
        m._jokers = self._jokers
        m.cards = list(self.cards)
        m.meanings = dict(self.meanings)
        return m

    def is_valid(self) -> bool:
        """Re-check the combination from its cards and declared meanings (invariant checks)."""
        cards = self.cards
        meanings = self.meanings
        if not cards or len(set(cards)) != len(cards):
            return False
        if {c for c in cards if c >= FIRST_JOKER} != set(meanings):
            return False
        if self.kind == "run":
            if not (self.lo >= 1 and self.hi <= MAX_NUMBER and self.hi - self.lo + 1 == len(cards)):
                return False
            for i, c in enumerate(cards):
                if FIRST_SKIP <= c < END_SKIP:
                    return False
                v = meanings[c] if c >= FIRST_JOKER else c % 15 + 1
                if v != self.lo + i:
                    return False
            return True
        is_set = self.kind == "set"
        for c in cards:
            if FIRST_SKIP <= c < END_SKIP:
                return False
            if c >= FIRST_JOKER:
                v = meanings[c]
            elif is_set:
                v = c % 15 + 1
            else:
                v = c // 15
            if v != self.value:
                return False
        return 1 <= self.value <= MAX_NUMBER if is_set else 0 <= self.value < N_COLOURS

    def describe(self) -> str:
        return self.combo().describe()

    def to_dict(self) -> dict:
        d = self.combo().to_dict()
        d["owner"] = self.owner
        return d

    def __repr__(self) -> str:
        return f"Meld(owner={self.owner}, {self.describe()})"
