"""Do instruction counts make a gate wall time cannot? Writes docs/benchmarks/instructions.md.

For the C and Rust runners (the quick suite's native cases):

- **A/A**: `--pairs` pairs of counted runs (`run quick --measure instructions`), each
  pair compared as `hashbench compare --threshold T` compares them: changes found, exit
  code, and the largest |ratio − 1| of any case;
- **injected work**: PBKDF2-HMAC-SHA256 at 100,000 iterations and at 0.5%, 1% and 5% more
  (ad hoc counted runs), each library's count at more work over its count at the base,
  judged against the same threshold: caught or not;
- **rank correlation with wall time**: a timed run of the same cases (`run quick`),
  Spearman's rho of instructions per op against median ns per op within each group and
  over all cases, and the cases whose ratio time/instructions is furthest from the
  median: where a count and a clock disagree most;
- **instructions vs estimated cycles** (`--measure cycles`) for scrypt and argon2, the
  memory-hard hashes, beside the others: how far instructions alone mislead.

    .venv/bin/python scripts/instructions_check.py [--pairs 5] [--threshold 0.25%]
        [--keep DIR] [--out docs/benchmarks/instructions.md]
    .venv/bin/python scripts/instructions_check.py --from DIR --out FILE   # no measuring

It runs counted processes on every CPU this process may use: run it on an idle machine.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from scipy.stats import spearmanr

from hashbench.model import CaseRecord, RunFile
from hashbench.report import count_comparison
from hashbench.results.files import load

RUNNERS = ["--runner", "c", "--runner", "rust"]
BASE_ITERATIONS = 100_000
INJECTED = (0.005, 0.01, 0.05)


def hashbench(args: list[str], out: Path) -> tuple[RunFile, float]:
    """A run into `out` (skipped when it exists: --from, or a resumed check)."""
    if not out.exists():
        command = [sys.executable, "-m", "hashbench", "run", *args, "--no-store", "--out", str(out)]
        print("$", shlex.join(command), file=sys.stderr)
        subprocess.run(command, check=False, stdout=subprocess.DEVNULL)
    run = load(out)
    return run, _seconds(run)


def _seconds(run: RunFile) -> float:
    """How long the run took, from its own file: the same when the check is resumed."""
    if not run.finished:
        return float("nan")
    took = dt.datetime.fromisoformat(run.finished) - dt.datetime.fromisoformat(run.started)
    return took.total_seconds()


def counted(run: RunFile) -> dict[str, CaseRecord]:
    return {c.id: c for c in run.cases if c.counted_ok}


def aa(folder: Path, pairs: int, threshold: float) -> tuple[list[str], list[float]]:
    lines, seconds = [], []
    for k in range(pairs):
        a, sa = hashbench(
            ["quick", "--measure", "instructions", *RUNNERS], folder / f"aa-{k}-a.json"
        )
        b, sb = hashbench(
            ["quick", "--measure", "instructions", *RUNNERS], folder / f"aa-{k}-b.json"
        )
        seconds += [sa, sb]
        cmp = count_comparison.between_runs(a, b, threshold, ("a", "b"))
        worst = max((abs(r.ratio - 1) for r in cmp.rows), default=0.0)
        changed = [r for r in cmp.rows if r.verdict != "~"]
        lines.append(
            f"| {k + 1} | {len(cmp.rows)} | {len(changed)} | {1 if cmp.regressions else 0} | "
            f"{worst:.4%} |"
        )
    return lines, seconds


def injected(folder: Path, threshold: float) -> list[str]:
    def pbkdf2(iterations: int) -> RunFile:
        args = ["--alg", "pbkdf2-sha256", "--op", "derive", "--params", f"iterations={iterations}"]
        args += RUNNERS
        return hashbench(
            [*args, "--measure", "instructions"], folder / f"pbkdf2-{iterations}.json"
        )[0]

    base = {c.impl: c for c in pbkdf2(BASE_ITERATIONS).cases if c.counted_ok}
    lines = []
    for more in INJECTED:
        run = pbkdf2(round(BASE_ITERATIONS * (1 + more)))
        for c in (c for c in run.cases if c.counted_ok and c.impl in base):
            new, old = c.counts, base[c.impl].counts
            assert new is not None and old is not None
            ratio = new.ir / old.ir
            caught = "yes" if ratio > 1 + threshold else "**no**"
            lines.append(f"| {c.impl} | +{more:.1%} | {ratio - 1:+.3%} | {caught} |")
    return lines


def correlation(folder: Path) -> list[str]:
    timed, _ = hashbench(["quick", *RUNNERS], folder / "timed.json")
    counts = counted(load(folder / "aa-0-a.json"))
    pairs = [(c, counts[c.id]) for c in timed.cases if c.valid and c.id in counts]
    ns = [t.measured.median for t, _ in pairs]
    ir = [k.counts.ir for _, k in pairs if k.counts is not None]  # counted_ok: all have
    rho = spearmanr(ns, ir).statistic if len(pairs) > 2 else float("nan")
    lines = [f"Spearman's rho over all {len(pairs)} cases: **{rho:.3f}**", ""]
    lines += ["| group | cases | rho |", "|---|---:|---:|"]
    by: dict[str, list[tuple[float, float]]] = {}
    for (t, _k), n, i in zip(pairs, ns, ir, strict=True):
        by.setdefault(t.group_title, []).append((n, i))
    for title, values in by.items():
        r = spearmanr(*zip(*values, strict=True)).statistic if len(values) > 2 else float("nan")
        lines.append(f"| {title} | {len(values)} | {r:.2f} |")
    per = sorted(
        ((n / i, t.impl, t.group_title) for (t, _), n, i in zip(pairs, ns, ir, strict=True))
    )
    median = per[len(per) // 2][0]
    lines += ["", "| case | ns per 1,000 instructions | × the median case |", "|---|---:|---:|"]
    for value, impl, title in sorted(per, key=lambda p: -abs(p[0] / median - 1))[:8]:
        lines.append(f"| {impl} · {title} | {value * 1000:.1f} | {value / median:.2f}× |")
    return lines


def cycles(folder: Path) -> list[str]:
    run, _ = hashbench(["quick", "--measure", "cycles", *RUNNERS], folder / "cycles.json")
    lines = [
        "| case | instr/op | est. cycles/op | cycles/instr | LL misses/op |",
        "|---|---:|---:|---:|---:|",
    ]
    for c in sorted((c for c in run.cases if c.counted_ok), key=lambda c: c.group_title):
        k = c.counts
        assert k is not None and k.cycles is not None
        lines.append(
            f"| {c.impl} · {c.group_title} | {k.ir:,.0f} | {k.cycles:,.0f} | "
            f"{k.cycles / k.ir:.2f} | {k.ll_misses or 0:,.0f} |"
        )
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=5)
    p.add_argument("--threshold", default="0.25%")
    p.add_argument("--keep", type=Path)
    p.add_argument("--from", dest="source", type=Path)
    p.add_argument("--out", type=Path, default=Path("docs/benchmarks/instructions.md"))
    args = p.parse_args()
    threshold = float(args.threshold.rstrip("%")) / 100
    folder = args.source or args.keep or Path(tempfile.mkdtemp(prefix="instructions-"))
    folder.mkdir(parents=True, exist_ok=True)
    aa_lines, seconds = aa(folder, args.pairs, threshold)
    env = load(folder / "aa-0-a.json")
    info = env.counting
    text = [
        "# Instruction counts as a gate: A/A, injected work, and wall time",
        "",
        f"Written by `scripts/instructions_check.py` on {dt.date.today()} "
        f"({env.environment.cpu}, {env.environment.cores} cores; "
        f"{info.valgrind if info else 'valgrind'}; Valgrind's CPU: "
        f"{' '.join(info.cpu_valgrind) if info else '?'}). Runners c and rust, the quick suite.",
        "",
        f"## A/A: {args.pairs} pairs, threshold {threshold:.2%}",
        "",
        "| pair | cases | changes | exit 1 | largest \\|ratio − 1\\| |",
        "|---:|---:|---:|---:|---:|",
        *aa_lines,
        "",
        f"A counted run of these cases took {min(seconds):.0f}–{max(seconds):.0f} s.",
        "",
        f"## Injected work: PBKDF2-HMAC-SHA256 at {BASE_ITERATIONS:,} iterations and more",
        "",
        "| library | injected | counted change | caught |",
        "|---|---:|---:|---:|",
        *injected(folder, threshold),
        "",
        "## Instructions and wall time",
        "",
        *correlation(folder),
        "",
        "## Instructions and estimated cycles (memory-hard hashes)",
        "",
        *cycles(folder),
        "",
    ]
    args.out.write_text("\n".join(text))
    print(f"wrote {args.out} (runs kept in {folder})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
