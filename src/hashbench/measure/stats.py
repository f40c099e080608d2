"""Summary statistics of per-iteration times. All times are nanoseconds per op.

Percentiles use linear interpolation between order statistics (numpy's default, the
same as R type 7). Bootstrap CIs resample with a fixed seed, so a result file is
reproducible from its raw samples.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from math import comb

import numpy as np

BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0x5EED


@dataclass(frozen=True)
class Summary:
    n: int
    mean: float
    median: float
    std: float
    min: float
    max: float
    p75: float
    p99: float
    p995: float
    mean_ci: tuple[float, float]
    median_ci: tuple[float, float]
    outliers_mild: int
    outliers_severe: int
    ops_per_s: float

    def to_dict(self) -> dict:
        d = asdict(self)
        d["mean_ci"], d["median_ci"] = list(self.mean_ci), list(self.median_ci)
        return d

    @property
    def rel_std(self) -> float:
        return self.std / self.mean if self.mean else 0.0

    @property
    def median_ci_rel_halfwidth(self) -> float:
        lo, hi = self.median_ci
        return (hi - lo) / 2 / self.median if self.median else 0.0


def per_op(samples_ns: list[int], iters: int) -> np.ndarray:
    return np.asarray(samples_ns, dtype=float) / iters


def tukey_outliers(x: np.ndarray) -> tuple[int, int]:
    """(mild, severe): mild beyond 1.5·IQR from the quartiles but within 3·IQR; severe beyond."""
    q1, q3 = np.percentile(x, [25, 75])
    iqr = q3 - q1
    inner = (x < q1 - 1.5 * iqr) | (x > q3 + 1.5 * iqr)
    outer = (x < q1 - 3 * iqr) | (x > q3 + 3 * iqr)
    return int(inner.sum() - outer.sum()), int(outer.sum())


def bootstrap_ci(x: np.ndarray, stat: str, level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap CI of the mean or median."""
    if len(x) < 2:
        return (float(x[0]), float(x[0]))
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    idx = rng.integers(0, len(x), size=(BOOTSTRAP_RESAMPLES, len(x)))
    resampled = x[idx]
    values = resampled.mean(axis=1) if stat == "mean" else np.median(resampled, axis=1)
    alpha = (1 - level) / 2
    lo, hi = np.quantile(values, [alpha, 1 - alpha])
    return (float(lo), float(hi))


def median_ci_order(x: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """Distribution-free CI of the median from order statistics (binomial), cheap enough
    to evaluate after every sampling round. Widest interval when n is too small."""
    s = np.sort(x)
    n = len(s)
    if n < 6:
        return (float(s[0]), float(s[-1]))
    # smallest k with P(Binom(n, 1/2) < k) >= (1 - level) / 2 from each side
    alpha = (1 - level) / 2
    cum, k = 0.0, 0
    while k < n:
        p = comb(n, k) / 2**n
        if cum + p > alpha:
            break
        cum += p
        k += 1
    lo_i, hi_i = max(k - 1, 0), min(n - k, n - 1)
    return (float(s[lo_i]), float(s[hi_i]))


def summarize(x: np.ndarray) -> Summary:
    if len(x) == 0:
        raise ValueError("no samples")
    mild, severe = tukey_outliers(x)
    mean = float(x.mean())
    return Summary(
        n=len(x),
        mean=mean,
        median=float(np.median(x)),
        std=float(x.std(ddof=1)) if len(x) > 1 else 0.0,
        min=float(x.min()),
        max=float(x.max()),
        p75=float(np.percentile(x, 75)),
        p99=float(np.percentile(x, 99)),
        p995=float(np.percentile(x, 99.5)),
        mean_ci=bootstrap_ci(x, "mean"),
        median_ci=bootstrap_ci(x, "median"),
        outliers_mild=mild,
        outliers_severe=severe,
        ops_per_s=1e9 / mean if mean > 0 else float("inf"),
    )


def mb_per_s(size_bytes: int, ns_per_op: float) -> float:
    """Throughput in MB/s (10^6 bytes per second, as `openssl speed` reports)."""
    return size_bytes / ns_per_op * 1e3 if ns_per_op > 0 else float("inf")
