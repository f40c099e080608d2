"""The `hashbench` command line. Exit codes: 0 all good, 1 a case failed or was
unverified, 2 bad usage or configuration."""

from __future__ import annotations

import argparse
import sys

from hashbench.errors import UsageError


def _cmd_build(args: argparse.Namespace) -> int:
    from hashbench.runner.build import build_all

    return 1 if build_all(args.runners or None) else 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="hashbench", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the runners whose toolchain is present")
    b.add_argument("runners", nargs="*", help="runner names (default: all)")
    b.set_defaults(func=_cmd_build)
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
