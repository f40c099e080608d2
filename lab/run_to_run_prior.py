"""How far a one-process case's median moves from one run to the next, by kind of case:
writes the prior the ± of a one-process case stands on (catalog/run-to-run.toml) and
docs/benchmarks/run-to-run.md.

From runs made one after another (the default `run quick` of a user), every case valid
in two consecutive runs gives one move, log(median_b / median_a), the machine's drift
included: the ± must hold the next run's median as the user will see it. By kind (a JIT
runtime or not; digest, memory-hard or other password hash), the prior is the sd that
makes 1.96 · sd hold COVERAGE of the moves: a quantile of |move|, not a normal's sd,
since a lost CPU or a JIT's other compilation gives the moves heavy tails. Then, on runs
kept apart (`--check`), how often each run's printed ± (its own interval widened by the
prior, measure/next_run.py) held the next run's median.

`--widest-of FILE` keeps, kind by kind, the wider of this fit and a prior fitted before
on another machine (the committed catalog/run-to-run.toml): the project's VMs differ from
day to day (an AMD EPYC's moves had 95th percentiles of 23–44%, an Intel Xeon's 6–16%),
and the ± a user reads must hold on the machine they have, not only on the last one.

    .venv/bin/python lab/run_to_run_prior.py --runs 6 --keep /work/r2r [-- run arguments]
    .venv/bin/python lab/run_to_run_prior.py --from /work/r2r --check /work/r2r-check
    .venv/bin/python lab/run_to_run_prior.py --from /work/r2r --check /work/r2r-check \
        --widest-of catalog/run-to-run.toml
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from hashbench.measure import next_run
from hashbench.measure.compare import moves_by_group
from hashbench.measure.machine_move import MIN_FOR_NULL
from hashbench.measure.tails import GRID, MAD_SD, NORMAL_DF, _log_likelihoods, robust_scale
from hashbench.model import CaseRecord, RunFile
from hashbench.results.files import load, write_text_atomic

ROOT = Path(__file__).resolve().parent.parent
COVERAGE = 0.85  # of the moves 1.96 · prior holds
TARGET = 0.80  # of the next runs' medians the printed ± must hold (issue 43)
Kind = tuple[bool, str]
Pair = tuple[CaseRecord, CaseRecord]


def runs_in(folder: Path) -> list[RunFile]:
    runs = [load(p) for p in sorted(folder.glob("*.json"))]
    return sorted(runs, key=lambda r: r.started)


def _jit(run: RunFile, case: CaseRecord) -> bool:
    info = run.runners.get(case.runner)
    return bool(info and info.jit)


def consecutive(runs: list[RunFile]) -> Iterable[tuple[RunFile, list[Pair]]]:
    """For each run after the first: it, and its one-process cases valid in the run before
    too, as (before, now) pairs."""
    for a, b in zip(runs, runs[1:], strict=False):
        before = {c.id: c for c in a.cases if c.valid and c.processes == 1}
        yield (
            b,
            [(before[c.id], c) for c in b.cases if c.valid and c.processes == 1 and c.id in before],
        )


def moves(runs: list[RunFile]) -> dict[Kind, list[float]]:
    """Each one-process case's log move between consecutive runs, by kind."""
    out: dict[Kind, list[float]] = {}
    for run, pairs in consecutive(runs):
        for old, new in pairs:
            kind = (_jit(run, new), next_run.kind(new.alg, new.op))
            out.setdefault(kind, []).append(math.log(new.measured.median / old.measured.median))
    return out


def centred(runs: list[RunFile]) -> Iterable[tuple[RunFile, Pair, float]]:
    """Each one-process case's log move between consecutive runs, its group's median move
    taken out as `compare` takes it out (measure/compare.py `moves_by_group`)."""
    for run, pairs in consecutive(runs):
        if not pairs:
            continue
        d = [math.log(new.measured.median / old.measured.median) for old, new in pairs]
        centres = moves_by_group([new.group for _old, new in pairs], d, float(np.median(d)))
        for pair, di, centre in zip(pairs, d, centres, strict=True):
            yield run, pair, di - centre


def centred_moves(runs: list[RunFile]) -> dict[Kind, list[float]]:
    """`centred`'s moves by kind."""
    out: dict[Kind, list[float]] = {}
    for run, (_old, new), move in centred(runs):
        kind = (_jit(run, new), next_run.kind(new.alg, new.op))
        out.setdefault(kind, []).append(move)
    return out


def tails(found: dict[Kind, list[float]]) -> dict[Kind, float]:
    """The degrees of freedom of the t (of measure/tails.py's GRID, its robust sd 1) that
    the moves over their robust sd fit best, by maximum likelihood: how often the same
    code moves far from one run to the next here (a whole case shifted in one run;
    docs/benchmarks/shifted-whole.md)."""
    out = {}
    for kind, v in found.items():
        scale = MAD_SD * float(np.median(np.abs(v)))
        if len(v) < MIN_FOR_NULL or scale <= 0:
            continue
        fits = _log_likelihoods(np.asarray(v) / scale, robust_scale).sum(axis=1)
        out[kind] = GRID[int(np.argmax(fits))]
    return out


def prior(found: dict[Kind, list[float]]) -> dict[Kind, float]:
    """The ±'s sd: 1.96 times it holds COVERAGE of the moves."""
    return {
        kind: float(np.quantile(np.abs(v), COVERAGE)) / next_run.Z95
        for kind, v in found.items()
        if v
    }


def typical(found: dict[Kind, list[float]]) -> dict[Kind, float]:
    """A robust sd of one run's median about its runs' own: the moves' (1.4826 · their
    median absolute value, the difference of two runs) over √2."""
    return {
        kind: MAD_SD * float(np.median(np.abs(v))) / math.sqrt(2) for kind, v in found.items() if v
    }


def held(runs: list[RunFile], sd: dict[Kind, float]) -> dict[Kind, list[bool]]:
    """For each case of each run and the next: whether the ± its run would print with
    this prior (own interval, widened) holds the next run's median."""
    out: dict[Kind, list[bool]] = {}
    for a, b in zip(runs, runs[1:], strict=False):
        after = {c.id: c for c in b.cases if c.valid}
        for case in a.cases:
            again = after.get(case.id)
            if not case.valid or again is None or case.processes != 1:
                continue
            kind = (_jit(a, case), next_run.kind(case.alg, case.op))
            if kind not in sd:
                continue
            low, high = next_run.interval(case.measured, 1, sd[kind])
            out.setdefault(kind, []).append(low <= again.measured.median <= high)
    return out


def _of(values: dict[Kind, float], jit: bool, kind: str) -> float:
    """A kind's value, or (no such case measured) the widest of its runtime's."""
    value = values.get((jit, kind))
    if value is None:
        value = max(v for (j, _k), v in values.items() if j == jit)
    return max(value, 0.001)


def toml(fit: Fit, command: str, sources: str) -> str:
    lines = [
        "# How far a case measured in one runner process moves from one run to the next here,",
        "# by runtime and kind of case, from consecutive default runs. `interval`: one sd",
        "# (log) such that 1.96 times it holds 85% of the moves of a case's median; the ± of",
        "# such a case is its median's interval widened to 1.96 times this",
        "# (measure/next_run.py; a case of three processes or more has its own). `typical`:",
        "# a robust sd of one run's median about its runs' (1.4826 · the median move / √2),",
        "# the least spread `compare` holds a small comparison's processes to.",
        *textwrap.wrap(
            f"Written by `{command}` from {sources} (docs/benchmarks/run-to-run.md).",
            width=88,
            initial_indent="# ",
            subsequent_indent="# ",
            break_on_hyphens=False,
        ),
    ]
    for title, jit in (("jit", True), ("other", False)):
        lines += ["", f"[{title}]"]
        for kind in ("digest", "password", "memory-hard"):
            lines.append(
                f"{kind} = {{ interval = {_of(fit.sd, jit, kind):.4f}, "
                f"typical = {_of(fit.spread, jit, kind):.4f} }}"
            )
    return "\n".join(lines) + "\n"


@dataclass
class Fit:
    """This machine's fit (`here`: the ±'s sd), the prior kept (the same, or kind by kind
    the wider of it and an earlier one), and where the earlier one came from."""

    here: dict[Kind, float]
    sd: dict[Kind, float]
    spread: dict[Kind, float]
    tails: dict[Kind, float]  # this machine's moves' (reported, not kept in the prior)
    before: str | None = None


def read_prior(path: Path) -> Fit:
    """A prior file as a Fit (`before`: the words naming the runs it came from)."""
    text = path.read_text()
    data = tomllib.loads(text)
    sd: dict[Kind, float] = {}
    spread: dict[Kind, float] = {}
    for title, jit in (("jit", True), ("other", False)):
        for kind, row in data.get(title, {}).items():
            sd[(jit, kind)] = float(row["interval"])
            spread[(jit, kind)] = float(row["typical"])
    comments = [line[2:] for line in text.splitlines() if line.startswith("# ")]
    start = next((i for i, line in enumerate(comments) if "Written by" in line), None)
    source = " ".join(comments[start:]) if start is not None else str(path)
    source = source.removeprefix("Written by ").removesuffix(" (docs/benchmarks/run-to-run.md).")
    return Fit(sd, sd, spread, {}, source)


def widest(mine: dict[Kind, float], other: dict[Kind, float]) -> dict[Kind, float]:
    """Kind by kind, the wider of two fits (a kind only one of them has, as it is)."""
    return {k: max(mine.get(k, 0.0), other.get(k, 0.0)) for k in {*mine, *other}}


def _kind_name(kind: Kind) -> str:
    return f"{'JIT' if kind[0] else 'other'} runtimes, {kind[1]}"


def _held_cell(values: list[bool]) -> str:
    return f"{sum(values)} of {len(values)} ({np.mean(values):.0%})" if values else "—"


def _df_cell(df: float | None) -> str:
    return "—" if df is None else "normal" if df >= NORMAL_DF else f"{df:g}"


def report(fitted: list[RunFile], fit: Fit, check: list[RunFile], command: str) -> str:
    found = moves(fitted)
    checked = held(check, fit.sd) if len(check) > 1 else {}
    checked_here = held(check, fit.here) if len(check) > 1 and fit.before else {}
    in_sample = held(fitted, fit.sd)
    rows = []
    for kind in sorted(fit.sd):
        v = np.abs(found.get(kind, []))
        spread = f"{np.median(v):.1%} | {np.quantile(v, 0.95):.1%}" if len(v) else "— | —"
        here = f"±{fit.here[kind]:.2%} | " if kind in fit.here else "— | "
        here = here if fit.before else ""
        apart_here = f" | {_held_cell(checked_here.get(kind, []))}" if fit.before else ""
        rows.append(
            f"| {_kind_name(kind)} | {len(v)} | {spread} | {here}±{fit.sd[kind]:.2%} "
            f"| ±{fit.spread[kind]:.2%} | {_df_cell(fit.tails.get(kind))} "
            f"| {_held_cell(in_sample.get(kind, []))}{apart_here} "
            f"| {_held_cell(checked.get(kind, []))} |"
        )
    every = [x for v in checked.values() for x in v]
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    machine = fitted[-1].environment.cpu if fitted else "?"
    widest_note = (
        [
            "",
            "Kind by kind the prior kept is the wider of this machine's fit and the one "
            f"before it (`--widest-of`: {fit.before}): the project's VMs change from day to "
            "day and a user's ± must hold on either. Both are checked on the runs kept apart.",
        ]
        if fit.before
        else []
    )
    columns = ["kind", "moves", "median move", "95th percentile"]
    columns += ["fitted here (interval)", "kept (interval)"] if fit.before else ["the ±'s sd"]
    columns += ["one process's robust sd (typical)", "tails (a t's df)", "held, fitted runs"]
    columns += ["held apart, fitted here", "held apart, kept"] if fit.before else ["held apart"]
    head = "| " + " | ".join(columns) + " |"
    return "\n".join(
        [
            "# How far a one-process median moves from run to run, and the ± that holds it",
            "",
            f"Written by `{command}` ({when}, {machine}). The prior (catalog/run-to-run.toml) "
            f"is fitted to {len(fitted)} runs made one after another: for each kind of case, "
            f"the sd whose 1.96 times holds {COVERAGE:.0%} of the moves of a case's median "
            "between consecutive runs. A one-process case's ± is its own interval widened "
            "to that (measure/next_run.py). Held: how often that ± around one run's median "
            f"held the next run's, on the fitted runs and on {len(check)} runs kept apart "
            f"(the target: {TARGET:.0%}).",
            *widest_note,
            "",
            head,
            "|" + "---|" * len(columns),
            *rows,
            "",
            (
                f"All kinds on the runs kept apart: **{sum(every)} of {len(every)} "
                f"({np.mean(every):.0%})**."
                if every
                else "No runs kept apart were given (`--check DIR`)."
            ),
            "",
        ]
    )


def measure(count: int, keep: Path, extra: Iterable[str]) -> None:
    keep.mkdir(parents=True, exist_ok=True)
    for _ in range(count):
        number = len(list(keep.glob("*.json"))) + 1
        out = keep / f"{number:02d}.json"
        done = subprocess.run(
            [sys.executable, "-m", "hashbench", "run", *extra, "--out", str(out), "--no-store"],
            capture_output=True, text=True, cwd=ROOT,
        )  # fmt: skip
        if done.returncode not in (0, 1):
            sys.exit(f"run {number}: exit {done.returncode}\n{done.stderr}")
        print(f"{dt.datetime.now():%H:%M:%S} run {number} done", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--keep", type=Path)
    parser.add_argument("--from", dest="source", type=Path)
    parser.add_argument("--check", type=Path, help="runs kept apart, to check the prior on")
    parser.add_argument("--toml", type=Path, default=ROOT / "catalog/run-to-run.toml")
    parser.add_argument("--widest-of", type=Path, help="a prior fitted before: keep the wider")
    parser.add_argument("--out", type=Path, default=ROOT / "docs/benchmarks/run-to-run.md")
    parser.add_argument("extra", nargs="*", help="arguments for `hashbench run` (after --)")
    args = parser.parse_args()
    folder = args.source or args.keep
    if folder is None:
        sys.exit("give --keep DIR to measure, or --from DIR")
    before = read_prior(args.widest_of) if args.widest_of else None  # before it is rewritten
    if args.source is None:
        measure(args.runs, folder, args.extra or ["quick"])
    fitted = runs_in(folder)
    here = prior(moves(fitted))
    if not here:
        sys.exit(f"{folder}: no case valid in two consecutive runs")
    command = (
        f"python lab/run_to_run_prior.py --from {folder}"
        + (f" --check {args.check}" if args.check else "")
        + (f" --widest-of {args.widest_of}" if args.widest_of else "")
    )
    check = runs_in(args.check) if args.check else []
    spread = typical(moves(fitted))
    fit = Fit(
        here,
        widest(here, before.sd) if before else here,
        widest(spread, before.spread) if before else spread,
        tails(centred_moves(fitted)),
        before.before if before else None,
    )
    machine = fitted[-1].environment.cpu
    sources = f"{len(fitted)} runs on {machine}" + (
        f", each kind the wider of it and the prior before ({fit.before})" if fit.before else ""
    )
    write_text_atomic(args.toml, toml(fit, command, sources))
    text = report(fitted, fit, check, command)
    write_text_atomic(args.out, text)
    print(text)


if __name__ == "__main__":
    main()
