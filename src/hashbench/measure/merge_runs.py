"""Several runs of the same suite as one: each side of a comparison made of k runs.

On a machine whose speed drifts by several percent from one minute to the next, one run
per side cannot tell a 10% change from the drift (docs/benchmarks/gate.md); k runs a side,
made at different times, can (benchstat asks for six). Merged, a case's samples are those
of every run (each scaled to the first run's iterations per sample), every runner process
of every run stays a replicate of its own (numbered on), and the statistics are made
again: `compare` then judges the merged case by the spread of all those processes, and
its empirical noise floor, drawn from the merged cases' moves, shrinks as runs are added.
"""

from __future__ import annotations

import msgspec
import numpy as np

from hashbench.measure.stats import summarize
from hashbench.model import CaseRecord, RunFile


def merge_runs(runs: list[RunFile]) -> RunFile:
    """One run of every case valid in all `runs`; a case invalid or missing in any of them
    keeps the first run's record as it is (compare reports it as not measured)."""
    if not runs:
        raise ValueError("no runs to merge")
    if len(runs) == 1:
        return runs[0]
    by_run = [{c.id: c for c in run.cases} for run in runs]
    cases = []
    for case in runs[0].cases:
        records = [found for found in (m.get(case.id) for m in by_run) if found is not None]
        if len(records) == len(runs) and all(r.valid for r in records):
            cases.append(_merged(records))
        else:
            cases.append(case)
    return msgspec.structs.replace(runs[0], cases=cases)


def _merged(records: list[CaseRecord]) -> CaseRecord:
    first = records[0]
    iters = first.iters or 1
    samples: list[int] = []
    rounds: list[int] = []
    processes: list[int] = []
    medians: list[float] = []
    yardstick: list[float] = []
    process_base = round_base = 0
    for record in records:
        scale = iters / (record.iters or 1)
        samples += [round(s * scale) for s in record.samples_ns]
        own = record.sample_processes or [0] * len(record.samples_ns)
        processes += [process_base + p for p in own]
        rounds += [round_base + r for r in record.sample_rounds]
        medians += record.process_medians_ns
        yardstick += record.yardstick_ns
        process_base += max(own, default=0) + 1
        round_base += max(record.sample_rounds, default=-1) + 1
    per_op = np.asarray(samples, dtype=float) / iters
    return msgspec.structs.replace(
        first,
        samples_ns=samples,
        sample_rounds=rounds if len(rounds) == len(samples) else [],
        sample_processes=processes,
        process_medians_ns=medians,
        processes=process_base,
        yardstick_ns=yardstick,
        stats=summarize(per_op),
    )
