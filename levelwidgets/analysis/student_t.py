"""Student's t distribution without scipy: tail probabilities and quantiles to ~1e-12.

:mod:`.stats` uses ``scipy.stats.t`` when scipy is installed and these otherwise (scipy is
not part of the ``[analysis]`` extra). Both go through the regularised incomplete beta
function, evaluated by its continued fraction (modified Lentz), as in Numerical Recipes §6.4:

- ``P(|T| > t) = I_x(ν/2, 1/2)`` with ``x = ν / (ν + t²)``: accurate in the far tails;
- ``P(|T| < t) = I_y(1/2, ν/2)`` with ``y = t² / (ν + t²)``: accurate near the centre.

Quantiles solve one of the two for ``t`` by safeguarded Newton steps, so neither loses digits
to ``1 − (something close to 1)``.

>>> round(t_quantile(0.975, 10), 6)
2.228139
>>> round(t_two_sided_p(2.228139, 10), 6)
0.05
"""

from __future__ import annotations

from math import erfc, exp, isfinite, lgamma, log, log1p, pi, sqrt
from statistics import NormalDist

_TINY = 1e-300
_EPS = 1e-15
_MAX_TERMS = 100_000  # the fraction needs O(√max(a, b)) terms: ν up to ~10¹⁰ converges


def _check_df(df: float) -> None:
    if isinstance(df, bool) or not isinstance(df, int | float) or not (df > 0 and isfinite(df)):
        raise ValueError(f"degrees of freedom must be a positive number, not {df!r}")


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b), converging fast for x < (a + 1) / (a + b + 2)."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, _MAX_TERMS):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):  # fmt: skip
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + aa / c
            c = c if abs(c) > _TINY else _TINY
            h *= d * c
        if abs(d * c - 1.0) < _EPS:
            return h
    raise ArithmeticError(f"incomplete beta I_{x}({a}, {b}) did not converge")  # pragma: no cover


def _log_inv_beta(a: float, b: float) -> float:
    """``−ln B(a, b)``; for the t distribution's (ν/2, 1/2) and a large ν from a series,
    since ``lgamma(a + ½) − lgamma(a)`` would cancel ~log10(a) digits away."""
    big = max(a, b)
    if min(a, b) == 0.5 and big >= 20:
        r = 1.0 / big
        r2 = r * r
        ratio = 0.5 * log(big) - r / 8 + r * r2 * (1 / 192 - r2 * (1 / 640 - r2 * 17 / 14336))
        return ratio - 0.5 * log(pi)  # ln Γ(big + ½) − ln Γ(big) − ln Γ(½)
    return lgamma(a + b) - lgamma(a) - lgamma(b)


def betainc(a: float, b: float, x: float, y: float | None = None) -> float:
    """The regularised incomplete beta function ``I_x(a, b)`` for a, b > 0 and 0 ≤ x ≤ 1.

    ``y`` is ``1 − x`` computed without rounding when the caller can (for ``x`` near 1 the
    digits of ``1 − x`` matter: huge degrees of freedom)."""
    if y is None:
        y = 1.0 - x
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    log_x = log(x) if x < 0.5 else log1p(-y)
    log_y = log(y) if y < 0.5 else log1p(-x)
    log_front = _log_inv_beta(a, b) + a * log_x + b * log_y
    if x < (a + 1.0) / (a + b + 2.0):
        return exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - exp(log_front) * _beta_fraction(b, a, y) / b


#: Beyond this many degrees of freedom the continued fraction needs ~√ν terms, each below
#: rounding; the expansion about the normal to second order is then exact to ~1e-13 instead.
LARGE_DF = 1e7


def _tail(t: float, df: float) -> float:
    """``P(T > |t|)``: one tail."""
    if (
        df > LARGE_DF
    ):  # 1 − F(x) = Q(x) + φ(x)[(x³ + x)/(4ν) + (3x⁷ − 7x⁵ − 5x³ − 3x)/(96ν²)] + O(ν⁻³)
        x = abs(t)
        x2 = x * x
        first = x * (x2 + 1) / (4 * df)
        second = x * (((3 * x2 - 7) * x2 - 5) * x2 - 3) / (96 * df * df)
        return 0.5 * erfc(x / sqrt(2)) + exp(-0.5 * x2) / sqrt(2 * pi) * (first + second)
    return 0.5 * betainc(df / 2, 0.5, df / (df + t * t), t * t / (df + t * t))


def _central(t: float, df: float) -> float:
    """``P(|T| < |t|)``."""
    if df > LARGE_DF:
        return 1.0 - 2.0 * _tail(t, df)
    return betainc(0.5, df / 2, t * t / (df + t * t), df / (df + t * t))


def t_pdf(t: float, df: float) -> float:
    """The density of Student's t with ``df`` degrees of freedom at ``t``."""
    _check_df(df)
    log_norm = lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * pi)
    return exp(log_norm - (df + 1) / 2 * log1p(t * t / df))


def t_cdf(t: float, df: float) -> float:
    """``P(T ≤ t)``."""
    _check_df(df)
    if t != t:
        return float("nan")
    if abs(t) < 1.0:
        half = 0.5 * _central(t, df)
        return 0.5 + half if t > 0 else 0.5 - half
    tail = _tail(t, df)
    return 1.0 - tail if t > 0 else tail


def t_two_sided_p(t: float, df: float) -> float:
    """``P(|T| ≥ |t|)``: the two-sided p-value of a t statistic."""
    _check_df(df)
    if t != t:
        return float("nan")
    if abs(t) < 1.0:
        return 1.0 - _central(t, df)
    return 2.0 * _tail(t, df)


def t_quantile(p: float, df: float) -> float:
    """The ``t`` with ``P(T ≤ t) = p`` (``scipy.stats.t.ppf``)."""
    _check_df(df)
    if not (isinstance(p, int | float) and 0 < p < 1):
        raise ValueError(f"a quantile needs a probability strictly between 0 and 1, not {p!r}")
    if p == 0.5:
        return 0.0
    q = min(p, 1.0 - p)
    if q < 0.25:  # solve the tail P(T > t) = q
        gap, scale = (lambda t: _tail(t, df) - q), 1.0
    else:  # solve the centre P(|T| < t) = |2p − 1| (exact in floating point here)
        target = abs(2.0 * p - 1.0)
        gap, scale = (lambda t: target - _central(t, df)), 0.5
    t = _solve(gap, abs(NormalDist().inv_cdf(q)), df, scale)
    return t if p > 0.5 else -t


def _solve(gap, guess: float, df: float, scale: float) -> float:
    """The root t > 0 of the decreasing ``gap(t)`` (derivative ``-pdf(t) / scale``, where
    scale is 1 for the tail and 1/2 for the centre): bracket, then Newton kept inside it."""
    low, high = 0.0, max(guess, 1e-8)
    while gap(high) > 0:  # heavy tails (small ν) lie far beyond the normal guess
        low, high = high, high * 4
    t = high if low == 0 else 0.5 * (low + high)
    t = min(max(guess, low), high) if low < guess < high else t
    for _ in range(400):
        g = gap(t)
        if g == 0:
            return t
        if g > 0:
            low = t
        else:
            high = t
        step = g * scale / t_pdf(t, df)
        nxt = t + step
        if not (low < nxt < high):
            nxt = 0.5 * (low + high)
        if abs(nxt - t) <= 1e-15 * max(1.0, abs(nxt)) or high - low <= 4e-16 * high:
            return nxt
        t = nxt
    return t  # pragma: no cover - the bracket halves at worst, 400 halvings are plenty
