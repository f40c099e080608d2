"""What would reach the gate's targets: from the runs the gate check made, each case's
noise between runs, and how many runs a side `compare` would need to catch a change.

A case's value in one run is its `location` (measure/compare.py) less the median
location of its group in that run (compare takes a group's move out the same way). Its
noise is the robust sd (1.4826 · MAD) of that value over the runs. compare's location
is a median of the side's process values, whose variance is π/2 σ²/n, so a change δ
(on the log scale) between two sides of n runs each is caught with power 1 − β at
two-sided level a when

    n ≥ π σ² (z(1 − a/2) + z(1 − β))² / δ².

The false discovery rate is held across the m cases compared (Benjamini–Hochberg):
with one real change among them, its p must be below ALPHA / m, so a = ALPHA / m. A
normal approximation: compare's t test on few runs needs a little more, and its null
fitted to heavier tails (measure/tails.py) more again.

Separately: is the injected change of known size? For a JIT runtime, the case at more
work is another case, compiled apart; its ratio to its base within the same run says
what was injected in fact (the median over all runs).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import NormalDist

import numpy as np

from hashbench.measure.compare import ALPHA, MAD_SD, location
from hashbench.model import CaseRecord, RunFile

EFFECTS = ((0.10, 0.95), (0.05, 0.80))  # the targets: +10% at 95%, +5% at 80%
MAINTAINER_CASES = 5  # a maintainer's compare of their own library's cases


def case_noise(runs: list[RunFile], keep: Callable[[CaseRecord], bool]) -> dict[str, float]:
    """Each kept case's robust sd, over the runs, of its location less its group's
    median location in that run."""
    values: dict[str, list[float]] = {}
    runner: dict[str, str] = {}
    for run in runs:
        cases = [c for c in run.cases if c.valid and c.samples_ns and keep(c)]
        locs = {c.id: location(c) for c in cases}
        by_group: dict[int, list[float]] = {}
        for c in cases:
            by_group.setdefault(c.group, []).append(locs[c.id])
        centre = {g: float(np.median(v)) for g, v in by_group.items()}
        for c in cases:
            values.setdefault(c.id, []).append(locs[c.id] - centre[c.group])
            runner[c.id] = c.runner
    return {
        f"{runner[cid]}\t{cid}": MAD_SD * float(np.median(np.abs(np.asarray(v) - np.median(v))))
        for cid, v in values.items()
        if len(v) >= len(runs) // 2 and len(v) >= 4
    }


def runs_needed(sigma: float, effect: float, power: float, cases: int) -> int:
    z_a = NormalDist().inv_cdf(1 - ALPHA / cases / 2)
    z_b = NormalDist().inv_cdf(power)
    delta = math.log1p(effect)
    return max(1, math.ceil(math.pi * sigma**2 * (z_a + z_b) ** 2 / delta**2))


def power_lines(
    runs: list[RunFile], keep: Callable[[CaseRecord], bool], cases: int, algs: list[str]
) -> list[str]:
    """A row per runner, one for all cases, and one per algorithm of `algs` (those the
    gate injects changes into: its tries are theirs)."""
    noise = case_noise(runs, keep)
    by_runner: dict[str, list[float]] = {}
    by_alg: dict[str, list[float]] = {}
    for key, sigma in noise.items():
        by_runner.setdefault(key.split("\t")[0], []).append(sigma)
        by_alg.setdefault(key.split(":")[1], []).append(sigma)
    head = " | ".join(
        f"+{e:.0%} at {p:.0%}, {m} cases" for e, p in EFFECTS for m in (cases, MAINTAINER_CASES)
    )
    lines = [
        f"Each case's noise between runs (robust sd of its location less its group's, over "
        f"{len(runs)} runs), and the runs a side `compare` would need for the issue's "
        f"targets, for the typical (median) case of each runner: with all {cases} cases "
        f"compared, and with {MAINTAINER_CASES} (one library's own cases).",
        "",
        f"| runner | cases | noise: median (75th percentile) | {head} |",
        "|---|---:|---|" + "---:|" * (2 * len(EFFECTS)),
    ]
    everyone = [s for v in by_runner.values() for s in v]
    rows = sorted(by_runner.items()) + [("all", everyone)]
    rows += [(f"all {alg} cases", by_alg[alg]) for alg in algs if alg in by_alg]
    for name, sigmas in rows:
        mid, high = np.percentile(sigmas, [50, 75])
        needed = " | ".join(
            str(runs_needed(float(mid), e, p, m))
            for e, p in EFFECTS
            for m in (cases, MAINTAINER_CASES)
        )
        lines.append(f"| {name} | {len(sigmas)} | ±{mid:.1%} (±{high:.1%}) | {needed} |")
    return lines + [""]


def injected_in_fact(
    runs: list[RunFile], base_of: Callable[[CaseRecord], str | None]
) -> dict[str, float]:
    """For each case at more work (`base_of` gives its base case's id, else None): the
    median over the runs of its ratio to its base within the same run, less one."""
    ratios: dict[str, list[float]] = {}
    for run in runs:
        loc = {c.id: location(c) for c in run.cases if c.valid and c.samples_ns}
        for case in run.cases:
            base = base_of(case)
            if base is not None and case.id in loc and base in loc:
                ratios.setdefault(case.id, []).append(loc[case.id] - loc[base])
    return {cid: math.expm1(float(np.median(v))) for cid, v in ratios.items()}
