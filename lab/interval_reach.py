"""What would reach the interval targets: a ratio's interval that holds the next run's
ratio at least 90% of the time at ±3% or less (±5% for a JIT runtime), and a median's
that holds the next run's median 90% of the time, however wide it must be.

From the runs the gate check made (one runner process each, in the order they were
made), a value's noise is how far it moves to the next run: the robust sd (1.4826 · MAD)
of its moves between consecutive runs, over √2 (a move holds two runs' errors). The
spread over all the runs would count the hours' drift between the first and the last,
which no next run meets.

- a ratio's noise σ: of the log of a case's location over its group's fastest case's,
  in the same run. With p processes a run, lab/paired.py
  prints the mean of the p process ratios with a 95% Student t interval (p − 1 degrees
  of freedom, half-width t·s/√p). The next run's mean differs from this run's by
  N(0, 2σ²/p), so under a normal model that interval holds the next run's ratio with
  probability P(|T(p − 1)| < t(0.975; p − 1)/√2), whatever σ: 91% at 3 processes, 88%
  at 5, falling towards 83%. What holds it 90% at any p is a forecast interval,
  ±t(0.95; p − 1)·s·√(2/p): the table gives the processes at which that is ±3% (±5%).
- a median's noise: of a case's log location, raw; the machine's part of it, that of
  the runs' median move (every case's log location less its own median over the runs),
  never more than the case's own; and what is left, each process's.
  More processes a run shrink the process's part, never the machine's: the 90% forecast
  of the next run's median is ±1.645·√(2σ_p²/p + 2σ_m²).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import NormalDist

import numpy as np
from scipy.stats import t as student_t

from hashbench.measure.compare import MAD_SD, location
from hashbench.model import CaseRecord, RunFile

COVERAGE = 0.90  # the issue's: the next run inside this run's interval
PROCESSES = (1, 3, 5)  # processes a run, for the medians' widths
MAX_PROCESSES = 40  # past this the table says "over 40"
Z90 = NormalDist().inv_cdf((1 + COVERAGE) / 2)


def _enough(values: list[float], runs: list[RunFile]) -> bool:
    """A value seen in at least half the runs (four at least) has a noise to speak of."""
    return len(values) >= max(4, len(runs) // 2)


def _next_run_sd(values: list[float]) -> float:
    """The noise of a value between one run and the next (module docstring)."""
    moves = np.diff(np.asarray(values))
    return float(MAD_SD * float(np.median(np.abs(moves - np.median(moves)))) / math.sqrt(2))


Locations = dict[str, tuple[float, int, str]]


def _locations(runs: list[RunFile], keep: Callable[[CaseRecord], bool]) -> list[Locations]:
    """Per run: case id -> (log location, group, runner) of the kept valid cases."""
    return [
        {c.id: (location(c), c.group, c.runner) for c in run.cases
         if c.valid and c.samples_ns and keep(c)}
        for run in runs
    ]  # fmt: skip


def _each_case(locs: list[Locations]) -> tuple[dict[str, list[float]], dict[str, str]]:
    """case id -> its log locations in the order of the runs, and case id -> its runner."""
    values: dict[str, list[float]] = {}
    runner: dict[str, str] = {}
    for run in locs:
        for cid, (loc, _group, r) in run.items():
            values.setdefault(cid, []).append(loc)
            runner[cid] = r
    return values, runner


def ratio_noise(runs: list[RunFile], keep: Callable[[CaseRecord], bool]) -> dict[str, list[float]]:
    """runner -> each case's ratio noise (log), its ratio being to its group's fastest
    case (the fastest over all the runs), where both are in at least half the runs."""
    locs = _locations(runs, keep)
    values, runner = _each_case(locs)
    usual = {cid: float(np.median(v)) for cid, v in values.items()}
    groups: dict[int, list[str]] = {}
    for cid, (_loc, group, _r) in locs[0].items():
        groups.setdefault(group, []).append(cid)
    out: dict[str, list[float]] = {}
    for members in groups.values():
        fastest = min(members, key=usual.__getitem__)
        for cid in members:
            ratios = [
                run[cid][0] - run[fastest][0] for run in locs if cid in run and fastest in run
            ]
            if cid != fastest and _enough(ratios, runs):
                out.setdefault(runner[cid], []).append(_next_run_sd(ratios))
    return out


def printed_coverage(processes: int) -> float:
    """How often the 95% t interval of p process ratios holds the next run's mean of p."""
    df = processes - 1
    return float(1 - 2 * student_t.sf(student_t.isf(0.025, df) / math.sqrt(2), df))


def forecast_half(sigma: float, processes: int) -> float:
    """The half-width (log) of the forecast interval that holds the next run's ratio
    COVERAGE of the time, s taken as σ."""
    return (
        float(student_t.isf((1 - COVERAGE) / 2, processes - 1)) * sigma * math.sqrt(2 / processes)
    )


def processes_for(sigma: float, width: float) -> int | None:
    for p in range(2, MAX_PROCESSES + 1):
        if forecast_half(sigma, p) <= math.log1p(width):
            return p
    return None


def ratio_lines(
    runs: list[RunFile], keep: Callable[[CaseRecord], bool], jit: set[str]
) -> list[str]:
    noise = ratio_noise(runs, keep)
    shares = ", ".join(f"{p} processes {printed_coverage(p):.0%}" for p in (3, 5, 10))
    lines = [
        f"A ratio's noise from one run to the next (its log ratio to its group's fastest "
        f"case; its moves between consecutive runs of {len(runs)}, of one process each, "
        f"robust sd over √2), the half-width of the 95% interval "
        f"a run of p processes prints (lab/paired.py: Student's t over the process "
        f"ratios, s taken as σ), and the processes at which a forecast interval holds the "
        f"next run's ratio {COVERAGE:.0%} of the time within the target (scripts/"
        f"interval_reach.py). Under a normal model the printed interval holds the next "
        f"run's ratio as often whatever σ: {shares}.",
        "",
        "| runner | ratios | noise: median (75th percentile) | printed at 3 processes | "
        "at 5 | target | processes for the target: median case (75th percentile) |",
        "|---|---:|---|---|---|---|---|",
    ]
    rows = sorted(noise.items()) + [("all", [s for v in noise.values() for s in v])]
    for name, sigmas in rows:
        mid, high = (float(x) for x in np.percentile(sigmas, [50, 75]))
        width = 0.05 if name in jit else 0.03
        printed = [
            f"±{math.expm1(student_t.isf(0.025, p - 1) * mid / math.sqrt(p)):.1%}" for p in (3, 5)
        ]
        need = [processes_for(s, width) for s in (mid, high)]
        need_text = " (".join(str(n) if n else f"over {MAX_PROCESSES}" for n in need) + ")"
        lines.append(
            f"| {name} | {len(sigmas)} | ±{mid:.1%} (±{high:.1%}) | {printed[0]} | "
            f"{printed[1]} | ±{width:.0%} | {need_text} |"
        )
    return lines + [""]


def median_noise(
    runs: list[RunFile], keep: Callable[[CaseRecord], bool]
) -> tuple[float, dict[str, list[float]]]:
    """(the machine's part σ_m, runner -> each case's raw noise), both log sds from
    one run to the next."""
    locs = _locations(runs, keep)
    values, runner = _each_case(locs)
    usual = {cid: float(np.median(v)) for cid, v in values.items()}
    machine = _next_run_sd(
        [float(np.median([loc - usual[c] for c, (loc, _g, _r) in run.items()])) for run in locs]
    )
    out: dict[str, list[float]] = {}
    for cid, v in values.items():
        if _enough(v, runs):
            out.setdefault(runner[cid], []).append(_next_run_sd(v))
    return machine, out


def median_half(sigma: float, machine: float, processes: int) -> float:
    """The 90% forecast half-width (as a fraction) of the next run's median: the machine's
    part of its noise (never more than all of it) undivided by the processes."""
    shared = min(machine, sigma)
    own = sigma**2 - shared**2
    return math.expm1(Z90 * math.sqrt(2 * own / processes + 2 * shared**2))


def median_lines(runs: list[RunFile], keep: Callable[[CaseRecord], bool]) -> list[str]:
    machine, noise = median_noise(runs, keep)
    heads = " | ".join(f"{p} process{'es' if p > 1 else ''}" for p in PROCESSES)
    lines = [
        f"A median's noise from one run to the next (its log location; its moves between "
        f"consecutive runs of {len(runs)}, of one process each, robust sd over √2); the "
        f"machine's part of it ±{machine:.1%} (the same of the runs' median move); and how "
        f"wide an interval must be to hold the next run's median "
        f"{COVERAGE:.0%} of the time with p processes a run, the process's part divided "
        f"among them, the machine's not ({Z90:.3f} · √(2σ_p²/p + 2σ_m²), for the median "
        f"case; lab/interval_reach.py).",
        "",
        f"| runner | cases | noise: median (75th percentile) | {heads} | any number |",
        "|---|---:|---|" + "---|" * (len(PROCESSES) + 1),
    ]
    rows = sorted(noise.items()) + [("all", [s for v in noise.values() for s in v])]
    for name, sigmas in rows:
        mid, high = (float(x) for x in np.percentile(sigmas, [50, 75]))
        widths = " | ".join(f"±{median_half(mid, machine, p):.1%}" for p in PROCESSES)
        lines.append(
            f"| {name} | {len(sigmas)} | ±{mid:.1%} (±{high:.1%}) | {widths} | "
            f"±{median_half(mid, machine, 10**6):.1%} |"
        )
    return lines + [""]
