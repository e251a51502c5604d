"""``shuffle(rng, cards)``: what ``rng.shuffle(cards)`` does, faster for ``random.Random``.

A deal shuffles 101 cards, and ``random.Random.shuffle`` spends most of its time calling
``_randbelow`` once per card. The loop below inlines it: the same ``getrandbits`` calls in
the same order (Fisher–Yates from the end, rejection sampling on ``bit_length`` bits), so
the same order results and the generator ends in the same state. The bit counts come from
a plan per list length (``(i, bit_length(i + 1))`` for each swap, made once), and a draw
``j`` is rejected when ``j > i`` (that is ``j >= i + 1``). That is checked once at import
against ``random.Random.shuffle``; if this Python's ``random`` differs, or for any other
kind of generator, ``rng.shuffle`` itself is used.

(Drawing the 32-bit words in blocks, ``getrandbits(32 * m)``, and cutting them up gives the
same orders too, but measured slower here: converting the block costs more than the calls.)
"""

from __future__ import annotations

import random

#: The swaps of a shuffle by list length: ``(i, bits)`` for i from the end down to 1.
_PLANS: dict[int, tuple[tuple[int, int], ...]] = {}


def _plan(size: int) -> tuple[tuple[int, int], ...]:
    plan = _PLANS.get(size)
    if plan is None:
        plan = tuple([(i, (i + 1).bit_length()) for i in range(size - 1, 0, -1)])
        if len(_PLANS) < 256:  # (lengths a game shuffles: a handful)
            _PLANS[size] = plan
    return plan


def _inline_shuffle(rng: random.Random, x: list) -> None:
    getrandbits = rng.getrandbits
    plan = _PLANS.get(len(x))
    if plan is None:
        plan = _plan(len(x))
    for i, k in plan:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _same_as_random() -> bool:
    """Whether the inlined loop matches ``random.Random.shuffle`` (orders and end states)."""
    for seed in range(2):
        a = random.Random(seed)
        b = random.Random(seed)
        for size in (*range(18), 31, 32, 33, 64, 65, 100, 101, 102, 129):
            x = list(range(size))
            y = list(range(size))
            a.shuffle(x)
            _inline_shuffle(b, y)
            if x != y:
                return False
        if a.getstate() != b.getstate():
            return False
    return True


#: Whether the inlined loop may be used: checked at the first shuffle, not at import (the
#: check takes a millisecond or two, and importing the engine should not).
_FAST: bool | None = None


def shuffle(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would."""
    global _FAST
    if _FAST is None:
        _FAST = _same_as_random()
    if _FAST and type(rng) is random.Random:
        _inline_shuffle(rng, x)
    else:
        rng.shuffle(x)
