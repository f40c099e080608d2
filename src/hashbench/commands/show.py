"""`hashbench show`: render a saved results file again, in the terminal or as a file."""

from __future__ import annotations

import argparse
from pathlib import Path

import msgspec

from hashbench.command_support.options import output, write_output
from hashbench.errors import UsageError
from hashbench.model.fidelity import FidelityFile
from hashbench.model.strength import StrengthFile
from hashbench.report import fidelity_terminal, strength_terminal, terminal
from hashbench.report.console import console
from hashbench.report.export import FORMATS, html, strength_markdown
from hashbench.results.files import load_any

NAME = "show"
HELP = "render a saved results file (terminal, or md, csv, json, bmf, html)"
EXAMPLE = "hashbench show results/20261125-101500-quick.json --format html -o report.html"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=Path)
    p.add_argument("--format", help=f"one of {', '.join(FORMATS)} (default: the terminal report)")
    p.add_argument("-o", "--output", type=Path, help="write to this file (default: stdout)")
    p.add_argument("--brief", action="store_true", help="the top few of each group")
    p.add_argument(
        "-v", "--verbose", action="store_true", help="each case's warnings in words, not a letter"
    )


def run(args: argparse.Namespace) -> int:
    if args.format is not None and args.format not in FORMATS:
        raise UsageError(f"unknown format {args.format!r}; known: {', '.join(FORMATS)}")
    output(args.output)
    data = load_any(args.file)
    if args.format is None:
        if isinstance(data, FidelityFile):
            fidelity_terminal.render(data, console())
        elif isinstance(data, StrengthFile):
            strength_terminal.render(data, console())
        else:
            terminal.render(data, console(), brief=args.brief, verbose=args.verbose)
        return 0
    if isinstance(data, FidelityFile):
        if args.format != "html":
            raise UsageError(f"{args.file}: a fidelity file exports as html only")
        text = html.render_fidelity(data)
    elif isinstance(data, StrengthFile):
        if args.format not in ("json", "md"):
            raise UsageError(f"{args.file}: a {data.command} file exports as json or md")
        if args.format == "md":
            text = strength_markdown.render(data)
        else:
            text = msgspec.json.format(msgspec.json.encode(data), indent=1).decode() + "\n"
    else:
        text = FORMATS[args.format](data)
    write_output(text, args.output, args.format)
    return 0
