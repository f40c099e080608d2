"""Statistics against hand-computed values."""

import math

import numpy as np
import pytest

from hashbench.measure import stats
from hashbench.measure.sampler import Sampler


def test_summary_hand_computed():
    s = stats.summarize(np.array([1.0, 2.0, 3.0, 4.0, 100.0]))
    assert s.n == 5
    assert s.mean == 22.0
    assert s.median == 3.0
    assert s.std == pytest.approx(math.sqrt(7610 / 4))  # sum of squared deviations / (n-1)
    assert (s.min, s.max) == (1.0, 100.0)
    assert s.p75 == 4.0  # position 0.75·4 = 3 → the 4th order statistic
    assert s.p99 == pytest.approx(4 + 0.96 * 96)  # position 3.96, linear interpolation
    assert s.p995 == pytest.approx(4 + 0.98 * 96)
    assert (s.outliers_mild, s.outliers_severe) == (0, 1)  # Q1=2, Q3=4, 100 > 4 + 3·2
    assert s.ops_per_s == pytest.approx(1e9 / 22)


def test_tukey_mild_and_severe():
    x = np.array([10, 10, 11, 11, 12, 12, 13, 13, 17.5, 30.0])
    # Q1 = 11, Q3 = 13 (linear), IQR = 2: mild beyond 13 + 1.5·2 = 16, severe beyond 19
    assert stats.tukey_outliers(x) == (1, 1)


def test_bootstrap_ci_brackets_and_is_reproducible():
    x = np.arange(1, 101, dtype=float)
    lo, hi = stats.bootstrap_ci(x, "mean")
    assert lo < 50.5 < hi
    assert (lo, hi) == stats.bootstrap_ci(x, "mean")  # fixed seed
    # standard error of the mean is 29.01/10 ≈ 2.9: the 95% CI is about ±5.7
    assert hi - lo == pytest.approx(2 * 1.96 * x.std(ddof=1) / 10, rel=0.15)
    mlo, mhi = stats.bootstrap_ci(x, "median")
    assert mlo <= 50.5 <= mhi


def test_median_ci_from_order_statistics():
    x = np.arange(1, 11, dtype=float)
    # n = 10: P(Binom(10, ½) ≤ 1) = 11/1024 ≤ 0.025 < P(≤ 2): the CI is (x₂, x₉)
    assert stats.median_ci_order(x) == (2.0, 9.0)
    assert stats.median_ci_order(np.array([5.0, 1.0, 3.0])) == (1.0, 5.0)


def test_constant_samples_and_throughput():
    s = stats.summarize(np.full(20, 250.0))
    assert s.std == 0.0 and s.median_ci == (250.0, 250.0)
    assert stats.mb_per_s(16384, 1000.0) == pytest.approx(16384.0)  # 16384 B/µs
    assert stats.per_op([1000, 2000], 10).tolist() == [100.0, 200.0]


def test_sampler_calibrates_and_stops_on_ci():
    s = Sampler(budget_ns=1e9, target_ci=0.01, min_samples=10)
    assert s.calibrate(sample_ns=500, iters=1) == 4000  # 2 ms / 500 ns
    assert not s.done()
    s.add([2_000_000] * 10, 0)
    assert s.done() and s.stop_reason == "ci"


def test_sampler_stops_on_budget_with_noisy_samples():
    s = Sampler(budget_ns=10e6, target_ci=0.001, min_samples=10)
    s.calibrate(2_000_000, 1)
    s.add([1_000_000, 3_000_000, 2_000_000, 5_000_000], 0)
    assert s.done() and s.stop_reason == "budget"
