"""Confidence intervals and tests for bot studies, each naming its method.

- Win rates: the Wilson score interval (``"Wilson"``), which stays inside [0, 1] and keeps its
  stated coverage for rates near 0 or 1 and for a few hundred games, where the textbook
  ``p ± z·√(p(1-p)/n)`` does not.
- Means (game length): Student's t interval (``"t"``) with ``n − 1`` degrees of freedom.
- Two studies played independently: Welch's t (``"Welch t"``): the difference of the means,
  its interval and two-sided p-value with the Welch–Satterthwaite degrees of freedom. A
  normal approximation instead makes 10-game studies look several times more significant.
- Two studies played on the same dice and deals (:mod:`.paired`): the paired t on the
  per-game differences (``"paired t"``), ``n − 1`` degrees of freedom.
- Several variants tested against one reference: Holm's step-down correction (``"Holm"``).

t quantiles come from ``scipy.stats.t`` when scipy is installed, else from
:mod:`.student_t` (agrees with scipy to ~1e-10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import isfinite, sqrt
from statistics import NormalDist

from . import student_t
from .arguments import AnalysisError, AnalysisTypeError

WILSON, T, WELCH, PAIRED, HOLM = "Wilson", "t", "Welch t", "paired t", "Holm"


def check_confidence(confidence: object) -> float:
    """``confidence`` as a float, or a ValueError a teacher understands (before any work)."""
    message = f"confidence must be between 0 and 1 (e.g. 0.95), not {confidence!r}."
    if isinstance(confidence, bool) or not isinstance(confidence, int | float):
        raise AnalysisTypeError(message)
    if not 0 < confidence < 1:
        raise AnalysisError(message)
    return float(confidence)


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile for ``confidence`` (1.959964… for 0.95)."""
    return NormalDist().inv_cdf(0.5 + check_confidence(confidence) / 2)


def _scipy_t():
    try:
        from scipy.stats import t
    except ImportError:  # scipy is optional: the exact fallback below
        return None
    return t


def t_value(confidence: float, df: float) -> float:
    """The two-sided t quantile: ``t`` with ``P(|T| ≤ t) = confidence`` for ``df`` degrees
    of freedom (2.262157… for 0.95 and 9)."""
    p = 0.5 + check_confidence(confidence) / 2
    dist = _scipy_t()
    return float(dist.ppf(p, df)) if dist is not None else student_t.t_quantile(p, df)


def t_p_value(t: float, df: float) -> float:
    """The two-sided p-value ``P(|T| ≥ |t|)`` of a t statistic with ``df`` degrees of freedom."""
    dist = _scipy_t()
    if dist is not None:
        return float(2 * dist.sf(abs(t), df))
    return student_t.t_two_sided_p(t, df)


@dataclass(frozen=True)
class MeanInterval:
    """A mean with its interval; ``method`` names how it was made."""

    mean: float
    low: float
    high: float
    n: int
    df: float
    method: str = T


@dataclass(frozen=True)
class Difference:
    """A difference of means with its interval, two-sided p-value and degrees of freedom."""

    diff: float
    low: float
    high: float
    p: float
    df: float
    se: float
    n: int
    method: str


def _moments(values: Sequence[float]) -> tuple[int, float, float]:
    """Count, mean and the sample variance (ddof 1; 0 for one value), numerically stable."""
    import numpy as np

    x = np.asarray(values, dtype=float)
    if x.ndim != 1 or not np.isfinite(x).all():
        raise AnalysisError("values must be a flat list of finite numbers")
    n = len(x)
    if n == 0:
        raise AnalysisError("a mean needs at least one value")
    mean = float(x.mean())
    var = float(((x - mean) ** 2).sum() / (n - 1)) if n > 1 else 0.0
    return n, mean, var


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> MeanInterval:
    """The t interval for the mean of ``values`` (NaN bounds for a single value).

    >>> m = mean_interval([30, 34, 40, 36])
    >>> round(m.low, 3), round(m.high, 3), m.method
    (28.375, 41.625, 't')
    """
    check_confidence(confidence)
    n, mean, var = _moments(values)
    if n < 2:
        return MeanInterval(mean, float("nan"), float("nan"), n, float("nan"))
    half = t_value(confidence, n - 1) * sqrt(var / n)
    return MeanInterval(mean, mean - half, mean + half, n, float(n - 1))


def _difference(diff: float, se: float, df: float, n: int, confidence: float, method: str):
    if not se > 0:  # no spread at all: the difference is known exactly
        p = 1.0 if diff == 0 else 0.0
        return Difference(diff, diff, diff, p, df, 0.0, n, method)
    if not isfinite(df):
        nan = float("nan")
        return Difference(diff, nan, nan, nan, df, se, n, method)
    half = t_value(confidence, df) * se
    return Difference(diff, diff - half, diff + half, t_p_value(diff / se, df), df, se, n, method)


def welch(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> Difference:
    """Welch's t for ``mean(a) − mean(b)`` from two independent samples: the interval, the
    two-sided p-value and the Welch–Satterthwaite degrees of freedom
    ``(va + vb)² / (va²/(na − 1) + vb²/(nb − 1))`` with ``va = sa²/na``.

    Each sample needs two values (NaN interval and p otherwise).

    >>> d = welch([30, 34, 40, 36], [20, 24, 22, 26])
    >>> round(d.diff, 1), round(d.df, 2), round(d.p, 4), d.method
    (12.0, 5.01, 0.0045, 'Welch t')
    """
    check_confidence(confidence)
    na, ma, va = _moments(a)
    nb, mb, vb = _moments(b)
    diff = ma - mb
    if na < 2 or nb < 2:
        nan = float("nan")
        return Difference(diff, nan, nan, nan, nan, nan, na + nb, WELCH)
    sa, sb = va / na, vb / nb
    se = sqrt(sa + sb)
    denominator = sa * sa / (na - 1) + sb * sb / (nb - 1)
    df = (sa + sb) ** 2 / denominator if denominator > 0 else float("nan")
    return _difference(diff, se, df, na + nb, confidence, WELCH)


def paired_t(differences: Sequence[float], confidence: float = 0.95) -> Difference:
    """The paired t for the mean of per-pair differences (same dice, same deals): interval,
    two-sided p-value, ``n − 1`` degrees of freedom.

    >>> d = paired_t([2, 3, 1, 2, 2])
    >>> round(d.low, 3), round(d.high, 3), d.df
    (1.122, 2.878, 4.0)
    """
    check_confidence(confidence)
    n, mean, var = _moments(differences)
    if n < 2:
        nan = float("nan")
        return Difference(mean, nan, nan, nan, nan, nan, n, PAIRED)
    return _difference(mean, sqrt(var / n), float(n - 1), n, confidence, PAIRED)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error control for several tests at
    once); NaN entries are left out of the family and stay NaN.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    values = [float(p) for p in p_values]
    if any(not (0 <= p <= 1) for p in values if p == p):
        raise AnalysisError(f"p-values must lie between 0 and 1, not {values}")
    family = sorted((p, i) for i, p in enumerate(values) if p == p)
    m = len(family)
    out = [float("nan")] * len(values)
    running = 0.0
    for rank, (p, i) in enumerate(family):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


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
        raise AnalysisError(f"A win rate needs at least one game, not n={n!r}.")
    if not (isinstance(successes, int | float) and 0 <= successes <= n):
        raise AnalysisError(f"Wins must be between 0 and the {n} games, not {successes!r}.")
    p, z2 = successes / n, z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # At 0 or n wins the bound is exactly 0 or 1; say so rather than leave rounding dust.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high
