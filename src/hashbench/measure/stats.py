"""Summary statistics of per-op times (ns per op), computed one way everywhere.

- Percentiles interpolate linearly between order statistics (numpy's default, R type 7).
- The median's 95% interval is distribution-free, from order statistics: the ranks come
  from binomial(n, 1/2) quantiles, O(1) once the samples are sorted. The stop rule, the
  noise warning and every report use this one interval.
- The mean's interval is Student's t (samples are many; the bootstrap cost O(n·2000)).
- With several runner processes per case, the median's interval also holds the spread
  between processes (`across_processes`): one process's interval describes that process,
  not the next run.
"""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist, stdev

import msgspec
import numpy as np

from hashbench.model import Stats

# scipy.special is imported where it is used, and scipy.stats not at all (it takes half
# a second to import): the commands that only read results (show, compare) never need it.

LEVEL = 0.95


def per_op(samples_ns: list[int], iters: int) -> np.ndarray:
    return np.asarray(samples_ns, dtype=float) / iters


def tukey_outliers(x: np.ndarray) -> tuple[int, int]:
    """(mild, severe): mild beyond 1.5·IQR from the quartiles but within 3·IQR; severe beyond."""
    q1, q3 = np.percentile(x, [25, 75])
    iqr = q3 - q1
    inner = (x < q1 - 1.5 * iqr) | (x > q3 + 1.5 * iqr)
    outer = (x < q1 - 3 * iqr) | (x > q3 + 3 * iqr)
    return int(inner.sum() - outer.sum()), int(outer.sum())


@lru_cache(maxsize=4096)
def median_ranks(n: int, level: float = LEVEL) -> tuple[int, int]:
    """0-based ranks (lo, hi) of the order statistics bounding the median's interval:
    k is the smallest count with P(Binom(n, 1/2) <= k) > (1 - level) / 2; the interval
    is [x(k-1), x(n-k)]. The whole range when n < 6 (no narrower interval has the level).
    The search starts just below the normal approximation, so it takes a few CDF calls;
    the stop rule asks for the same n again and again, hence the cache."""
    if n < 6:
        return 0, n - 1
    from scipy.special import bdtr

    alpha = (1 - level) / 2
    z = NormalDist().inv_cdf(alpha)
    k = max(math.floor(n / 2 + z * math.sqrt(n) / 2) - 2, 0)
    while bdtr(k, n, 0.5) <= alpha:
        k += 1
    while k > 0 and bdtr(k - 1, n, 0.5) > alpha:
        k -= 1
    return max(k - 1, 0), min(n - k, n - 1)


def median_ci_sorted(s: np.ndarray, level: float = LEVEL) -> tuple[float, float]:
    lo, hi = median_ranks(len(s), level)
    return float(s[lo]), float(s[hi])


def median_ci(x: np.ndarray, level: float = LEVEL) -> tuple[float, float]:
    return median_ci_sorted(np.sort(np.asarray(x, dtype=float)), level)


def mean_ci(x: np.ndarray, level: float = LEVEL) -> tuple[float, float]:
    n = len(x)
    mean = float(x.mean())
    if n < 2:
        return mean, mean
    from scipy.special import stdtrit

    half = float(stdtrit(n - 1, (1 + level) / 2)) * float(x.std(ddof=1)) / math.sqrt(n)
    return mean - half, mean + half


def relative_halfwidth(interval: tuple[float, float], centre: float) -> float:
    lo, hi = interval
    return (hi - lo) / 2 / centre if centre else math.inf


def summarize(x: np.ndarray) -> Stats:
    if len(x) == 0:
        raise ValueError("no samples")
    s = np.sort(np.asarray(x, dtype=float))
    mild, severe = tukey_outliers(s)
    mean = float(s.mean())
    p50, p75, p99, p995 = np.percentile(s, [50, 75, 99, 99.5])
    return Stats(
        n=len(s),
        mean=mean,
        median=float(p50),
        std=float(s.std(ddof=1)) if len(s) > 1 else 0.0,
        min=float(s[0]),
        max=float(s[-1]),
        p75=float(p75),
        p99=float(p99),
        p995=float(p995),
        mean_ci=mean_ci(s),
        median_ci=median_ci_sorted(s),
        outliers_mild=mild,
        outliers_severe=severe,
        ops_per_s=1e9 / mean if mean > 0 else float("inf"),
    )


def mb_per_s(size_bytes: int, ns_per_op: float) -> float:
    """Throughput in MB/s (10^6 bytes per second, as `openssl speed` reports)."""
    return size_bytes / ns_per_op * 1e3 if ns_per_op > 0 else float("inf")


def between_halfwidth(medians: list[float], level: float = LEVEL, floor: float = 0.0) -> float:
    """Half-width of the interval of the mean of k process medians: z·s/√k, with s at
    least `floor` times their median. The normal quantile, not Student's t: with k = 2 or 3
    processes t's (12.7, 4.3) would swamp every result. Instead the floor: s from three
    values is under half the true spread about one time in nine, and a case is no steadier
    across processes than the run's typical case (`relative_sd`, the engine's floor);
    lab/repeatability.py measures how often the interval holds the next run's median
    (docs/benchmarks/repeatability.md)."""
    k = len(medians)
    if k < 2:
        return 0.0
    z = NormalDist().inv_cdf((1 + level) / 2)
    s = max(stdev(medians), floor * float(np.median(medians)))
    return z * s / math.sqrt(k)


def relative_sd(medians: list[float]) -> float | None:
    """The processes' medians' standard deviation over their median (None for one)."""
    if len(medians) < 2:
        return None
    middle = float(np.median(medians))
    return stdev(medians) / middle if middle else None


def spread(medians: list[float]) -> float | None:
    """(largest − smallest) / their median: how far the processes' medians disagree."""
    if len(medians) < 2:
        return None
    middle = float(np.median(medians))
    return (max(medians) - min(medians)) / middle if middle else None


def across_processes(
    per_process: list[np.ndarray], level: float = LEVEL, floor: float = 0.0
) -> Stats:
    """Statistics over every sample of every process; the median's interval widened, on
    each side, by the between-process half-width added in quadrature (its s at least
    `floor` times the median: between_halfwidth)."""
    stats = summarize(np.concatenate(per_process))
    medians = [float(np.median(x)) for x in per_process if len(x)]
    between = between_halfwidth(medians, level, floor)
    if between == 0:
        return stats
    lo, hi = stats.median_ci
    m = stats.median
    return msgspec.structs.replace(
        stats, median_ci=(m - math.hypot(m - lo, between), m + math.hypot(hi - m, between))
    )


def next_run_interval(median: float, ci: tuple[float, float]) -> tuple[float, float]:
    """Where the next run's median should fall: the median's interval with each side
    √2 wider. The next run's median carries its own error as well as this one's: if both
    runs are as precise, their difference has √2 times the error of either, so a 95%
    interval of the median holds the next run's median only about 83% of the time
    (P(|Z| < 1.96/√2)), and this one about 95% (docs/methodology.md)."""
    lo, hi = ci
    return median - math.sqrt(2) * (median - lo), median + math.sqrt(2) * (hi - median)
