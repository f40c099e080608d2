"""Where `pick` and `card` read from: the files given (--results, --fidelity), and for
what none is given, this machine's newest runs in the history store."""

from __future__ import annotations

import argparse
from pathlib import Path

from hashbench.cards import inputs
from hashbench.store import DEFAULT_STORE_TEXT, default_location


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--results",
        type=Path,
        action="append",
        help="run results files to read (repeatable; default: this machine's newest in the store)",
    )
    p.add_argument(
        "--fidelity",
        type=Path,
        action="append",
        help="fidelity results files (repeatable; default: this machine's newest in the store)",
    )
    p.add_argument("--store", help=f"history store (default: {DEFAULT_STORE_TEXT})")


def load(args: argparse.Namespace, algs: list[str] | None, wanted: set[str]) -> inputs.Inputs:
    """The files given; for what none is given, this machine's newest in the store (the
    fidelity runs that cover the implementations `wanted`)."""
    given = inputs.from_files(args.results or [], args.fidelity or [])
    if args.results and args.fidelity:
        return given
    stored = inputs.from_store(
        args.store or default_location(),
        algs,
        wanted,
        runs=not args.results,
        fidelity=not args.fidelity,
    )
    return inputs.Inputs(
        records=given.records or stored.records,
        fidelity=given.fidelity or stored.fidelity,
    )
