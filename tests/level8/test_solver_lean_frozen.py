"""The solver's lean paths against a frozen copy of the search they replaced.

The reference below is the solver as it was before its two-requirement fast path, leaner
``Hand`` and cheaper bookkeeping (``_missing_search``, ``_deepen``, ``solve``, ``_summary``
and what they need, without the kept tables): the new code must return exactly the same —
totals, chosen candidates in the same order, lay-downs — for recorded-like game hands and
random hands of every built-in level, for every ``at_least``, and ``solve`` after a search
of the same tuple (which reuses the search's Hand and lists) must equal a fresh solve.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from itertools import combinations, product

import pytest

from levelwidgets.level8 import solver
from levelwidgets.level8.cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, parse_card
from levelwidgets.level8.combos import Combo
from levelwidgets.level8.levels import (
    BOARD_ONE_STAR,
    BOARD_TWO_STAR,
    ONE_STAR,
    PHASE10,
    TWO_STAR,
    Level,
    parse_level,
)

from .helpers import random_hand, recorded_searches

# -- the frozen reference (a copy of the code before the change; tables left out) ----------


class _RefHand:
    def __init__(self, hand) -> None:
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
        num_mask = [0] * 17
        numbers = 0
        multi = 0
        for i, c in enumerate(naturals):
            v = c % 15 + 1
            if num_mask[v]:
                multi |= 1 << v
            else:
                numbers |= 1 << v
            num_mask[v] |= 1 << i
        col_mask = [0] * 6
        for i, c in enumerate(naturals):
            col_mask[c // 15] |= 1 << i
        self.numbers = numbers
        self.multi = multi
        self.naturals = naturals
        self.n_nat = len(naturals)
        self.jokers = jokers
        self.nj = len(jokers)
        self.num_mask = num_mask
        self.col_mask = col_mask

    def items(self, kind):
        masks = self.num_mask if kind == "set" else self.col_mask
        return [(v, m, m.bit_count()) for v, m in enumerate(masks) if m]

    def most(self, kind):
        return max(map(int.bit_count, self.num_mask if kind == "set" else self.col_mask))

    def cards(self, mask):
        return tuple(self.naturals[i] for i in _ref_positions(mask))


def _ref_bits(m):
    out = []
    while m:
        b = m & -m
        out.append(b)
        m ^= b
    return tuple(out)


def _ref_positions(mask):
    return tuple(b.bit_length() - 1 for b in _ref_bits(mask))


def _ref_run_table(n, numbers):
    w = (1 << n) - 1
    best = 0
    firsts = []
    seen = set()
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
    return best, tuple(firsts)


def _ref_submasks(m, k):
    return tuple(sum(c) for c in combinations(_ref_bits(m)[::-1], k))


def _ref_min_layer(h, kind, n, j):
    if kind == "run":
        out = []
        for lo, held in _ref_run_table(n, h.numbers)[1]:
            if not held & h.multi:
                out.append((sum(h.num_mask[lo : lo + n]), j, lo))
                continue
            ways = product(*[_ref_bits(m) for m in h.num_mask[lo : lo + n] if m])
            out += [(x, j, lo) for x in map(sum, ways)]
        return out
    pc = n - j
    if pc <= 0:
        return [(0, n, 1 if kind == "set" else 0)]
    out = []
    for v, m, k in h.items(kind):
        if k == pc:
            out.append((m, j, v))
        elif k > pc:
            out += [(x, j, v) for x in _ref_submasks(m, pc)]
    return out


def _ref_group_need(h, kind, sizes):
    counts = sorted([c for _v, _m, c in h.items(kind)], reverse=True)
    k = len(sizes)
    total = sum(sizes)
    need = total - min(total, sum(counts[:k]))
    n = sizes[0]
    if sizes.count(n) == k:
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


def _ref_run_pair_need(h, n):
    numbers = h.numbers
    single = numbers & ~h.multi
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
    return 2 * n - best


def _ref_layers(h, kind, n, jlo, jhi):
    if jlo > jhi:
        return []
    if kind == "run":
        return _ref_run_layers(h, n, jlo, jhi)
    out = []
    for j in range(max(jlo, 0), jhi + 1):
        pc = n - j
        if pc <= 0:
            if not pc:
                out.append((0, n, 1 if kind == "set" else 0))
            continue
        for v, m, k in h.items(kind):
            if k == pc:
                out.append((m, j, v))
            elif k > pc:
                out += [(x, j, v) for x in _ref_submasks(m, pc)]
    return out


def _ref_run_layers(h, n, jlo, jhi):
    buckets = [[] for _ in range(jlo, jhi + 1)]
    nm = h.num_mask
    multi = h.multi
    numbers = h.numbers
    w = (1 << n) - 1
    for lo in range(1, 17 - n):
        if lo > 1 and not numbers >> (lo + n - 1) & 1:
            continue
        have = (numbers >> lo & w).bit_count()
        forced = n - have
        if forced > jhi:
            continue
        if forced >= jlo and (forced == jhi or not have):
            bucket = buckets[forced - jlo]
            if not (multi >> lo) & w:
                bucket.append((sum(nm[lo : lo + n]), forced, lo))
                continue
            ways = product(*[_ref_bits(m) for m in nm[lo : lo + n] if m])
            bucket += [(x, forced, lo) for x in map(sum, ways)]
            continue
        states = [(0, 0)]
        left = n
        top_joker = lo == 1
        for m in nm[lo : lo + n]:
            left -= 1
            if not m:
                forced -= 1
                states = [(x, u + 1) for x, u in states]
                continue
            new = []
            for x, u in states:
                if (left or top_joker) and u + 1 + forced <= jhi:
                    new.append((x, u + 1))
                if u + left >= jlo:
                    for b in _ref_bits(m):
                        new.append((x | b, u))
            states = new
        for mask, u in states:
            buckets[u - jlo].append((mask, u, lo))
    return [c for bucket in buckets for c in bucket]


def _ref_level_info(level):
    groups = {}
    for i, r in enumerate(level.requirements):
        groups.setdefault((r.kind, r.n), []).append(i)
    shapes = [(kind, n, idxs) for (kind, n), idxs in groups.items()]
    repeated = []
    for kind in ("set", "colour"):
        pos = [g for g, (kd, _n, idxs) in enumerate(shapes) if kd == kind for _ in idxs]
        if len(pos) > 1:
            repeated.append((kind, pos, [shapes[g][1] for g in pos]))
    for g, (kind, n, idxs) in enumerate(shapes):
        if kind == "run" and len(idxs) == 2:
            repeated.append(("run", [g, g], [n, n]))
    return shapes, tuple(repeated), sum(r.n for r in level.requirements)


def _ref_bound(h, shapes):
    mins = []
    total = 0
    for kind, n, idxs in shapes:
        m = n - _ref_run_table(n, h.numbers)[0] if kind == "run" else max(0, n - h.most(kind))
        mins.append(m)
        total += m * len(idxs)
    return total, mins


def _ref_search_one(slots, budget):
    """The generic depth-first search (the old code's 2- and 3-slot loops are its unrolled
    copies: the same order and pruning)."""
    k = len(slots)
    cands = [s[3] for s in slots]
    same = [s[4] for s in slots]
    suffix = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        if not cands[i]:
            return None
        suffix[i] = suffix[i + 1] + cands[i][0][1]
    if suffix[0] > budget:
        return None
    chosen = [0] * k
    if not k:
        return chosen

    def rec(i, used, left, start):
        if i == k:
            return True
        cl = cands[i]
        rest = suffix[i + 1]
        for idx in range(start if same[i] else 0, len(cl)):
            mask, j, _ = cl[idx]
            if j + rest > left:
                break
            if mask & used:
                continue
            chosen[i] = idx
            if rec(i + 1, used | mask, left - j, idx):
                return True
        return False

    return chosen if rec(0, 0, budget, 0) else None


def _ref_slots(shapes, lists):
    built = [(kind, n, idxs, cands) for (kind, n, idxs), cands in zip(shapes, lists, strict=True)]
    built.sort(key=lambda b: len(b[3]))
    return [
        (i, kind, n, cands, k > 0) for kind, n, idxs, cands in built for k, i in enumerate(idxs)
    ]


def _ref_first_cand(h, kind, n, j):
    if kind == "run":
        firsts = _ref_run_table(n, h.numbers)[1]
        if not firsts:
            return None
        lo = firsts[0][0]
        return (sum([m & -m for m in h.num_mask[lo : lo + n]]), j, lo)
    pc = n - j
    if pc <= 0:
        return (0, n, 1 if kind == "set" else 0)
    for v, m, k in h.items(kind):
        if k == pc:
            return (m, j, v)
        if k > pc:
            return (_ref_submasks(m, pc)[0], j, v)
    return None


def _ref_missing_search(hand, lv, at_least):
    """``(Hand, total, chosen)`` of the old ``_missing_search`` (its ``_deepen``)."""
    h = _RefHand(hand)
    info = _ref_level_info(lv)
    shapes, repeated, n_cards = info
    lower, mins = _ref_bound(h, shapes)
    start = lower
    for kind, pos, sizes in repeated:
        own = sum([mins[g] for g in pos])
        pair = kind == "run"
        need = _ref_run_pair_need(h, sizes[0]) if pair else _ref_group_need(h, kind, sizes)
        if need > own:
            start += need - own
    total = max(start, min(at_least, n_cards))
    if len(shapes) == 1 and len(shapes[0][2]) == 1:
        kind, n, _ = shapes[0]
        first = _ref_first_cand(h, kind, n, mins[0])
        if first is not None:
            return h, total, [(0, kind, n, first)]
    while True:
        lists = [
            _ref_layers(h, kind, n, mins[g], min(n, mins[g] + total - lower))
            for g, (kind, n, _idxs) in enumerate(shapes)
        ]
        slots = _ref_slots(shapes, lists)
        choice = _ref_search_one(slots, total)
        if choice is not None:
            break
        total += 1
    return h, total, [(s[0], s[1], s[2], s[3][i]) for s, i in zip(slots, choice, strict=True)]


def _ref_build(h, level, chosen):
    jokers = iter(h.jokers)
    combos = [None] * len(level.requirements)
    for ri, kind, n, (mask, _j, info) in chosen:
        nat = h.cards(mask)
        if kind == "run":
            by_num = {c % 15 + 1: c for c in nat}
            cards = []
            meanings = []
            for v in range(info, info + n):
                c = by_num.get(v)
                if c is None:
                    c = next(jokers)
                    meanings.append((c, v))
                cards.append(c)
            combos[ri] = Combo("run", tuple(cards), tuple(sorted(meanings)))
        else:
            js = [next(jokers) for _ in range(n - len(nat))]
            combos[ri] = Combo(kind, tuple(nat) + tuple(js), tuple((j, info) for j in js))
    return tuple(combos)


def _ref_solve(hand, level):
    """The old ``solve`` from scratch (its reuse of a search's lists was to change nothing)."""
    h = _RefHand(hand)
    shapes, _repeated, n_cards = _ref_level_info(level)
    nj = h.nj
    if n_cards > h.n_nat + nj:
        return None
    lower, mins = _ref_bound(h, shapes)
    if lower > nj:
        return None
    lists = [_ref_layers(h, kind, n, mins[g], min(n, nj)) for g, (kind, n, _) in enumerate(shapes)]
    slots = _ref_slots(shapes, lists)
    choice = _ref_search_one(slots, nj)
    if choice is None:
        return None
    return _ref_build(
        h, level, [(s[0], s[1], s[2], s[3][i]) for s, i in zip(slots, choice, strict=True)]
    )


def _ref_run_need_numbers(lo, n, have):
    nums = [v for v in range(1, 16) if have >> v & 1]
    lo_v, hi_v = nums[0], nums[-1]
    opts = [v for v in range(max(1, hi_v - n + 1), min(lo_v, 16 - n) + n) if not have >> v & 1]
    gaps = [v for v in range(lo, lo + n) if not have >> v & 1]
    bits = 0
    for v in gaps:
        bits |= 1 << v
        if len(gaps) < n:
            for o in opts:
                bits |= 1 << o
    return bits


def _ref_summary(h, chosen):
    used = 0
    nums = 0
    cols = 0
    for _ri, kind, n, (mask, j, info) in chosen:
        used |= mask
        if j == 0:
            continue
        if kind == "run":
            if mask:
                have = sum(1 << (c % 15 + 1) for c in h.cards(mask))
                nums |= _ref_run_need_numbers(info, n, have)
            else:
                nums |= ((1 << n) - 1) << info
        elif not mask:
            nums = ((1 << 16) - 1) & ~1
        elif kind == "set":
            nums |= 1 << info
        else:
            cols |= 1 << info
    return frozenset(h.cards(used)), nums, cols


# -- the comparisons ----------------------------------------------------------------------

LEVELS: list[Level] = list(
    {
        lv.spec(): lv
        for seq in (ONE_STAR, TWO_STAR, BOARD_ONE_STAR, BOARD_TWO_STAR, PHASE10)
        for lv in seq.levels
    }.values()
)


def _hand_key(h) -> tuple:
    return (list(h.naturals), list(h.jokers), h.nj, h.n_nat)


def _check(hand, lv: Level, at_least: int) -> None:
    """The new search, summary and solve (after the search, and fresh) against the frozen."""
    want_h, want_total, want_chosen = _ref_missing_search(hand, lv, at_least)
    h, total, chosen = solver._missing_search(hand, lv, at_least)
    where = (hand, lv.spec(), at_least)
    assert (total, chosen) == (want_total, want_chosen), where
    assert _hand_key(h) == _hand_key(want_h), where
    assert solver._summary(h, chosen) == _ref_summary(want_h, want_chosen), where
    assert solver._missing(h, lv, total, chosen) == solver._missing(
        want_h, lv, want_total, want_chosen
    ), where
    want_way = _ref_solve(hand, lv)
    assert solver.solve(hand, lv) == want_way, where  # after the search (reuses its lists)
    solver._LAST_WAY[0] = None
    solver._LAST_LISTS[0] = None
    assert solver.solve(hand, lv) == want_way, where  # fresh


@pytest.mark.parametrize("seed", range(4))
def test_random_hands_of_every_level_match_the_frozen_search(seed: int) -> None:
    rng = random.Random(seed)
    for lv in LEVELS:
        n_cards = sum(r.n for r in lv.requirements)
        for _ in range(12):
            hand = random_hand(rng)
            for at_least in range(n_cards + 3):
                _check(hand, lv, at_least)


def test_recorded_game_calls_match_the_frozen_search() -> None:
    calls = recorded_searches([f"lean-{s}" for s in range(30)])
    assert len(calls) > 2000
    for hand, lv, at_least in calls:
        _check(hand, lv, at_least)


def test_repeated_ids_and_card_codes() -> None:
    lv = parse_level("run 3 + colour 4")
    _check((0, 0, 1, 2, 15, 15, 95), lv, 0)
    _check(["1R", "2R", "3B", "J1", "5R"], lv, 1)
    _check((), lv, 0)
    _check(list(range(0, FIRST_JOKER, 7)) * 2, parse_level("run 6 + set 2"), 3)
    _check(tuple(range(FIRST_JOKER, END_SKIP)), parse_level("set 3 + colour 5"), 0)


def test_bisect_keeps_the_reference_hand_sorted() -> None:
    """(The reference hand sorts as the old Hand did: naturals ascending before jokers.)"""
    h = _RefHand((95, 3, 1, 99))
    assert h.naturals == [1, 3] and h.jokers == [95]
    assert bisect_left(h.naturals, FIRST_JOKER) == 2
