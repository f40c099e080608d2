"""Calibration and the stopping rule for one case (pure logic, no I/O).

A sample is `iters` back-to-back ops timed by the runner. iters is calibrated so a sample
lasts about TARGET_SAMPLE_NS (far above any timer resolution and loop overhead). Samples
are taken in rounds; a case stops when the 95% CI of its median is within `target_ci`
of the median (with at least `min_samples`), or when its time budget is spent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from hashbench.measure.stats import median_ci, relative_halfwidth

TARGET_SAMPLE_NS = 2_000_000  # 2 ms per sample
MAX_SAMPLES_PER_ROUND = 200
MIN_SAMPLES_SLOW = 3  # a case slower than its budget still gets this many samples


@dataclass
class Sampler:
    budget_ns: float
    target_ci: float = 0.01
    min_samples: int = 10
    round_ns: float = 100_000_000
    iters: int = 1
    per_op_estimate: float = 0.0
    samples: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    spent_ns: float = 0.0
    stop_reason: str = ""

    def calibrate(self, sample_ns: int, iters: int) -> int:
        """Given one sample of `iters` ops, choose iters for the real samples."""
        self.per_op_estimate = max(sample_ns / iters, 0.1)
        self.iters = max(1, math.ceil(TARGET_SAMPLE_NS / self.per_op_estimate))
        return self.iters

    @property
    def needs_recalibration(self) -> bool:
        """True while one sample is too short to trust the per-op estimate."""
        return self.per_op_estimate * self.iters < TARGET_SAMPLE_NS / 10

    def samples_for_round(self) -> int:
        sample_ns = self.per_op_estimate * self.iters
        wanted = int(self.round_ns // max(sample_ns, 1))
        remaining = max(self.budget_ns - self.spent_ns, 0)
        by_budget = int(remaining // max(sample_ns, 1))
        return max(1, min(wanted, by_budget, MAX_SAMPLES_PER_ROUND))

    def add(self, samples_ns: list[int], round_no: int) -> None:
        self.samples.extend(samples_ns)
        self.rounds.extend([round_no] * len(samples_ns))
        self.spent_ns += sum(samples_ns)
        if samples_ns:
            self.per_op_estimate = float(np.median(samples_ns)) / self.iters

    def ci_rel_halfwidth(self) -> float:
        if len(self.samples) < 2:
            return math.inf
        x = np.asarray(self.samples, dtype=float)
        return relative_halfwidth(median_ci(x), float(np.median(x)))

    def done(self) -> bool:
        n = len(self.samples)
        # target_ci = 0: no interval target, the whole budget is spent
        if (
            self.target_ci > 0
            and n >= self.min_samples
            and self.ci_rel_halfwidth() <= self.target_ci
        ):
            self.stop_reason = "ci"
            return True
        if self.spent_ns >= self.budget_ns and n >= MIN_SAMPLES_SLOW:
            self.stop_reason = "budget"
            return True
        if self.spent_ns >= 3 * self.budget_ns and n >= 1:
            self.stop_reason = "budget"
            return True
        return False
