"""``shuffle(rng, cards)``: what ``rng.shuffle(cards)`` does, faster for ``random.Random``.

A deal shuffles 101 cards, and ``random.Random.shuffle`` spends most of its time calling
``_randbelow`` once per card. The loop below inlines it: the same ``getrandbits`` calls in
the same order (Fisher–Yates from the end, rejection sampling on ``bit_length`` bits), so
the same order results and the generator ends in the same state. That is checked once at
import against ``random.Random.shuffle``; if this Python's ``random`` differs, or for any
other kind of generator, ``rng.shuffle`` itself is used.
"""

from __future__ import annotations

import random


def _inline_shuffle(rng: random.Random, x: list) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _same_as_random() -> bool:
    """Whether the inlined loop matches ``random.Random.shuffle`` (orders and end states)."""
    for seed in range(2):
        a = random.Random(seed)
        b = random.Random(seed)
        for size in range(0, 110, 9):
            x = list(range(size))
            y = list(range(size))
            a.shuffle(x)
            _inline_shuffle(b, y)
            if x != y:
                return False
        if a.getstate() != b.getstate():
            return False
    return True


_FAST = _same_as_random()


def shuffle(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would."""
    if _FAST and type(rng) is random.Random:
        _inline_shuffle(rng, x)
    else:
        rng.shuffle(x)
