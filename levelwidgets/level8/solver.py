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
from functools import lru_cache

from ..words import counted
from .candidates import (
    _Cand,
    _candidates,  # noqa: F401 (the tests compare candidate lists through this module)
    _group_need,
    _Hand,
    _layer,  # noqa: F401 (as _candidates)
    _layers,
    _min_layer,
    _run_pair_need,
    _run_table,
    _submasks,
)
from .cards import (
    CODES,
    COLOUR_LETTERS,
    END_SKIP,
    FIRST_JOKER,
    FIRST_SKIP,
    MAX_NUMBER,
    N_COLOURS,
)
from .combos import Combo
from .hands import _NUMBER_BIT, _positions
from .levels import Level, parse_level
from .patterns import _Memo, _pattern, _recall, _remember, _set_memo

_bit_count = int.bit_count

LayDown = tuple[Combo, ...]
"""One concrete lay-down: one :class:`Combo` per requirement of the level, in level order."""


def _slots(h: _Hand, shapes: list[_Shape], mins: list[int], jokers: int):
    """Requirement slots ordered for the search: (req index, kind, n, candidates, same-as-prev),
    the candidates of each shape (``mins``: its fewest jokers) with at most ``jokers``
    jokers; shapes with fewer candidates first."""
    built = []
    for g, (kind, n, idxs) in enumerate(shapes):
        built.append((kind, n, idxs, _layers(h, kind, n, mins[g], min(n, jokers))))
    if len(built) > 1:
        built.sort(key=_by_count)
    return [
        (i, kind, n, cands, k > 0) for kind, n, idxs, cands in built for k, i in enumerate(idxs)
    ]


def _lower_bound(h: _Hand, level: Level) -> int:
    """Jokers the level needs at least, counting each requirement on its own (cheap)."""
    return _bound(h, _level_info(level)[0])[0]


def _bound(h: _Hand, shapes: list[_Shape]) -> tuple[int, list[int]]:
    """The fewest jokers each shape needs on its own (:func:`_min_need`), and their sum over
    the requirements."""
    mins = []
    total = 0
    for kind, n, idxs in shapes:
        if kind == "run":
            m = n - _run_table(n, h.numbers)[0]
        else:
            m = n - h.most(kind)
            if m < 0:
                m = 0
        mins.append(m)
        total += m * len(idxs)
    return total, mins


def _search_one(slots, budget: int) -> list[int] | None:
    """First choice of candidate indices (one per slot) within ``budget`` jokers."""
    k = len(slots)
    if k == 1:  # one requirement: its first candidate, if the budget allows it
        cl = slots[0][3]
        return [0] if cl and cl[0][1] <= budget else None
    if k == 2:  # (the loops below stop where the fewest jokers exceed the budget)
        c0 = slots[0][3]
        c1 = slots[1][3]
        return _search_two(c0, c1, slots[1][4], budget) if c0 and c1 else None
    if k == 3:
        c0 = slots[0][3]
        c1 = slots[1][3]
        c2 = slots[2][3]
        if not (c0 and c1 and c2):
            return None
        return _search_three(c0, c1, c2, slots[1][4], slots[2][4], budget)
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

    found = rec(0, 0, budget, 0)
    # the closure holds itself: free it without the GC
    rec = None  # type: ignore[assignment]
    return chosen if found else None


# The same search for two and three slots as loops (most levels have two or three parts):
# the same order, the same pruning, without a call per search node.


def _search_two(c0: list[_Cand], c1: list[_Cand], same1: bool, budget: int) -> list[int] | None:
    rest = c1[0][1]
    for i0 in range(len(c0)):
        m0, j0, _ = c0[i0]
        if j0 + rest > budget:
            break
        left = budget - j0
        for i1 in range(i0 if same1 else 0, len(c1)):
            m1, j1, _ = c1[i1]
            if j1 > left:
                break
            if not m1 & m0:
                return [i0, i1]
    return None


def _search_three(
    c0: list[_Cand],
    c1: list[_Cand],
    c2: list[_Cand],
    same1: bool,
    same2: bool,
    budget: int,
) -> list[int] | None:
    rest2 = c2[0][1]
    rest1 = c1[0][1] + rest2
    for i0 in range(len(c0)):
        m0, j0, _ = c0[i0]
        if j0 + rest1 > budget:
            break
        left0 = budget - j0
        for i1 in range(i0 if same1 else 0, len(c1)):
            m1, j1, _ = c1[i1]
            if j1 + rest2 > left0:
                break
            if m1 & m0:
                continue
            used = m0 | m1
            left1 = left0 - j1
            for i2 in range(i1 if same2 else 0, len(c2)):
                m2, j2, _ = c2[i2]
                if j2 > left1:
                    break
                if not m2 & used:
                    return [i0, i1, i2]
    return None


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
    # the closure holds itself: free it without the GC (as in _search_one)
    rec = None  # type: ignore[assignment]
    return out


def _chosen(slots, choice: list[int]) -> list[tuple[int, str, int, _Cand]]:
    """``(requirement index, kind, n, candidate)`` of a search's choice, in slot order."""
    return [(s[0], s[1], s[2], s[3][idx]) for s, idx in zip(slots, choice, strict=True)]


def _build(h: _Hand, level: Level, chosen: list[tuple[int, str, int, _Cand]]) -> LayDown:
    """The lay-down of the candidates ``chosen`` (requirement index, kind, n, candidate)."""
    jokers = iter(h.jokers)
    combos: list[Combo | None] = [None] * len(level.requirements)
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
    return tuple(combos)  # type: ignore[arg-type]


def _level(level: Level | str | object) -> Level:
    return level if isinstance(level, Level) else parse_level(level)


#: ``(hand, level, Hand, total, lims, chosen)`` of the last :func:`cards_missing` call on a
#: tuple: the candidates its search chose with ``total`` jokers when shape ``g``'s candidates
#: had up to ``lims[g]`` jokers (None: one requirement). See :func:`_same_way`.
_LAST_WAY: list[tuple | None] = [None]
#: ``(Hand, level info, lower, lims, lists)`` of the last search that built candidate lists
#: (:func:`_deepen`): shape ``g``'s list holds its layers ``mins[g]`` to ``lims[g]``, and
#: ``lower`` is the sum of the shapes' own fewest jokers. :func:`solve` grows them for the
#: same Hand instead of building its lists again.
_LAST_LISTS: list[tuple | None] = [None]


def _same_way(hand: object, lv: Level) -> tuple[_Hand, list[tuple[int, str, int, _Cand]]] | None:
    """The way :func:`solve` would find for ``hand``, when the last :func:`cards_missing` call
    was on this very tuple (immutable) and its final search step was solve's search.

    Solve searches the lists with up to ``min(n, jokers held)`` jokers per shape within the
    jokers held; when cards_missing's final step had the same lists and budget (as when the
    hand holds no joker and the level is complete), it was the same search, with the same
    first answer. With one requirement both searches take the list's first candidate, which
    lies in the fewest-jokers layer either way.
    """
    last = _LAST_WAY[0]
    if last is None or last[0] is not hand or last[1] is not lv:
        return None
    _hand, _lv, h, total, lims, chosen = last
    nj = h.nj
    shapes, _repeated, n_cards = _level_info(lv)
    if n_cards > h.n_nat + nj:
        return None
    if lims is None:
        return (h, chosen) if chosen[0][3][1] <= nj else None
    if total != nj:
        return None
    for (_kind, n, _idxs), lim in zip(shapes, lims, strict=True):
        if min(n, nj) != lim:
            return None
    return h, chosen


def solve(hand: Iterable[object], level: Level | str) -> LayDown | None:
    """One concrete way (combos with joker meanings) to lay ``level`` from ``hand``, or None."""
    lv = level if type(level) is Level else _level(level)
    last = _LAST_WAY[0]
    if last is not None and last[0] is hand and last[1] is lv:
        same = _same_way(hand, lv)
        if same is not None:
            return _build(same[0], lv, same[1])
        h = last[2]  # this very tuple's Hand (a pure function of the immutable hand)
    else:
        h = _Hand(hand)
    info = _level_info(lv)
    shapes, _repeated, n_cards = info
    nj = h.nj
    if n_cards > h.n_nat + nj:
        return None
    kept = _LAST_LISTS[0]
    if kept is not None and kept[0] is h and kept[1] is info:
        # the lists of that search: shape g's holds layers mins[g] .. lims[g]; solve's
        # hold layers mins[g] .. min(n, jokers), the same list grown or cut (layers are
        # concatenated in joker order)
        _h, _lv, lower, lims, lists = kept
        if lower > nj:
            return None
        built = []
        for g, (kind, n, idxs) in enumerate(shapes):
            top = n if n < nj else nj
            cands = lists[g]
            lim = lims[g]
            if top > lim:
                cands = cands + _layers(h, kind, n, lim + 1, top)
            elif top < lim:
                cands = [c for c in cands if c[1] <= top]
            built.append((kind, n, idxs, cands))
        if len(built) > 1:
            built.sort(key=_by_count)
        slots = [
            (i, kind, n, cands, k > 0) for kind, n, idxs, cands in built for k, i in enumerate(idxs)
        ]
    else:
        lower, mins = _bound(h, shapes)
        if lower > nj:
            return None
        slots = _slots(h, shapes, mins, nj)
    choice = _search_one(slots, nj)
    return None if choice is None else _build(h, lv, _chosen(slots, choice))


def can_lay(hand: Iterable[object], level: Level | str) -> bool:
    """Whether ``hand`` holds the complete ``level``."""
    return solve(hand, level) is not None


def lay_down_ways(hand: Iterable[object], level: Level | str, cap: int = 100) -> list[LayDown]:
    """The distinct ways to lay ``level`` from ``hand`` (at most ``cap`` of them)."""
    lv = level if type(level) is Level else _level(level)
    h = _Hand(hand)
    shapes, _repeated, n_cards = _level_info(lv)
    nj = h.nj
    if cap <= 0 or n_cards > h.n_nat + nj:
        return []
    lower, mins = _bound(h, shapes)
    if lower > nj:
        return []
    slots = _slots(h, shapes, mins, nj)
    return [_build(h, lv, _chosen(slots, ch)) for ch in _search_all(slots, nj, cap)]


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
            f"{counted(self.count, 'card', 'cards')} missing; open places: {wants}"
            f"{f' ({self.jokers} filled by jokers)' if self.jokers else ''}"
        )

    def to_dict(self) -> dict:
        return {
            "count": self.count,
            "needs": [nd.describe() for nd in self.needs],
            "plan": [[CODES[c] for c in part] for part in self.plan],
        }


# The open places without alternatives, made once: a Need is immutable, so one instance can
# stand in every Missing that has such a place (they compare by value, as before).
_RUN_NEEDS = (Need("run"), *(Need("run", v) for v in range(1, MAX_NUMBER + 1)))  # ([0]: unused)
_SET_NEEDS = (
    Need("set"),
    *(Need("set", v) for v in range(1, MAX_NUMBER + 1)),
)
_COLOUR_NEEDS = (
    *(Need("colour", None, c) for c in range(N_COLOURS)),
    Need("colour"),  # index -1: any colour
)


@lru_cache(maxsize=4096)
def _run_needs(lo: int, n: int, have: int) -> tuple[Need, ...]:
    """The open places of the run ``lo .. lo + n - 1`` holding the numbers ``have`` (bits,
    at least one): each gap, with the other numbers that would do as well (every window
    holding these numbers gives an alternative place to fill: the windows from
    ``hi - n + 1`` to ``lo`` within 1–15 cover that range). A pure function of small
    numbers, so its answers are kept (Needs are immutable)."""
    nums = [v for v in range(1, MAX_NUMBER + 1) if have >> v & 1]
    lo_v, hi_v = nums[0], nums[-1]
    opts = [v for v in range(max(1, hi_v - n + 1), min(lo_v, 16 - n) + n) if not have >> v & 1]
    gaps = [v for v in range(lo, lo + n) if not have >> v & 1]
    out = []
    for v in gaps:
        alts = tuple([o for o in opts if o != v]) if len(gaps) < n else ()
        out.append(Need("run", v, None, alts) if alts else _RUN_NEEDS[v])
    return tuple(out)


_Shape = tuple[str, int, list[int]]  # (kind, n, indices of the requirements of that shape)
_LevelInfo = tuple[list[_Shape], tuple[tuple[str, list[int], list[int]], ...], int]
_INFO: dict[int, tuple[Level, _LevelInfo, _Memo | None]] = {}


def _level_info(level: Level) -> _LevelInfo:
    """What :func:`cards_missing` needs of a level: the requirement shapes
    ``(kind, n, indices)`` in order of first appearance; for set and colour kinds asked more
    than once, and for two runs of one length, the shapes' positions and sizes (one per
    requirement), whose joker need together can exceed the sum of their own; the number of
    cards the level asks for.

    Cached by the level's identity (levels are immutable; the entry keeps the level, so its
    id cannot be reused while cached), with the level's kept search answers
    (:func:`.patterns._set_memo`) for :func:`_missing_search`.
    """
    got = _INFO.get(id(level))
    if got is not None and got[0] is level:
        return got[1]
    groups: dict[tuple[str, int], list[int]] = {}
    for i, r in enumerate(level.requirements):
        groups.setdefault((r.kind, r.n), []).append(i)
    shapes = [(kind, n, idxs) for (kind, n), idxs in groups.items()]
    repeated = []
    for kind in ("set", "colour"):
        pos = [g for g, (kd, _n, idxs) in enumerate(shapes) if kd == kind for _ in idxs]
        if len(pos) > 1:
            repeated.append((kind, pos, [shapes[g][1] for g in pos]))
    for g, (kind, n, idxs) in enumerate(shapes):
        if kind == "run" and len(idxs) == 2:  # two runs of one length: see _run_pair_need
            repeated.append(("run", [g, g], [n, n]))
    info = (shapes, tuple(repeated), sum(r.n for r in level.requirements))
    if len(_INFO) < 1024:
        _INFO[id(level)] = (level, info, _set_memo(level))
    return info


def _by_count(group: tuple) -> int:
    return len(group[3])


def cards_missing(hand: Iterable[object], level: Level | str, *, at_least: int = 0) -> Missing:
    """Fewest cards the hand still lacks for ``level``, with a plan and the cards that help.

    ``at_least`` is an optional known lower bound on the number of open places (``len(needs)``
    of the answer), e.g. one less than before a card was added; it only saves time.
    """
    lv = level if type(level) is Level else _level(level)
    h, total, chosen = _missing_search(hand, lv, at_least)
    return _missing(h, lv, total, chosen)


def _missing_search(
    hand: Iterable[object], lv: Level, at_least: int
) -> tuple[_Hand, int, list[tuple[int, str, int, _Cand]]]:
    """The search of :func:`cards_missing`: the hand, the total joker need and the candidates
    chosen (``(requirement index, kind, n, candidate)``). Bots summarise the choice
    (:func:`_summary`) without building the :class:`Missing`.

    On a level made only of sets the answer depends on the hand's counts per number alone,
    and is kept by that pattern (:mod:`.patterns`): most calls are a look-up."""
    h = _Hand(hand)
    got = _INFO.get(id(lv))
    if got is not None and got[0] is lv:  # (_level_info, with the kept answers)
        _lv, info, memo = got
    else:
        info = _level_info(lv)
        memo = _set_memo(lv)
    if memo is None:
        total, lims, chosen, _certified = _deepen(h, info, at_least)
    else:
        key = _pattern(h)
        n_cards = info[2]
        kept = _recall(memo.get(key), h, at_least if at_least < n_cards else n_cards)
        if kept is None:
            total, lims, chosen, certified = _deepen(h, info, at_least)
            _remember(memo, key, h, total, lims, chosen, certified)  # type: ignore[arg-type]
        else:
            total, lims, chosen = kept
    if type(hand) is tuple:
        _LAST_WAY[0] = (hand, lv, h, total, lims, chosen)
    return h, total, chosen


def _missing_search_uncached(
    hand: Iterable[object], lv: Level, at_least: int
) -> tuple[_Hand, int, list[tuple[int, str, int, _Cand]]]:
    """:func:`_missing_search` without the kept answers (the reference the tests compare)."""
    h = _Hand(hand)
    total, lims, chosen, _certified = _deepen(h, _level_info(lv), at_least)
    if type(hand) is tuple:
        _LAST_WAY[0] = (hand, lv, h, total, lims, chosen)
    return h, total, chosen


def _deepen(
    h: _Hand, info: _LevelInfo, at_least: int
) -> tuple[int, list[int] | None, list[tuple[int, str, int, _Cand]], bool]:
    """The search proper: the total joker need, the lists' joker limits (None: one
    requirement), the candidates chosen, and whether every ``at_least`` up to the total gives
    this same answer (*certified*: a smaller budget failed, so the total is the fewest and
    the search at it is the same from any start; or ``at_least`` did not raise the start)."""
    # Iterative deepening on the total joker need: start at a lower bound (each requirement
    # on its own) and allow one more joker at a time, so candidate lists stay small.
    shapes, repeated, n_cards = info
    lower, mins = _bound(h, shapes)
    # start higher where a requirement repeats (the slack for the candidate lists still
    # counts from ``lower``, so each search step is the same as when starting at ``lower``)
    start = lower
    for kind, pos, sizes in repeated:
        own = sum([mins[g] for g in pos])
        need = _run_pair_need(h, sizes[0]) if kind == "run" else _group_need(h, kind, sizes)
        if need > own:
            start += need - own
    # total = max(start, min(at_least, n_cards))
    total = at_least if at_least < n_cards else n_cards
    if total < start:
        total = start
    first_budget = total
    if len(shapes) == 1 and len(shapes[0][2]) == 1:
        # one requirement: the search takes the first candidate, one of the fewest jokers
        kind, n, _ = shapes[0]
        first = _first_cand(h, kind, n, mins[0])
        if first is not None:
            return total, None, [(0, kind, n, first)], first_budget == start
    if (len(shapes) == 2 and len(shapes[0][2]) == len(shapes[1][2]) == 1) or (
        len(shapes) == 1 and len(shapes[0][2]) == 2
    ):
        return _deepen_two(h, info, lower, mins, total, first_budget > start)
    # one candidate list per requirement shape, grown by one joker layer per deepening step
    # (a list for ``lim`` jokers is a prefix of the list for ``lim + 1``; the layers below a
    # shape's own minimum are empty)
    lists: list[list[_Cand]] = [[] for _ in shapes]
    lims = [m - 1 for m in mins]
    while True:
        slack = total - lower
        built = []
        for g, (kind, n, idxs) in enumerate(shapes):
            lim = mins[g] + slack
            if lim > n:
                lim = n
            cands = lists[g]
            if lim > lims[g]:
                cands += _grown(h, kind, n, mins[g], lims[g], lim)
                lims[g] = lim
            built.append((kind, n, idxs, cands))
        if len(built) == 2:  # the stable sort by list length of two
            if len(built[1][3]) < len(built[0][3]):
                built.reverse()
        elif len(built) > 2:
            built.sort(key=_by_count)
        slots = [
            (i, kind, n, cands, k > 0) for kind, n, idxs, cands in built for k, i in enumerate(idxs)
        ]
        choice = _search_one(slots, total)
        if choice is not None:
            break
        total += 1
    _LAST_LISTS[0] = (h, info, lower, lims, lists)
    return total, lims, _chosen(slots, choice), total > first_budget or first_budget == start


def _deepen_two(
    h: _Hand, info: _LevelInfo, lower: int, mins: list[int], total: int, raised: bool
) -> tuple[int, list[int], list[tuple[int, str, int, _Cand]], bool]:
    """:func:`_deepen`'s loop for a level of two requirements (most levels), from its first
    budget ``total`` (``raised``: above the search's own start): the same lists, order and
    search without the per-shape lists of lists and slot tuples. Two shapes: the shorter
    list is searched first (the stable sort of two); one shape asked twice: its list twice,
    the second choice from the first's index on."""
    shapes = info[0]
    kind0, n0, idxs0 = shapes[0]
    min0 = mins[0]
    if len(shapes) == 1:  # two requirements of one shape
        kind1, n1, idxs1, min1 = kind0, n0, idxs0[1:], min0
        idxs0 = idxs0[:1]
    else:
        kind1, n1, idxs1 = shapes[1]
        min1 = mins[1]
    one = len(shapes) == 1
    c0: list[_Cand] = []
    c1: list[_Cand] = c0 if one else []
    lim0 = min0 - 1
    lim1 = min1 - 1
    first_budget = total
    while True:
        slack = total - lower
        top = min(min0 + slack, n0)
        if top > lim0:
            c0 += _grown(h, kind0, n0, min0, lim0, top)
            lim0 = top
        top = min(min1 + slack, n1)
        if not one and top > lim1:
            c1 += _grown(h, kind1, n1, min1, lim1, top)
            lim1 = top
        swap = len(c1) < len(c0)
        a, b = (c1, c0) if swap else (c0, c1)
        choice = _search_two(a, b, one, total) if a and b else None
        if choice is not None:
            break
        total += 1
    lims = [lim0] if one else [lim0, lim1]
    _LAST_LISTS[0] = (h, info, lower, lims, [c0] if one else [c0, c1])
    i0, i1 = choice
    if swap:  # (the search ran on c1 first)
        i0, i1 = i1, i0
    part0 = (idxs0[0], kind0, n0, c0[i0])
    part1 = (idxs1[0], kind1, n1, c1[i1])
    chosen = [part1, part0] if swap else [part0, part1]
    return total, lims, chosen, total > first_budget or not raised


def _grown(h: _Hand, kind: str, n: int, own: int, lim: int, top: int) -> list[_Cand]:
    """The layers ``lim + 1`` to ``top`` a shape's list (layers ``own`` .. ``lim``) gains:
    the usual first step (only the shape's own fewest jokers) from :func:`_min_layer`."""
    if top == own:
        return _min_layer(h, kind, n, own)
    return _layers(h, kind, n, lim + 1, top)


def _first_cand(h: _Hand, kind: str, n: int, j: int) -> _Cand | None:
    """``_min_layer(h, kind, n, j)[0]`` (None for an empty layer), without the rest of the
    layer: a run's first window takes the lowest card of each held number (the first of
    their product); a set or colour group the first number or colour with enough cards, its
    highest ``n - j`` cards (the first submask in decreasing numeric order)."""
    if kind == "run":
        firsts = _run_table(n, h.numbers)[1]
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
            return (_submasks(m, pc)[0], j, v)
    return None


#: Every number (bits 1–15): an open place that any natural card fills.
_ALL_NUMBERS = ((1 << (MAX_NUMBER + 1)) - 1) & ~1


@lru_cache(maxsize=4096)
def _run_need_numbers(lo: int, n: int, have: int) -> int:
    """The numbers (as bits) of :func:`_run_needs`' open places and their alternatives."""
    bits = 0
    for nd in _run_needs(lo, n, have):
        bits |= 1 << nd.number  # type: ignore[operator]
        for v in nd.alternatives:
            bits |= 1 << v
    return bits


#: :func:`_run_need_numbers` by ``(have << 4 | n) << 4 | lo`` (an int key: faster than the
#: lru_cache's; cleared past 32768 entries)
_RUN_NEED_NUMBERS: dict[int, int] = {}


def _summary(
    h: _Hand, chosen: list[tuple[int, str, int, _Cand]]
) -> tuple[frozenset[int], int, int]:
    """What a bot reads of the :class:`Missing` of ``chosen``, without building it: the plan's
    cards (:attr:`Missing.used_cards`), and the numbers and colours (as bits) of the open
    places, a natural card being useful (:meth:`Missing.useful`, when cards are missing)
    exactly when its number or its colour is among them."""
    used = 0
    nums = 0
    cols = 0
    naturals = h.naturals
    for _ri, kind, n, (mask, j, info) in chosen:
        used |= mask
        if j == 0:
            continue
        if kind == "run":
            if mask:
                # the numbers held: those of the window when the run takes a card of each
                # (its cards have distinct numbers), else read from its cards
                window = h.numbers & ((1 << n) - 1) << info
                if _bit_count(mask) != _bit_count(window):
                    window = sum([_NUMBER_BIT[naturals[i]] for i in _positions(mask)])
                have = window
                key = (have << 4 | n) << 4 | info  # have: bits 1-15; n, info < 16
                got = _RUN_NEED_NUMBERS.get(key)
                if got is None:
                    if len(_RUN_NEED_NUMBERS) >= 1 << 15:
                        _RUN_NEED_NUMBERS.clear()
                    got = _RUN_NEED_NUMBERS[key] = _run_need_numbers(info, n, have)
                nums |= got
            else:
                nums |= ((1 << n) - 1) << info
        elif not mask:  # a set or colour group of jokers only: any number
            nums = _ALL_NUMBERS
        elif kind == "set":
            nums |= 1 << info
        else:
            cols |= 1 << info
    return frozenset(map(naturals.__getitem__, _positions(used))), nums, cols


def _missing(h: _Hand, lv: Level, total: int, chosen: list[tuple[int, str, int, _Cand]]) -> Missing:
    """The :class:`Missing` of the candidates ``chosen`` (``(requirement index, kind, n,
    candidate)``) for a total joker need ``total``."""
    needs: list[Need] = []
    plan: list[tuple[int, ...]] = [()] * len(lv.requirements)
    for ri, kind, n, (mask, j, info) in chosen:
        nat = plan[ri] = h.cards(mask)
        if j == 0:
            continue
        if kind == "run":
            if not nat:
                needs.extend(_RUN_NEEDS[info : info + n])
                continue
            # the numbers held, as bits (a run's cards have distinct numbers)
            needs.extend(_run_needs(info, n, sum(map(_NUMBER_BIT.__getitem__, nat))))
        elif kind == "set":
            needs.extend([_SET_NEEDS[info if mask else 0]] * j)
        else:
            needs.extend([_COLOUR_NEEDS[info if mask else -1]] * j)
    nj = h.nj
    return Missing(
        total - nj if total > nj else 0, tuple(needs), tuple(plan), nj if nj < total else total
    )


# ---------------------------------------------------------------------- the bots' API
#: The search behind :func:`cards_missing`, for bots that read only part of the answer:
#: ``missing_search(hand, level, at_least)`` gives ``(hand, total, chosen)``;
#: ``plan_summary(hand, chosen)`` the plan's cards and the open places' numbers and colours
#: (as bits); ``missing_from(hand, level, total, chosen)`` the whole :class:`Missing`. The
#: same functions under public names: no copy, no extra call.
missing_search = _missing_search
plan_summary = _summary
missing_from = _missing
