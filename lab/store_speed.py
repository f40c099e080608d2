"""Time the history store (docs/history.md): storing a run the size of a full `seeds`
run, and reading one case's history over many runs. Usage:
    .venv/bin/python lab/store_speed.py results/<run>.json [--runs 1000] [--store URL]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import msgspec
from synthetic_run import synthetic

from hashbench.results.files import load
from hashbench.store import open_store


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base", type=Path)
    ap.add_argument("--runs", type=int, default=1000, help="runs in the history read back")
    ap.add_argument("--store", help="default: a new SQLite file in a temporary folder")
    args = ap.parse_args()
    base = load(args.base)
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(args.store or str(Path(tmp) / "history.sqlite"))
        big = synthetic(base, 2000, 1000, seed=1)
        start = time.perf_counter()
        store.record_run(big)
        took = time.perf_counter() - start
        print(f"store a run of 2,000 cases × 1,000 samples: {took:.2f} s")
        small = synthetic(base, 1, 100, seed=2)
        case_id = small.cases[0].id
        for i in range(args.runs):
            small.started = f"2026-01-01T00:00:00.{i:06d}+00:00"
            store.record_run(msgspec.structs.replace(small, suite=f"r{i}"))
        start = time.perf_counter()
        points = store.case_history(case_id)
        took = time.perf_counter() - start
        print(f"one case's history over {len(points)} runs: {took * 1000:.0f} ms")
        store.close()


if __name__ == "__main__":
    main()
