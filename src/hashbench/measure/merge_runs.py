"""Several runs of the same suite as one: each side of a comparison made of k runs.

On a machine whose speed drifts by several percent from one minute to the next, one run
per side cannot tell a 10% change from the drift (docs/benchmarks/gate.md); k runs a side,
made at different times, can (benchstat asks for six). Merged, a case's samples are those
of every run (each scaled to the first run's iterations per sample), every runner process
of every run stays a replicate of its own (numbered on), and the statistics are made
again: `compare` then judges the merged case by the spread of all those processes, and
its empirical noise floor, drawn from the merged cases' moves, shrinks as runs are added.

Each run's machine move is taken out first, as `compare` takes it out between two runs
(`group_moves`): a run's samples of a group are scaled by that group's move in the run —
the median, over the group's cases (MIN_FOR_GROUP or more, else over all the run's), of
each case's location less its median over the runs. Left in, the spread between a
side's runs was mostly the machine's: on the 20 gate runs of 2026-11-29 a native or
interpreted case's spread over windows of 3 and 5 runs, median over the cases, was
±1.2% and ±1.5%, and ±0.5% and ±0.7% with each run's group move out (JIT runtimes
±1.4%, ±1.8% → ±0.9%, ±1.3%).
"""

from __future__ import annotations

import math

import msgspec
import numpy as np

from hashbench.measure.compare import MIN_FOR_NULL, location, moves_by_group
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
    whole = [
        [m[c.id] for m in by_run]
        for c in runs[0].cases
        if all(c.id in m and m[c.id].valid for m in by_run)
    ]
    moves = dict(zip((records[0].id for records in whole), _run_moves(whole), strict=True))
    cases = []
    for case in runs[0].cases:
        records = [found for found in (m.get(case.id) for m in by_run) if found is not None]
        if len(records) == len(runs) and all(r.valid for r in records):
            cases.append(_merged(records, moves[case.id]))
        else:
            cases.append(case)
    return msgspec.structs.replace(runs[0], cases=cases)


def _run_moves(whole: list[list[CaseRecord]]) -> list[list[float]]:
    """For each case valid in every run, each run's machine move (log) for its group: the
    median, over the group's cases (MIN_FOR_GROUP or more, else over all of them), of
    each case's location in that run less its median over the runs (compare's
    `moves_by_group`); none with fewer than MIN_FOR_NULL such cases."""
    runs = len(whole[0]) if whole else 0
    if len(whole) < MIN_FOR_NULL:
        return [[0.0] * runs for _ in whole]
    logs = np.array([[location(r) for r in records] for records in whole])
    deviations = logs - np.median(logs, axis=1, keepdims=True)
    groups = [records[0].group for records in whole]
    by_run = [
        moves_by_group(groups, deviations[:, r].tolist(), float(np.median(deviations[:, r])))
        for r in range(runs)
    ]
    return [list(moves) for moves in zip(*by_run, strict=True)]


def _merged(records: list[CaseRecord], moves: list[float]) -> CaseRecord:
    first = records[0]
    iters = first.iters or 1
    samples: list[int] = []
    rounds: list[int] = []
    processes: list[int] = []
    medians: list[float] = []
    yardstick: list[float] = []
    process_base = round_base = 0
    for record, move in zip(records, moves, strict=True):
        machine = math.exp(-move)  # this run's machine move out
        scale = iters / (record.iters or 1) * machine
        samples += [round(s * scale) for s in record.samples_ns]
        own = record.sample_processes or [0] * len(record.samples_ns)
        processes += [process_base + p for p in own]
        rounds += [round_base + r for r in record.sample_rounds]
        medians += [m * machine for m in record.process_medians_ns]
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
