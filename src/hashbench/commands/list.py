"""`hashbench list`: implementations, versions, backends, and why some are unavailable."""

from __future__ import annotations

import argparse
import json

from rich.table import Table

from hashbench.report.console import console
from hashbench.runner.inventory import inventory
from hashbench.runner.pool import RunnerPool

NAME = "list"
HELP = "implementations and their availability"
EXAMPLE = "hashbench list --json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    out = console()
    with RunnerPool() as pool:
        pool.start()
        rows = inventory(pool)
        skipped = dict(pool.unavailable)
    if args.json:
        print(json.dumps({"implementations": rows, "skipped_runners": skipped}, indent=1))
        return 0
    table = Table(header_style="bold", box=None)
    for col in ("implementation", "library", "version", "backend", "algorithms", "status"):
        table.add_column(col)
    for r in rows:
        status = (
            "[green]available[/]" if r["available"] else f"[yellow]unavailable[/]: {r['reason']}"
        )
        table.add_row(
            r["impl"], r["library"], r["version"], r["backend"], " ".join(r["algorithms"]), status
        )
    out.print(table)
    for name, why in skipped.items():
        out.print(f"[yellow]runner {name} skipped[/]: {why}")
    n = sum(r["available"] for r in rows)
    out.print(f"{n} implementations available, {len(rows) - n} unavailable")
    return 0
