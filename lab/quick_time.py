"""Where a default `run quick` spends its wall time, and what bounds it: issue 48 asks for
45 s at 75% inside timed loops. Prints a markdown table for docs/benchmarks/quick-time.md.

    .venv/bin/python -m cProfile -o quick.prof -m hashbench run quick --no-store \
        --out results/quick-prof.json
    .venv/bin/python lab/quick_time.py results/quick-prof.json [--profile quick.prof]

From the results file: the run's phases (`time_spent`) and, by kind of case, how many
cases, their sampled seconds and samples. From the profile (optional): how much of the
orchestrator's wall time it spent waiting on a runner's reply, and on the reference's
recomputation of hash strings at each group's end (the only work that could move off
the runners' critical path).
"""

from __future__ import annotations

import argparse
import pstats
from collections import defaultdict
from pathlib import Path

from hashbench.model import RunFile
from hashbench.results.files import load

WAIT = ("client.py", "_reply")
RECOMPUTE = ("output_checks.py", "recompute")


def kind(alg: str, op: str) -> str:
    return "digests" if op == "digest" else alg


def by_kind(run: RunFile) -> list[str]:
    rows: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    for case in run.cases:
        if case.status != "ok":
            continue
        row = rows[kind(case.alg, case.op)]
        row[0] += 1
        row[1] += sum(case.samples_ns or []) / 1e9
        row[2] += len(case.samples_ns or [])
    lines = ["| kind | cases | sampled | per case | samples |", "|---|---:|---:|---:|---:|"]
    for name, (n, seconds, samples) in sorted(rows.items()):
        lines.append(f"| {name} | {n} | {seconds:.1f} s | {seconds / n:.2f} s | {samples} |")
    return lines


def cumulative(profile: Path, where: tuple[str, str]) -> float:
    stats = pstats.Stats(str(profile)).stats  # type: ignore[attr-defined]
    return sum(
        float(entry[3])
        for (file, _line, name), entry in stats.items()
        if file.endswith(where[0]) and name == where[1]
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("results", type=Path)
    p.add_argument("--profile", type=Path)
    args = p.parse_args()
    run = load(args.results)
    spent = run.time_spent or {}
    wall = spent.get("wall", 0.0)
    sampled = spent.get("sampled", 0.0)
    print(f"wall {wall:.1f} s, sampled {sampled:.1f} s ({sampled / wall:.0%})\n")
    print("| phase | seconds |\n|---|---:|")
    for name, seconds in spent.items():
        if name not in ("wall", "sampled") and seconds:
            print(f"| {name} | {seconds:.1f} |")
    print()
    print("\n".join(by_kind(run)))
    if args.profile:
        waited = cumulative(args.profile, WAIT)
        recomputed = cumulative(args.profile, RECOMPUTE)
        print(
            f"\norchestrator waiting on a runner's reply: {waited:.1f} s ({waited / wall:.0%});"
            f" recomputing strings at the groups' ends: {recomputed:.1f} s"
        )


if __name__ == "__main__":
    main()
