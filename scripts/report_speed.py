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

from synthetic_run import synthetic

from hashbench.report import comparison
from hashbench.report.export import FORMATS
from hashbench.results.files import ResultsFile, load


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
