"""The solver's shortcuts against straightforward reference computations (seeded).

* ``_first_cand``: the single-requirement search's first candidate, without the layer.
* ``_min_layer`` / ``_run_layers``: a run window's ways as an ``itertools.product`` of the
  held numbers' cards, against the place-by-place expansion.
* ``_bits``: the kept table of single-bit masks.
* ``solve`` right after a search of the same tuple: it reuses that search's Hand and grows (or
  cuts) its candidate lists; the answer must be the one of a fresh solve.
"""

from __future__ import annotations

import random

from levelwidgets.level8 import candidates as C
from levelwidgets.level8 import solver
from levelwidgets.level8.levels import ONE_STAR, TWO_STAR, parse_level

LEVELS = [seq.level(i) for seq in (ONE_STAR, TWO_STAR) for i in range(1, len(seq) + 1)] + [
    parse_level(s)
    for s in ("run 3 + run 3 + run 3", "set 2 + colour 3 + run 2", "colour 3 + colour 3")
]


def _hands(seed: int, count: int):
    rng = random.Random(seed)
    for t in range(count):
        k = rng.randint(8, 14)
        j = rng.randint(0, 3)
        pool = range(90)
        if t % 2:  # few numbers: many cards per number, long candidate lists
            nums = rng.sample(range(15), rng.randint(3, 7))
            pool = [c for c in range(90) if c % 15 in nums]
        hand = rng.sample(pool, min(len(pool), k - j))
        hand += rng.sample(range(90, 97), j) + rng.sample(range(97, 101), rng.randint(0, 2))
        rng.shuffle(hand)
        yield tuple(hand)


def _ref_bits(m: int) -> list[int]:
    return [1 << i for i in range(m.bit_length()) if m >> i & 1]


def _ref_window_ways(h, lo: int, n: int) -> list[int]:
    """One card per held number of the window, place by place, later places fastest."""
    partial = [0]
    for m in h.num_mask[lo : lo + n]:
        if m:
            partial = [x | b for x in partial for b in _ref_bits(m)]
    return partial


def test_bits_table_equals_a_direct_count():
    rng = random.Random(1)
    for m in [0, 1, 2, 3, 5, 1 << 20, *(rng.getrandbits(16) for _ in range(300))]:
        assert list(C._bits(m)) == _ref_bits(m)
        assert list(C._bits(m)) == _ref_bits(m)  # (kept)


def test_run_min_layer_is_the_product_of_held_cards():
    for hand in _hands(2, 200):
        h = solver._Hand(hand)
        for n in (2, 3, 4, 6, 7, 9):
            best, firsts = C._run_table(n, h.numbers)
            ref = [(x, n - best, lo) for lo, _held in firsts for x in _ref_window_ways(h, lo, n)]
            assert C._min_layer(h, "run", n, n - best) == ref, (hand, n)
            assert C._layers(h, "run", n, n - best, n - best) == ref, (hand, n)


def test_first_candidate_is_the_first_of_the_fewest_jokers_layer():
    for hand in _hands(3, 250):
        h = solver._Hand(hand)
        for kind in ("run", "set", "colour"):
            for n in (1, 2, 3, 4, 5, 7, 8, 10):
                j = C._min_need(h, kind, n)
                layer = C._min_layer(h, kind, n, j)
                assert layer == C._layer(h, kind, n, j)
                first = solver._first_cand(h, kind, n, j)
                assert first == (layer[0] if layer else None), (hand, kind, n)


def test_solve_after_a_search_equals_a_fresh_solve():
    rng = random.Random(4)
    for hand in _hands(5, 120):
        for lv in LEVELS:
            fresh = solver.solve(list(hand), lv)  # (a list: nothing of a search is reused)
            total = solver._missing_search(hand, lv, 0)[1]
            assert solver.solve(hand, lv) == fresh, (hand, lv)
            # a too-high or too-low at_least leaves other lists (longer or shorter) behind
            for at_least in (rng.randint(0, total + 3), total + 1, max(0, total - 1)):
                solver._missing_search(hand, lv, at_least)
                assert solver.solve(hand, lv) == fresh, (hand, lv, at_least)
            # another hand's search in between: nothing of it may be used
            solver._missing_search(hand[:-1], lv, 0)
            assert solver.solve(hand, lv) == fresh, (hand, lv)
