"""The Wilson interval: known values, its defining equation, and refusals; the t intervals,
Welch and paired tests and Holm's correction against scipy, with scipy and without."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import special, stats
from scipy.stats import t as scipy_t

from levelwidgets.analysis import stats as stats_module
from levelwidgets.analysis import student_t, wilson_interval, z_value
from levelwidgets.analysis.arguments import AnalysisError
from levelwidgets.analysis.stats import holm, mean_interval, paired_t, welch


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),  # the worked example in Wilson-interval references
        (1, 1, 0.2065, 1.0),
    ],
)
def test_known_values(successes, n, low, high):
    got = wilson_interval(successes, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_bounds_solve_the_wilson_equation():
    """Both bounds p satisfy (p̂ − p)² = z²·p(1 − p)/n, the interval's definition."""
    z = z_value(0.95)
    assert z == pytest.approx(1.959964, abs=1e-6)
    for successes, n in [(81, 263), (3, 7), (2.5, 4), (199, 200)]:
        phat = successes / n
        for p in wilson_interval(successes, n):
            assert (phat - p) ** 2 == pytest.approx(z * z * p * (1 - p) / n, rel=1e-9)


def test_exact_ends_and_symmetry():
    assert wilson_interval(0, 50)[0] == 0.0 and wilson_interval(50, 50)[1] == 1.0
    low, high = wilson_interval(7, 20)
    mirror_low, mirror_high = wilson_interval(13, 20)
    assert low == pytest.approx(1 - mirror_high) and high == pytest.approx(1 - mirror_low)


def test_more_confidence_and_more_games():
    narrow, wide = wilson_interval(30, 60, 0.80), wilson_interval(30, 60, 0.99)
    assert wide[0] < narrow[0] < 0.5 < narrow[1] < wide[1]
    small, large = wilson_interval(5, 10), wilson_interval(500, 1000)
    assert large[1] - large[0] < (small[1] - small[0]) / 5
    assert math.isclose(sum(large) / 2, 0.5)


@pytest.mark.parametrize(
    ("successes", "n", "confidence"),
    [(1, 0, 0.95), (11, 10, 0.95), (-1, 10, 0.95), (5, 10, 1.0), (5, 10, 0), (5, 10, "95%")],
)
def test_refuses_what_is_no_win_rate(successes, n, confidence):
    with pytest.raises(ValueError):
        wilson_interval(successes, n, confidence)


# ---------------------------------------------------------------- t intervals and tests


def test_exact_t_matches_scipy_on_random_degrees_of_freedom_and_probabilities():
    """The fallback for installs without scipy: quantiles and p-values to 1e-8 (relative)."""
    rng = np.random.default_rng(7)
    for k in range(400):
        df = float(np.exp(rng.uniform(np.log(0.5), np.log(1e5))))
        p = float(rng.uniform(1e-6, 1 - 1e-6)) if k % 2 else float(10 ** rng.uniform(-10, -0.4))
        assert student_t.t_quantile(p, df) == pytest.approx(scipy_t.ppf(p, df), rel=1e-8)
        t = float(rng.standard_normal() * 4)
        assert student_t.t_two_sided_p(t, df) == pytest.approx(2 * scipy_t.sf(abs(t), df), rel=1e-8)
        assert student_t.t_cdf(t, df) == pytest.approx(scipy_t.cdf(t, df), rel=1e-8)
    for _ in range(100):  # million-game studies: Welch's df in the millions and beyond
        df = float(10 ** rng.uniform(5, 12))
        p = float(rng.uniform(1e-9, 1 - 1e-9))
        assert student_t.t_quantile(p, df) == pytest.approx(scipy_t.ppf(p, df), rel=1e-8)
        t = float(rng.uniform(-7, 7))
        assert student_t.t_two_sided_p(t, df) == pytest.approx(2 * scipy_t.sf(abs(t), df), rel=1e-8)
    assert student_t.t_quantile(0.5, 3) == 0.0
    assert student_t.betainc(2.5, 0.5, 0.3) == pytest.approx(special.betainc(2.5, 0.5, 0.3))


@pytest.mark.parametrize(("p", "df"), [(0, 3), (1, 3), (0.5, 0), (0.5, -1), (0.5, math.inf)])
def test_exact_t_refuses_impossible_arguments(p, df):
    with pytest.raises(ValueError):
        student_t.t_quantile(p, df)


@pytest.fixture(params=["scipy", "exact"])
def t_source(request, monkeypatch):
    """Every test below runs with scipy's t and with the exact fallback."""
    if request.param == "exact":
        monkeypatch.setattr(stats_module, "_scipy_t", lambda: None)
    return request.param


@pytest.mark.filterwarnings("ignore:Precision loss")  # scipy on near-constant samples
def test_welch_and_paired_and_mean_match_scipy_on_random_samples(t_source):
    rng = np.random.default_rng(11)
    for _ in range(30):
        na, nb = (int(x) for x in rng.integers(2, 60, 2))
        a = rng.normal(30, rng.uniform(1, 8), na).round()
        b = rng.normal(31, rng.uniform(1, 8), nb).round()
        confidence = float(rng.uniform(0.5, 0.999))
        d = welch(a, b, confidence)
        expected = stats.ttest_ind(a, b, equal_var=False)
        ci = expected.confidence_interval(confidence)
        assert (d.p, d.df, d.low, d.high) == pytest.approx(
            (expected.pvalue, expected.df, ci.low, ci.high), rel=1e-8
        )
        assert d.method == "Welch t" and d.n == na + nb
        m = mean_interval(a, confidence)
        low, high = stats.t.interval(confidence, na - 1, a.mean(), stats.sem(a))
        assert (m.low, m.high, m.df, m.method) == pytest.approx((low, high, na - 1, "t"))
        pairs = b[: min(na, nb)] - a[: min(na, nb)]
        if len(pairs) > 1 and pairs.std() > 0:
            got = paired_t(pairs, confidence)
            expected = stats.ttest_1samp(pairs, 0)
            ci = expected.confidence_interval(confidence)
            assert (got.p, got.low, got.high) == pytest.approx(
                (expected.pvalue, ci.low, ci.high), rel=1e-8
            )
            assert got.method == "paired t" and got.df == len(pairs) - 1


def test_degenerate_samples():
    assert math.isnan(mean_interval([5]).low)
    d = welch([3, 3, 3], [3, 3])
    assert (d.diff, d.low, d.high, d.p) == (0, 0, 0, 1.0)
    assert welch([4, 4], [3, 3]).p == 0.0
    assert math.isnan(welch([1], [2, 3]).p)
    one_spread = welch([1, 2, 3], [5, 5, 5, 5])  # one sample without spread: df = n − 1
    assert one_spread.df == pytest.approx(2)
    with pytest.raises(AnalysisError, match="finite"):
        mean_interval([1, float("nan")])
    with pytest.raises(AnalysisError, match="at least one"):
        mean_interval([])


def test_holm_step_down():
    assert holm([]) == []
    assert holm([0.5]) == [0.5]
    assert holm([0.001, 0.2, 0.03]) == pytest.approx([0.003, 0.2, 0.06])
    got = holm([0.04, float("nan"), 0.9])
    assert got[0] == pytest.approx(0.08) and math.isnan(got[1]) and got[2] == 0.9
    with pytest.raises(AnalysisError):
        holm([1.5])
