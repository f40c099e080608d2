"""Comparing two measurements of the same work: the ratio of their medians with an
interval, and whether the difference is significant.

- The ratio is new median / old median: exactly the medians a report prints.
- Its interval is bounded by the two medians' own 95% intervals
  ([lo_new / hi_old, hi_new / lo_old]): conservative, and O(1) from the statistics.
- Significance is the Mann-Whitney U test on the per-op samples (as benchstat and
  pyperf's compare_to use), two-sided at ALPHA; with too few samples nothing is
  called significant.
- "Indistinguishable" means the two medians' intervals overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from hashbench.model import CaseRecord, Stats

ALPHA = 0.05
MIN_SAMPLES = 5


@dataclass(frozen=True)
class Change:
    ratio: float  # new median / old median (> 1: slower)
    low: float
    high: float
    p_value: float | None  # None: not tested (intervals overlap, or too few samples)
    overlap: bool  # the two medians' intervals overlap

    @property
    def significant(self) -> bool:
        return self.p_value is not None and self.p_value < ALPHA and not self.overlap

    @property
    def percent(self) -> float:
        return (self.ratio - 1) * 100


def intervals_overlap(a: Stats, b: Stats) -> bool:
    return a.median_ci[0] <= b.median_ci[1] and b.median_ci[0] <= a.median_ci[1]


def ratio_interval(old: Stats, new: Stats) -> tuple[float, float, float]:
    """(ratio, low, high) of new/old medians, bounded by both medians' intervals."""
    ratio = new.median / old.median if old.median else math.inf
    low = new.median_ci[0] / old.median_ci[1] if old.median_ci[1] else math.inf
    high = new.median_ci[1] / old.median_ci[0] if old.median_ci[0] else math.inf
    return ratio, low, high


def per_op_samples(case: CaseRecord) -> np.ndarray:
    return np.asarray(case.samples_ns, dtype=float) / (case.iters or 1)


def mann_whitney(a: np.ndarray, b: np.ndarray) -> float | None:
    """Two-sided p-value of the Mann-Whitney U test, normal approximation with tie and
    continuity corrections (as scipy's method="asymptotic", without its per-call cost:
    compare runs it on thousands of cases)."""
    n1, n2 = len(a), len(b)
    if n1 < MIN_SAMPLES or n2 < MIN_SAMPLES:
        return None
    joined = np.concatenate([a, b])
    values, inverse, counts = np.unique(joined, return_inverse=True, return_counts=True)
    if len(values) == 1:
        return 1.0
    average_rank = np.cumsum(counts) - (counts - 1) / 2
    u = float(average_rank[inverse[:n1]].sum()) - n1 * (n1 + 1) / 2
    n = n1 + n2
    ties = float((counts.astype(float) ** 3 - counts).sum())
    sigma = math.sqrt(n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))))
    if sigma == 0:
        return 1.0
    z = max(abs(u - n1 * n2 / 2) - 0.5, 0.0) / sigma
    return math.erfc(z / math.sqrt(2))


def change(old: CaseRecord, new: CaseRecord) -> Change:
    """How `new` differs from `old`; both must be valid records. The test runs only when
    the medians' intervals are apart: overlapping ones are never called significant, and
    skipping the test keeps a compare of thousands of cases fast."""
    ratio, low, high = ratio_interval(old.measured, new.measured)
    overlap = intervals_overlap(old.measured, new.measured)
    p = None if overlap else mann_whitney(per_op_samples(old), per_op_samples(new))
    return Change(ratio, low, high, p, overlap)


def geometric_mean(ratios: list[float]) -> float:
    finite = [r for r in ratios if r > 0 and math.isfinite(r)]
    return float(math.exp(sum(math.log(r) for r in finite) / len(finite))) if finite else math.nan
