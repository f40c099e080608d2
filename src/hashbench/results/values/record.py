"""A case record's values: its work, its samples, their statistics, its counts.

The samples are checked first, then what is computed from them, so a file is refused
for the figure that was changed, not for the statistics it no longer matches.
"""

from __future__ import annotations

from hashbench.model import CaseRecord, Stats
from hashbench.model.counts import CountedProcess, Counts
from hashbench.results.values import bounds as b
from hashbench.results.values.bounds import BadValue

MAX_PROCESSES = 2**16


def check(r: CaseRecord, at: str) -> None:
    b.count(f"{at}.group", r.group)
    b.params(f"{at}.params", r.params)
    if r.length is not None:
        b.byte_count(f"{at}.length", r.length)
    if r.input_size is not None:
        b.byte_count(f"{at}.input_size", r.input_size)
    if r.iters is not None:
        b.ops(f"{at}.iters", r.iters)
    b.count(f"{at}.processes", r.processes, 1, MAX_PROCESSES, "a number of processes")
    _samples(r, at)
    _processes(r, at)
    if r.stats is not None:
        per_op = [x / r.iters for x in r.samples_ns] if r.iters else []
        _stats(r.stats, f"{at}.stats", per_op, 1 / (r.iters or 1))
    _rates(r, at)
    for i, w in enumerate(r.warnings):
        if not isinstance(w, str):
            for name in ("value", "limit"):
                figure = getattr(w, name)
                if figure is not None:
                    b.finite(f"{at}.warnings[{i}].{name}", figure)
    if r.counts is not None:
        _counts(r.counts, f"{at}.counts")
    _counted(r.counted, f"{at}.counted")


def _samples(r: CaseRecord, at: str) -> None:
    for i, x in enumerate(r.samples_ns):
        b.time_ns(f"{at}.samples_ns[{i}]", x)
    n = len(r.samples_ns)
    if n and r.iters is None:
        raise BadValue(f"{at}.iters", None, "samples need their ops per sample")
    for name in ("sample_rounds", "sample_processes"):
        values: list[int] = getattr(r, name)
        if values and len(values) != n:
            raise BadValue(f"{at}.{name}", f"{len(values)} values", f"one per sample ({n})")
    for i, k in enumerate(r.sample_rounds):
        b.count(f"{at}.sample_rounds[{i}]", k)
    for i, k in enumerate(r.sample_processes):
        b.count(f"{at}.sample_processes[{i}]", k, 0, r.processes - 1, "a process")


def _processes(r: CaseRecord, at: str) -> None:
    if len(r.process_medians_ns) > r.processes:
        many = f"{len(r.process_medians_ns)} values"
        raise BadValue(f"{at}.process_medians_ns", many, f"one per process ({r.processes})")
    for name in ("process_medians_ns", "yardstick_ns"):  # a yardstick per process and pass
        for i, x in enumerate(getattr(r, name)):
            b.time_ns(f"{at}.{name}[{i}]", x)
    for name in ("process_spread", "process_sd_floor"):
        figure = getattr(r, name)
        if figure is not None:
            b.not_negative(f"{at}.{name}", figure)


def _stats(s: Stats, at: str, per_op: list[float], whole_ns: float) -> None:
    """`whole_ns`: what a sample's rounding to a whole nanosecond moves a time per op
    (statistics of samples taken finer, then rounded, are still theirs)."""
    b.count(f"{at}.n", s.n, 1)
    if per_op and s.n != len(per_op):
        raise BadValue(f"{at}.n", s.n, f"the statistics of {len(per_op)} samples")
    times = ("min", "median", "mean", "p75", "p99", "p995", "max")
    for name in times:
        b.time_ns(f"{at}.{name}", getattr(s, name))
    ordered = ("min", "median", "p75", "p99", "p995", "max")
    for low, high in zip(ordered, ordered[1:], strict=False):
        below, above = getattr(s, low), getattr(s, high)
        if not b.at_most(below, above):
            raise BadValue(f"{at}.{low}", below, f"above {high} ({b.shown(above)})")
    if not (b.at_most(s.min, s.mean) and b.at_most(s.mean, s.max)):
        raise BadValue(f"{at}.mean", s.mean, "the mean must lie between min and max")
    least, most = (min(per_op), max(per_op)) if per_op else (s.min, s.max)
    if not (b.at_most(least - whole_ns, s.min) and b.at_most(s.max, most + whole_ns)):
        raise BadValue(f"{at}.min", [s.min, s.max], "min and max must be the samples' own")
    b.not_negative(f"{at}.std", s.std, s.max)
    # up to floating point at the samples' size: n equal samples of 1000 ns give an sd of
    # 1e-13, not 0 (a real run's, test_faults), over a range of 0
    if not s.std <= s.max - s.min + b.CLOSE * abs(s.max):
        raise BadValue(f"{at}.std", s.std, "a standard deviation wider than the samples' range")
    b.interval(f"{at}.mean_ci", s.mean_ci, s.mean)
    b.interval(f"{at}.median_ci", s.median_ci, s.median)
    b.count(f"{at}.outliers_mild", s.outliers_mild, 0, s.n, "outliers")
    b.count(f"{at}.outliers_severe", s.outliers_severe, 0, s.n - s.outliers_mild, "outliers")
    b.finite(f"{at}.ops_per_s", s.ops_per_s)
    if not b.close(s.ops_per_s, 1e9 / s.mean):
        raise BadValue(f"{at}.ops_per_s", s.ops_per_s, "ops per second must be 1e9 / mean")


def _rates(r: CaseRecord, at: str) -> None:
    if r.mb_per_s is not None:
        b.positive(f"{at}.mb_per_s", r.mb_per_s)
        if r.stats is not None and r.input_size:
            if not b.close(r.mb_per_s, r.input_size / r.stats.median * 1e3):
                raise BadValue(f"{at}.mb_per_s", r.mb_per_s, "MB/s must be input_size / median")
    for name in ("alloc_bytes_per_op", "peak_rss_bytes"):
        figure = getattr(r, name)
        if figure is not None:
            b.byte_count(f"{at}.{name}", figure)
    if r.loop_overhead_ns is not None:
        b.not_negative(f"{at}.loop_overhead_ns", r.loop_overhead_ns, b.DAY_NS)
    if r.warmup_ns is not None:
        b.not_negative(f"{at}.warmup_ns", r.warmup_ns, b.DAY_NS)


def _counts(c: Counts, at: str) -> None:
    b.positive(f"{at}.ir", c.ir)
    for name in ("dr", "dw", "i1mr", "d1mr", "d1mw", "ilmr", "dlmr", "dlmw", "cycles"):
        figure = getattr(c, name)
        if figure is not None:
            b.not_negative(f"{at}.{name}", figure)


def _counted(processes: list[CountedProcess], at: str) -> None:
    for i, p in enumerate(processes):
        b.count(f"{at}[{i}].ops", p.ops)
        if "Ir" not in p.totals:
            raise BadValue(f"{at}[{i}].totals", sorted(p.totals), "a count of instructions (Ir)")
        for event, total in p.totals.items():
            b.count(f"{at}[{i}].totals.{event}", total)
    for i in range(1, len(processes), 2):
        low, high = processes[i - 1].ops, processes[i].ops
        if high <= low:
            raise BadValue(f"{at}[{i}].ops", high, f"more ops than its pair's low ({low})")
