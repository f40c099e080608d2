"""`hashbench compare`: two runs case by case (a CI gate), or implementations within one."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from hashbench.command_support import earlier_runs, options
from hashbench.errors import UsageError
from hashbench.measure.merge_runs import merge_runs
from hashbench.measure.verdict import Outcome
from hashbench.model import CaseRecord, RunFile
from hashbench.model.counts import COUNT_THRESHOLD
from hashbench.report import comparison, count_comparison
from hashbench.report.console import console
from hashbench.results.files import load, write_text_atomic
from hashbench.store import StoreError, open_store

NAME = "compare"
HELP = "compare two runs case by case (exit 1 on a significant regression), or to --reference"
EXAMPLE = (
    "hashbench compare results/old.json results/new.json --threshold 5% --format md\n"
    "  hashbench compare runs/main/ runs/branch/   # several runs a side: more power\n"
    "  hashbench compare old.json new.json --impl 'rust/argon2'   # judge one library's cases\n"
    "  hashbench compare results/run.json --reference c/openssl"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "old",
        help="the baseline: a results file, a run id of the history store, or several runs "
        "of one side (a directory of results files, or files joined by +)",
    )
    p.add_argument("new", nargs="?", help="the runs to judge, given as the baseline is")
    p.add_argument("--store", help="history store for run ids (default: the user's)")
    p.add_argument(
        "--threshold",
        help="smallest change that counts as a regression (default 5%%; 0.5%% for counted "
        "runs, whose counts repeat)",
    )
    p.add_argument("--reference", help="within one run: each implementation against this one")
    options.add_case_globs(
        p,
        "judging some cases (globs on the fields of a case id): the others still measure "
        "the machine and the noise, and the false discovery rate is held across these alone",
        with_regex=False,
    )
    p.add_argument("--format", choices=["terminal", "md"], help="default: terminal, or md with -o")
    p.add_argument(
        "--all", action="store_true", help="list every case, not only the significant changes"
    )
    p.add_argument("-o", "--output", type=Path, help="write the markdown to this file")
    p.add_argument(
        "--earlier",
        type=int,
        default=earlier_runs.DEFAULT_RUNS,
        metavar="N",
        help="hold each case of fewer than three runner processes a side to its own moves "
        "over the N newest earlier runs of its suite on this machine in the history store "
        "(default %(default)s; 0: none)",
    )


def load_run(what: str, store: str | None) -> RunFile:
    """A results file, or (a number that names no file) a run of the history store."""
    if what.isdigit() and not Path(what).exists():
        try:
            history = open_store(store)
            try:
                return history.load_run(int(what))
            finally:
                history.close()
        except StoreError as exc:
            raise UsageError(str(exc)) from exc
    return load(Path(what))


def load_side(what: str, store: str | None) -> tuple[RunFile, int]:
    """One side of a comparison: one run, or several merged into one (measure/merge_runs.py)
    — a directory's results files, or files joined by `+` — and how many runs it holds."""
    path = Path(what)
    if path.is_dir():
        parts = [str(p) for p in sorted(path.glob("*.json"))]
        if not parts:
            raise UsageError(f"{what}: a directory without results files (*.json)")
    else:
        parts = what.split("+") if "+" in what and not path.exists() else [what]
    runs = [load_run(part, store) for part in parts]
    if len(runs) > 1 and any(r.measure != "time" for r in runs):
        raise UsageError(f"{what}: several runs a side are for timed runs; counts repeat")
    return merge_runs(runs), len(runs)


def _counted(runs: list[RunFile], names: list[str]) -> bool:
    """Whether these runs hold counts; a time file beside a counts file is refused."""
    measures = {r.measure for r in runs}
    if len(measures) > 1:
        said = ", ".join(f"{n} holds {r.measure}" for n, r in zip(names, runs, strict=True))
        raise UsageError(
            f"cannot compare runs of different measures ({said}): a time is not a count, "
            "nor instructions estimated cycles; compare runs made with the same --measure"
        )
    return measures != {"time"}


def run(args: argparse.Namespace) -> int:
    if args.threshold:
        options.threshold(args.threshold)  # a bad threshold is refused before any file is read
    if args.earlier < 0:
        raise UsageError(f"--earlier {args.earlier}: a number of runs, 0 or more")
    options.output(args.output)
    globs = options.case_globs(args)
    if args.reference or args.new is None:
        sides = [load_side(args.old, args.store)]
        names = [str(args.old)]
    else:
        sides = [load_side(args.old, args.store), load_side(args.new, args.store)]
        names = [str(args.old), str(args.new)]
    runs = [run for run, _ in sides]
    runs_a_side = (sides[0][1], sides[-1][1])
    # counted runs: exact ratios (report/count_comparison.py); timed: report/comparison.py
    counted = _counted(runs, names)
    report: Any = count_comparison if counted else comparison
    default = COUNT_THRESHOLD if counted else options.threshold("5%")
    limit = options.threshold(args.threshold) if args.threshold else default
    if args.reference:
        if args.new is not None:
            raise UsageError("--reference compares within one run: give one results file")
        if globs.describe():
            raise UsageError(f"{globs.describe()}: for two runs; --reference compares within one")
        result = report.against_reference(runs[0], args.reference, limit)
        if not result.rows:
            valid = "counted" if counted else "valid"
            raise UsageError(f"{args.old}: no {valid} case of {args.reference} shares a group")
    else:
        if args.new is None:
            raise UsageError("compare needs two results files (or one with --reference)")
        asked = globs.takes_record if globs.describe() else None
        if counted:  # counts are judged each alone: the others tell nothing
            runs = [_only(r, asked) for r in runs]
            result = report.between_runs(runs[0], runs[1], limit, (names[0], names[1]))
        else:
            earlier = earlier_runs.earlier_runs(runs[0], runs[1], args.store, args.earlier)
            result = report.between_runs(
                runs[0], runs[1], limit, (names[0], names[1]), earlier, asked,
                runs_a_side=runs_a_side,
            )  # fmt: skip
        if not result.rows and not result.not_measured:
            if asked:
                raise UsageError(
                    f"{args.old} and {args.new}: no case in common matches {globs.describe()}"
                )
            raise UsageError(f"{args.old} and {args.new} have no case in common")
    _show(
        args,
        lambda: report.markdown(result, args.all),
        lambda: report.render(result, console(), args.all),
    )
    outcome: Outcome = result.outcome
    return outcome.exit_code


def _only(run: RunFile, asked: Callable[[CaseRecord], bool] | None) -> RunFile:
    if asked is None:
        return run
    return msgspec.structs.replace(run, cases=[c for c in run.cases if asked(c)])


def _show(
    args: argparse.Namespace, markdown: Callable[[], str], terminal: Callable[[], None]
) -> None:
    """The comparison as markdown (to -o or stdout) or in the terminal."""
    if (args.format or ("md" if args.output else "terminal")) == "md":
        text = markdown()
        if args.output:
            write_text_atomic(args.output, text)
        else:
            sys.stdout.write(text)
    else:
        terminal()
