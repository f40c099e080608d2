"""Several runs of the same suite as one: each side of a comparison made of k runs.

On a machine whose speed drifts by several percent from one minute to the next, one run
per side cannot tell a 10% change from the drift (docs/benchmarks/gate.md); k runs a side,
made at different times, can (benchstat asks for six). Merged, a case's samples are those
of every run (each scaled to the first run's iterations per sample), every runner process
of every run stays a replicate of its own (numbered on), and the statistics are made
again, the median's interval holding the spread between those processes as a run of
several processes has it (measure/stats.py `across_processes`). `compare` judges the
merged case by the spread of all those processes, and its empirical noise floor, drawn
from the merged cases' moves, shrinks as runs are added.

Each run's machine move is taken out first, as `compare` takes it out between two runs
(`group_moves`): a run's samples of a group are scaled by that group's move in the run —
the median, over the group's cases (MIN_FOR_GROUP or more, else over all the run's), of
each case's location less its median over the runs. Left in, the spread between a
side's runs is mostly the machine's: taken out, it halved on the gate runs
(docs/benchmarks/gate-jit.md).
"""

from __future__ import annotations

import math

import msgspec
import numpy as np

from hashbench.measure.compare import location, moves_by_group
from hashbench.measure.machine_move import MIN_FOR_NULL
from hashbench.measure.stats import across_processes, relative_sd
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
    merged = {records[0].id: _merged(records, moves[records[0].id]) for records in whole}
    floor = _typical_spread(list(merged.values()))
    cases = [
        _with_process_interval(merged[case.id], floor) if case.id in merged else case
        for case in runs[0].cases
    ]
    return msgspec.structs.replace(runs[0], cases=cases)


def _per_process(case: CaseRecord) -> list[np.ndarray]:
    by: dict[int, list[int]] = {}
    for sample, process in zip(case.samples_ns, case.sample_processes, strict=True):
        by.setdefault(process, []).append(sample)
    return [np.asarray(v, dtype=float) / (case.iters or 1) for v in by.values()]


def _typical_spread(cases: list[CaseRecord]) -> float:
    """The median, over the merged cases, of their processes' relative sd: no case is
    taken as steadier across processes than that (the engine's floor, engine/record.py)."""
    spreads = [relative_sd([float(np.median(x)) for x in _per_process(c)]) for c in cases]
    known = [s for s in spreads if s is not None]
    return float(np.median(known)) if known else 0.0


def _with_process_interval(case: CaseRecord, floor: float) -> CaseRecord:
    """The merged case's statistics with its median's interval holding the spread
    between its processes (`across_processes`), as a run of several processes has it:
    the interval of every sample pooled describes no next run."""
    per_process = _per_process(case)
    return msgspec.structs.replace(
        case,
        stats=across_processes(per_process, floor=floor),
        process_medians_ns=[float(np.median(x)) for x in per_process],
        process_sd_floor=floor,
    )


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
    yardstick: list[float] = []
    process_base = round_base = 0
    for record, move in zip(records, moves, strict=True):
        machine = math.exp(-move)  # this run's machine move out
        scale = iters / (record.iters or 1) * machine
        samples += [round(s * scale) for s in record.samples_ns]
        own = record.sample_processes or [0] * len(record.samples_ns)
        processes += [process_base + p for p in own]
        rounds += [round_base + r for r in record.sample_rounds]
        yardstick += record.yardstick_ns
        process_base += max(own, default=0) + 1
        round_base += max(record.sample_rounds, default=-1) + 1
    return msgspec.structs.replace(
        first,
        samples_ns=samples,
        sample_rounds=rounds if len(rounds) == len(samples) else [],
        sample_processes=processes,
        processes=process_base,
        yardstick_ns=yardstick,
    )
