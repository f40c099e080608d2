"""Calibration and the stopping rule for one case (pure logic, no I/O).

A sample is `iters` back-to-back ops timed by the runner. iters is calibrated so a sample
lasts about TARGET_SAMPLE_NS (far above any timer resolution and loop overhead). Samples
are taken in rounds; a case stops when the 95% CI of its median is within `target_ci`
of the median (with at least `min_samples`), or when its time budget is spent.

With several processes (`processes` > 1) the budget and the minimum sample count are
shared out: each process samples until its own samples meet the CI target or its share
of the budget is spent, so every process contributes, however tight the first one was.

With `min_rounds` > 1 a process's sampling is spread over at least that many interleaved
rounds, each 1/min_rounds of a round's time, so a fast case's samples span its group's
rounds instead of one tenth of a second: a shared VM loses its CPU for stretches of a
fraction of a second to several seconds, and samples spread over a few of them keep a
fast half that no one stretch slowed (measure/compare.py's fast_half).

With `spread` (a run of several passes, engine/schedule.py's run_passes, `min_rounds` of
them) a round is a visit of the group in one pass, and the budget is what is spread: each
visit samples the budget left over the visits left (at least a round's share), the
interval may stop the case only once every pass has visited it, and the budget only once
MIN_SAMPLES_SLOW of them have (a slow op's samples are not all taken in the first pass).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from hashbench.engine.warmup import cold_is_warm
from hashbench.measure.stats import median_ci, relative_halfwidth

TARGET_SAMPLE_NS = 2_000_000  # 2 ms per sample
MAX_SAMPLES_PER_ROUND = 200
MIN_SAMPLES_SLOW = 3  # a case slower than its budget still gets this many samples
SLOW_CAP = 6  # … within this many times its share (the cold first op included)


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
    processes: int = 1
    min_rounds: int = 1
    spread: bool = False  # rounds are the visits of a run's passes: the budget spread
    process_no: int = 0
    sample_processes: list[int] = field(default_factory=list)
    _process_start: int = 0  # index of this process's first sample
    _cold_at: int | None = None  # index of this process's cold first op, till settled
    _process_spent_ns: float = 0.0

    def start_process(self) -> None:
        """The next process begins: its samples and its share of the budget start at 0."""
        self.process_no += 1
        self._process_start = len(self.samples)
        self._process_spent_ns = 0.0
        self._cold_at = None
        self.stop_reason = ""

    @property
    def share_ns(self) -> float:
        return self.budget_ns / self.processes

    def process_samples(self) -> list[list[int]]:
        """The samples of each process in order (one list per process that sampled)."""
        by: dict[int, list[int]] = {}
        for sample, process in zip(self.samples, self.sample_processes, strict=True):
            by.setdefault(process, []).append(sample)
        return [by[k] for k in sorted(by)]

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
        sample_ns = max(self.per_op_estimate * self.iters, 1)
        remaining = max(self.share_ns - self._process_spent_ns, 0)
        wanted = int(self.round_ns / self.min_rounds // sample_ns)
        if self.spread:  # the budget left, shared by the visits left: evened out as it goes
            visits_left = max(self.min_rounds - self.rounds_here, 1)
            wanted = max(wanted, round(remaining / visits_left / sample_ns))
        by_budget = int(remaining // sample_ns)
        return max(1, min(wanted, by_budget, MAX_SAMPLES_PER_ROUND))

    def add(self, samples_ns: list[int], round_no: int, cold: bool = False) -> None:
        """Record samples; `cold`: the first of them is this process's first op, timed
        cold, to be kept or dropped when the process has sampled (settle_cold)."""
        if cold and samples_ns:
            self._cold_at = len(self.samples)
        self.samples.extend(samples_ns)
        self.rounds.extend([round_no] * len(samples_ns))
        self.sample_processes.extend([self.process_no] * len(samples_ns))
        self.spent_ns += sum(samples_ns)
        self._process_spent_ns += sum(samples_ns)
        if samples_ns:
            self.per_op_estimate = float(np.median(samples_ns)) / self.iters

    def _cold_here(self) -> int | None:
        """Index of this process's cold first op while it looks colder than the rest."""
        at = self._cold_at
        if at is None:
            return None
        rest = self.samples[self._process_start : at] + self.samples[at + 1 :]
        return None if cold_is_warm(self.samples[at], rest) else at

    def settle_cold(self) -> int | None:
        """At the end of this process's sampling: its cold first op stays a sample when it
        is as warm as the others (warmup.cold_is_warm); returns it when dropped."""
        at, self._cold_at = self._cold_here(), None
        if at is None:
            return None
        cold = self.samples[at]
        del self.samples[at], self.rounds[at], self.sample_processes[at]
        return cold

    @property
    def interleaved_here(self) -> bool:
        """Whether this process has sampled in an interleaved round (round 1 on; round 0
        holds samples kept from calibration and warm-up)."""
        return self.rounds_here > 0

    @property
    def rounds_here(self) -> int:
        """The interleaved rounds this process has sampled in."""
        return len({r for r in self.rounds[self._process_start :] if r > 0})

    def ci_rel_halfwidth(self) -> float:
        """The median's CI over this process's samples."""
        mine = self.samples[self._process_start :]
        if len(mine) < 2:
            return math.inf
        x = np.asarray(mine, dtype=float)
        return relative_halfwidth(median_ci(x), float(np.median(x)))

    def done(self) -> bool:
        # a first op that still looks cold does not count: it will be dropped
        n = len(self.samples) - self._process_start - (self._cold_here() is not None)
        share = self.share_ns
        min_samples = math.ceil(self.min_samples / self.processes)
        min_slow = math.ceil(MIN_SAMPLES_SLOW / self.processes)
        # target_ci = 0: no interval target, the whole budget is spent
        # round 0's samples may meet the target alone, unless rounds were asked for
        spread = self.min_rounds <= 1 or self.rounds_here >= self.min_rounds
        if (
            self.target_ci > 0
            and spread
            and n >= min_samples
            and self.ci_rel_halfwidth() <= self.target_ci
        ):
            self.stop_reason = "ci"
            return True
        visited = not self.spread or self.rounds_here >= min(self.min_rounds, MIN_SAMPLES_SLOW)
        if self._process_spent_ns >= share and n >= min_slow and visited:
            self.stop_reason = "budget"
            return True
        # an op slower than the share: MIN_SAMPLES_SLOW warm ones still, up to SLOW_CAP
        # shares (quick's 0.25 s: ops to about 0.4 s get three; a 1 s op, one)
        if self._process_spent_ns >= SLOW_CAP * share and n >= 1:
            self.stop_reason = "budget"
            return True
        return False
