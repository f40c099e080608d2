"""How far a case's location could move were a few of its samples on its other speed.

A comparison judges the median of a process's faster half (compare.fast_half), its first
quartile near enough. A process whose samples run at two speeds, a quarter of them or so
on the faster, has that quartile on the edge between them: a few samples more or fewer on
the faster speed, and the same code moves by the whole gap. crystal/openssl-digest-copy's
md5 of 256 B with a reset hasher on an AMD EPYC VM (2026-12-03) ran at 640 and 755 ns a
hash in every process: 32% of one run's samples on the faster speed, 23% of the next
run's, so the first run's faster halves sat at 640 and the next run's at 745, and the
same code twice was called +14.8% slower, p = 9e-6, every process of each run agreeing
(tests/test_speed_edge.py). Neither the spread between its processes nor the run's other
cases see it.

The edge is the spread of a process's faster half itself, from its 12.5th to its 37.5th
percentile: a process on one speed has them within a fraction of its samples' own spread
(0.8 of one sd for a normal's), one on the edge of two has them a speed apart. Where the
location could land on either, a coin's toss between two values, one sd of it is half
that span.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from hashbench.model import CaseRecord

MIN_SAMPLES = 10  # fewer samples a process: its percentiles tell nothing its interval does not
SPAN = (0.125, 0.375)  # the quartiles of a process's faster half


def process_edge(samples: Sequence[float]) -> float:
    """Half the log span of one process's faster half (`SPAN`); 0 for too few samples."""
    if len(samples) < MIN_SAMPLES:
        return 0.0
    low, high = np.quantile(np.asarray(samples, dtype=float), SPAN)
    if low <= 0:
        return 0.0
    return math.log(high / low) / 2


def edge_sd(case: CaseRecord) -> float:
    """One sd of a case's location (log) from the edge its processes' faster halves sit
    on: the median of its processes' `process_edge`, since the location is their median
    and one process on the edge among three does not move it."""
    edges = [process_edge(v) for v in case.process_samples()]
    return float(np.median(edges)) if edges else 0.0
