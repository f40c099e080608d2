"""Warm-up that follows the data: unrecorded samples until the time per op is steady.

A JIT compiles an op in tiers and a fresh process fills its caches, so the first samples
of a case run slower than the rest. Instead of a fixed count, warm-up takes samples in
windows of WINDOW and stops when the median of the last window is within TOLERANCE of the
window before it (steady), or when its time cap is spent (not steady: the record says so).
A native runner is steady after two windows, about 20 ms; a JIT runner takes as long as
its compiler does, up to the cap (at most half the case's budget per process).

Two windows can agree while the JIT is still at work: HotSpot runs a loop at an
intermediate tier for a while, and on the one CPU the runners are pinned to its compiler
threads share the CPU with the loop. Java's digests at quick's budget, in fresh
processes, with warm-up ended by its steady test alone: 8 of 24 values over 1.1× the
case's settled speed, the worst 2.30× (docs/benchmarks/jit-warmup.md); in the gate runs
made before it, Java digests measured on the slope were `compare`'s only false
regressions (docs/benchmarks/gate-jit.md). So a
runner whose manifest names a `jit_warmup_s` is not steady before that much warm-up
(`floor_ns`, the cap raised to it): with Java's 0.4 s, none of the 24 over 1.1×. A JIT
compiles code, not cases: the floor is owed once per runner process, implementation and
algorithm (engine/case_steps.py), and a slow op, otherwise its own warm-up, pays it in
untimed ops (Java's password hashes at quick's budget without it: 18 of 78 values over
1.1×, spring-argon2 2.19×; with it none, docs/benchmarks/jit-warmup-password.md).

Warm-up that ends steady hands its last window on as the case's first samples
(`steady_tail`): by the test that ended it, they are as warm as any later one, so a case
that was steady from the start pays one window for its warm-up, not two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import median

WINDOW = 5
TOLERANCE = 0.03


def window_for(cap_ns: float, sample_ns: float) -> int:
    """Samples per window: WINDOW, or fewer (at least 2) so two windows fit in half the cap
    when samples are long (a 20 ms op does not take 5 + 5 warm-up samples)."""
    return max(2, min(WINDOW, int(cap_ns / (4 * max(sample_ns, 1.0)))))


def steady(per_op: list[float], window: int = WINDOW, tolerance: float = TOLERANCE) -> bool:
    """True when the last two windows of per-op times agree within `tolerance`."""
    if len(per_op) < 2 * window:
        return False
    before = median(per_op[-2 * window : -window])
    last = median(per_op[-window:])
    return abs(last - before) <= tolerance * last


@dataclass
class Warmup:
    cap_ns: float
    window: int = WINDOW
    floor_ns: float = 0.0  # not steady before this much warm-up (a JIT's compile time)
    samples: list[tuple[int, int]] = field(default_factory=list)  # (sample ns, iters)

    def add(self, samples_ns: list[int], iters: int) -> None:
        self.samples += [(s, iters) for s in samples_ns]

    @property
    def per_op(self) -> list[float]:
        return [s / iters for s, iters in self.samples]

    @property
    def spent_ns(self) -> float:
        return float(sum(s for s, _ in self.samples))

    def steady_tail(self, iters: int) -> list[int]:
        """The last window's samples when warm-up ended steady and all of them ran at
        `iters` ops (the case's iters now); otherwise none."""
        tail = self.samples[-self.window :]
        if not self.steady or any(n != iters for _, n in tail):
            return []
        return [s for s, _ in tail]

    @property
    def steady(self) -> bool:
        return steady(self.per_op, self.window)

    def done(self) -> bool:
        return (self.steady and self.spent_ns >= self.floor_ns) or self.spent_ns >= self.cap_ns

    def typical_sample_ns(self, iters: int) -> float:
        """The last window's median sample length at `iters` ops per sample."""
        return median(self.per_op[-self.window :]) * iters


def cold_is_warm(cold_ns: int, warm_ns: list[int], tolerance: float = TOLERANCE) -> bool:
    """Whether a slow op's first sample in a process, timed cold (it stands in for the
    untimed warm-up op, and a primer op ran before it), is as warm as the samples after
    it: within their range widened by `tolerance`. Decided when the process has sampled,
    against all of them: against one sample, as at calibration, a 3% test would drop
    most first ops on a machine whose samples move ±5%. A first op slower than every
    later one by more than that is cold and dropped; a 100 ms op warm from its first run
    costs no extra op."""
    if not warm_ns:
        return True
    return min(warm_ns) * (1 - tolerance) <= cold_ns <= max(warm_ns) * (1 + tolerance)
