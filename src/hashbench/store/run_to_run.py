"""How far a case's median moves from one run to the next on one machine: what an interval
around a run's median must span to hold the next run's.

A run's 95% interval describes its own samples: on the project's VM it held the next run's
median about half the time (docs/benchmarks/gate.md), since a new runner process brings
its own compilation and memory layout, and the machine drifts between runs. A case's
earlier runs show how far it moves: with s the sd of the log medians of its newest RUNS
runs on the same machine, library version and toolchain, the next run's median lies
within exp(±t·s·√2) of the newest's 95% of the time, were the runs independent and alike
(t: Student's, n − 1 degrees of freedom); lab/gate_check.py measures how often it
held.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from hashbench.store.history import CasePoint

RUNS = 12  # the newest runs of a case its spread is taken from (compare --earlier's too)
MIN_RUNS = 3


@dataclass(frozen=True)
class RunToRun:
    half_width: float  # the next run's median within ×exp(±log1p(this)) of the newest's
    runs: int  # how many runs the spread came from
    newest: int  # the run id whose median it is around


def run_to_run(points: list[CasePoint]) -> RunToRun | None:
    """From a case's timed points, oldest first: the newest run's interval for the next
    run's median, from the newest RUNS points of its machine, library and toolchain (a
    change of any of these starts anew); None with fewer than MIN_RUNS."""
    timed = [p for p in points if p.measure == "time" and p.median]
    if not timed:
        return None
    newest = timed[-1]
    alike: list[CasePoint] = []
    for p in reversed(timed):
        if (p.machine, p.library_version, p.runtime) != (
            newest.machine,
            newest.library_version,
            newest.runtime,
        ):
            break
        alike.append(p)
        if len(alike) == RUNS:
            break
    if len(alike) < MIN_RUNS:
        return None
    logs = [math.log(p.median) for p in alike if p.median]
    return RunToRun(math.expm1(log_half_width(logs)), len(logs), newest.run_id)


def log_half_width(logs: list[float]) -> float:
    """The 95% half-width, on the log scale, of the next run's log median about the newest
    of `logs` (two at least): t·s·√2, s their sd."""
    from scipy.stats import t  # half a second to import: only when asked (measure/student.py)

    return float(t.ppf(0.975, len(logs) - 1)) * statistics.stdev(logs) * math.sqrt(2)
