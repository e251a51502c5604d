"""Where cards fit the laid combinations, as tables the bots look cards up in.

The tables depend on the laid combinations alone (public information), so one table serves
every bot that sees the same melds tuple: the engine hands out the same tuple while no laid
combination changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, MAX_NUMBER
from .combos import Combo, combo_options

_Fit = tuple[int, int, int]  # (owner, index, meaning): tuples compare in seat/index order
_FitTable = tuple[dict[int, _Fit], dict[int, _Fit], _Fit | None]


def fit_table(melds: Sequence[Sequence[Combo]]) -> _FitTable:
    """Where cards fit the laid combinations: by number, by colour, and for a joker.

    Each entry is the first combination in seat/index order that takes such a card, with
    the meaning :func:`combo_options` would give first, so one look-up replaces a scan.
    """
    return _scan(melds)[:3]


def _scan(
    melds: Sequence[Sequence[Combo]],
) -> tuple[dict[int, _Fit], dict[int, _Fit], _Fit | None, int, int, int]:
    """:func:`fit_table` and, as bits, the numbers that extend a laid run, the numbers of
    the laid sets and the colours of the laid colour groups (for :meth:`_Table.distances`),
    in one pass."""
    by_num: dict[int, _Fit] = {}
    by_col: dict[int, _Fit] = {}
    joker: _Fit | None = None
    ends = sets = cols = 0
    for owner, ms in enumerate(melds):
        for i, combo in enumerate(ms):
            kind, value, hi, joker_means = _facts(combo)
            if kind == "run":
                for num in (value - 1, hi + 1):
                    if 1 <= num <= MAX_NUMBER:
                        ends |= 1 << num
                        if num not in by_num:
                            by_num[num] = (owner, i, num)
                if joker is None and joker_means is not None:
                    joker = (owner, i, joker_means)
            else:
                if kind == "set":
                    sets |= 1 << value
                    table = by_num
                else:
                    cols |= 1 << value
                    table = by_col
                if value not in table:
                    table[value] = (owner, i, value)
                if joker is None:
                    joker = (owner, i, value)
    return by_num, by_col, joker, ends, sets, cols


_Facts = tuple[str, int, int, int | None]
#: :func:`_facts` by the combination's id (the entry keeps the combination, so the id is not
#: reused while kept; cleared past 4096 entries). A laid combination stays the same object
#: until a card is added to it, so each table rebuild finds all the others here.
_FACTS: dict[int, tuple[Combo, _Facts]] = {}


def _facts(combo: Combo) -> _Facts:
    """What the tables read of a laid combination: ``(kind, value, highest number, what a
    joker added would mean)`` — for a set or colour group the highest number is its value
    and a joker means the value; for a run, the first of :func:`combo_options` (None when
    full)."""
    got = _FACTS.get(id(combo))
    if got is not None and got[0] is combo:
        return got[1]
    kind = combo.kind
    value = combo.value
    if kind == "run":
        opts = combo_options(combo, FIRST_JOKER)
        facts = (kind, value, value + len(combo.cards) - 1, opts[0] if opts else None)
    else:
        facts = (kind, value, value, value)
    if len(_FACTS) >= 4096:
        _FACTS.clear()
    _FACTS[id(combo)] = (combo, facts)
    return facts


class _Table:
    """What a bot derives from the laid combinations: where cards fit (see :func:`fit_table`)
    and, on demand, how far each number and colour is from fitting.

    It depends on the laid combinations alone (public), so one table serves every bot that
    sees the same melds tuple: the game hands out the same tuple while no laid combination
    changes, and :func:`_table` keeps that tuple referenced, so identity cannot be reused.
    """

    __slots__ = ("bits", "by_col", "by_num", "dist", "joker", "melds")

    def __init__(self, melds: Sequence[Sequence[Combo]]) -> None:
        self.melds = melds
        self.by_num, self.by_col, self.joker, *bits = _scan(melds)
        self.bits = bits  # run ends, set numbers, colour-group colours (see _scan)
        self.dist: tuple[tuple[float, ...], int] | None = None

    def fit(self, cid: int) -> tuple[int, int, int] | None:
        """The first laid combination (seat order, then index) ``cid`` fits, with its meaning."""
        if FIRST_SKIP <= cid < END_SKIP:
            return None
        if cid >= FIRST_JOKER:
            return self.joker
        fit = self.by_num.get(cid % 15 + 1)
        other = self.by_col.get(cid // 15)
        if other is not None and (fit is None or other < fit):
            return other
        return fit

    def distances(self) -> tuple[tuple[float, ...], int]:
        """How far natural cards are from fitting a laid combination: a distance by number
        (index 1–15: 0 for a set's number, else to the nearest run end, 99 when there is
        none) and the colours of the colour groups as bits (distance 0)."""
        if self.dist is None:
            ends, sets, cols = self.bits
            self.dist = (_number_distances(ends, sets), cols)
        return self.dist

    def distance(self, cid: int) -> float:
        """0 when natural card ``cid`` fits a set or colour group or is a run's end, else its
        distance to the nearest run end, 99 when there is none."""
        by_num, cols = self.distances()
        return 0 if cols >> cid // 15 & 1 else by_num[cid % 15 + 1]


def _end_distances(ends: int) -> tuple[float, ...]:
    """By number (index 1–15), the distance to the nearest of the numbers ``ends`` (bits
    1–15), 99.0 for every number when there is none (kept by :func:`_number_distances`)."""
    if not ends:
        return (99.0,) * (MAX_NUMBER + 1)
    by_num: list[float] = [0 if ends >> v & 1 else 99 for v in range(MAX_NUMBER + 1)]
    for v in range(2, MAX_NUMBER + 1):  # two sweeps
        if by_num[v - 1] + 1 < by_num[v]:
            by_num[v] = by_num[v - 1] + 1
    for v in range(MAX_NUMBER - 1, 0, -1):
        if by_num[v + 1] + 1 < by_num[v]:
            by_num[v] = by_num[v + 1] + 1
    return tuple(by_num)


#: :func:`_number_distances` by ``ends | sets << 16`` (cleared past 4096 entries).
_NUMBER_DISTANCES: dict[int, tuple[float, ...]] = {}


def _number_distances(ends: int, sets: int) -> tuple[float, ...]:
    """:func:`_end_distances` of run ends ``ends`` with 0 at the numbers of the sets
    ``sets`` (both as bits of numbers): a pure function of the two, kept."""
    key = ends | sets << 16
    got = _NUMBER_DISTANCES.get(key)
    if got is None:
        got = _end_distances(ends)
        if sets:
            got = tuple([0 if sets >> v & 1 else d for v, d in enumerate(got)])
        if len(_NUMBER_DISTANCES) >= 4096:
            _NUMBER_DISTANCES.clear()
        _NUMBER_DISTANCES[key] = got
    return got


_LAST_TABLE: list[_Table | None] = [None]


def _table(melds: Sequence[Sequence[Combo]]) -> _Table:
    """The :class:`_Table` of these melds (the last one is kept: all bots of a game see the
    same melds tuple until a laid combination changes)."""
    t = _LAST_TABLE[0]
    if t is None or t.melds is not melds:
        t = _LAST_TABLE[0] = _Table(melds)
    return t


#: The bots' look-up of where cards fit the laid combinations (:class:`_Table`, one per
#: melds tuple): ``fit_lookup(melds).fit(card)``, ``.distances()``, ``.bits``.
fit_lookup = _table
