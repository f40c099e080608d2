"""Time rendering and compare at the size of a full `seeds` run (docs/reports.md).

Writes two synthetic runs of the shape of a full `seeds` run (tests/big_run.py: the
seeds groups × every available implementation, samples as the budgets give them), the
second `--shift` slower, then times each format as `show` makes it (loading the file
included) and `compare` of the two: in this process, then as commands (`hashbench show
… -o`, `hashbench compare`, interpreter start included). Usage:
    .venv/bin/python lab/report_speed.py [--shift 0.1] [--max-samples 250]
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from big_run import seeds_shaped  # noqa: E402

from hashbench.report import comparison, terminal  # noqa: E402
from hashbench.report.export import FORMATS  # noqa: E402
from hashbench.results.files import ResultsFile, load  # noqa: E402


def _terminal(path: Path) -> str:
    out = io.StringIO()
    terminal.render(load(path), Console(file=out, width=100))
    return out.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shift", type=float, default=0.0, help="second run this much slower")
    ap.add_argument("--max-samples", type=int, default=250)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for seed, shift in ((1, 0.0), (2, args.shift)):
            path = Path(tmp) / f"run{seed}.json"
            ResultsFile(path, seeds_shaped(seed, shift, args.max_samples))
            paths.append(path)
        run = load(paths[0])
        measured = sum(c.valid for c in run.cases)
        samples = sum(len(c.samples_ns) for c in run.cases)
        size = paths[0].stat().st_size / 2**20
        print(
            f"{len(run.cases)} records ({measured} measured, {samples} samples) in "
            f"{len({c.group for c in run.cases})} groups; results file {size:.1f} MiB"
        )
        renders = {"terminal": _terminal} | {
            fmt: (lambda p, r=render: r(load(p))) for fmt, render in FORMATS.items()
        }
        for fmt, make in renders.items():
            start = time.perf_counter()
            text = make(paths[0])
            took = time.perf_counter() - start
            print(f"  show --format {fmt:<8} {took:5.2f} s  ({len(text) / 2**20:.1f} MiB)")
        start = time.perf_counter()
        result = comparison.between_runs(load(paths[0]), load(paths[1]), 0.05, ("a", "b"))
        comparison.markdown(result)
        took = time.perf_counter() - start
        print(
            f"  compare                {took:5.2f} s  ({len(result.rows)} cases, "
            f"{len(result.regressions)} regressions)"
        )
        print("as commands:")
        out = Path(tmp) / "out"
        for fmt in [None, *FORMATS]:
            command = ["show", str(paths[0])] + (["--format", fmt, "-o", str(out)] if fmt else [])
            shown = " ".join(command[:1] + command[2:4])
            print(f"  hashbench {shown:<22} {_command(command):5.2f} s")
        print(f"  hashbench {'compare':<22} {_command(['compare', *map(str, paths)]):5.2f} s")


def _command(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hashbench", *args], capture_output=True, check=False)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
