"""`hashbench compare`: two runs case by case (a CI gate), or implementations within one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hashbench.command_support import options
from hashbench.errors import UsageError
from hashbench.model import RunFile
from hashbench.report import comparison
from hashbench.report.console import console
from hashbench.results.files import load, write_text_atomic
from hashbench.store import StoreError, open_store

NAME = "compare"
HELP = "compare two runs case by case (exit 1 on a significant regression), or to --reference"
EXAMPLE = (
    "hashbench compare results/old.json results/new.json --threshold 5% --format md\n"
    "  hashbench compare results/run.json --reference c/openssl"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("old", help="the baseline: a results file, or a run id of the history store")
    p.add_argument("new", nargs="?", help="the run to judge: a results file or a run id")
    p.add_argument("--store", help="history store for run ids (default: the user's)")
    p.add_argument(
        "--threshold",
        default="5%",
        help="smallest change that counts as a regression (default 5%%)",
    )
    p.add_argument("--reference", help="within one run: each implementation against this one")
    p.add_argument("--format", choices=["terminal", "md"], help="default: terminal, or md with -o")
    p.add_argument(
        "--all", action="store_true", help="list every case, not only the significant changes"
    )
    p.add_argument("-o", "--output", type=Path, help="write the markdown to this file")


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


def run(args: argparse.Namespace) -> int:
    limit = options.threshold(args.threshold)
    if args.reference:
        if args.new is not None:
            raise UsageError("--reference compares within one run: give one results file")
        result = comparison.against_reference(load_run(args.old, args.store), args.reference, limit)
        if not result.rows:
            raise UsageError(f"{args.old}: no valid case of {args.reference} shares a group")
    else:
        if args.new is None:
            raise UsageError("compare needs two results files (or one with --reference)")
        old, new = load_run(args.old, args.store), load_run(args.new, args.store)
        names = (str(args.old), str(args.new))
        result = comparison.between_runs(old, new, limit, names)
        if not result.rows and not result.not_measured:
            raise UsageError(f"{args.old} and {args.new} have no case in common")
    if (args.format or ("md" if args.output else "terminal")) == "md":
        text = comparison.markdown(result, args.all)
        if args.output:
            write_text_atomic(args.output, text)
        else:
            sys.stdout.write(text)
    else:
        comparison.render(result, console(), args.all)
    return 1 if result.regressions or result.run_regression else 0
