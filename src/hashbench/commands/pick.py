"""`hashbench pick`: which library to use — the cards of one runtime's implementations of
a password hash, ranked by a stated rule, with a reason for the top choice and for each
one ruled out (docs/pick.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from hashbench import catalog
from hashbench.cards import rank
from hashbench.cards.build import runtime as runtime_of
from hashbench.cards.choose import choose, resolve_runtime
from hashbench.catalog import libraries
from hashbench.catalog.libraries import LibraryRow
from hashbench.command_support import card_sources, fill_fidelity
from hashbench.command_support.options import output, write_output
from hashbench.engine.suite import parse_params
from hashbench.errors import UsageError
from hashbench.model.card import Weights
from hashbench.report import pick_terminal
from hashbench.report.console import console
from hashbench.report.export.pick_formats import FORMATS

NAME = "pick"
HELP = "which library: one runtime's implementations of an algorithm, ranked, with reasons"
EXAMPLE = (
    "hashbench pick --runtime node --alg argon2id\n"
    "  hashbench pick --runtime python --alg bcrypt --weights speed=2,fidelity=1 --format md\n"
    "  hashbench pick --alg bcrypt --results results/quick.json --fidelity results/fid.json"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--runtime", help="a runner (node, rust-native) or runtime (Rust); default all")
    p.add_argument("--alg", help="an algorithm (default: every password hash of the runtime)")
    p.add_argument("--params", help="compare speed at these parameters (needs --alg), e.g. cost=12")
    card_sources.add_arguments(p)
    p.add_argument(
        "--weights",
        default="speed=1,fidelity=1,ease=0.5",
        help="the score's weights, e.g. speed=2,fidelity=1,ease=0 (default %(default)s)",
    )
    p.add_argument(
        "--rule-out-at",
        type=int,
        default=rank.RULE_OUT_AT,
        choices=range(1, 6),
        help="rule out a divergence of this severity or worse (5 accepts a wrong password … "
        "1 cosmetic; default %(default)s: truncates or wraps a password)",
    )
    p.add_argument(
        "--allow-weak-defaults",
        action="store_true",
        help="do not rule out a library whose defaults are weaker than OWASP's minimum",
    )
    p.add_argument(
        "--no-measure",
        action="store_true",
        help="do not run the fidelity checks the candidates lack; name the command instead",
    )
    p.add_argument("--format", help=f"one of {', '.join(FORMATS)} (default: the terminal)")
    p.add_argument("-o", "--output", type=Path, help="write to this file (default: stdout)")


def weights(text: str) -> Weights:
    """ "speed=2,fidelity=1" → Weights (the others at their defaults); UsageError else."""
    values = rank.DEFAULT_WEIGHTS
    given: dict[str, float] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = item.partition("=")
        try:
            number = float(value)
        except ValueError:
            sep = ""
        if not sep or name not in rank.PARTS or not number >= 0:
            raise UsageError(
                f"--weights: {item!r} is not part=number with part one of "
                f"{', '.join(rank.PARTS)} and the number ≥ 0"
            )
        given[name] = number
    chosen = Weights(**{part: given.get(part, getattr(values, part)) for part in rank.PARTS})
    if not chosen.speed + chosen.fidelity + chosen.ease:
        raise UsageError("--weights: at least one weight must be above 0")
    return chosen


def _rows(runtime: str | None) -> list[LibraryRow]:
    """The catalog rows of the runtime (every row without one)."""
    return [row for row in libraries.load() if runtime is None or runtime_of(row.impl) == runtime]


def _algorithms(runtime: str | None) -> list[str]:
    """Every password hash with an implementation in the runtime, in catalog order."""
    offered = {alg for row in _rows(runtime) for alg in row.algorithms}
    return [
        a for a, spec in catalog.algorithms().items() if spec.kind == "password" and a in offered
    ]


def run(args: argparse.Namespace) -> int:
    if args.format is not None and args.format not in FORMATS:
        raise UsageError(f"unknown format {args.format!r}; known: {', '.join(FORMATS)}")
    if args.params and not args.alg:
        raise UsageError("--params needs --alg: parameters are an algorithm's")
    output(args.output)
    runtime = resolve_runtime(args.runtime) if args.runtime else None
    if args.alg:
        catalog.algorithm(args.alg)
    algs = [args.alg] if args.alg else _algorithms(runtime)
    params = parse_params(args.params) if args.params else None
    rule = rank.rule(weights(args.weights), args.rule_out_at, not args.allow_weak_defaults)
    wanted = {
        row.impl for row in _rows(runtime) if row.available and set(row.algorithms) & set(algs)
    }
    data = card_sources.load(args, algs, wanted)
    picks = [choose(data, alg, runtime, rule, params) for alg in algs]
    runners = [] if args.fidelity or args.no_measure else fill_fidelity.lacking(picks)
    if runners and fill_fidelity.measure(runners, args.store):
        data = card_sources.load(args, algs, wanted)
        picks = [choose(data, alg, runtime, rule, params) for alg in algs]
    if args.format is None:
        out = console()
        for n, pick in enumerate(picks):
            if n:
                out.print()
            pick_terminal.render(pick, out)
        return 0
    write_output(FORMATS[args.format](picks), args.output, args.format)
    return 0
