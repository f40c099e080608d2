"""A finished case as its record: statistics across its processes, and its warnings as
codes with their figures (model/case_warning.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from hashbench.catalog import run_to_run
from hashbench.engine.case import Case
from hashbench.engine.sampler import MIN_SAMPLES_SLOW
from hashbench.measure import next_run
from hashbench.measure.stats import across_processes, mb_per_s, per_op, relative_sd, spread
from hashbench.model import CaseRecord, CaseWarning, Stats, Verification

NOISY_REL_STD = 0.10
DISAGREE_SPREAD = 0.05  # process medians further apart than this are flagged


class ProcessSpread:
    """Each measured case's relative sd between its processes' medians, this run so far.
    Their median is a floor: no case's between-process spread is taken as smaller (three
    medians can agree by chance; the machine's noise does not go away)."""

    def __init__(self) -> None:
        self.sds: list[float] = []

    def floor(self, cases: list[Case]) -> float | None:
        for case in cases:
            if case.ok:
                per_process = case.sampler.process_samples()
                sd = relative_sd([float(np.median(x)) for x in per_process if len(x)])
                if sd is not None:
                    self.sds.append(sd)
        return float(np.median(self.sds)) if self.sds else None


def warnings_for(case: Case, stats: Stats, process_medians: list[float]) -> list[CaseWarning]:
    found = list(case.warnings)
    apart = spread(process_medians) if len(process_medians) > 1 else None
    if apart is not None and apart > DISAGREE_SPREAD:
        found.append(CaseWarning("processes_disagree", value=apart, limit=DISAGREE_SPREAD))
    if stats.rel_std >= NOISY_REL_STD:
        found.append(CaseWarning("noisy", value=stats.rel_std, limit=NOISY_REL_STD))
    # a case slower than its budget gets MIN_SAMPLES_SLOW by design (its interval, the
    # samples' range, says how little they tell); fewer than that is worth a warning
    floor = min(case.group.min_samples, MIN_SAMPLES_SLOW)
    if stats.n < floor:
        found.append(CaseWarning("too_few_samples", value=stats.n, limit=floor))
    target = case.sampler.target_ci
    if 0 < target < stats.median_ci_rel_halfwidth:
        found.append(
            CaseWarning("wide_interval", value=stats.median_ci_rel_halfwidth, limit=target)
        )
    return found


def identity(case: Case, runtime: str) -> dict[str, Any]:
    """What a record says of the case whatever was measured: its group, implementation,
    work, outcome and verification (a timed record's and a counted one's alike)."""
    g, info, verdict = case.group, case.impl.info, case.verdict
    return {
        "group": case.group_no,
        "group_title": g.title(),
        "impl": case.impl.id,
        "runner": case.impl.runner,
        "library": info.library,
        "version": info.version,
        "backend": info.backend,
        "runtime": runtime,
        "alg": g.alg,
        "op": g.op,
        "params": g.param_dict,
        "length": g.length,
        "input_size": g.input_size,
        "mode": g.mode,
        "library_defaults": g.library_defaults,
        "status": case.status,
        "reason": case.reason,
        "verification": (
            Verification(verdict.ok, verdict.method, verdict.detail) if verdict else None
        ),
    }


def next_run_ci(stats: Stats, case: Case, jit: bool) -> tuple[tuple[float, float] | None, str]:
    """The interval the next run's median should fall in, and what widened it, for a case
    of fewer processes than its own interval holds the spread between runs of."""
    processes = case.sampler.processes
    if processes >= next_run.MIN_REPLICATES:
        return None, ""
    what = next_run.kind(case.group.alg, case.group.op)
    sd = run_to_run.prior()[(jit, what)].interval
    runtimes = "JIT runtimes'" if jit else "other runtimes'"
    return (
        next_run.interval(stats, processes, sd),
        f"±{sd:.1%} as one sd from run to run: {runtimes} {what} cases (catalog/run-to-run.toml)",
    )


def make_record(
    case: Case,
    runtime: str,
    loop_overhead_ns: float | None,
    sd_floor: float | None = None,
    jit: bool = False,
) -> CaseRecord:
    g, s = case.group, case.sampler
    stats = None
    warnings: list[CaseWarning | str] = list(case.warnings)
    mbps = None
    medians: list[float] = []
    widened: tuple[tuple[float, float] | None, str] = (None, "")
    if case.ok and s.samples:
        per_process = [per_op(x, s.iters) for x in s.process_samples()]
        stats = across_processes(per_process, floor=sd_floor or 0.0)
        if s.processes > 1:
            medians = [float(np.median(x)) for x in per_process]
        warnings = list(warnings_for(case, stats, medians))
        if g.input_size:
            mbps = mb_per_s(g.input_size, stats.median)
        widened = next_run_ci(stats, case, jit)
    elif case.ok:
        case.fail("failed", "no samples")
    return CaseRecord(
        **identity(case, runtime),
        iters=s.iters if s.samples else None,
        samples_ns=list(s.samples),
        sample_rounds=list(s.rounds),
        stats=stats,
        mb_per_s=mbps,
        alloc_bytes_per_op=case.memory.alloc_bytes_per_op if stats else None,
        peak_rss_bytes=case.memory.peak_rss_bytes if stats else None,
        loop_overhead_ns=loop_overhead_ns,
        stop=s.stop_reason,
        warnings=warnings,
        warmup_ns=case.warmup.ns if case.warmup.steady is not None else None,
        warmup_steady=case.warmup.steady,
        processes=s.processes,
        sample_processes=list(s.sample_processes) if s.processes > 1 else [],
        process_medians_ns=medians,
        process_spread=spread(medians),
        process_sd_floor=sd_floor if medians else None,
        yardstick_ns=list(case.yardstick_ns) if stats else [],
        next_run_ci=widened[0],
        next_run_from=widened[1],
    )
