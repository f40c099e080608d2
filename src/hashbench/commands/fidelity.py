"""`hashbench fidelity`: vectors, interop matrix, edge-case probes, library defaults.

Usable as a CI gate: the exit code is 0 when every divergence found is a known one
(catalog/known-divergences.toml), 1 when one is new or a known one is gone (among the
implementations that ran), 2 on bad usage. `--json` prints the findings alone on stdout
(known, new, gone), the report going to stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import msgspec
from rich.console import Console

from hashbench.command_support.deprecated import FlagFor, Renamed
from hashbench.command_support.history_keeping import keep_in_history
from hashbench.command_support.options import output, regex, runner_names
from hashbench.fidelity.run import run as run_fidelity
from hashbench.report import fidelity_terminal
from hashbench.report.console import console
from hashbench.store import default_location

NAME = "fidelity"
HELP = "vectors, interop matrix, edge-case probes, defaults; exit 1 on a new or gone divergence"
EXAMPLE = "hashbench fidelity --runner rust --runner go --format json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--filter-regex", help="regex on implementation ids")
    p.add_argument("--filter", dest="filter_regex", action=Renamed, new="--filter-regex")
    p.add_argument("--runner", action="append", help="only this runner (repeatable)")
    p.add_argument("--out", type=Path, help="results file (default results/<time>-fidelity.json)")
    p.add_argument(
        "--known",
        type=Path,
        help="known divergences to compare with (default catalog/known-divergences.toml)",
    )
    p.add_argument(
        "--format",
        choices=["table", "json"],
        default="table",
        help="json: the findings (known, new, gone) on stdout, the report on stderr",
    )
    p.add_argument("--json", dest="format", action=FlagFor, new="--format json", value="json")
    p.add_argument("--store", help="history store: SQLite path or postgresql://… (default: user's)")
    p.add_argument("--no-store", action="store_true", help="do not keep this run in the history")


def run(args: argparse.Namespace) -> int:
    output(args.out, "--out")
    as_json = args.format == "json"
    out = Console(stderr=True) if as_json else console()
    data, path = run_fidelity(
        regex("--filter-regex", args.filter_regex),
        args.out,
        out,
        runner_names(args.runner),
        args.known,
    )
    fidelity_terminal.render(data, out)
    out.print(f"\nfidelity results: {path}")
    keep_in_history(data, path, None if args.no_store else (args.store or default_location()), out)
    findings = data.findings
    assert findings is not None  # a finished run's
    if as_json:
        sys.stdout.write(msgspec.json.format(msgspec.json.encode(findings), indent=1).decode())
        sys.stdout.write("\n")
    return 1 if findings.new or findings.gone else 0
