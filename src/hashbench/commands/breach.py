"""`hashbench breach`: if the table of hashes leaks, how long and how much to crack its
passwords — per password policy (random passwords of 8–16 characters over the usual sets,
passphrases of 3–7 words, a given guess count, one password's zxcvbn estimate) and
attacker class (one GPU, a rig, rented GPUs, CPUs, an FPGA cracker), for parameters given
or read from a `calibrate` or `strength` results file. Measures nothing: the rates are
the strength model's (docs/strength.md), the same `hashbench strength` prints."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from hashbench import catalog
from hashbench.command_support.options import output, write_output
from hashbench.engine.suite import parse_params
from hashbench.errors import UsageError
from hashbench.model.strength import StrengthFile
from hashbench.report import breach_terminal
from hashbench.report.console import console
from hashbench.report.export.breach_formats import FORMATS
from hashbench.results.files import load_any
from hashbench.strength import attacker_classes, costing, estimator, policies, sources
from hashbench.strength.breach import Priced, breach, from_file

NAME = "breach"
HELP = "time and money to crack leaked hashes, by password policy and attacker class"
EXAMPLE = (
    "hashbench breach --alg bcrypt --params cost=10\n"
    "  hashbench breach results/20261201-101500-strength.json --format md -o breach.md\n"
    "  hashbench breach --alg argon2id --params m=65536,t=3,p=1 --estimate < password.txt"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", type=Path, help="a calibrate or strength results file")
    p.add_argument("--alg", help="a password hash (with --params), instead of a results file")
    p.add_argument("--params", help="its parameters, e.g. cost=10 or m=65536,t=3,p=1")
    p.add_argument(
        "--gpu",
        default=costing.DEFAULT_GPU,
        help=f"the GPU of the gpu, rig and rented classes: {', '.join(sources.attackers().gpus)} "
        f"(default {costing.DEFAULT_GPU})",
    )
    p.add_argument("--rig", type=int, default=12, help="GPUs in the rig (default 12)")
    p.add_argument("--rented", type=int, default=100, help="GPUs rented at once (default 100)")
    p.add_argument(
        "--charsets",
        help=f"character sets of the random rows: {', '.join(policies.CHARSETS)} (default all)",
    )
    p.add_argument("--lengths", help="lengths of the random rows, e.g. 8-16 (the default) or 12")
    p.add_argument("--guesses", help="one more row: a guess count, e.g. 1e12 or 2^40")
    p.add_argument(
        "--estimate",
        action="store_true",
        help="one more row: zxcvbn's guess number for a password read from standard input "
        "(never printed or kept)",
    )
    p.add_argument("--format", help=f"one of {', '.join(FORMATS)} (default: the terminal)")
    p.add_argument("-o", "--output", type=Path, help="write to this file (default: stdout)")


def _sets(args: argparse.Namespace) -> tuple[list[Priced], str]:
    if args.file is not None:
        if args.alg or args.params:
            raise UsageError("give a results file or --alg and --params, not both")
        if not args.file.is_file():
            raise UsageError(f"{args.file}: no such file")
        loaded = load_any(args.file)
        if not isinstance(loaded, StrengthFile) or loaded.command == "capacity":
            raise UsageError(f"{args.file}: not a calibrate or strength results file")
        sets = from_file(loaded)
        if not sets:
            raise UsageError(f"{args.file}: no parameter set with a result to price")
        return sets, str(args.file)
    if not args.alg:
        raise UsageError("give --alg and --params, or a calibrate or strength results file")
    spec = catalog.algorithm(args.alg)
    if spec.kind != "password":
        raise UsageError(f"--alg {args.alg}: not a password hash; breach prices password hashes")
    given = parse_params(args.params) if args.params else {}
    full = catalog.validate(args.alg, given)
    source = f"--alg {args.alg}" + (f" --params {shlex.quote(args.params)}" if args.params else "")
    return [Priced(args.alg, full)], source


def run(args: argparse.Namespace) -> int:
    if args.format is not None and args.format not in FORMATS:
        raise UsageError(f"unknown format {args.format!r}; known: {', '.join(FORMATS)}")
    output(args.output)
    counts = attacker_classes.Counts(gpu=args.gpu, rig=args.rig, rented=args.rented)
    sources.attackers().gpu(args.gpu)
    rows = policies.standard(policies.parse_charsets(args.charsets),
                             policies.parse_lengths(args.lengths))  # fmt: skip
    if args.guesses:
        rows.append(policies.given(policies.parse_count(args.guesses)))
    sets, source = _sets(args)
    if args.estimate:  # last: a bad option fails before the password is asked for
        rows.append(policies.estimated(estimator.from_stdin(), estimator.NAME))
    file = breach(sets, rows, counts, source)
    if args.format is None:
        breach_terminal.render(file, console())
        return 0
    write_output(FORMATS[args.format](file), args.output, args.format)
    return 0
