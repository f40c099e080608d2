"""Which value of a case should a comparison take, on a machine that loses its CPU for
seconds at a time? Reads the runs `lab/gate_check.py --keep DIR` kept (the same code,
run after run) and, for each setting and each candidate estimator of a case's value,
prints how far that value moves from run to run:

- a case's robust sd over all the runs of the setting (1.4826 · MAD of its log value);
- the share of its values over 1.4x its fastest run's (measured whole in a slow stretch);
- over the A/A pairs (a against b, the quick cases), the share of cases whose move, less
  their group's median move, is beyond 5% and 10%: no test can call a 10% change of one
  case among N while more than about 0.05 / N of unchanged cases move that far.

    .venv/bin/python lab/estimator_check.py --from DIR [--out FILE]

The estimators are computed from each run's raw samples; `fast_half` (the median of the
faster half) is the one measure/compare.py takes today.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np
from gate_check import META, _pairs, _setting_title, base_cases

from hashbench.measure.compare import fast_half
from hashbench.measure.tails import MAD_SD
from hashbench.model import CaseRecord, RunFile

FAR = math.log(1.4)


def _round_medians(case: CaseRecord) -> dict[int, float]:
    """The median of each interleaved round (a visit, with --passes); round 0 holds the
    samples kept from calibration and warm-up."""
    by: dict[int, list[int]] = defaultdict(list)
    for sample, round_no in zip(case.samples_ns, case.sample_rounds, strict=True):
        by[round_no].append(sample)
    return {r: float(np.median(v)) for r, v in by.items()}


def _visit_medians(case: CaseRecord) -> list[float]:
    """The rounds' medians, fastest first, round 0 left out where there are others."""
    medians = _round_medians(case)
    visits = {r: m for r, m in medians.items() if r > 0} or medians
    return sorted(visits.values())


Estimator = Callable[[CaseRecord], float]
ESTIMATORS: dict[str, Estimator] = {
    "median": lambda c: float(np.median(c.samples_ns)),
    "fast_half (compare's today)": lambda c: fast_half(c.samples_ns),
    "10th percentile": lambda c: float(np.quantile(c.samples_ns, 0.1)),
    "minimum": lambda c: float(min(c.samples_ns)),
    "fastest visit's median": lambda c: _visit_medians(c)[0],
}


def _log_value(case: CaseRecord, estimator: Estimator) -> float:
    return math.log(estimator(case) / (case.iters or 1))


def _robust_sd(values: list[float]) -> float:
    x = np.asarray(values)
    return float(MAD_SD * float(np.median(np.abs(x - np.median(x)))))


def _spread(
    runs: list[list[CaseRecord]], estimator: Estimator, digest: bool
) -> tuple[float, float]:
    """(median robust sd over the runs, share of values over 1.4x the case's fastest)."""
    by: dict[str, list[float]] = defaultdict(list)
    for cases in runs:
        for c in cases:
            if c.valid and c.samples_ns and (c.op == "digest") == digest:
                by[c.id].append(_log_value(c, estimator))
    kept = [v for v in by.values() if len(v) >= 2]
    sds = [_robust_sd(v) for v in kept]
    far = [x - min(v) > FAR for v in kept for x in v]
    return float(np.median(sds)), float(np.mean(far))


def _moves(pairs: list[tuple[RunFile, RunFile]], estimator: Estimator, digest: bool) -> list[float]:
    """Each quick case's A/A move less its group's median move, over every pair."""
    out = []
    for a, b in pairs:
        old = {c.id: c for c in base_cases(a) if c.valid}
        groups: dict[int, list[float]] = defaultdict(list)
        for c in base_cases(b):
            if c.valid and c.id in old and (c.op == "digest") == digest:
                move = _log_value(c, estimator) - _log_value(old[c.id], estimator)
                groups[c.group].append(move)
        for moves in groups.values():
            centre = float(np.median(moves)) if len(moves) >= 5 else 0.0
            out += [m - centre for m in moves]
    return out


def _visits_over_fastest(runs: list[list[CaseRecord]]) -> list[tuple[int, float]]:
    """For each visit (round) number, the median over the digests of its median over the
    case's fastest visit's: how far the machine moved between a case's visits."""
    by: dict[int, list[float]] = defaultdict(list)
    for cases in runs:
        for c in cases:
            if not (c.valid and c.op == "digest"):
                continue
            values = {r: m for r, m in _round_medians(c).items() if r > 0}
            if len(values) > 1:
                best = min(values.values())
                for r, v in values.items():
                    by[r].append(v / best)
    return [(r, float(np.median(v))) for r, v in sorted(by.items()) if len(v) >= 20]


def report(folder: Path) -> str:
    meta = json.loads((folder / META).read_text())
    lines = [
        "# Which value of a case a comparison should take",
        "",
        f"From the runs of `.venv/bin/python lab/gate_check.py {meta['args']}` "
        f"({meta['date']}, {meta['cpu']}), analysed by `.venv/bin/python "
        "lab/estimator_check.py --from DIR`. Per setting and estimator: a case's robust "
        "sd over all the runs, the share of its values over 1.4× its fastest run's, and over "
        "the A/A pairs the share of quick cases whose move (less their group's median move) "
        "is beyond ±5% and ±10%.",
    ]
    for setting in meta["settings"]:
        pairs = list(_pairs(folder, setting))
        runs = [base_cases(run) for pair in pairs for run in pair]  # as gate_check counts
        lines += [
            "",
            f"## {_setting_title(setting)}",
            "",
            f"{len(runs)} runs, {len(pairs)} pairs.",
            "",
        ]
        lines += [
            "| estimator | kind | robust sd over runs | over 1.4× fastest run "
            "| A/A moves beyond ±5% | beyond ±10% |",
            "|---|---|---:|---:|---:|---:|",
        ]
        for name, estimator in ESTIMATORS.items():
            for digest in (True, False):
                sd, far = _spread(runs, estimator, digest)
                moves = np.abs(np.asarray(_moves(pairs, estimator, digest)))
                beyond5 = float(np.mean(moves > math.log(1.05)))
                beyond10 = float(np.mean(moves > math.log(1.10)))
                kind = "digests" if digest else "password hashes"
                lines.append(
                    f"| {name} | {kind} | ±{100 * sd:.1f}% | {100 * far:.1f}% | "
                    f"{100 * beyond5:.1f}% | {100 * beyond10:.1f}% |"
                )
        visits = _visits_over_fastest(runs)
        if visits:
            shown = ", ".join(f"{r}: {v:.2f}×" for r, v in visits[:10])
            lines += [
                "",
                "A digest's median in each round (a visit, with passes) over its fastest "
                f"round's, median over the digests with two rounds or more: {shown}.",
            ]
    return "\n".join(lines) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--from", dest="source", type=Path, required=True)
    p.add_argument("--out", type=Path)
    args = p.parse_args()
    text = report(args.source)
    if args.out:
        args.out.write_text(text)
        print(f"written: {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
