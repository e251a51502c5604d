"""Lay-down solver: can a hand lay a level, one concrete way, all distinct ways, cards missing.

Method: for each requirement, list the *candidates* — sets of natural hand cards (bitmasks)
that can be completed to that combination with jokers — then a depth-first search picks
disjoint candidates whose joker needs fit the jokers held. "Cards missing" is the same search
minimising the total joker need (iterative deepening): every card the hand lacks is a virtual
joker, and each virtual joker's position tells which card would help.

Two ways are *distinct* when they use different natural cards in some combination (or a
different number of jokers); which joker card plays which role, the order of identical
requirements, and the placement of a joker at either end of a run are not distinctions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from .cards import CODES, COLOUR_LETTERS, END_SKIP, FIRST_JOKER, FIRST_SKIP, parse_card
from .combos import Combo
from .levels import Level, parse_level

LayDown = tuple[Combo, ...]
"""One concrete lay-down: one :class:`Combo` per requirement of the level, in level order."""

_Cand = tuple[int, int, int]  # (natural-card mask, jokers needed, info: run lo / number / colour)


class _Hand:
    __slots__ = ("col_mask", "jokers", "naturals", "num_mask", "numbers")

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
        col_mask = [0] * 6
        numbers = 0  # bit v set when the hand holds a natural card numbered v
        for i, c in enumerate(naturals):
            b = 1 << i
            v = c % 15 + 1
            num_mask[v] |= b
            col_mask[c // 15] |= b
            numbers |= 1 << v
        self.numbers = numbers
        self.naturals = naturals
        self.jokers = sorted(jokers)
        self.num_mask = num_mask
        self.col_mask = col_mask


def _bits(m: int) -> list[int]:
    """The single-bit masks of ``m``, lowest first."""
    out = []
    while m:
        b = m & -m
        out.append(b)
        m ^= b
    return out


def _submask_cands(m: int, n: int, lim: int, info: int, out: dict[int, _Cand]) -> None:
    sub = m
    while sub:
        pc = sub.bit_count()
        if pc <= n and n - pc <= lim and sub not in out:
            out[sub] = (sub, n - pc, info)
        sub = (sub - 1) & m


def _candidates(h: _Hand, kind: str, n: int, lim: int) -> list[_Cand]:
    """Candidates for one requirement needing at most ``lim`` jokers, fewest jokers first."""
    out: dict[int, _Cand] = {}
    if kind == "run":
        nm = h.num_mask
        numbers = h.numbers
        window = (1 << n) - 1
        need = n - lim  # numbers in the window that must be covered by natural cards
        for lo in range(1, 17 - n):
            if need > 0 and ((numbers >> lo) & window).bit_count() < need:
                continue
            if lim == 0:  # no joker: every number of the window is held
                masks = [0]
                for m in nm[lo : lo + n]:
                    if m & (m - 1):
                        masks = [x | b for x in masks for b in _bits(m)]
                    else:
                        masks = [x | m for x in masks]
                for mask in masks:
                    if mask not in out:
                        out[mask] = (mask, 0, lo)
                continue
            # (mask, jokers): at each number a joker first, then each natural card
            partial = [(0, 0)]
            for m in nm[lo : lo + n]:
                new = []
                if not m:
                    for mask, j in partial:
                        if j < lim:
                            new.append((mask, j + 1))
                elif not m & (m - 1):
                    for mask, j in partial:
                        if j < lim:
                            new.append((mask, j + 1))
                        new.append((mask | m, j))
                else:
                    bits = _bits(m)
                    for mask, j in partial:
                        if j < lim:
                            new.append((mask, j + 1))
                        for b in bits:
                            new.append((mask | b, j))
                partial = new
            for mask, j in partial:
                if mask not in out:
                    out[mask] = (mask, j, lo)
    elif kind == "set":
        nm = h.num_mask
        for v in range(1, 16):
            if nm[v]:
                _submask_cands(nm[v], n, lim, v, out)
        if n <= lim and 0 not in out:
            out[0] = (0, n, 1)
    else:
        cm = h.col_mask
        for c in range(6):
            if cm[c]:
                _submask_cands(cm[c], n, lim, c, out)
        if n <= lim and 0 not in out:
            out[0] = (0, n, 0)
    res = list(out.values())
    res.sort(key=lambda t: t[1])
    return res


def _slots(
    h: _Hand,
    level: Level,
    lim_for: int | dict[tuple[str, int], int] | None,
    cache: dict[tuple[str, int, int], list[_Cand]] | None = None,
):
    """Requirement slots ordered for the search: (req index, kind, n, candidates, same-as-prev).

    ``lim_for`` caps the jokers per candidate: one number for all, a dict per (kind, n), or
    None for no cap.
    """
    groups: dict[tuple[str, int], list[int]] = {}
    for i, r in enumerate(level.requirements):
        groups.setdefault((r.kind, r.n), []).append(i)
    built = []
    for (kind, n), idxs in groups.items():
        if lim_for is None:
            lim = n
        elif isinstance(lim_for, dict):
            lim = min(n, lim_for[(kind, n)])
        else:
            lim = min(n, lim_for)
        if cache is None:
            cands = _candidates(h, kind, n, lim)
        else:
            cands = cache.get((kind, n, lim))
            if cands is None:
                cands = cache[(kind, n, lim)] = _candidates(h, kind, n, lim)
        built.append((kind, n, idxs, cands))
    built.sort(key=lambda g: len(g[3]))
    slots = []
    for kind, n, idxs, cands in built:
        for k, i in enumerate(idxs):
            slots.append((i, kind, n, cands, k > 0))
    return slots


def _layer(h: _Hand, kind: str, n: int, j: int) -> list[_Cand]:
    """The candidates for one requirement that need exactly ``j`` jokers.

    Concatenating layers 0, 1, … lim gives the candidate list for ``lim`` jokers in the order
    the search relies on (fewest jokers first; then runs by lowest number and, within a
    window, with a joker tried before each natural card in ascending order; sets and colour
    groups by number/colour, larger submasks first), so a list can be extended by one layer
    when the iterative deepening of :func:`cards_missing` allows one more joker.
    """
    out: list[_Cand] = []
    if kind == "run":
        nm = h.num_mask
        need = n - j  # window places that take a natural card
        seen: set[int] = set()
        for lo in range(1, 17 - n):
            window = nm[lo : lo + n]
            have = n - window.count(0)
            if have < need:
                continue
            if j == 0:
                partial = [0]
                for m in window:
                    if m & (m - 1):
                        partial = [x | b for x in partial for b in _bits(m)]
                    else:
                        partial = [x | m for x in partial]
                for mask in partial:
                    if mask not in seen:
                        seen.add(mask)
                        out.append((mask, 0, lo))
                continue
            # (mask, jokers so far); forced: window places without a natural card still ahead
            forced = n - have
            states = [(0, 0)]
            left = n
            for m in window:
                left -= 1
                if not m:
                    forced -= 1
                    states = [(x, u + 1) for x, u in states]
                    continue
                bits = _bits(m)
                new = []
                for x, u in states:
                    # a joker here, then the naturals; keep states that can still end at j
                    if u + 1 + forced <= j:
                        new.append((x, u + 1))
                    if u + left >= j:
                        for b in bits:
                            new.append((x | b, u))
                states = new
            for mask, _u in states:
                if mask not in seen:
                    seen.add(mask)
                    out.append((mask, j, lo))
        return out
    masks = h.num_mask[1:16] if kind == "set" else h.col_mask
    first = 1 if kind == "set" else 0
    pc = n - j
    if pc == 0:
        return [(0, n, first)]
    for v, m in enumerate(masks, first):
        if not m:
            continue
        if m.bit_count() == pc:
            out.append((m, j, v))
        elif m.bit_count() > pc:
            bits = _bits(m)[::-1]
            # combinations of the bits, highest first, come in decreasing numeric order
            out.extend((sum(c), j, v) for c in combinations(bits, pc))
    return out


def _lower_bound(h: _Hand, level: Level) -> int:
    """Jokers the level needs at least, counting each requirement on its own (cheap)."""
    seen: dict[tuple[str, int], int] = {}
    total = 0
    for r in level.requirements:
        key = (r.kind, r.n)
        m = seen.get(key)
        if m is None:
            m = seen[key] = _min_need(h, r.kind, r.n)
        total += m
    return total


def _min_need(h: _Hand, kind: str, n: int) -> int:
    """Fewest jokers one combination of this kind needs from this hand (ignoring the others)."""
    if kind == "run":
        numbers = h.numbers
        window = (1 << n) - 1
        best = 0
        for lo in range(1, 17 - n):
            k = ((numbers >> lo) & window).bit_count()
            if k > best:
                best = k
        return n - best
    best = 0
    for m in h.num_mask if kind == "set" else h.col_mask:
        if m:
            k = m.bit_count()
            if k > best:
                best = k
    return max(0, n - best)


def _group_need(h: _Hand, kind: str, sizes: list[int]) -> int:
    """A lower bound on the jokers that sets (or colour groups) of these sizes need together.

    Each group takes its natural cards from one number (colour), so ``k`` groups use at most
    the ``k`` biggest numbers' cards. With equal sizes ``n`` it is exact on its own: a number
    with ``c`` cards offers chunks of ``n`` plus one of ``c % n``, and the ``k`` largest
    chunks are the most natural cards the groups can use.
    """
    counts = sorted(
        (m.bit_count() for m in (h.num_mask if kind == "set" else h.col_mask) if m),
        reverse=True,
    )
    k = len(sizes)
    total = sum(sizes)
    need = total - min(total, sum(counts[:k]))
    n = sizes[0]
    if all(x == n for x in sizes):
        chunks: list[int] = []
        for c in counts:
            chunks.extend([n] * (c // n))
            if c % n:
                chunks.append(c % n)
        chunks.sort(reverse=True)
        need = max(need, total - sum(chunks[:k]))
    return need


def _search_one(slots, budget: int) -> list[int] | None:
    """First choice of candidate indices (one per slot) within ``budget`` jokers."""
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
    last = k - 1

    def rec(i: int, used: int, left: int, start: int) -> bool:
        cl = cands[i]
        if i == last:  # the last slot: the first fitting candidate completes the choice
            for idx in range(start if same[i] else 0, len(cl)):
                mask, j, _ = cl[idx]
                if j > left:
                    return False
                if not mask & used:
                    chosen[i] = idx
                    return True
            return False
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


def _search_all(slots, budget: int, cap: int) -> list[list[int]]:
    k = len(slots)
    cands = [s[3] for s in slots]
    same = [s[4] for s in slots]
    suffix = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        if not cands[i]:
            return []
        suffix[i] = suffix[i + 1] + cands[i][0][1]
    out: list[list[int]] = []
    chosen = [0] * k

    def rec(i: int, used: int, left: int, start: int) -> None:
        if i == k:
            out.append(chosen[:])
            return
        cl = cands[i]
        rest = suffix[i + 1]
        for idx in range(start if same[i] else 0, len(cl)):
            mask, j, _ = cl[idx]
            if j + rest > left:
                break
            if mask & used:
                continue
            chosen[i] = idx
            rec(i + 1, used | mask, left - j, idx)
            if len(out) >= cap:
                return

    if suffix[0] <= budget:
        rec(0, 0, budget, 0)
    return out


def _mask_cards(h: _Hand, mask: int) -> list[int]:
    out = []
    nat = h.naturals
    i = 0
    while mask:
        if mask & 1:
            out.append(nat[i])
        mask >>= 1
        i += 1
    return out


def _build(h: _Hand, level: Level, slots, choice: list[int]) -> LayDown:
    jokers = iter(h.jokers)
    combos: list[Combo | None] = [None] * len(level.requirements)
    for (ri, kind, n, cands, _), idx in zip(slots, choice, strict=True):
        mask, _j, info = cands[idx]
        nat = _mask_cards(h, mask)
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
    return tuple(combos)  # type: ignore[arg-type]


def _level(level: Level | str | object) -> Level:
    return level if isinstance(level, Level) else parse_level(level)


def solve(hand: Iterable[object], level: Level | str) -> LayDown | None:
    """One concrete way (combos with joker meanings) to lay ``level`` from ``hand``, or None."""
    lv = _level(level)
    h = _Hand(hand)
    if lv.n_cards > len(h.naturals) + len(h.jokers) or _lower_bound(h, lv) > len(h.jokers):
        return None
    slots = _slots(h, lv, len(h.jokers))
    choice = _search_one(slots, len(h.jokers))
    return None if choice is None else _build(h, lv, slots, choice)


def can_lay(hand: Iterable[object], level: Level | str) -> bool:
    """Whether ``hand`` holds the complete ``level``."""
    return solve(hand, level) is not None


def lay_down_ways(hand: Iterable[object], level: Level | str, cap: int = 100) -> list[LayDown]:
    """The distinct ways to lay ``level`` from ``hand`` (at most ``cap`` of them)."""
    lv = _level(level)
    h = _Hand(hand)
    if cap <= 0 or lv.n_cards > len(h.naturals) + len(h.jokers):
        return []
    if _lower_bound(h, lv) > len(h.jokers):
        return []
    slots = _slots(h, lv, len(h.jokers))
    return [_build(h, lv, slots, ch) for ch in _search_all(slots, len(h.jokers), cap)]


@dataclass(frozen=True)
class Need:
    """A card that would fill one open place of a plan (any colour / any number when None)."""

    kind: str
    number: int | None = None
    colour: int | None = None
    alternatives: tuple[int, ...] = ()  # other numbers that would do as well (run ends)

    def describe(self) -> str:
        if self.colour is not None:
            return f"any card of colour {COLOUR_LETTERS[self.colour]}"
        if self.number is None:
            return "any number card"
        if self.alternatives:
            alts = " or ".join(str(v) for v in (self.number, *self.alternatives))
            return f"a {alts} (any colour)"
        return f"a {self.number} (any colour)"

    def matches(self, cid: int) -> bool:
        if FIRST_SKIP <= cid < END_SKIP:
            return False
        if cid >= FIRST_JOKER:
            return True
        if self.colour is not None:
            return cid // 15 == self.colour
        if self.number is None:
            return True
        num = cid % 15 + 1
        return num == self.number or num in self.alternatives


@dataclass(frozen=True)
class Missing:
    """How far a hand is from a level.

    ``count`` cards are missing (0 = the level can be laid). ``plan`` is a best partial
    lay-down (as natural cards per requirement), ``needs`` lists every open place of that plan
    (the hand's own jokers fill ``len(needs) - count`` of them), and ``useful`` is True for a
    card that would lower ``count``.
    """

    count: int
    needs: tuple[Need, ...]
    plan: tuple[tuple[int, ...], ...]
    jokers: int

    @property
    def used_cards(self) -> frozenset[int]:
        return frozenset(c for part in self.plan for c in part)

    def useful(self, cid: int) -> bool:
        # the same as any(nd.matches(cid) for nd in self.needs), inlined: bots ask often
        if self.count <= 0 or FIRST_SKIP <= cid < END_SKIP:
            return False
        if cid >= FIRST_JOKER:
            return bool(self.needs)
        num = cid % 15 + 1
        col = cid // 15
        for nd in self.needs:
            if nd.colour is not None:
                if nd.colour == col:
                    return True
            elif nd.number is None or nd.number == num or num in nd.alternatives:
                return True
        return False

    def describe(self) -> str:
        if self.count == 0:
            return "the level can be laid down"
        wants = "; ".join(nd.describe() for nd in self.needs)
        return (
            f"{self.count} card(s) missing; open places: {wants}"
            f"{f' ({self.jokers} filled by jokers)' if self.jokers else ''}"
        )

    def to_dict(self) -> dict:
        return {
            "count": self.count,
            "needs": [nd.describe() for nd in self.needs],
            "plan": [[CODES[c] for c in part] for part in self.plan],
        }


def _need(kind: str, number: int | None, colour: int | None, alternatives: tuple[int, ...]) -> Need:
    """Fast :class:`Need` constructor (skips the frozen dataclass's per-field setattr)."""
    nd = object.__new__(Need)
    nd.__dict__.update(kind=kind, number=number, colour=colour, alternatives=alternatives)
    return nd


_GROUPS: dict[tuple, list[tuple[tuple[str, int], list[int]]]] = {}


def _groups(level: Level) -> list[tuple[tuple[str, int], list[int]]]:
    """Requirement indices grouped by (kind, n), in order of first appearance (cached)."""
    reqs = level.requirements
    got = _GROUPS.get(reqs)
    if got is None:
        groups: dict[tuple[str, int], list[int]] = {}
        for i, r in enumerate(reqs):
            groups.setdefault((r.kind, r.n), []).append(i)
        got = list(groups.items())
        if len(_GROUPS) < 1024:
            _GROUPS[reqs] = got
    return got


def _by_count(group: tuple) -> int:
    return len(group[3])


def cards_missing(hand: Iterable[object], level: Level | str, *, at_least: int = 0) -> Missing:
    """Fewest cards the hand still lacks for ``level``, with a plan and the cards that help.

    ``at_least`` is an optional known lower bound on the number of open places (``len(needs)``
    of the answer), e.g. one less than before a card was added; it only saves time.
    """
    lv = _level(level)
    h = _Hand(hand)
    nj = len(h.jokers)
    # Iterative deepening on the total joker need: start at a lower bound (each requirement
    # on its own) and allow one more joker at a time, so candidate lists stay small.
    groups = _groups(lv)
    mins = {key: _min_need(h, key[0], key[1]) for key, _ in groups}
    lower = sum(mins[key] * len(idxs) for key, idxs in groups)
    # start higher where a requirement repeats (the slack for the candidate lists still
    # counts from ``lower``, so each search step is the same as when starting at ``lower``)
    start = lower
    for kind in ("set", "colour"):
        sizes = [n for (kd, n), idxs in groups if kd == kind for _ in idxs]
        if len(sizes) > 1:
            own = sum(mins[(kind, n)] for n in sizes)
            start += max(own, _group_need(h, kind, sizes)) - own
    total = max(start, min(at_least, lv.n_cards))
    # one candidate list per requirement shape, grown by one joker layer per deepening step
    # (a list for ``lim`` jokers is a prefix of the list for ``lim + 1``)
    lists: dict[tuple[str, int], tuple[int, list[_Cand]]] = {}
    while True:
        slack = total - lower
        built = []
        for key, idxs in groups:
            kind, n = key
            lim = min(n, mins[key] + slack)
            got = lists.get(key)
            if got is None:
                cands = _candidates(h, kind, n, lim)
            else:
                have_lim, cands = got
                for j in range(have_lim + 1, lim + 1):
                    cands = cands + _layer(h, kind, n, j)
            lists[key] = (lim, cands)
            built.append((kind, n, idxs, cands))
        built.sort(key=_by_count)
        slots = [
            (i, kind, n, cands, k > 0) for kind, n, idxs, cands in built for k, i in enumerate(idxs)
        ]
        choice = _search_one(slots, total)
        if choice is not None:
            break
        total += 1
    needs: list[Need] = []
    plan: list[tuple[int, ...]] = [()] * len(lv.requirements)
    for (ri, kind, n, cands, _), idx in zip(slots, choice, strict=True):
        mask, j, info = cands[idx]
        nat = _mask_cards(h, mask)
        plan[ri] = tuple(nat)
        if j == 0:
            continue
        if kind == "run":
            have = {c % 15 + 1 for c in nat}
            # every window holding these naturals gives an alternative place to fill
            if nat:
                lo_v, hi_v = min(have), max(have)
                los = range(max(1, hi_v - n + 1), min(lo_v, 16 - n) + 1)
            else:
                los = range(1, 17 - n)
            opts = sorted({v for lo in los for v in range(lo, lo + n) if v not in have})
            gaps = [v for v in range(info, info + n) if v not in have]
            for v in gaps:
                alts = tuple(o for o in opts if o != v) if len(gaps) < n else ()
                needs.append(_need("run", v, None, alts if nat else ()))
        elif kind == "set":
            for _ in range(j):
                needs.append(_need("set", info if mask else None, None, ()))
        else:
            for _ in range(j):
                needs.append(_need("colour", None, info if mask else None, ()))
    return Missing(max(0, total - nj), tuple(needs), tuple(plan), min(nj, total))
