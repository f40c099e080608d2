"""Statistics against hand-computed values."""

import math

import numpy as np
import pytest

from hashbench.engine.sampler import Sampler
from hashbench.engine.warmup import WINDOW, Warmup, cold_is_warm, steady, window_for
from hashbench.measure import stats


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


def test_mean_ci_is_students_t():
    x = np.arange(1, 101, dtype=float)
    lo, hi = stats.mean_ci(x)
    # t(0.975, 99) = 1.9842; s = 29.011; half-width = 1.9842 · 29.011 / 10 = 5.757
    assert (hi - lo) / 2 == pytest.approx(5.7565, abs=1e-3)
    assert (lo + hi) / 2 == pytest.approx(50.5)


def _brute_force_ranks(n: int, alpha: float = 0.025) -> tuple[int, int]:
    """The order-statistic interval by summing binomial terms one by one."""
    if n < 6:
        return 0, n - 1
    cum, k = 0.0, 0
    while k < n:
        p = math.comb(n, k) / 2**n
        if cum + p > alpha:
            break
        cum += p
        k += 1
    return max(k - 1, 0), min(n - k, n - 1)


def test_median_ci_ranks_match_a_brute_force_count():
    for n in range(1, 400):
        assert stats.median_ranks(n) == _brute_force_ranks(n), n


def test_median_ci_from_order_statistics():
    x = np.arange(1, 11, dtype=float)
    # n = 10: P(Binom(10, ½) ≤ 1) = 11/1024 ≤ 0.025 < P(≤ 2): the CI is (x₂, x₉)
    assert stats.median_ci(x) == (2.0, 9.0)
    assert stats.median_ci(np.array([5.0, 1.0, 3.0])) == (1.0, 5.0)


def test_median_ci_scales_to_large_n():
    """n = 100,000 has ranks near n/2 ∓ 1.96·√n/2 (normal approximation to the binomial)."""
    lo, hi = stats.median_ranks(100_000)
    assert abs(lo - (50_000 - 1.96 * math.sqrt(100_000) / 2)) < 2
    assert lo + hi == pytest.approx(100_000 - 1, abs=1)
    s = stats.summarize(np.random.default_rng(1).normal(1000, 10, 100_000))
    assert s.median_ci[0] < s.median < s.median_ci[1]


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


def test_between_halfwidth_and_spread_hand_computed():
    # medians 100, 102, 104: s = 2, z(0.975) = 1.959964, k = 3
    assert stats.between_halfwidth([100.0, 102.0, 104.0]) == pytest.approx(1.959964 * 2 / 3**0.5)
    assert stats.between_halfwidth([100.0]) == 0.0
    # a floor of 3% of the median (102): s = 3.06 instead of 2; below s it changes nothing
    floored = stats.between_halfwidth([100.0, 102.0, 104.0], floor=0.03)
    assert floored == pytest.approx(1.959964 * 3.06 / 3**0.5)
    assert stats.between_halfwidth([100.0, 102.0, 104.0], floor=0.01) == pytest.approx(
        1.959964 * 2 / 3**0.5
    )
    assert stats.relative_sd([100.0, 102.0, 104.0]) == pytest.approx(2 / 102)
    assert stats.relative_sd([100.0]) is None
    assert stats.spread([100.0, 102.0, 104.0]) == pytest.approx(4 / 102)
    assert stats.spread([5.0]) is None


def test_across_processes_widens_the_median_interval_by_the_spread_between():
    rng = np.random.default_rng(7)
    a = 100 + rng.normal(0, 0.1, 400)
    b = 110 + rng.normal(0, 0.1, 400)
    one = stats.summarize(np.concatenate([a, b]))
    both = stats.across_processes([a, b])
    assert both.n == 800 and both.median == one.median  # every sample counts once
    between = stats.between_halfwidth([float(np.median(a)), float(np.median(b))])
    lo, hi = one.median_ci
    assert both.median_ci[0] == pytest.approx(one.median - np.hypot(one.median - lo, between))
    assert both.median_ci[1] == pytest.approx(one.median + np.hypot(hi - one.median, between))
    assert both.median_ci_rel_halfwidth > 0.05 > one.median_ci_rel_halfwidth
    assert stats.across_processes([a]) == stats.summarize(a)  # one process: the plain summary


def test_sampler_shares_budget_and_minimum_between_processes():
    s = Sampler(budget_ns=12e6, target_ci=0.0, min_samples=9, processes=3)
    s.calibrate(1_000_000, 1)  # 1 ms per op: 2 ops per sample, 2 ms samples
    taken = []
    for process in range(3):
        if process:
            s.start_process()
        n = 0
        while not s.done():
            s.add([2_000_000] * s.samples_for_round(), n)
            n += 1
        taken.append(len(s.samples))
    assert taken == [2, 4, 6]  # each process: 4 ms of its 12 ms / 3, i.e. 2 samples
    assert s.sample_processes == [0, 0, 1, 1, 2, 2]
    assert s.process_samples() == [[2_000_000] * 2] * 3
    assert s.stop_reason == "budget"


def test_a_tight_first_process_does_not_stop_the_next_one():
    s = Sampler(budget_ns=1e9, target_ci=0.01, min_samples=10, processes=2)
    s.calibrate(1_000_000, 1)
    s.add([2_000_000] * 5, 0)
    assert s.done() and s.stop_reason == "ci"  # 5 = ceil(10 / 2) identical samples
    s.start_process()
    assert not s.done()  # the second process has sampled nothing yet
    s.add([2_000_000] * 5, 1)
    assert s.done() and len(s.samples) == 10


def test_rounds_hold_the_stop_until_that_many_interleaved_rounds():
    s = Sampler(budget_ns=1e9, target_ci=0.01, min_samples=5, min_rounds=3)
    s.calibrate(1_000_000, 1)
    s.add([2_000_000] * 5, 0)  # kept from warm-up: round 0 is not a visit
    s.add([2_000_000] * 5, 1)
    s.add([2_000_000] * 5, 1)
    assert not s.done() and s.rounds_here == 1
    assert s.samples_for_round() == 16  # a third of 0.1 s of 2 ms samples
    s.add([2_000_000] * 5, 2)
    s.add([2_000_000] * 5, 3)
    assert s.done() and s.stop_reason == "ci"


def test_warmup_steady_on_a_synthetic_curve():
    # a JIT-like curve: 3× slow at first, settling towards 100 ns per op (time constant 6)
    curve = [100 * (1 + 2 * math.exp(-k / 6)) for k in range(60)]
    first = next(n for n in range(1, 61) if steady(curve[:n]))
    assert 2 * WINDOW < first < 60  # not before it settles, but it does
    assert abs(curve[first - 1] / 100 - 1) < 0.1
    assert steady([100.0] * (2 * WINDOW)) and not steady([100.0] * (2 * WINDOW - 1))
    drift = [100 * 1.01**k for k in range(60)]  # 1% slower every sample: never steady
    assert not any(steady(drift[:n]) for n in range(1, 61))


def test_warmup_stops_at_its_cap_when_never_steady():
    warm = Warmup(cap_ns=10e6)
    k = 0
    while not warm.done():
        warm.add([int(2e6 * 1.05**k)] * 5, 1)  # 5% slower each window
        k += 1
    assert not warm.steady and warm.spent_ns >= 10e6 and k == 1
    flat = Warmup(cap_ns=1e9)
    while not flat.done():
        flat.add([2_000_000] * 5, 10)
    assert flat.steady and flat.spent_ns == 20e6 and flat.typical_sample_ns(10) == 2e6


def test_a_warmup_with_a_floor_is_not_done_steady_before_it():
    # a JIT's plateau: two windows agree long before its compiler is done
    warm = Warmup(cap_ns=1e9, floor_ns=50e6)
    windows = 0
    while not warm.done():
        warm.add([2_000_000] * 5, 10)
        windows += 1
    assert warm.steady and windows == 5 and warm.spent_ns == 50e6
    capped = Warmup(cap_ns=30e6, floor_ns=50e6)  # the cap still ends it
    while not capped.done():
        capped.add([2_000_000] * 5, 10)
    assert capped.spent_ns == 30e6


def test_a_steady_warmup_hands_on_its_last_window_only():
    flat = Warmup(cap_ns=1e9, window=3)
    flat.add([3_000_000, 2_040_000, 2_000_000], 10)  # a cold first sample; median 2% off
    flat.add([2_000_000, 2_010_000, 1_990_000], 10)
    assert flat.steady and flat.steady_tail(10) == [2_000_000, 2_010_000, 1_990_000]
    assert flat.steady_tail(20) == []  # iters changed since: those samples are not the case's
    retuned = Warmup(cap_ns=1e9, window=3)
    retuned.add([2_000_000] * 3, 10)
    retuned.add([4_000_000, 4_000_000, 4_000_000], 20)  # same per op, twice the iters
    assert retuned.steady and retuned.steady_tail(20) == [4_000_000] * 3
    mixed = Warmup(cap_ns=1e9, window=3)
    mixed.add([2_000_000] * 4, 10)
    mixed.add([4_000_000] * 2, 20)  # the last window straddles the change of iters
    assert mixed.steady and mixed.steady_tail(20) == []
    settling = Warmup(cap_ns=12e6, window=3)
    k = 0
    while not settling.done():
        settling.add([int(2e6 * 1.05 ** (k + j)) for j in range(3)], 1)  # 5% slower each
        k += 3
    assert not settling.steady and settling.steady_tail(1) == []


def test_a_cold_first_sample_is_kept_only_within_the_range_of_the_rest():
    assert cold_is_warm(102, [100])  # 2% off one sample: within the 3% tolerance
    assert not cold_is_warm(110, [100])  # 10% slower: a cold op
    assert not cold_is_warm(90, [100, 100])  # faster by as much: not the same op's time
    assert cold_is_warm(108, [95, 100, 106])  # within the noise of the samples after it
    assert not cold_is_warm(110, [95, 100, 106])  # slower than all by more than 3%
    assert cold_is_warm(100, [])  # nothing to compare with: kept


def test_a_cold_first_op_is_settled_when_its_process_has_sampled():
    def sampler_with(cold: int, rest: list[int]) -> Sampler:
        s = Sampler(budget_ns=1e9, target_ci=0, min_samples=3)
        s.add([cold, rest[0]], 0, cold=True)
        s.add(rest[1:], 1)
        return s

    kept = sampler_with(104, [100, 106, 98])
    assert kept.settle_cold() is None and kept.samples == [104, 100, 106, 98]
    cold = sampler_with(150, [100, 106, 98])
    assert cold.settle_cold() == 150
    assert (cold.samples, cold.rounds, cold.sample_processes) == (
        [100, 106, 98],
        [0, 1, 1],
        [0] * 3,
    )
    # while it looks cold it is not counted towards the stop rule's minimum of 3
    slow = Sampler(budget_ns=200, target_ci=0, min_samples=3)  # spent: over, not 3x over
    slow.add([300, 100], 0, cold=True)
    slow.add([101], 1)
    assert not slow.done()
    slow.add([99], 2)
    assert slow.done() and slow.settle_cold() == 300 and len(slow.samples) == 3


def test_warmup_window_shrinks_for_long_samples():
    assert window_for(500e6, 2e6) == 5  # 2 ms samples: two windows of 5 are 20 ms
    assert window_for(125e6, 20e6) == 2  # 20 ms samples under a 125 ms cap
    assert window_for(125e6, 5e6) == 5 and window_for(125e6, 10e6) == 3


def test_the_next_run_interval_holds_the_next_runs_median_about_95_percent():
    """Synthetic runs of one case (no drift between them): the median's 95% interval holds
    the next run's median about 83% of the time, the next-run interval about 95%."""
    rng = np.random.default_rng(7)
    held = forecast = 0
    trials = 400
    for _ in range(trials):
        a, b = rng.lognormal(0, 0.1, 300), rng.lognormal(0, 0.1, 300)
        m = float(np.median(a))
        lo, hi = stats.median_ci(a)
        held += lo <= float(np.median(b)) <= hi
        lo, hi = stats.next_run_interval(m, (lo, hi))
        forecast += lo <= float(np.median(b)) <= hi
    assert 0.76 <= held / trials <= 0.90
    assert 0.91 <= forecast / trials <= 0.99
    assert stats.next_run_interval(10.0, (9.0, 12.0)) == pytest.approx(
        (10 - 2**0.5, 10 + 2 * 2**0.5)
    )


def test_an_op_slower_than_its_share_still_gets_three_warm_samples():
    """quick's pbkdf2 of a pure-JS library: 0.3 s an op against a 0.25 s budget. Three
    samples, the cold first one dropped, left two and a 'too few samples' warning."""
    s = Sampler(budget_ns=0.25e9, target_ci=0.02, min_samples=5)
    s.calibrate(300_000_000, 1)
    s.add([400_000_000], 0, cold=True)  # the first op, cold: not counted while it looks so
    taken = 0
    while not s.done():
        s.add([300_000_000], 1)
        taken += 1
    assert taken == 3 and s.stop_reason == "budget"
    slow = Sampler(budget_ns=0.25e9, target_ci=0.02, min_samples=5)
    slow.calibrate(1_000_000_000, 1)
    slow.add([1_000_000_000], 0)
    slow.add([1_000_000_000], 1)
    assert slow.done()  # a 1 s op: two, within six shares
