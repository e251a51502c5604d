"""Confidence intervals for win rates.

The Wilson score interval stays inside [0, 1] and keeps its stated coverage for rates near
0 or 1 and for a few hundred games, where the textbook ``p ± z·√(p(1-p)/n)`` does not.
"""

from __future__ import annotations

from math import isfinite, sqrt
from statistics import NormalDist


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile for ``confidence`` (1.959964… for 0.95)."""
    if not (isinstance(confidence, int | float) and 0 < confidence < 1):
        raise ValueError(f"confidence must be between 0 and 1 (e.g. 0.95), not {confidence!r}.")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for ``successes`` out of ``n`` trials.

    ``successes`` may be fractional (a tie shared by two players counts half a win each).

    >>> low, high = wilson_interval(81, 263)
    >>> round(low, 4), round(high, 4)
    (0.2553, 0.3662)
    >>> wilson_interval(0, 10)[0]
    0.0
    """
    z = z_value(confidence)
    if not (isinstance(n, int | float) and isfinite(n) and n > 0):
        raise ValueError(f"A win rate needs at least one game, not n={n!r}.")
    if not (isinstance(successes, int | float) and 0 <= successes <= n):
        raise ValueError(f"Wins must be between 0 and the {n} games, not {successes!r}.")
    p, z2 = successes / n, z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # At 0 or n wins the bound is exactly 0 or 1; say so rather than leave rounding dust.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high
