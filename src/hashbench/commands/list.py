"""`hashbench list`: implementations, versions, backends, and why some are unavailable."""

from __future__ import annotations

import argparse
import json

from hashbench.command_support.deprecated import FlagFor
from hashbench.report import inventory as inventory_report
from hashbench.report.console import console
from hashbench.runner.inventory import inventory
from hashbench.runner.pool import RunnerPool

NAME = "list"
HELP = "implementations and their availability"
EXAMPLE = "hashbench list --format json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--format", choices=["table", "json"], default="table", help="table (default) or json"
    )
    p.add_argument("--json", dest="format", action=FlagFor, new="--format json", value="json")


def run(args: argparse.Namespace) -> int:
    out = console()
    with RunnerPool() as pool:
        pool.start()
        rows = inventory(pool)
        skipped = dict(pool.unavailable)
    if args.format == "json":
        print(json.dumps({"implementations": rows, "skipped_runners": skipped}, indent=1))
        return 0
    inventory_report.render(rows, skipped, out)
    return 0
