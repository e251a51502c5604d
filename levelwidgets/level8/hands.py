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

_bit_count = int.bit_count
_INT = frozenset([int])  # (bool and other int types go the long way, through parse_card)
_Item = tuple[int, int, int]  # (number or colour, mask of its cards, how many)


class Hand:
    """The natural cards of a hand as masks (see the module docstring), its jokers, and what
    the solver derives from them."""

    __slots__ = (
        "_col_mask",
        "_items",
        "_most",
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
        if {*map(type, hand)} <= _INT:  # ids (the engine's hands): sorted, naturals come first
            cards = sorted(hand)
            k = bisect_left(cards, FIRST_JOKER)
            naturals = cards[:k]
            jokers = [c for c in cards[k:] if not FIRST_SKIP <= c < END_SKIP] if cards[k:] else []
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
        b = 1
        for c in naturals:
            v = _NUMBER[c]
            if num_mask[v]:
                multi |= 1 << v
            else:
                numbers |= 1 << v
            num_mask[v] |= b
            b <<= 1
        self.numbers = numbers
        self.multi = multi
        self.naturals = naturals
        self.n_nat = len(naturals)
        self.jokers = jokers
        self.nj = len(jokers)
        self.num_mask = num_mask
        self._col_mask: list[int] | None = None
        self._items: dict[str, list[_Item]] = {}
        self._most: dict[str, int] = {}

    @property
    def col_mask(self) -> list[int]:
        """The natural cards of each colour (0–5), as masks."""
        col_mask = self._col_mask
        if col_mask is None:
            col_mask = self._col_mask = [0] * 6
            b = 1
            for c in self.naturals:
                col_mask[_COLOUR[c]] |= b
                b <<= 1
        return col_mask

    def items(self, kind: str) -> list[_Item]:
        """``(number, mask, count)`` of every number the hand holds (kind "set"), or
        ``(colour, mask, count)`` of every colour (kind "colour"), lowest first."""
        got = self._items.get(kind)
        if got is None:
            masks = self.num_mask if kind == "set" else self.col_mask
            got = self._items[kind] = [(v, m, m.bit_count()) for v, m in enumerate(masks) if m]
        return got

    def most(self, kind: str) -> int:
        """The most cards of one number (kind "set") or one colour the hand holds."""
        got = self._most.get(kind)
        if got is None:
            masks = self.num_mask if kind == "set" else self.col_mask
            got = self._most[kind] = max(map(_bit_count, masks))
        return got

    def window(self, lo: int, n: int) -> int:
        """The natural cards numbered ``lo`` to ``lo + n - 1``."""
        return sum(self.num_mask[lo : lo + n])

    def cards(self, mask: int) -> tuple[int, ...]:
        """The natural cards of ``mask``, lowest first."""
        return tuple(map(self.naturals.__getitem__, _positions(mask)))


_POSITIONS: dict[int, tuple[int, ...]] = {}


def _positions(mask: int) -> tuple[int, ...]:
    """The set bits of ``mask``, lowest first: a pure function of a small int, kept (a hand's
    masks have at most a dozen bits or so; the table is cleared past 32768 entries)."""
    got = _POSITIONS.get(mask)
    if got is None:
        out = []
        m = mask
        while m:
            b = m & -m
            out.append(b.bit_length() - 1)
            m ^= b
        got = tuple(out)
        if len(_POSITIONS) >= 1 << 15:
            _POSITIONS.clear()
        _POSITIONS[mask] = got
    return got
