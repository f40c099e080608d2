"""What would reach the gate's targets: from the runs the gate check made, each case's
noise between runs, and how many runs a side `compare` would need to catch a change.

A case's value in one run is its `location` (measure/compare.py) less the median
location of its group in that run (compare takes a group's move out the same way). Its
noise is the robust sd (1.4826 · MAD) of that value over the runs. With n runs a side
compare holds a case's change to a replicated t test: its location is a median of the
side's n process values, whose variance is π/2 σ²/n, so the change's standard error is
se = σ √(π/n), on PRIOR_DF + 2n − 2 degrees of freedom (the runner's typical spread
counted as PRIOR_DF more processes: for the typical case, σ itself). The false discovery
rate is held across the m cases judged (Benjamini–Hochberg): with one real change among
them its p must be below ALPHA / m. And a verdict needs the change beyond compare's
threshold too. So a change δ (log) is caught with probability

    P(δ̂ > max(log(1 + threshold), t(1 − ALPHA/2m; df) · se)),  δ̂ ~ N(δ, se²),

which for δ at the threshold itself is at most one half, however many runs: a +5% change
judged at a 5% threshold is called as often as its estimate lands above 5%. Fitted
tails heavier than the t (measure/tails.py) ask more again; the gate's measured catches
at 3 and 5 runs a side, beside this table, say how much.

Separately: is the injected change of known size? For a JIT runtime, the case at more
work is another case, compiled apart; its ratio to its base within the same run says
what was injected in fact (the median over all runs).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import NormalDist

import numpy as np
from scipy.stats import t as student_t

from hashbench.measure.compare import ALPHA, MAD_SD, MIN_REPLICATES, PRIOR_DF, location
from hashbench.model import CaseRecord, RunFile

# the targets (+10% at 95%, +5% at 80%), each at the threshold it is judged at
EFFECTS = ((0.10, 0.95, 0.05), (0.05, 0.80, 0.025))
MAINTAINER_CASES = 5  # a maintainer's compare of their own library's cases (--impl)
MAX_RUNS = 40  # past this many runs a side the table says "over 40"


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


def caught_share(sigma: float, effect: float, runs: int, cases: int, threshold: float) -> float:
    """How often a change of `effect` in a case of noise `sigma` (log) is called, with
    `runs` a side, `cases` judged, at compare's `threshold` (module docstring)."""
    se = sigma * math.sqrt(math.pi / runs)
    critical = float(student_t.isf(ALPHA / cases / 2, PRIOR_DF + 2 * runs - 2)) * se
    needed = max(math.log1p(threshold), critical)
    return 1 - NormalDist(math.log1p(effect), se).cdf(needed) if se > 0 else 1.0


def runs_needed(
    sigma: float, effect: float, power: float, cases: int, threshold: float
) -> int | None:
    """The fewest runs a side (MIN_REPLICATES or more: the replicated test) that call the
    change `power` of the time; None where no number of runs would (the change at or
    under the threshold)."""
    for runs in range(MIN_REPLICATES, MAX_RUNS + 1):
        if caught_share(sigma, effect, runs, cases, threshold) >= power:
            return runs
    return None


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
        f"+{e:.0%} at {p:.0%} ({t:.1%} threshold), {m} cases"
        for e, p, t in EFFECTS
        for m in (cases, MAINTAINER_CASES)
    )
    lines = [
        f"Each case's noise between runs (robust sd of its location less its group's, over "
        f"{len(runs)} runs), and the runs a side `compare` would need for the issue's "
        f"targets (lab/gate_power.py: its replicated t test, the false discovery rate "
        f"and the threshold; not its fitted tails), for the typical (median) case of each "
        f"runner: with all {cases} cases judged, and with {MAINTAINER_CASES} (one "
        "library's own cases: `compare --impl LIB`). A change at the threshold itself is "
        "called at most half the time however many runs are made, so +5% is reckoned at a "
        "2.5% threshold.",
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
            _runs_text(runs_needed(float(mid), e, p, m, t))
            for e, p, t in EFFECTS
            for m in (cases, MAINTAINER_CASES)
        )
        lines.append(f"| {name} | {len(sigmas)} | ±{mid:.1%} (±{high:.1%}) | {needed} |")
    injected = [s for alg in algs for s in by_alg.get(alg, [])]
    if injected:
        effect, _power, threshold = EFFECTS[0]
        told = ", ".join(
            f"{k} runs a side {_mean_share(injected, effect, k, cases, threshold):.0%} judged "
            f"among all, {_mean_share(injected, effect, k, MAINTAINER_CASES, threshold):.0%} "
            f"among {MAINTAINER_CASES}"
            for k in (3, 5)
        )
        lines += [
            "",
            f"What this model says of the gate's own tries (+{effect:.0%}, the mean over "
            f"the {len(injected)} cases of {' and '.join(algs)}): {told}. Set it beside "
            "the catches measured above; each library judged alone there has its one or "
            "two cases of this suite, not five.",
        ]
    return lines + [""]


def _mean_share(
    sigmas: list[float], effect: float, runs: int, cases: int, threshold: float
) -> float:
    return float(np.mean([caught_share(s, effect, runs, cases, threshold) for s in sigmas]))


def _runs_text(runs: int | None) -> str:
    return str(runs) if runs is not None else f"over {MAX_RUNS}"


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
