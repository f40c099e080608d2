"""Do instruction counts make a gate wall time cannot? Writes docs/benchmarks/instructions.md.

For the C and Rust runners (the quick suite's native cases):

- **A/A**: `--pairs` pairs of counted runs (`run quick --measure instructions`), each
  pair compared as `hashbench compare --threshold T` compares them: changes found, exit
  code, and the largest |ratio − 1| of any case;
- **injected work**: ad hoc counted runs at a base and at 0.5%, 1% and 5% more work, each
  library's count at more work over its count at the base, judged against the same
  threshold: caught or not. PBKDF2-HMAC-SHA256 at 100,000 iterations (work ∝ iterations);
  argon2id at the quick suite's m=19456 KiB, t=2, p=1 with m raised (work ∝ m·t: t's
  smallest step is +50%, so m carries the small ones); bcrypt at cost 10 and 11 only
  (work ∝ 2^cost: no step below +100% exists, so one sanity row);
- **rank correlation with wall time**: a timed run of the same cases (`run quick`),
  Spearman's rho of instructions per op against median ns per op within each group and
  over all cases, and the cases whose ratio time/instructions is furthest from the
  median: where a count and a clock disagree most;
- **instructions vs estimated cycles** (`--measure cycles`) for scrypt and argon2, the
  memory-hard hashes, beside the others: how far instructions alone mislead.

    .venv/bin/python lab/instructions_check.py [--pairs 5] [--threshold 0.25%]
        [--keep DIR] [--out docs/benchmarks/instructions.md]
    .venv/bin/python lab/instructions_check.py --from DIR --out FILE   # no measuring

Every run is a results file in DIR named for what it ran (aa-0-a.json, pbkdf2-100500.json,
argon2id-m19552-t2.json, bcrypt-cost11.json …): with --keep a file already there is re-used
and only the missing ones are measured; with --from nothing is measured and a missing file
is an error. Each run measured is recorded with the command that measured it in
DIR/commands.jsonl, and the document's header names the command that wrote it and those
that measured its runs. Counts do not move with the load, so sharing the machine only
makes it slower; it runs counted processes on every CPU this process may use (`taskset -c
0` for one).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from scipy.stats import spearmanr

from hashbench.model import CaseRecord, RunFile
from hashbench.report import count_comparison
from hashbench.results.files import load

RUNNERS = ["--runner", "c", "--runner", "rust"]
BASE_ITERATIONS = 100_000
INJECTED = (0.005, 0.01, 0.05)
# argon2id as the quick suite has it; m is rounded down to a multiple of 4·p KiB (the
# blocks argon2 really fills: RFC 9106 §3.1, m' = 4p·floor(m/4p)), so each injection is
# at most the stated change and the work is the m written
ARGON2 = {"m": 19_456, "t": 2, "p": 1}
BCRYPT_COSTS = (10, 11)
# a library's other build of the same code (rust/rust-argon2-parallel: rust-argon2 with
# threads), left out as the quick suite leaves it out
NO_TWINS = ["--filter-regex", r"^(?!\S+-parallel )"]


@dataclass
class Runs:
    """The kept runs: measured when missing (unless `measure` is off: --from), each one
    measured recorded with its command in the folder's commands.jsonl, so a document
    written later from the folder can name the commands that measured what it reads."""

    folder: Path
    command: str  # this invocation, as the document shows it
    measure: bool = True
    started: dict[str, str] = field(default_factory=dict)  # file → when its run started
    by: dict[str, str] = field(default_factory=dict)  # file → the command that measured it
    now: set[str] = field(default_factory=set)  # the files this invocation measured

    def __post_init__(self) -> None:
        if self.log.exists():
            for line in self.log.read_text().splitlines():
                record = json.loads(line)
                self.by[record["run"]] = record["command"]

    @property
    def log(self) -> Path:
        return self.folder / "commands.jsonl"

    def get(self, args: list[str], name: str) -> tuple[RunFile, float]:
        """The run `name` in the folder, measured with `args` when it is not there."""
        out = self.folder / name
        if out.exists():
            run = load(out)
            if run.finished and not run.interrupted:
                self.started[name] = run.started
                return run, _seconds(run)
            if not self.measure:
                sys.exit(f"--from {self.folder}: {name} did not finish (--keep measures it again)")
            # a counted run cannot be resumed: an unfinished one is measured again whole
            print(f"{out} did not finish: measuring it again", file=sys.stderr)
            out.unlink()
        elif not self.measure:
            sys.exit(f"--from {self.folder}: no {name} (--keep {self.folder} measures it)")
        command = [sys.executable, "-m", "hashbench", "run", *args, "--no-store", "--out", str(out)]
        print("$", shlex.join(command), file=sys.stderr)
        subprocess.run(command, check=False, stdout=subprocess.DEVNULL)
        run = load(out)
        if not run.finished or run.interrupted:
            sys.exit(f"{out}: the run did not finish")
        with self.log.open("a") as log:
            log.write(json.dumps({"run": name, "command": self.command}) + "\n")
        self.started[name], self.by[name] = run.started, self.command
        self.now.add(name)
        return run, _seconds(run)


def _seconds(run: RunFile) -> float:
    """How long the run took, from its own file: the same when the check is resumed."""
    if not run.finished:
        return float("nan")
    took = dt.datetime.fromisoformat(run.finished) - dt.datetime.fromisoformat(run.started)
    return took.total_seconds()


def counted(run: RunFile) -> dict[str, CaseRecord]:
    return {c.id: c for c in run.cases if c.counted_ok}


def aa(runs: Runs, pairs: int, threshold: float) -> tuple[list[str], list[float]]:
    lines, seconds = [], []
    for k in range(pairs):
        args = ["quick", "--measure", "instructions", *RUNNERS]
        a, sa = runs.get(args, f"aa-{k}-a.json")
        b, sb = runs.get(args, f"aa-{k}-b.json")
        seconds += [sa, sb]
        cmp = count_comparison.between_runs(a, b, threshold, ("a", "b"))
        worst = max((abs(r.ratio - 1) for r in cmp.rows), default=0.0)
        changed = [r for r in cmp.rows if r.verdict != "~"]
        lines.append(
            f"| {k + 1} | {len(cmp.rows)} | {len(changed)} | {1 if cmp.regressions else 0} | "
            f"{worst:.4%} |"
        )
    return lines, seconds


@dataclass
class Injection:
    """One algorithm's base and its runs at more work: `steps` are (the parameter as
    written in the table, the nominal work change, the run's --params, its file)."""

    title: str
    args: list[str]  # the ad hoc run's selection, less --params
    base: tuple[str, str, str]  # (as written, --params, file)
    steps: list[tuple[str, float, str, str]]


def injections() -> list[Injection]:
    pbkdf2 = Injection(
        "PBKDF2-HMAC-SHA256 (work ∝ iterations)",
        ["--alg", "pbkdf2-sha256", "--op", "derive", *RUNNERS],
        (f"{BASE_ITERATIONS:,}", f"iterations={BASE_ITERATIONS}", f"pbkdf2-{BASE_ITERATIONS}.json"),
        [],
    )
    for more in INJECTED:
        n = round(BASE_ITERATIONS * (1 + more))
        pbkdf2.steps.append(
            (f"{n:,}", n / BASE_ITERATIONS - 1, f"iterations={n}", f"pbkdf2-{n}.json")
        )
    m, t, p = ARGON2["m"], ARGON2["t"], ARGON2["p"]
    argon2 = Injection(
        "argon2id (work ∝ m·t blocks filled)",
        ["--alg", "argon2id", "--op", "hash", *RUNNERS, *NO_TWINS],
        (f"m={m}", f"m={m},t={t},p={p}", f"argon2id-m{m}-t{t}.json"),
        [],
    )
    for more in INJECTED:
        lanes = 4 * p
        m2 = int(m * (1 + more)) // lanes * lanes
        argon2.steps.append(
            (f"m={m2}", m2 / m - 1, f"m={m2},t={t},p={p}", f"argon2id-m{m2}-t{t}.json")
        )
    low, high = BCRYPT_COSTS
    bcrypt = Injection(
        "bcrypt (work ∝ 2^cost: +100% is its smallest step)",
        ["--alg", "bcrypt", "--op", "hash", *RUNNERS],
        (f"cost={low}", f"cost={low}", f"bcrypt-cost{low}.json"),
        [(f"cost={high}", 2.0 ** (high - low) - 1, f"cost={high}", f"bcrypt-cost{high}.json")],
    )
    return [pbkdf2, argon2, bcrypt]


def injected(runs: Runs, threshold: float) -> list[str]:
    def count(injection: Injection, params: str, name: str) -> dict[str, CaseRecord]:
        args = [*injection.args, "--params", params, "--measure", "instructions"]
        run, _ = runs.get(args, name)
        return {c.impl: c for c in run.cases}

    lines = []
    for injection in injections():
        shown, params, name = injection.base
        base = count(injection, params, name)
        for written, nominal, params, name in injection.steps:
            more = count(injection, params, name)
            for impl in sorted(base.keys() | more.keys()):
                old, new = base.get(impl), more.get(impl)
                if old is None or new is None or not old.counted_ok or not new.counted_ok:
                    why = next((c.reason for c in (old, new) if c and not c.counted_ok), "")
                    if not why and (old is None or new is None):
                        why = "not in both runs"
                    if old and new and old.status == new.status == "not_applicable":
                        continue  # the algorithm is not this library's: not a finding
                    verdict, change = f"**not counted**: {why}", "—"
                else:
                    assert old.counts is not None and new.counts is not None
                    ratio = new.counts.ir / old.counts.ir
                    verdict = "yes" if ratio > 1 + threshold else "**no**"
                    change = f"{ratio - 1:+.3%}"
                lines.append(
                    f"| {injection.title.split(' ')[0]} | {impl} | {shown} → {written} | "
                    f"{nominal:+.3%} | {change} | {verdict} |"
                )
    return lines


def correlation(runs: Runs) -> list[str]:
    timed, _ = runs.get(["quick", *RUNNERS], "timed.json")
    counts = counted(load(runs.folder / "aa-0-a.json"))
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


def cycles(runs: Runs) -> list[str]:
    run, _ = runs.get(["quick", "--measure", "cycles", *RUNNERS], "cycles.json")
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


def this_command() -> str:
    """This invocation as typed, with the nice and taskset it runs under."""
    prefix = []
    if (niceness := os.nice(0)) > 0:
        prefix.append(f"nice -n {niceness}")
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < (os.cpu_count() or len(cpus)):
        prefix.append(f"taskset -c {','.join(map(str, cpus))}")
    script = ".venv/bin/python lab/instructions_check.py"
    return " ".join([*prefix, script, shlex.join(sys.argv[1:])]).strip()


UNRECORDED = "an invocation that kept no record of its command (before the script kept them)"


def _commands(runs: Runs) -> dict[str, str]:
    """Each command that measured a run read here → its label (A, B, …), in order of its
    first run's start."""
    order = sorted(runs.started, key=lambda name: runs.started[name])
    labels: dict[str, str] = {}
    for name in order:
        labels.setdefault(runs.by.get(name, UNRECORDED), chr(ord("A") + len(labels)))
    return labels


def provenance(runs: Runs) -> list[str]:
    """The command that wrote the document and the commands that measured its runs."""
    lines = ["The command that wrote it:", "", f"    {runs.command}", ""]
    lines.append(
        f"It read {len(runs.started)} runs kept in `{runs.folder}` (each with its start under "
        "Runs), measured by:"
    )
    lines.append("")
    for command, label in _commands(runs).items():
        names = [n for n in runs.started if runs.by.get(n, UNRECORDED) == command]
        starts = sorted(runs.started[n] for n in names)
        what = command if command == UNRECORDED else f"`{command}`"
        this = " (this invocation)" if set(names) <= runs.now else ""
        lines.append(
            f"- {label}{this}: {len(names)} runs, started {starts[0]} to {starts[-1]}, by {what}"
        )
    return lines


def run_list(runs: Runs) -> list[str]:
    """Each run the document reads, when it started and which command measured it."""
    labels = _commands(runs)
    lines = ["| run | started (UTC) | measured by |", "|---|---|---|"]
    for name in sorted(runs.started, key=lambda n: runs.started[n]):
        lines.append(f"| {name} | {runs.started[name]} | {labels[runs.by.get(name, UNRECORDED)]} |")
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
    if args.source is not None and not folder.is_dir():
        sys.exit(f"--from {folder}: no such folder")
    folder.mkdir(parents=True, exist_ok=True)
    runs = Runs(folder, this_command(), measure=args.source is None)
    aa_lines, seconds = aa(runs, args.pairs, threshold)
    injected_lines = injected(runs, threshold)
    correlation_lines = correlation(runs)
    cycles_lines = cycles(runs)
    env = load(folder / "aa-0-a.json")
    info = env.counting
    text = [
        "# Instruction counts as a gate: A/A, injected work, and wall time",
        "",
        f"Written by `lab/instructions_check.py` on {dt.date.today()} "
        f"({env.environment.cpu}, {env.environment.cores} cores; "
        f"{info.valgrind if info else 'valgrind'}; Valgrind's CPU: "
        f"{' '.join(info.cpu_valgrind) if info else '?'}). Runners c and rust, the quick suite.",
        "",
        *provenance(runs),
        "",
        f"## A/A: {args.pairs} pairs, threshold {threshold:.2%}",
        "",
        "| pair | cases | changes | exit 1 | largest \\|ratio − 1\\| |",
        "|---:|---:|---:|---:|---:|",
        *aa_lines,
        "",
        f"A counted run of these cases took {min(seconds):.0f}–{max(seconds):.0f} s.",
        "",
        f"## Injected work: 0.5%, 1% and 5% more, threshold {threshold:.2%}",
        "",
        "Each library's instructions per op at more work over its count at the base, as "
        "`compare --threshold` judges them. The nominal work change is the algorithm's own "
        f"unit of work: PBKDF2's iterations ({BASE_ITERATIONS:,} and 0.5%, 1%, 5% more); "
        f"argon2id's blocks filled, m·t (the quick suite's m={ARGON2['m']} KiB, t={ARGON2['t']}, "
        f"p={ARGON2['p']}, with m raised to the multiple of 4·p KiB at or below +0.5%, +1% and "
        "+5%, as argon2 fills m' = 4p·⌊m/4p⌋ blocks; t's smallest step, 2 → 3, is +50%); "
        "bcrypt's 2^cost rounds of the key schedule, where cost 10 → 11 doubles the work and no "
        "smaller step exists, so bcrypt has one +100% row, a sanity check rather than a test of "
        "resolution. The counted change falls short of the nominal one by the op's fixed part "
        "(PBKDF2's key set-up, argon2's first blocks and H0, bcrypt's initial state and output; "
        "the encoding of the hash string). argon2id can count a little more than m·t says: "
        "its first half pass makes one address block (two compressions) per 128 blocks of a "
        "segment, rounded up — m=19552 has 39 of them a segment against m=19456's 38.",
        "",
        "| algorithm | library | injected | nominal work change | counted change | caught |",
        "|---|---|---|---:|---:|---|",
        *injected_lines,
        "",
        "## Instructions and wall time",
        "",
        *correlation_lines,
        "",
        "## Instructions and estimated cycles (memory-hard hashes)",
        "",
        *cycles_lines,
        "",
        "## Runs",
        "",
        *run_list(runs),
        "",
    ]
    args.out.write_text("\n".join(text))
    print(f"wrote {args.out} (runs kept in {folder})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
