"""The solver's candidate lists, built from a :class:`~.hands.Hand` one joker layer at a time.

A *candidate* for a requirement is a set of natural hand cards (a bitmask over the hand's
natural cards, bit ``i`` = the ``i``-th lowest card id) that jokers can complete to the
combination: ``(mask, jokers needed, info)`` with ``info`` a run's lowest number, a set's
number or a colour group's colour. The lists come in the order the solver's search relies on
(see :func:`_layer`), so every search finds the same first answer; building them layer by
layer from the fewest jokers a requirement can need skips every empty layer and window.

What depends only on a few small ints is looked up in tables filled on first use (the best
run windows of a set of numbers, the submasks of a mask, the joker need of two equal runs):
pure functions, so a kept answer is always the answer, and successive hands of a player
share most of them.
"""

from __future__ import annotations

from itertools import combinations, product

from .hands import _BITS, _TABLE_LIMIT, Hand, _bits

_Cand = tuple[int, int, int]  # (natural-card mask, jokers needed, info: run lo / number / colour)

# Cached tables are pure functions of small ints; past _TABLE_LIMIT entries a table is
# cleared (a bound on memory, not on correctness).
_RunTable = tuple[int, tuple[tuple[int, int], ...]]
_RUN_TABLES: dict[int, _RunTable] = {}
_SUBMASKS: dict[int, tuple[int, ...]] = {}
_PAIR_NEEDS: dict[int, int] = {}
_NO_TABLE: dict[int, tuple[int, ...]] = {}  # (always empty: look-ups that must miss)


def _run_table(n: int, numbers: int) -> _RunTable:
    """For runs of ``n`` and a hand holding the numbers ``numbers`` (bit v = number v): the
    most numbers one window holds, and the windows holding that many as ``(lo, held numbers)``
    in ascending ``lo``, one per set of held numbers (windows holding the same numbers give
    the same candidates, so the later ones are left out just as the ``seen`` set of
    :func:`_run_layers` leaves them out). A pure function of two small ints, kept in a table:
    successive hands of a player share most number patterns."""
    key = numbers << 6 | n if 0 <= n < 64 else -1  # a run has at most 15 cards
    got = _RUN_TABLES.get(key)
    if got is None:
        w = (1 << n) - 1
        best = 0
        firsts: list[tuple[int, int]] = []
        seen: set[int] = set()
        for lo in range(1, 17 - n):
            held = numbers & (w << lo)
            have = held.bit_count()
            if have > best or not firsts:
                best = have
                firsts = [(lo, held)]
                seen = {held}
            elif have == best and held not in seen:
                seen.add(held)
                firsts.append((lo, held))
        got = (best, tuple(firsts))
        if key >= 0:
            if len(_RUN_TABLES) >= _TABLE_LIMIT:
                _RUN_TABLES.clear()
            _RUN_TABLES[key] = got
    return got


def _submasks(m: int, k: int) -> tuple[int, ...]:
    """The submasks of ``m`` with ``k`` bits (``0 < k < popcount(m)``), in decreasing numeric
    order (the order of ``combinations(_bits(m)[::-1], k)``); a pure function, kept."""
    key = m << 7 | k if 0 <= k < 128 else -1
    got = _SUBMASKS.get(key)
    if got is None:
        got = tuple([sum(c) for c in combinations(_bits(m)[::-1], k)])
        if key >= 0:
            if len(_SUBMASKS) >= _TABLE_LIMIT:
                _SUBMASKS.clear()
            _SUBMASKS[key] = got
    return got


_Hand = Hand  # the solver's name for it (the tests build hands through it)


def _min_need(h: Hand, kind: str, n: int) -> int:
    """Fewest jokers one combination of this kind needs from this hand (ignoring the others)."""
    if kind == "run":
        return n - _run_table(n, h.numbers)[0]
    return max(0, n - h.most(kind))


def _min_layer(h: Hand, kind: str, n: int, j: int) -> list[_Cand]:
    """:func:`_layer` for ``j`` = :func:`_min_need` (the usual first layer), from tables.

    Runs: only the windows holding the most numbers have candidates with ``j`` jokers, each
    held number taking a natural card (:func:`_run_table` lists them, one per set of held
    numbers); sets and colour groups: the submasks of :func:`_submasks`.
    """
    if kind == "run":
        multi = h.multi
        nm = h.num_mask
        out: list[_Cand] = []
        get = _BITS.get
        for lo, held in _run_table(n, h.numbers)[1]:
            if not held & multi:  # one card per held number: the only way (Hand.window)
                out.append((sum(nm[lo : lo + n]), j, lo))
                continue
            # one natural card per held number, the later numbers' cards varying fastest
            # (bits of different numbers never overlap: a sum is their union)
            ways = product(*[get(m) or _bits(m) for m in nm[lo : lo + n] if m])
            out += [(x, j, lo) for x in map(sum, ways)]
        return out
    pc = n - j
    if pc <= 0:
        return [(0, n, 1 if kind == "set" else 0)]
    out = []
    # the table first, as _submasks does (0 < pc < k: never empty; its keys hold pc < 128)
    get = _SUBMASKS.get if pc < 128 else _NO_TABLE.get
    for v, m, k in h.items(kind):
        if k == pc:
            out.append((m, j, v))
        elif k > pc:
            out += [(x, j, v) for x in get(m << 7 | pc) or _submasks(m, pc)]
    return out


def _group_need(h: Hand, kind: str, sizes: list[int]) -> int:
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


def _run_pair_need(h: Hand, n: int) -> int:
    """The jokers two runs of ``n`` need together (exact, ignoring other requirements).

    Two runs in windows ``W1``, ``W2`` take at most one card per number each, so they use
    ``have(W1) + have(W2)`` natural cards less one for each number both windows cover of
    which the hand holds a single card; the best pair of windows gives the fewest jokers.
    A pure function of ``n`` and the numbers held once and more than once, kept in a table.
    """
    numbers = h.numbers
    single = numbers & ~h.multi
    key = (numbers << 16 | single) << 6 | n if 0 <= n < 64 else -1
    got = _PAIR_NEEDS.get(key)
    if got is not None:
        return got
    w = (1 << n) - 1
    haves = [0] + [((numbers >> lo) & w).bit_count() for lo in range(1, 17 - n)]
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
    got = 2 * n - best
    if key >= 0:
        if len(_PAIR_NEEDS) >= _TABLE_LIMIT:
            _PAIR_NEEDS.clear()
        _PAIR_NEEDS[key] = got
    return got


def _candidates(h: Hand, kind: str, n: int, lim: int) -> list[_Cand]:
    """Candidates for one requirement needing at most ``lim`` jokers, fewest jokers first:
    the layers from the fewest jokers this requirement can need up to ``lim`` (the layers
    below are empty)."""
    return _layers(h, kind, n, _min_need(h, kind, n), lim)


def _layer(h: Hand, kind: str, n: int, j: int) -> list[_Cand]:
    """The candidates for one requirement that need exactly ``j`` jokers.

    Concatenating layers 0, 1, … lim gives the candidate list for ``lim`` jokers in the order
    the search relies on (fewest jokers first; then runs by lowest number and, within a
    window, with a joker tried before each natural card in ascending order; sets and colour
    groups by number/colour, larger submasks first), so a list can be extended by one layer
    when the iterative deepening of :func:`cards_missing` allows one more joker.
    """
    return _layers(h, kind, n, j, j)


def _layers(h: Hand, kind: str, n: int, jlo: int, jhi: int) -> list[_Cand]:
    """Layers ``jlo`` to ``jhi`` of :func:`_layer`, concatenated."""
    if jlo > jhi:
        return []
    if kind == "run":
        return _run_layers(h, n, jlo, jhi)
    items = h.items(kind)
    out: list[_Cand] = []
    get = _SUBMASKS.get if n < 128 else _NO_TABLE.get  # (as in _min_layer; pc <= n)
    for j in range(max(jlo, 0), jhi + 1):  # one layer: candidates of n - j natural cards
        pc = n - j
        if pc <= 0:
            if not pc:
                out.append((0, n, 1 if kind == "set" else 0))
            continue
        for v, m, k in items:
            if k == pc:
                out.append((m, j, v))
            elif k > pc:
                # the submasks of pc bits, in decreasing numeric order
                out += [(x, j, v) for x in get(m << 7 | pc) or _submasks(m, pc)]
    return out


def _run_layers(h: Hand, n: int, jlo: int, jhi: int) -> list[_Cand]:
    """:func:`_layers` for a run: window by window (lowest number first), each window's ways
    with ``jlo`` to ``jhi`` jokers in the order "a joker first, then each natural card", each
    way into the bucket of its joker count, a mask only at its first window.

    A way's natural cards fit every window from its lowest to its highest number, so it comes
    first in the lowest such window: window 1, or the one whose top number is the way's
    highest. Above window 1 only the ways with a natural card at the top are new; a window
    whose top number the hand lacks has none.
    """
    buckets: list[list[_Cand]] = [[] for _ in range(jlo, jhi + 1)]
    nm = h.num_mask
    multi = h.multi
    numbers = h.numbers
    w = (1 << n) - 1
    get = _BITS.get
    for lo in range(1, 17 - n):
        if lo > 1 and not numbers >> (lo + n - 1) & 1:
            continue  # no natural card at the top: every way came in an earlier window
        have = (numbers >> lo & w).bit_count()
        forced = n - have  # window places without a natural card: each takes a joker
        if forced > jhi:
            continue
        if forced >= jlo and (forced == jhi or not have):
            # only one joker count fits: every held number takes a natural card
            bucket = buckets[forced - jlo]
            if not (multi >> lo) & w:
                bucket.append((sum(nm[lo : lo + n]), forced, lo))  # one card per number
                continue
            ways = product(*[get(m) or _bits(m) for m in nm[lo : lo + n] if m])
            bucket += [(x, forced, lo) for x in map(sum, ways)]
            continue
        # (mask, jokers so far), place by place; forced: empty places still ahead; above
        # window 1 the top place takes a natural card (see above)
        states = [(0, 0)]
        left = n
        top_joker = lo == 1
        for m in nm[lo : lo + n]:
            left -= 1
            if not m:
                forced -= 1
                states = [(x, u + 1) for x, u in states]
                continue
            bits = get(m) or _bits(m)
            joker_ok = left or top_joker
            new = []
            for x, u in states:
                # a joker here, then the naturals; keep states that can still end in range
                if joker_ok and u + 1 + forced <= jhi:
                    new.append((x, u + 1))
                if u + left >= jlo:
                    for b in bits:
                        new.append((x | b, u))
            states = new
        for mask, u in states:
            buckets[u - jlo].append((mask, u, lo))
    if len(buckets) == 1:
        return buckets[0]
    return [c for bucket in buckets for c in bucket]
