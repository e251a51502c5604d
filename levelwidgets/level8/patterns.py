"""The cards-missing search's answers for set-only levels, kept by the hand's count pattern.

For a level made only of sets (two requirements or more) the search of
:func:`.solver._missing_search` looks at a hand only through ``Hand.items("set")``: the
``(number, mask, count)`` of each number held, in ascending number. The joker bounds
(``_bound``, ``_group_need``) use only the counts; the candidate lists go number by number
(ascending) and, within a number, through its submasks in decreasing numeric order; masks of
different numbers never overlap. Jokers play no part in the search. So its choice is a pure
function of the level and the *pattern*: the counts of the numbers held, in ascending number.

An answer is therefore kept structurally — for each chosen candidate the requirement index,
kind, size, the *rank* of its number among the numbers held (-1: the all-joker candidate
``(0, n, 1)``), its cards as *local* bits (bit ``i`` = that number's ``i``-th lowest card;
-1: all of them) and its jokers — and rebuilt for another hand of the same pattern by mapping
local bit ``i`` to the ``i``-th lowest bit of that hand's mask for the number. The map keeps
the order of bits, so it keeps the decreasing numeric order of submasks, and so every list
position, overlap and joker count the search compares: the rebuilt answer is the one the
search would find. The numbers themselves appear only as the candidates' ``info``.

``at_least`` only moves the search's first budget ``max(start, min(at_least, cards asked))``
(``start``: the search's own lower bound). A budget's candidate lists hold every candidate a
lay-down within it can use, so a failed budget proves that no smaller total exists, and the
search at a budget does not depend on where it started. An answer is kept with whether it
is *certified*: found after a failed budget (its total is the fewest, and every start up to
it gives this answer), or from ``start`` itself. An uncertified answer (a first budget
raised by ``at_least`` succeeded at once: maybe too high a bound) holds only for a call
whose first budget is that same total.

Successive hands of a player share most patterns (a few thousand per thousand games), so
most searches on these levels become a look-up.
"""

from __future__ import annotations

from .candidates import _TABLE_LIMIT, _Cand
from .hands import Hand, _positions
from .levels import Level

_bit_count = int.bit_count

_Part = tuple[int, str, int, int, int, int]
"""A chosen candidate: (requirement index, kind, n, rank of its number or -1, local bits or
-1 for all the number's cards, jokers)."""
_Answer = tuple[int, list[int], tuple[_Part, ...], bool]
"""A kept search: (total joker need, the lists' joker limits, the chosen parts, certified)."""
_Chosen = list[tuple[int, str, int, _Cand]]
_Memo = dict[tuple[int, ...], _Answer]

#: The answers of each set-only level shape (its requirements' ``(kind, n)`` in order), by
#: pattern: equal levels share them. At most 1024 shapes get answers (a bound on memory).
_BY_SHAPE: dict[tuple[tuple[str, int], ...], _Memo] = {}
#: Answers kept over all shapes; past ``_ANSWER_LIMIT`` all are forgotten (a bound on memory:
#: an answer takes ~600 bytes; a thousand 4-player bot games meet ~3,500 patterns).
_ANSWER_LIMIT = 1 << 13
_KEPT = [0]
#: Local bits spread over a mask, by ``mask << 16 | local`` (see :func:`_spread`).
_SPREAD: dict[int, int] = {}


def _set_memo(level: Level) -> _Memo | None:
    """The answers kept for ``level``'s shape, or None when it is not made only of sets or
    has a single requirement (the search's own fast path). The solver keeps the result with
    the level's other facts (``solver._level_info``)."""
    reqs = level.requirements
    if len(reqs) < 2 or any(r.kind != "set" for r in reqs):
        return None
    shape = tuple([(r.kind, r.n) for r in reqs])
    memo = _BY_SHAPE.get(shape)
    if memo is None and len(_BY_SHAPE) < 1024:
        memo = _BY_SHAPE[shape] = {}
    return memo


def _forget() -> None:
    """Forget every kept answer (the shapes' tables stay, emptied)."""
    for memo in _BY_SHAPE.values():
        memo.clear()
    _KEPT[0] = 0


def _pattern(h: Hand) -> tuple[int, ...]:
    """The counts of the numbers held, in ascending number (those of ``h.items("set")``,
    without building the items)."""
    return tuple([_bit_count(m) for m in h.num_mask if m])


def _recall(answer: _Answer | None, h: Hand, floor: int) -> tuple[int, list[int], _Chosen] | None:
    """``(total, lims, chosen)`` of a kept answer for the hand ``h`` of its pattern, when it
    holds for a call with ``floor`` = ``min(at_least, cards asked)`` (see the module
    docstring), else None."""
    if answer is None:
        return None
    total, lims, parts, certified = answer
    if floor != total and (floor > total or not certified):
        return None
    held = _positions(h.numbers)  # the numbers held, ascending: by rank
    num_mask = h.num_mask
    chosen: _Chosen = []
    for ri, kind, n, rank, local, j in parts:
        if rank < 0:
            chosen.append((ri, kind, n, (0, n, 1)))
            continue
        v = held[rank]
        m = num_mask[v]
        chosen.append((ri, kind, n, (m if local < 0 else _spread(m, local), j, v)))
    return total, lims[:], chosen


def _spread(mask: int, local: int) -> int:
    """The bits of ``mask`` picked by ``local`` (bit ``i``: the ``i``-th lowest bit of
    ``mask``); a pure function of two small ints, kept."""
    key = mask << 16 | local if 0 <= local < 1 << 16 else -1
    got = _SPREAD.get(key)
    if got is None:
        pos = _positions(mask)
        got = sum([1 << pos[i] for i in _positions(local)])
        if key >= 0:
            if len(_SPREAD) >= _TABLE_LIMIT:
                _SPREAD.clear()
            _SPREAD[key] = got
    return got


def _local(mask: int, sub: int) -> int:
    """The inverse of :func:`_spread`: ``sub`` (bits of ``mask``) as local bits."""
    return sum([1 << i for i, p in enumerate(_positions(mask)) if sub >> p & 1])


def _remember(
    memo: _Memo,
    key: tuple[int, ...],
    h: Hand,
    total: int,
    lims: list[int],
    chosen: _Chosen,
    certified: bool,
) -> None:
    """Keep a search's answer for the pattern ``key`` of the hand ``h`` (see the module
    docstring). An uncertified answer does not replace a certified one (which holds for
    more calls)."""
    old = memo.get(key)
    if old is not None and old[3] and not certified:
        return
    numbers = h.numbers
    num_mask = h.num_mask
    parts = []
    for ri, kind, n, (mask, j, v) in chosen:
        if not mask:  # the all-joker candidate
            parts.append((ri, kind, n, -1, -1, j))
            continue
        rank = (numbers & ((1 << v) - 1)).bit_count()  # the numbers held below v
        m = num_mask[v]
        parts.append((ri, kind, n, rank, -1 if mask == m else _local(m, mask), j))
    if old is None:
        if _KEPT[0] >= _ANSWER_LIMIT:
            _forget()
        _KEPT[0] += 1
    memo[key] = (total, lims[:], tuple(parts), certified)
