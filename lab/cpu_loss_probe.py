"""How often does this machine lose a CPU to something outside the benchmark?

Pins itself to one CPU, times a fixed piece of work (2,000 sha256 of 1 KiB, about 8 ms)
over and over, and prints the share of pieces over 1.2x and 1.5x the fastest, and a
timeline: `.` as fast as the fastest, `+` over 1.2x, `#` over 1.5x. Run it on an idle
machine: whatever slows it is not hashbench (docs/benchmarks/compare-findings.md).

    .venv/bin/python lab/cpu_loss_probe.py [--cpu 1] [--seconds 40]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import time

WIDTH = 120


def pieces(seconds: float) -> list[int]:
    data = b"x" * 1024
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter_ns()
        for _ in range(2000):
            hashlib.sha256(data).digest()
        out.append(time.perf_counter_ns() - start)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)))
    p.add_argument("--seconds", type=float, default=40.0)
    args = p.parse_args()
    os.sched_setaffinity(0, {args.cpu})
    times = pieces(args.seconds)
    fastest = min(times)
    ratios = [t / fastest for t in times]
    over = {x: sum(r > x for r in ratios) / len(ratios) for x in (1.2, 1.5)}
    print(
        f"CPU {args.cpu}, {len(times)} pieces of {fastest / 1e6:.1f}–{max(times) / 1e6:.1f} ms: "
        f"over 1.2x {over[1.2]:.1%}, over 1.5x {over[1.5]:.1%}"
    )
    line = "".join("#" if r > 1.5 else "+" if r > 1.2 else "." for r in ratios)
    for i in range(0, len(line), WIDTH):
        print(line[i : i + WIDTH])


if __name__ == "__main__":
    main()
