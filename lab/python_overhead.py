"""The Python runner's loop beside `timeit` on the same call: sha256 over 16 B, one-shot.

timeit inlines the statement in its loop; the runner calls a prepared op (a lambda) and
feeds a sink, which costs one Python call more per op. The runner's `noop` bench measures
exactly that cost (loop, call, sink), and the report shows the median less it ("p50 −
loop"). This script prints, for several alternating rounds: timeit's best-of-repeat per
loop (`python -m timeit`'s figure), the runner's median, the runner's noop, and the
median less the noop, each against timeit. Usage:
    .venv/bin/python lab/python_overhead.py [--rounds 5] [--size 16]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path

from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import load_all

ROOT = Path(__file__).resolve().parent.parent
ITERS, SAMPLES = 20_000, 25


def timeit_ns(python: str, size: int) -> float:
    """`python -m timeit`'s own figure: the best of 5 repeats, per loop, in ns."""
    setup = f"import hashlib; d = bytes(i % 251 for i in range({size}))"
    done = subprocess.run(
        [python, "-c", "import timeit; t = timeit.repeat('hashlib.sha256(d).digest()', "
         f"setup={setup!r}, number={ITERS}, repeat=5); print(min(t) / {ITERS} * 1e9)"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    return float(done.stdout)


def runner_ns(client: RunnerClient, size: int) -> tuple[float, float]:
    """(median ns per op of sha256, median ns per iteration of noop)."""
    work = client.call(
        "bench", impl="python/hashlib", op="digest", alg="sha256", mode="oneshot",
        input_size=size, iters=ITERS, samples=SAMPLES,
    )  # fmt: skip
    noop = client.call("bench", op="noop", iters=ITERS, samples=SAMPLES)
    return (
        statistics.median(work["samples_ns"]) / work["iters"],
        statistics.median(noop["samples_ns"]) / noop["iters"],
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--size", type=int, default=16)
    args = ap.parse_args()
    manifest = next(m for m in load_all() if m.name == "python")
    python = str(ROOT / manifest.launch[0])
    print(f"sha256 over {args.size} B, one-shot; ns per op; the runner's own interpreter")
    print("round   timeit   runner   noop   runner−noop   runner/timeit   net/timeit")
    with RunnerClient(manifest) as client:
        for n in range(1, args.rounds + 1):
            reference = timeit_ns(python, args.size)
            raw, noop = runner_ns(client, args.size)
            print(
                f"{n:>5} {reference:>8.1f} {raw:>8.1f} {noop:>6.1f} {raw - noop:>13.1f} "
                f"{raw / reference - 1:>+15.1%} {(raw - noop) / reference - 1:>+12.1%}"
            )


if __name__ == "__main__":
    main()
