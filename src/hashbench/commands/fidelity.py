"""`hashbench fidelity`: vectors, interop matrix, edge-case probes, library defaults."""

from __future__ import annotations

import argparse
from pathlib import Path

from hashbench.commands.keep import keep_in_history
from hashbench.commands.options import regex, runner_names
from hashbench.fidelity.run import run as run_fidelity
from hashbench.report import fidelity_terminal
from hashbench.report.console import console
from hashbench.store import default_location

NAME = "fidelity"
HELP = "vectors, interop matrix, edge-case probes, defaults"
EXAMPLE = "hashbench fidelity --runner rust --runner go"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--filter", help="regex on implementation ids")
    p.add_argument("--runner", action="append", help="only this runner (repeatable)")
    p.add_argument("--out", type=Path, help="results file (default results/<time>-fidelity.json)")
    p.add_argument("--store", help="history store: SQLite path or postgresql://… (default: user's)")
    p.add_argument("--no-store", action="store_true", help="do not keep this run in the history")


def run(args: argparse.Namespace) -> int:
    out = console()
    data, path = run_fidelity(
        regex("--filter", args.filter), args.out, out, runner_names(args.runner)
    )
    fidelity_terminal.render(data, out)
    out.print(f"\nfidelity results: {path}")
    keep_in_history(data, path, None if args.no_store else (args.store or default_location()), out)
    return 1 if any(o["status"] == "fail" for o in data["kat"]) else 0
