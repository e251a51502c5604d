"""The Wilson interval: known values, its defining equation, and refusals."""

from __future__ import annotations

import math

import pytest

from levelwidgets.analysis import wilson_interval, z_value


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
