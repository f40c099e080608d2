"""`hashbench build`: compile the catalog and build every runner whose toolchain is here."""

from __future__ import annotations

import argparse

from hashbench.command_support.options import runner_names
from hashbench.runner.build import build_all

NAME = "build"
HELP = "build the runners whose toolchain is present (skips the others, saying why)"
EXAMPLE = "hashbench build rust go"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("runners", nargs="*", help="runner names (default: all)")


def run(args: argparse.Namespace) -> int:
    runner_names(args.runners)
    return 1 if build_all(args.runners or None) else 0
