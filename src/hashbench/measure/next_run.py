"""Where the next run's median of a case should fall: the ± every report prints beside a
median.

A case measured in one runner process has an interval that describes that process: its
samples share one compilation, one memory layout, one stretch of the machine's hours.
The next run meets others: on this project's VMs a one-process interval held the next
run's median about half the time or less (docs/benchmarks/repeatability.md). So the ±
of such a case is its median's interval widened to the spread of its kind's medians
from run to run (the prior of catalog/run-to-run.toml, by JIT runtime or not and by
kind of case): a 95% interval of the case's median as runs here find it, which holds
the next run's median about 83% of the time (both runs vary: P(|Z| < 1.96/√2)).

A case of MIN_REPLICATES processes or more has that spread in its own interval already
(measure/stats.py `across_processes`): its ± is the median's interval.
"""

from __future__ import annotations

import math

from hashbench.model import Stats

MIN_REPLICATES = 3  # processes whose spread the median's interval holds on its own
Z95 = 1.959963984540054
MEMORY_HARD = ("argon2", "scrypt", "yescrypt")


def kind(alg: str, op: str) -> str:
    """The kind of case a prior is kept for: digest, memory-hard or (other) password."""
    if op == "digest":
        return "digest"
    return "memory-hard" if alg.startswith(MEMORY_HARD) else "password"


def interval(stats: Stats, processes: int, run_sd: float) -> tuple[float, float]:
    """The 95% interval of the case's median across runs: its own where it has
    MIN_REPLICATES processes; else its own widened, on the log scale, to Z95 · `run_sd`
    (one sd of a run's log median about its runs' own) where that is wider."""
    low, high = stats.median_ci
    median = stats.median
    if processes >= MIN_REPLICATES or median <= 0 or low <= 0:
        return low, high
    across = Z95 * run_sd
    down = max(math.log(median / low), across)
    up = max(math.log(high / median), across)
    return median * math.exp(-down), median * math.exp(up)
