"""A case's ratio to another of its group from samples taken side by side: in the same
interleaved round of the same process number, so that the machine's drift between rounds
hits both alike and cancels in the ratio (tango-bench's and Google Benchmark's
interleaving, applied to a ratio).

Each common (process, round) gives one ratio of the two rounds' medians. With several
processes, each process's median ratio is one replicate and the interval is Student's t
over them (a process's own speed is the noise that matters for the next run); with one,
the interval is the distribution-free one of the median over its rounds, and describes
that process only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from hashbench.measure.stats import median_ci
from hashbench.model import CaseRecord


@dataclass(frozen=True)
class PairedRatio:
    ratio: float  # case / reference
    low: float
    high: float
    pairs: int  # the (process, round) pairs it rests on
    processes: int


def _round_samples(case: CaseRecord) -> dict[tuple[int, int], np.ndarray]:
    """The per-op samples of each interleaved round (round 0, kept from calibration and
    warm-up, was not taken side by side with the other cases: left out)."""
    processes = case.sample_processes or [0] * len(case.samples_ns)
    by: dict[tuple[int, int], list[int]] = {}
    for sample, process, round_no in zip(
        case.samples_ns, processes, case.sample_rounds, strict=False
    ):
        if round_no > 0:
            by.setdefault((process, round_no), []).append(sample)
    iters = case.iters or 1
    return {key: np.asarray(v, dtype=float) / iters for key, v in by.items()}


def paired_ratio(case: CaseRecord, reference: CaseRecord) -> PairedRatio | None:
    """None when the two share no round (e.g. files from before rounds were recorded)."""
    mine, theirs = _round_samples(case), _round_samples(reference)
    common = sorted(set(mine) & set(theirs))
    if not common:
        return None
    logs = {
        key: math.log(float(np.median(mine[key])) / float(np.median(theirs[key]))) for key in common
    }
    by_process: dict[int, list[float]] = {}
    for (process, _round), value in logs.items():
        by_process.setdefault(process, []).append(value)
    replicates = [float(np.median(v)) for v in by_process.values()]
    if len(replicates) >= 2:
        from scipy.special import stdtrit

        centre = float(np.mean(replicates))
        half = stdtrit(len(replicates) - 1, 0.975) * float(np.std(replicates, ddof=1))
        half /= math.sqrt(len(replicates))
        lo, hi = centre - half, centre + half
    elif len(common) > 1:
        values = np.asarray(list(logs.values()))
        centre = float(np.median(values))
        lo, hi = median_ci(values)
    else:  # one round side by side: its two medians' intervals bound the ratio
        (key,) = common
        centre = logs[key]
        mine_lo, mine_hi = median_ci(mine[key])
        their_lo, their_hi = median_ci(theirs[key])
        lo, hi = math.log(mine_lo / their_hi), math.log(mine_hi / their_lo)
    return PairedRatio(math.exp(centre), math.exp(lo), math.exp(hi), len(common), len(replicates))
