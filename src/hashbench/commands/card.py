"""`hashbench card`: the library cards of some implementations — speed at each of their
algorithms' reference cases, divergences worst first, ease of use, defaults, build —
and the command that measures whatever this machine has not (docs/pick.md)."""

from __future__ import annotations

import argparse
import fnmatch
from pathlib import Path

from hashbench.cards import build, reference
from hashbench.catalog import libraries
from hashbench.command_support import card_sources
from hashbench.command_support.options import output, write_output
from hashbench.errors import UsageError
from hashbench.report import card_terminal
from hashbench.report.console import console
from hashbench.report.export.card_formats import FORMATS

NAME = "card"
HELP = "library cards: speed, divergences, ease of use, defaults and build of implementations"
EXAMPLE = "hashbench card python/bcrypt 'node/*argon2*' --format md"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("impl", nargs="+", help="implementation ids or globs, e.g. 'node/*'")
    card_sources.add_arguments(p)
    p.add_argument("--format", help=f"one of {', '.join(FORMATS)} (default: the terminal)")
    p.add_argument("-o", "--output", type=Path, help="write to this file (default: stdout)")


def _asked_at(impl: str, globs: list[str]) -> int:
    return next(n for n, g in enumerate(globs) if fnmatch.fnmatchcase(impl, g))


def run(args: argparse.Namespace) -> int:
    if args.format is not None and args.format not in FORMATS:
        raise UsageError(f"unknown format {args.format!r}; known: {', '.join(FORMATS)}")
    output(args.output)
    rows = libraries.load()
    chosen = {r.impl for r in rows if any(fnmatch.fnmatchcase(r.impl, g) for g in args.impl)}
    if not chosen:
        raise UsageError(f"no implementation matches {' '.join(args.impl)} (see hashbench list)")
    algs = sorted({a for r in rows if r.impl in chosen for a in r.algorithms})
    data = card_sources.load(args, algs, chosen)
    refs = reference.references(algs, [rec for rec, _ in data.records])
    cards = build.build(data, refs, lambda row: row.impl in chosen)
    cards.sort(key=lambda c: (_asked_at(c.impl, args.impl), c.impl))  # in the order asked
    if args.format is None:
        card_terminal.render(cards, console())
        return 0
    write_output(FORMATS[args.format](cards), args.output, args.format)
    return 0
