"""A hand as bitmasks, and the solver's candidate lists built from it, one joker layer at a time.

A *candidate* for a requirement is a set of natural hand cards (a bitmask over the hand's
natural cards, bit ``i`` = the ``i``-th lowest card id) that jokers can complete to the
combination: ``(mask, jokers needed, info)`` with ``info`` a run's lowest number, a set's
number or a colour group's colour. The lists come in the order the solver's search relies on
(see :func:`_layer`), so every search finds the same first answer; building them layer by
layer from the fewest jokers a requirement can need skips every empty layer and window.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from .cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, parse_card

_Cand = tuple[int, int, int]  # (natural-card mask, jokers needed, info: run lo / number / colour)

#: Number (1–15) and colour (0–5) by natural card id: a look-up instead of ``%`` and ``//``.
_NUMBER = tuple(c % 15 + 1 for c in range(FIRST_JOKER))
_COLOUR = tuple(c // 15 for c in range(FIRST_JOKER))
_bit_count = int.bit_count


class _Hand:
    """The masks of a hand; the colour masks and the run windows' counts are filled in on
    demand (many levels ask for no colour group, or no run)."""

    __slots__ = (
        "_col_mask",
        "_items",
        "jokers",
        "multi",
        "naturals",
        "num_mask",
        "numbers",
        "windows",
    )

    def __init__(self, hand: Iterable[object]) -> None:
        naturals: list[int] = []
        jokers: list[int] = []
        for c in hand:
            cid = c if type(c) is int else parse_card(c)
            if cid < FIRST_JOKER:
                naturals.append(cid)
            elif not FIRST_SKIP <= cid < END_SKIP:
                jokers.append(cid)
        naturals.sort()
        num_mask = [0] * 17
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
        self.jokers = sorted(jokers)
        self.num_mask = num_mask
        self._col_mask: list[int] | None = None
        self.windows: dict[int, list[int]] | None = None
        self._items: dict[str, list[tuple[int, int, int]]] = {}

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

    def items(self, kind: str) -> list[tuple[int, int, int]]:
        """``(number, mask, count)`` of every number the hand holds (kind "set"), or
        ``(colour, mask, count)`` of every colour (kind "colour"), lowest first."""
        got = self._items.get(kind)
        if got is None:
            if kind == "set":
                got = [(v, m, m.bit_count()) for v, m in enumerate(self.num_mask) if m]
            else:
                got = [(c, m, m.bit_count()) for c, m in enumerate(self.col_mask) if m]
            self._items[kind] = got
        return got

    def run_windows(self, n: int) -> list[int]:
        """How many numbers of the run window ``lo .. lo + n - 1`` the hand holds, by ``lo``
        (index 0 unused); computed once per run length."""
        windows = self.windows
        if windows is None:
            windows = self.windows = {}
        got = windows.get(n)
        if got is None:
            numbers = self.numbers
            w = (1 << n) - 1
            got = windows[n] = [0] + [((numbers >> lo) & w).bit_count() for lo in range(1, 17 - n)]
        return got


def _bits(m: int) -> list[int]:
    """The single-bit masks of ``m``, lowest first."""
    out = []
    while m:
        b = m & -m
        out.append(b)
        m ^= b
    return out


def _min_need(h: _Hand, kind: str, n: int) -> int:
    """Fewest jokers one combination of this kind needs from this hand (ignoring the others)."""
    if kind == "run":
        return n - max(h.run_windows(n))
    return max(0, n - max(map(_bit_count, h.num_mask if kind == "set" else h.col_mask)))


def _group_need(h: _Hand, kind: str, sizes: list[int]) -> int:
    """A lower bound on the jokers that sets (or colour groups) of these sizes need together.

    Each group takes its natural cards from one number (colour), so ``k`` groups use at most
    the ``k`` biggest numbers' cards. With equal sizes ``n`` it is exact on its own: a number
    with ``c`` cards offers chunks of ``n`` plus one of ``c % n``, and the ``k`` largest
    chunks are the most natural cards the groups can use.
    """
    counts = sorted([c for _v, _m, c in h.items(kind)], reverse=True)
    k = len(sizes)
    total = sum(sizes)
    need = total - min(total, sum(counts[:k]))
    n = sizes[0]
    if sizes.count(n) == k:
        # the k largest chunks: whole chunks of n first, then the largest remainders
        full = 0
        rests = []
        for c in counts:
            full += c // n
            if c % n:
                rests.append(c % n)
        if full < k:
            rests.sort(reverse=True)
            need = max(need, total - full * n - sum(rests[: k - full]))
    return need


def _run_pair_need(h: _Hand, n: int) -> int:
    """The jokers two runs of ``n`` need together (exact, ignoring other requirements).

    Two runs in windows ``W1``, ``W2`` take at most one card per number each, so they use
    ``have(W1) + have(W2)`` natural cards less one for each number both windows cover of
    which the hand holds a single card; the best pair of windows gives the fewest jokers.
    """
    haves = h.run_windows(n)
    single = h.numbers & ~h.multi
    w = (1 << n) - 1
    order = sorted(range(1, len(haves)), key=haves.__getitem__, reverse=True)
    best = 0
    for x, a in enumerate(order):
        ha = haves[a]
        if 2 * ha <= best:
            break
        wa = w << a
        for b in order[x:]:
            hb = haves[b]
            if ha + hb <= best:
                break
            got = ha + hb - (single & wa & (w << b)).bit_count()
            if got > best:
                best = got
    return 2 * n - best


def _candidates(h: _Hand, kind: str, n: int, lim: int) -> list[_Cand]:
    """Candidates for one requirement needing at most ``lim`` jokers, fewest jokers first:
    the layers from the fewest jokers this requirement can need up to ``lim`` (the layers
    below are empty)."""
    return _layers(h, kind, n, _min_need(h, kind, n), lim)


def _layer(h: _Hand, kind: str, n: int, j: int) -> list[_Cand]:
    """The candidates for one requirement that need exactly ``j`` jokers.

    Concatenating layers 0, 1, … lim gives the candidate list for ``lim`` jokers in the order
    the search relies on (fewest jokers first; then runs by lowest number and, within a
    window, with a joker tried before each natural card in ascending order; sets and colour
    groups by number/colour, larger submasks first), so a list can be extended by one layer
    when the iterative deepening of :func:`cards_missing` allows one more joker.
    """
    return _layers(h, kind, n, j, j)


def _layers(h: _Hand, kind: str, n: int, jlo: int, jhi: int) -> list[_Cand]:
    """Layers ``jlo`` to ``jhi`` of :func:`_layer`, concatenated, built in one pass."""
    if jlo > jhi:
        return []
    if kind == "run":
        return _run_layers(h, n, jlo, jhi)
    first = 1 if kind == "set" else 0
    items = h.items(kind)
    if jlo == jhi:  # one layer (the usual case): candidates of n - j natural cards
        j = jlo
        pc = n - j
        if pc == 0:
            return [(0, n, first)]
        out: list[_Cand] = []
        for v, m, k in items:
            if k == pc:
                out.append((m, j, v))
            elif k > pc:
                # combinations of the bits, highest first, come in decreasing numeric order
                out += [(sum(c), j, v) for c in combinations(_bits(m)[::-1], pc)]
        return out
    return _many_layers(h, kind, n, jlo, jhi)


def _many_layers(h: _Hand, kind: str, n: int, jlo: int, jhi: int) -> list[_Cand]:
    """Layers ``jlo`` to ``jhi`` at once: every candidate with at most ``jhi`` jokers in one
    pass (one walk over the windows or numbers, a mask kept at its first place), sorted by
    jokers, less those with fewer than ``jlo`` (the list is sorted by jokers, so the rest are
    the layers concatenated)."""
    out: dict[int, _Cand] = {}
    if kind == "run":
        nm = h.num_mask
        for lo, have in enumerate(h.run_windows(n)):
            if not lo or have < n - jhi:
                continue
            # (mask, jokers): at each number a joker first, then each natural card
            partial = [(0, 0)]
            for m in nm[lo : lo + n]:
                new = []
                if not m:
                    for mask, j in partial:
                        if j < jhi:
                            new.append((mask, j + 1))
                elif not m & (m - 1):
                    for mask, j in partial:
                        if j < jhi:
                            new.append((mask, j + 1))
                        new.append((mask | m, j))
                else:
                    bits = _bits(m)
                    for mask, j in partial:
                        if j < jhi:
                            new.append((mask, j + 1))
                        for b in bits:
                            new.append((mask | b, j))
                partial = new
            for mask, j in partial:
                if mask not in out:
                    out[mask] = (mask, j, lo)
    else:
        first = 1 if kind == "set" else 0
        for v, m, _k in h.items(kind):
            sub = m  # every submask, in decreasing numeric order
            while sub:
                pc = sub.bit_count()
                if pc <= n and n - pc <= jhi:
                    out[sub] = (sub, n - pc, v)
                sub = (sub - 1) & m
        if n <= jhi:
            out[0] = (0, n, first)
    res = sorted(out.values(), key=_jokers)
    if jlo > 0 and res and res[0][1] < jlo:
        res = [c for c in res if c[1] >= jlo]
    return res


def _jokers(c: _Cand) -> int:
    return c[1]


def _run_layers(h: _Hand, n: int, jlo: int, jhi: int) -> list[_Cand]:
    """:func:`_layers` for a run: window by window (lowest number first), each window's ways
    with ``jlo`` to ``jhi`` jokers in the order "a joker first, then each natural card", each
    way into the bucket of its joker count (a mask already in it is left out)."""
    buckets: list[list[_Cand]] = [[] for _ in range(jlo, jhi + 1)]
    seen: set[int] = set()  # masks of different joker counts differ: one set serves all
    nm = h.num_mask
    multi = h.multi
    w = (1 << n) - 1
    for lo, have in enumerate(h.run_windows(n)):
        forced = n - have  # window places without a natural card: each takes a joker
        if forced > jhi or not lo:
            continue
        if forced >= jlo and (forced == jhi or not have):
            # only one joker count fits: every held number takes a natural card
            bucket = buckets[forced - jlo]
            if not (multi >> lo) & w:
                mask = sum(nm[lo : lo + n])  # one card per held number: the only way
                if mask not in seen:
                    seen.add(mask)
                    bucket.append((mask, forced, lo))
                continue
            partial = [0]
            for m in nm[lo : lo + n]:
                if m & (m - 1):
                    partial = [x | b for x in partial for b in _bits(m)]
                elif m:
                    partial = [x | m for x in partial]
            for mask in partial:
                if mask not in seen:
                    seen.add(mask)
                    bucket.append((mask, forced, lo))
            continue
        # (mask, jokers so far), place by place; forced: empty places still ahead
        states = [(0, 0)]
        left = n
        for m in nm[lo : lo + n]:
            left -= 1
            if not m:
                forced -= 1
                states = [(x, u + 1) for x, u in states]
                continue
            bits = _bits(m)
            new = []
            for x, u in states:
                # a joker here, then the naturals; keep states that can still end in range
                if u + 1 + forced <= jhi:
                    new.append((x, u + 1))
                if u + left >= jlo:
                    for b in bits:
                        new.append((x | b, u))
            states = new
        for mask, u in states:
            if mask not in seen:
                seen.add(mask)
                buckets[u - jlo].append((mask, u, lo))
    if len(buckets) == 1:
        return buckets[0]
    return [c for bucket in buckets for c in bucket]


def _mask_cards(h: _Hand, mask: int) -> list[int]:
    """The natural cards of ``mask``, lowest first."""
    nat = h.naturals
    out = []
    while mask:
        b = mask & -mask
        out.append(nat[b.bit_length() - 1])
        mask ^= b
    return out
