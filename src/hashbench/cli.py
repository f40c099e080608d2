"""The `hashbench` command line. Exit codes: 0 all good, 1 a case failed or was
unverified, 2 bad usage or configuration."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from rich.console import Console

from hashbench.errors import UsageError


def console() -> Console:
    """Rich wraps tables at 80 columns when output is not a terminal; reports need more."""
    probe = Console()
    return probe if probe.is_terminal else Console(width=160)


def _runner_names(names: list[str] | None) -> set[str] | None:
    """The --runner / build names, refused with the list of known runners if one is not."""
    if not names:
        return None
    from hashbench.runner.manifest import load_all

    known = sorted(m.name for m in load_all())
    unknown = sorted(set(names) - set(known))
    if unknown:
        raise UsageError(f"unknown runner {', '.join(unknown)}; known: {', '.join(known)}")
    return set(names)


def _cmd_build(args: argparse.Namespace) -> int:
    from hashbench.runner.build import build_all

    _runner_names(args.runners)
    return 1 if build_all(args.runners or None) else 0


def _cmd_list(args: argparse.Namespace) -> int:
    from hashbench.listing import print_list

    return print_list(args.json, console())


def _cmd_doctor(args: argparse.Namespace) -> int:
    from hashbench.listing import doctor

    return doctor(console())


def _cmd_run(args: argparse.Namespace) -> int:
    from hashbench.bench import run_suite
    from hashbench.run import Options

    if args.filter:
        try:
            re.compile(args.filter)
        except re.error as exc:
            raise UsageError(f"--filter {args.filter!r} is not a valid regex: {exc}") from exc
    if args.budget is not None and args.budget <= 0:
        raise UsageError("--budget must be a positive number of seconds")
    options = Options(budget=args.budget, target_ci=args.target_ci, filter=args.filter)
    return run_suite(args.suite, options, args.out, console(), _runner_names(args.runner))


def _cmd_show(args: argparse.Namespace) -> int:
    from hashbench.report import fidelity_terminal, terminal
    from hashbench.results.store import load

    data = load(args.file)
    if data["schema"] == "hashbench-fidelity":
        fidelity_terminal.render(data, console())
    else:
        terminal.render(data, console())
    return 0


def _cmd_fidelity(args: argparse.Namespace) -> int:
    from hashbench.fidelity.report import run
    from hashbench.report import fidelity_terminal

    if args.filter:
        try:
            re.compile(args.filter)
        except re.error as exc:
            raise UsageError(f"--filter {args.filter!r} is not a valid regex: {exc}") from exc
    out = console()
    data, path = run(args.filter, args.out, out, _runner_names(args.runner))
    fidelity_terminal.render(data, out)
    out.print(f"\nfidelity results: {path}")
    return 1 if any(o["status"] == "fail" for o in data["kat"]) else 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="hashbench", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build", help="build the runners whose toolchain is present")
    b.add_argument("runners", nargs="*", help="runner names (default: all)")
    b.set_defaults(func=_cmd_build)

    ls = sub.add_parser("list", help="implementations and their availability")
    ls.add_argument("--json", action="store_true", help="machine-readable output")
    ls.set_defaults(func=_cmd_list)

    r = sub.add_parser("run", help="run a suite (default: quick)")
    r.add_argument("suite", nargs="?", default="quick", help="suite name or path to a .toml")
    r.add_argument("--filter", help="regex on '<impl> <group title>'")
    r.add_argument("--budget", type=float, help="seconds of sampling per case")
    r.add_argument(
        "--target-ci",
        type=float,
        dest="target_ci",
        help="stop when the 95%% CI of the median is within this fraction",
    )
    r.add_argument("--runner", action="append", help="only this runner (repeatable)")
    r.add_argument("--out", type=Path, help="results file (default results/<time>-<suite>.json)")
    r.set_defaults(func=_cmd_run)

    s = sub.add_parser("show", help="render a saved results file")
    s.add_argument("file", type=Path)
    s.set_defaults(func=_cmd_show)

    f = sub.add_parser("fidelity", help="vectors, interop matrix, edge-case probes, defaults")
    f.add_argument("--filter", help="regex on implementation ids")
    f.add_argument("--runner", action="append", help="only this runner (repeatable)")
    f.add_argument("--out", type=Path, help="results file (default results/<time>-fidelity.json)")
    f.set_defaults(func=_cmd_fidelity)

    d = sub.add_parser("doctor", help="toolchains, builds, timer resolution, loop overhead")
    d.set_defaults(func=_cmd_doctor)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except UsageError as exc:
        print(f"hashbench: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hashbench: interrupted", file=sys.stderr)
        return 130
