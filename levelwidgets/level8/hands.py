"""A hand as the solver sees it: its natural cards as bitmasks, by number and by colour.

Bit ``i`` of a mask stands for the hand's ``i``-th lowest natural card (masks of a hand of
11 cards are small ints, the fastest kind in CPython); jokers count, skip cards do not. The
masks by colour and the ``(value, mask, count)`` items of the numbers or colours held are
made on demand: many levels ask for no colour group, or no set.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from .cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, parse_card

#: Number (1–15) and colour (0–5) by natural card id: a look-up instead of ``%`` and ``//``.
_NUMBER = tuple(c % 15 + 1 for c in range(FIRST_JOKER))
_COLOUR = tuple(c // 15 for c in range(FIRST_JOKER))
#: A natural card's number as a bit (bit v for number v).
_NUMBER_BIT = tuple(1 << v for v in _NUMBER)
#: Bit v for number v, and bit i for a hand's i-th natural card: look-ups, not shifts.
_VBIT = tuple(1 << v for v in range(17))
_POW = tuple(1 << i for i in range(FIRST_JOKER))
#: (colour, one past its last natural id) for the colour items' bisection.
_COLOUR_ENDS = tuple((c, 15 * c + 15) for c in range(6))
#: The look-ups above under public names, for the bots (the same tuples).
NUMBER_OF = _NUMBER
COLOUR_OF = _COLOUR
NUMBER_BIT = _NUMBER_BIT
VALUE_BIT = _VBIT

_bit_count = int.bit_count
_INT = frozenset([int])  # (bool and other int types go the long way, through parse_card)
_Item = tuple[int, int, int]  # (number or colour, mask of its cards, how many)


class Hand:
    """The natural cards of a hand as masks (see the module docstring), its jokers, and what
    the solver derives from them."""

    __slots__ = (
        "_col_items",
        "_col_most",
        "_set_items",
        "_set_most",
        "jokers",
        "multi",
        "n_nat",
        "naturals",
        "nj",
        "num_mask",
        "numbers",
    )

    def __init__(self, hand: Iterable[object]) -> None:
        if type(hand) is not tuple and type(hand) is not list:
            hand = list(hand)
        if _INT.issuperset(map(type, hand)):  # ids (the engine's hands): sorted, naturals first
            cards = sorted(hand)
            if cards and cards[-1] >= FIRST_JOKER:
                k = bisect_left(cards, FIRST_JOKER)
                naturals = cards[:k]
                if cards[-1] < FIRST_SKIP:  # jokers only (the usual case)
                    jokers = cards[k:]
                else:
                    jokers = [c for c in cards[k:] if not FIRST_SKIP <= c < END_SKIP]
            else:
                naturals = cards  # (a new list)
                jokers = []
        else:
            naturals = []
            jokers = []
            for c in hand:
                cid = c if type(c) is int else parse_card(c)
                if cid < FIRST_JOKER:
                    naturals.append(cid)
                elif not FIRST_SKIP <= cid < END_SKIP:
                    jokers.append(cid)
            naturals.sort()
            jokers.sort()
        num_mask = [0] * 17  # by number 1–15 (0 and 16 stay empty: run windows at the ends)
        numbers = 0  # bit v set when the hand holds a natural card numbered v
        multi = 0  # bit v set when it holds two or more
        # b: the card's bit, 1 << its position (at most 90 natural ids, unless repeated)
        bits = _POW if len(naturals) <= len(_POW) else [1 << i for i in range(len(naturals))]
        for c, b in zip(naturals, bits, strict=False):  # (bits: the longer)
            v = _NUMBER[c]
            if num_mask[v]:
                multi |= _VBIT[v]
            else:
                numbers |= _VBIT[v]
            num_mask[v] |= b
        self.numbers = numbers
        self.multi = multi
        self.naturals = naturals
        self.n_nat = len(naturals)
        self.jokers = jokers
        self.nj = len(jokers)
        self.num_mask = num_mask
        self._set_items: list[_Item] | None = None
        self._col_items: list[_Item] | None = None
        self._set_most = -1
        self._col_most = -1

    @property
    def col_mask(self) -> list[int]:
        """The natural cards of each colour (0–5), as masks."""
        col_mask = [0] * 6
        for c, m, _k in self.items("colour"):
            col_mask[c] = m
        return col_mask

    def items(self, kind: str) -> list[_Item]:
        """``(number, mask, count)`` of every number the hand holds (kind "set"), or
        ``(colour, mask, count)`` of every colour (kind "colour"), lowest first."""
        if kind == "set":
            got = self._set_items
            if got is None:
                nm = self.num_mask
                got = self._set_items = [
                    (v, nm[v], _bit_count(nm[v])) for v in _positions(self.numbers)
                ]
        else:
            got = self._col_items
            if got is None:
                got = self._col_items = self._colours()
        return got

    def _colours(self) -> list[_Item]:
        """The colour items: natural cards go by id, colour by colour (id // 15), so each
        colour's cards are a run of positions, found by bisection; keeps the most of one."""
        naturals = self.naturals
        out = []
        most = 0
        lo = 0
        for colour, edge in _COLOUR_ENDS:
            hi = bisect_left(naturals, edge, lo)
            if hi > lo:
                k = hi - lo
                out.append((colour, (1 << hi) - (1 << lo), k))
                if k > most:
                    most = k
                lo = hi
        self._col_most = most
        return out

    def most(self, kind: str) -> int:
        """The most cards of one number (kind "set") or one colour the hand holds."""
        if kind == "set":
            got = self._set_most
            if got < 0:
                got = self._set_most = max(map(_bit_count, self.num_mask))
        else:
            got = self._col_most
            if got < 0:
                self._col_items = self._colours()
                got = self._col_most
        return got

    def window(self, lo: int, n: int) -> int:
        """The natural cards numbered ``lo`` to ``lo + n - 1``."""
        return sum(self.num_mask[lo : lo + n])

    def cards(self, mask: int) -> tuple[int, ...]:
        """The natural cards of ``mask``, lowest first."""
        return tuple(map(self.naturals.__getitem__, _positions(mask)))


#: Tables of pure functions of a mask, cleared past 32768 entries (a bound on memory only).
_TABLE_LIMIT = 1 << 15
_BITS: dict[int, tuple[int, ...]] = {}
_POSITIONS: dict[int, tuple[int, ...]] = {}


def _bits(m: int) -> tuple[int, ...]:
    """The single-bit masks of ``m``, lowest first; a pure function, kept (the solver's hot
    loops read the table first: ``_BITS.get(m) or _bits(m)``, for ``m`` not 0)."""
    got = _BITS.get(m)
    if got is None:
        out = []
        x = m
        while x:
            b = x & -x
            out.append(b)
            x ^= b
        got = tuple(out)
        if m >= 0:
            if len(_BITS) >= _TABLE_LIMIT:
                _BITS.clear()
            _BITS[m] = got
    return got


def _positions(mask: int) -> tuple[int, ...]:
    """The set bits of ``mask``, lowest first: a pure function of a small int, kept (a hand's
    masks have at most a dozen bits or so)."""
    got = _POSITIONS.get(mask)
    if got is None:
        got = tuple([b.bit_length() - 1 for b in _bits(mask)])
        if len(_POSITIONS) >= _TABLE_LIMIT:
            _POSITIONS.clear()
        _POSITIONS[mask] = got
    return got
