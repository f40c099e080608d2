"""Does `hashbench compare` stay honest on every shape of run people make? Writes
docs/benchmarks/shapes.md.

The gate's proof (lab/gate_check.py) is made on the quick and gate suites. A library
maintainer runs something smaller: one group, two or three libraries, one process, no
history. For each shape below this script makes back-to-back pairs of runs (the shapes
interleaved, pair by pair, so each meets the machine's hours alike), then per pair:

- **A/A**: `compare a b --threshold 5%` as a user would run it: its exit code, and each
  case's verdict (slower / faster: a false change; possibly slower / faster, one process
  a side: said, not failed; ~; cannot tell);
- **+10%**: each valid case of run b in turn with its samples scaled by 1.10 (what the
  same code doing 10% more work per op gives, its noise scaled alike: the "iterations
  relabelled" of the brief), the rest of b as measured: caught (slower), possibly slower,
  "cannot tell", missed (~), or called faster; judged among all of b's cases, as
  `compare a b` judges it.

    .venv/bin/python lab/shape_check.py --pairs 10 --keep /work/shapes
        [--shapes digest,bcrypt,...] [--out docs/benchmarks/shapes.md]
    .venv/bin/python lab/shape_check.py --from /work/shapes --out docs/benchmarks/shapes.md
    .venv/bin/python lab/shape_check.py --from DIR --shapes quick --no-history --chain

`--no-history` judges each pair as a user's first (no earlier runs); `--chain` pairs every
run with the next one made as well (01-b with 02-a, …): more pairs from the same runs.

A --keep folder holds one folder per shape, pair files `NN-a.json`, `NN-b.json`; pairs
already there are kept and new ones numbered after them. Each run is kept in a history
store of the folder's own (as `run` keeps a user's), so later pairs are compared with
the earlier runs as `compare` finds them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

import msgspec
import numpy as np

from hashbench.command_support import earlier_runs
from hashbench.measure import compare
from hashbench.measure.stats import summarize
from hashbench.measure.verdict import POSSIBLE
from hashbench.model import CaseRecord, RunFile
from hashbench.report import comparison, count_comparison
from hashbench.results.files import load, write_text_atomic

ROOT = Path(__file__).resolve().parent.parent
THRESHOLD = 0.05
EFFECT = 1.10


@dataclass(frozen=True)
class Shape:
    title: str
    args: tuple[str, ...]


DIGEST = ("--alg", "sha256", "--op", "digest", "--size", "1024", "--mode", "oneshot")
SHAPES = {
    "digest": Shape(
        "1 group × 3 libraries, sha256 1 KiB one-shot (a small run: 3 processes by default)",
        (*DIGEST, "--impl", "c/openssl,rust/sha2,go/crypto-sha256"),
    ),
    "digest-1p": Shape(
        "the same at --processes 1: issue 43's shape",
        (*DIGEST, "--impl", "c/openssl,rust/sha2", "--processes", "1"),
    ),
    "bcrypt": Shape(
        "1 group × 3 libraries, bcrypt cost 8 hash",
        (
            "--alg",
            "bcrypt",
            "--params",
            "cost=8",
            "--op",
            "hash",
            "--impl",
            "c/libxcrypt,rust/bcrypt,python/bcrypt",
        ),
    ),  # fmt: skip
    "argon2id": Shape(
        "1 group × 3 libraries, argon2id m=19 MiB, t=2, p=1 hash",
        (
            "--alg",
            "argon2id",
            "--params",
            "m=19456,t=2,p=1",
            "--op",
            "hash",
            "--impl",
            "c/argon2,rust/argon2,python/argon2-cffi",
        ),
    ),  # fmt: skip
    "impl": Shape(
        "one library's cases of quick (`--impl python/hashlib`)",
        ("quick", "--impl", "python/hashlib"),
    ),  # fmt: skip
    "seeds-group": Shape(
        "a seeds group: md5 with a reset hasher, every runtime, three sizes",
        ("seeds", "--alg", "md5", "--mode", "reset"),
    ),  # fmt: skip
    "quick": Shape("the quick suite", ("quick",)),
    "quick-3p": Shape("the quick suite at --processes 3", ("quick", "--processes", "3")),
    "js": Shape("the js suite", ("js",)),
    "counted": Shape(
        "counted instructions, 1 group × 2 libraries (sha256 1 KiB)",
        ("--measure", "instructions", *DIGEST, "--impl", "c/openssl,rust/sha2"),
    ),
}


@dataclass
class Tally:
    pairs: int = 0
    clean: int = 0  # exit 0 and no case called slower or faster
    exit_zero: int = 0
    cases: int = 0
    false: int = 0
    untold: int = 0
    possible: int = 0  # A/A cases called possibly slower or faster
    tried: int = 0
    caught: int = 0
    maybe: int = 0  # +10% called possibly slower
    cannot: int = 0
    missed: int = 0
    wrong: int = 0
    seconds: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)  # the machine's move, raw, per pair
    called: list[str] = field(default_factory=list)  # the A/A cases called a change


def hashbench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hashbench", *args], capture_output=True, text=True, cwd=ROOT
    )


def measure(shapes: list[str], pairs: int, keep: Path) -> None:
    """`pairs` more pairs of each shape, shapes interleaved."""
    for _ in range(pairs):
        for name in shapes:
            folder = keep / name
            folder.mkdir(parents=True, exist_ok=True)
            number = len(list(folder.glob("*-b.json"))) + 1
            for side in ("a", "b"):
                out = folder / f"{number:02d}-{side}.json"
                started = time.monotonic()
                done = hashbench(
                    "run", *SHAPES[name].args, "--out", str(out), "--store", str(keep / "store.db")
                )
                took = time.monotonic() - started
                if done.returncode not in (0, 1):
                    sys.exit(f"{name} pair {number}{side}: exit {done.returncode}\n{done.stderr}")
                (folder / f"{number:02d}-{side}.seconds").write_text(f"{took:.1f}\n")
                stamp = f"{dt.datetime.now():%H:%M:%S}"
                print(f"{stamp} {name} {number}{side}: {took:.0f} s", flush=True)


def scaled(case: CaseRecord, factor: float) -> CaseRecord:
    """The case as if each op did `factor` times the work: every sample, process median
    and statistic scaled alike."""
    samples = [round(s * factor) for s in case.samples_ns]
    stats = summarize(np.asarray(samples, dtype=float) / (case.iters or 1)) if samples else None
    if stats is not None and case.stats is not None and case.processes > 1:  # its interval
        lo, hi = case.stats.median_ci
        stats = msgspec.structs.replace(
            stats, median_ci=(lo * factor, hi * factor), median=case.stats.median * factor
        )
    counts = case.counts
    if counts is not None:  # a counted case: its events per op
        counts = msgspec.structs.replace(
            counts,
            ir=counts.ir * factor,
            cycles=counts.cycles * factor if counts.cycles is not None else None,
        )
    return msgspec.structs.replace(
        case,
        samples_ns=samples,
        stats=stats if samples else case.stats,
        process_medians_ns=[m * factor for m in case.process_medians_ns],
        counts=counts,
    )


def with_case(run: RunFile, case: CaseRecord) -> RunFile:
    return msgspec.structs.replace(run, cases=[case if c.id == case.id else c for c in run.cases])


Judged: TypeAlias = comparison.Comparison | count_comparison.CountComparison


COMPARE_FLOOR = compare.WHOLE_SHIFT_DF


def floor_tails(df: float | None) -> None:
    """Hold every z test (a case of fewer than three processes a side) to a null no
    lighter-tailed than a t with `df` degrees of freedom (compare.WHOLE_SHIFT_DF) for the
    experiment of docs/benchmarks/shifted-whole.md; math.inf: the fitted null alone (compare
    before the floor); None: compare's own."""
    compare.WHOLE_SHIFT_DF = COMPARE_FLOOR if df is None else df


def judge(
    a: RunFile, b: RunFile, names: tuple[str, str], earlier: comparison.Earlier | None
) -> Judged:
    if a.measure != "time":
        return count_comparison.between_runs(a, b, 0.005, names)
    return comparison.between_runs(a, b, THRESHOLD, names, earlier)


def verdicts(cmp: Judged) -> dict[str, str]:
    """Each case's verdict in compare's words (a count's "more" is "slower")."""
    if isinstance(cmp, count_comparison.CountComparison):
        return {r.new.id: r.judged for r in cmp.rows}
    return {r.new.id: r.verdict for r in cmp.rows}


def one_pair(
    a: RunFile,
    b: RunFile,
    store: Path | None,
    tally: Tally,
    effect: float = EFFECT,
    name: str = "",
) -> None:
    earlier = (
        earlier_runs.earlier_runs(a, b, str(store), earlier_runs.DEFAULT_RUNS) if store else None
    )
    cmp = judge(a, b, ("a", "b"), earlier)
    said = verdicts(cmp)
    tally.pairs += 1
    false = sum(v in ("slower", "faster") for v in said.values())
    code = cmp.outcome.exit_code
    tally.exit_zero += code == 0
    tally.clean += code == 0 and false == 0
    tally.cases += len(said)
    tally.false += false
    tally.untold += sum(v == "cannot tell" for v in said.values())
    tally.possible += sum(v in POSSIBLE for v in said.values())
    if isinstance(cmp, comparison.Comparison):
        tally.called += [
            f"{name} `{r.new.id}`: {r.verdict}, {r.change.percent:+.1f}% "
            f"(raw {(r.change.ratio - 1) * 100:+.1f}%, p = {r.change.p_value:.2g})"
            for r in cmp.rows
            if r.verdict in ("slower", "faster")
        ]
    machine = getattr(cmp, "machine", None)
    if machine is not None:
        tally.moves.append(machine.cases - 1)
    for case in b.cases:
        if not case.valid or case.id not in said:
            continue
        raised = judge(a, with_case(b, scaled(case, effect)), ("a", "b+"), earlier)
        verdict = verdicts(raised)[case.id]
        tally.tried += 1
        tally.caught += verdict == "slower"
        tally.maybe += verdict == "possibly slower"
        tally.cannot += verdict == "cannot tell"
        tally.missed += verdict == "~"
        tally.wrong += verdict == "faster"


def pairs_of(folder: Path, chain: bool = False) -> Iterable[tuple[Path, Path]]:
    """The folder's pairs; `chain`: every run with the next one made (01-a 01-b, 01-b
    02-a, …), as many pairs again less one, each of two back-to-back runs too."""
    if chain:
        runs = sorted(folder.glob("*-[ab].json"))
        yield from zip(runs, runs[1:], strict=False)
        return
    for b in sorted(folder.glob("*-b.json")):
        a = b.with_name(b.name.replace("-b.json", "-a.json"))
        if a.exists():
            yield a, b


def tally_shape(
    folder: Path, store: Path | None, chain: bool = False, effect: float = EFFECT
) -> Tally:
    tally = Tally()
    for a, b in pairs_of(folder, chain):
        one_pair(load(a), load(b), store, tally, effect, f"{a.stem}–{b.stem}")
        for path in (a, b):
            seconds = path.with_suffix(".seconds")
            if seconds.exists():
                tally.seconds.append(float(seconds.read_text()))
    return tally


def share(part: int, whole: int) -> str:
    return f"{part} of {whole} ({part / whole:.0%})" if whole else "—"


def report(
    keep: Path,
    names: list[str],
    command: str,
    history: bool = True,
    chain: bool = False,
    effect: float = EFFECT,
) -> str:
    rows, called = [], []
    size = f"+{effect - 1:.0%}"
    for name in names:
        folder = keep / name
        if not folder.is_dir():
            continue
        t = tally_shape(folder, keep / "store.db" if history else None, chain, effect)
        called += [f"- {name} {line}" for line in t.called]
        took = f"{np.median(t.seconds):.0f} s" if t.seconds else "—"
        moves = np.abs(t.moves) if t.moves else None
        move = f"{np.median(moves):.1%} (max {np.max(moves):.1%})" if moves is not None else "—"
        rows.append(
            f"| {name} | {SHAPES[name].title} | {took} | {move} | {share(t.clean, t.pairs)} "
            f"| {share(t.exit_zero, t.pairs)} | {share(t.false, t.cases)} "
            f"| {share(t.possible, t.cases)} | {share(t.untold, t.cases)} "
            f"| {share(t.caught, t.tried)} | {share(t.maybe, t.tried)} "
            f"| {share(t.cannot, t.tried)} | {share(t.missed, t.tried)} | {t.wrong} |"
        )
    head = (
        "| shape | what | a run | machine's move between the two (median, max) "
        "| A/A clean | A/A exit 0 | false changes (cases) | A/A possible changes (cases) "
        f"| A/A cannot tell (cases) | {size} caught | {size} possibly slower "
        f"| {size} cannot tell | {size} missed (~) | {size} called faster |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    )
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    first = next((p for n in names for p in sorted((keep / n).glob("*-a.json"))), None)
    machine = f", {load(first).environment.cpu}" if first else ""
    return "\n".join(
        [
            "# compare on every shape of run",
            "",
            f"Written by `{command}` ({when}{machine}). Each pair is two back-to-back runs of the "
            "same code; A/A is `compare a b --threshold 5%` as a user would run it "
            + (
                f"(earlier runs in the history store included, as `run` keeps them); {size} "
                if history
                else f"with no earlier runs (`--earlier 0`: a user's first pair); {size} "
            )
            + f"scales one case of run b by {effect:g} at a time, judged among all its cases. "
            "Counted runs are judged at compare's 0.5% for counts. lab/shape_check.py "
            "has the method.",
            "",
            head,
            *rows,
            "",
            "A/A cases called slower or faster (pair, case, verdict, change after the machine's "
            "move):",
            "",
            *(called or ["- none"]),
            "",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--keep", type=Path, help="folder of the pairs (kept, added to)")
    parser.add_argument("--from", dest="source", type=Path, help="judge these pairs again")
    parser.add_argument("--out", type=Path, default=ROOT / "docs/benchmarks/shapes.md")
    parser.add_argument(
        "--no-history", action="store_true", help="judge each pair without earlier runs"
    )
    parser.add_argument(
        "--chain", action="store_true", help="pair every run with the next one made too"
    )
    parser.add_argument(
        "--effect", type=float, default=EFFECT, help="the change injected (default 1.10)"
    )
    parser.add_argument(
        "--tails-floor", type=float, help="experiment: one-process nulls no lighter than t(DF)"
    )
    args = parser.parse_args()
    names = [n for n in args.shapes.split(",") if n]
    unknown = [n for n in names if n not in SHAPES]
    if unknown:
        sys.exit(f"unknown shapes: {', '.join(unknown)} (known: {', '.join(SHAPES)})")
    if args.tails_floor is not None:
        floor_tails(args.tails_floor)
    keep = args.source or args.keep
    if keep is None:
        sys.exit("give --keep DIR to measure, or --from DIR to judge pairs made before")
    if args.source is None:
        measure(names, args.pairs, keep)
    command = (
        "python lab/shape_check.py --from "
        + str(keep)
        + (f" --shapes {args.shapes}" if args.shapes != ",".join(SHAPES) else "")
        + (" --no-history" if args.no_history else "")
        + (" --chain" if args.chain else "")
        + (f" --effect {args.effect:g}" if args.effect != EFFECT else "")
        + (f" --tails-floor {args.tails_floor:g}" if args.tails_floor is not None else "")
    )
    text = report(keep, names, command, not args.no_history, args.chain, args.effect)
    write_text_atomic(args.out, text)
    print(text)


if __name__ == "__main__":
    main()
