"""Time rendering and compare at the size of a full `seeds` run (docs/reports.md).

Builds a run of N cases (default 2,000, each with S samples) from a real results file
by repeating its valid cases under new group numbers, then times every export format and
`compare` of two such runs. Usage:
    .venv/bin/python scripts/report_speed.py results/<run>.json [--cases 2000 --samples 1000]
        [--shift 0.1]   (every case of the second run 10% slower: compare's worst case)
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from hashbench.measure.stats import summarize
from hashbench.model import CaseRecord, RunFile
from hashbench.report import comparison
from hashbench.report.export import FORMATS
from hashbench.results.files import ResultsFile, load


def synthetic(base: RunFile, cases: int, samples: int, seed: int, shift: float = 0.0) -> RunFile:
    rng = np.random.default_rng(seed)
    valid = [c for c in base.cases if c.valid]
    out: list[CaseRecord] = []
    for i in range(cases):
        template = valid[i % len(valid)]
        centre = template.measured.median * (1 + shift)
        raw = rng.normal(centre, centre * 0.02, samples).clip(1)
        group = i // len(valid)
        params = {**template.params, "k": group}
        record = CaseRecord(
            group=group, group_title=f"{template.group_title} #{group}", impl=template.impl,
            runner=template.runner, backend=template.backend, alg=template.alg,
            op=template.op, params=params, mode=template.mode, input_size=template.input_size,
            status="ok", reason="", iters=1, samples_ns=[int(v) for v in raw],
            sample_rounds=[0] * samples, stats=summarize(raw), mb_per_s=template.mb_per_s,
        )  # fmt: skip
        out.append(record)
    return RunFile(suite="synthetic", started=base.started, environment=base.environment, cases=out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base", type=Path)
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument(
        "--shift", type=float, default=0.0, help="make the second run this much slower (0.1)"
    )
    args = ap.parse_args()
    base = load(args.base)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for seed in (1, 2):
            path = Path(tmp) / f"run{seed}.json"
            shift = args.shift if seed == 2 else 0.0
            ResultsFile(path, synthetic(base, args.cases, args.samples, seed, shift))
            paths.append(path)
        size = paths[0].stat().st_size
        print(f"{args.cases} cases × {args.samples} samples; results file {size / 2**20:.1f} MiB")
        for fmt, render in FORMATS.items():
            start = time.perf_counter()
            text = render(load(paths[0]))
            took = time.perf_counter() - start
            mib = len(text) / 2**20
            print(f"  show --format {fmt:<5} {took:6.2f} s (load + render, {mib:.1f} MiB)")
        start = time.perf_counter()
        result = comparison.between_runs(load(paths[0]), load(paths[1]), 0.05, ("a", "b"))
        comparison.markdown(result)
        took = time.perf_counter() - start
        print(f"  compare            {took:6.2f} s (load both + {len(result.rows)} cases)")


if __name__ == "__main__":
    main()
