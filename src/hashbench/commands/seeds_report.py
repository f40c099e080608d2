"""`hashbench seeds-report`: docs/seeds.md from one or more `seeds` runs — each seed's
published table beside hashbench's measurement of the same work."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hashbench import paths
from hashbench.catalog import seeds
from hashbench.command_support.options import output, write_output
from hashbench.errors import UsageError
from hashbench.measure import openssl_speed
from hashbench.model.strength import StrengthFile
from hashbench.report.seeds.page import Source, render
from hashbench.results import openssl_speed_file
from hashbench.results.files import load, load_any

NAME = "seeds-report"
HELP = "each seed benchmark's published table beside a `seeds` run (docs/seeds.md)"
EXAMPLE = (
    "hashbench seeds-report results/*-seeds.json --openssl-speed results/openssl-speed.json"
    " -o docs/seeds.md"
)
SIZES = [16, 64, 256, 1024, 8192, 16384]  # the Crystal seed's block sizes
DIGESTS = ["md5", "sha256", "blake2b512"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("results", type=Path, nargs="+", help="results files of a seeds run (or parts)")
    p.add_argument("-o", "--output", type=Path, help="write to this file (default: stdout)")
    p.add_argument(
        "--strength",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="a `hashbench strength` results file answering a seed's equal-strength "
        "question (repeatable)",
    )
    speed = p.add_mutually_exclusive_group()
    speed.add_argument(
        "--openssl-speed", type=Path, metavar="FILE", help="`openssl speed` recorded earlier"
    )
    speed.add_argument(
        "--measure-openssl-speed",
        type=Path,
        metavar="FILE",
        help="run `openssl speed` now (md5, sha256, blake2b512 over the Crystal seed's "
        "sizes, 1 s each) and record it in FILE",
    )


def _shown(path: Path) -> str:
    """A path as the page names it: relative to the repository when inside it."""
    try:
        return str(path.resolve().relative_to(paths.root()))
    except ValueError:
        return str(path)


def _command(args: argparse.Namespace) -> str:
    parts = ["hashbench", NAME, *(_shown(p) for p in args.results)]
    if args.openssl_speed or args.measure_openssl_speed:
        parts += ["--openssl-speed", _shown(args.openssl_speed or args.measure_openssl_speed)]
    for path in args.strength:
        parts += ["--strength", _shown(path)]
    if args.output:
        parts += ["-o", _shown(args.output)]
    return " ".join(parts)


def _strength(path: Path) -> StrengthFile:
    loaded = load_any(path)
    if not isinstance(loaded, StrengthFile) or loaded.command != "strength":
        raise UsageError(f"--strength {path}: not a `hashbench strength` results file")
    return loaded


def run(args: argparse.Namespace) -> int:
    output(args.output)
    output(args.measure_openssl_speed, "--measure-openssl-speed")
    sources = [Source(path, load(path)) for path in args.results]
    if args.measure_openssl_speed:
        speed = openssl_speed.measure(DIGESTS, SIZES)
        openssl_speed_file.save(speed, args.measure_openssl_speed)
        print(f"openssl speed: {args.measure_openssl_speed}", file=sys.stderr)
    elif args.openssl_speed:
        speed = openssl_speed_file.load(args.openssl_speed)
    else:
        speed = None
    strengths = [(path.name, _strength(path)) for path in args.strength]
    found = seeds.load()
    if not found:
        raise UsageError(f"no seed files in {paths.catalog_dir() / 'seeds'}")
    text = render(found, sources, speed, _command(args), strengths)
    write_output(text, args.output, "seeds report")
    return 0
