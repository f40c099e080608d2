"""`hashbench show`: render a saved results file again."""

from __future__ import annotations

import argparse
from pathlib import Path

from hashbench.report import fidelity_terminal, terminal
from hashbench.report.console import console
from hashbench.results.files import load_any

NAME = "show"
HELP = "render a saved results file"
EXAMPLE = "hashbench show results/20261125-101500-quick.json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=Path)


def run(args: argparse.Namespace) -> int:
    data = load_any(args.file)
    if isinstance(data, dict):
        fidelity_terminal.render(data, console())
    else:
        terminal.render(data, console())
    return 0
