"""The `hashbench` command line: the parser is built from the modules of commands/.

Exit codes: 0 all good, 1 a case failed or was unverified, 2 bad usage or configuration."""

from __future__ import annotations

import argparse
import sys

from hashbench import __version__
from hashbench.commands import modules
from hashbench.errors import UsageError


def parser() -> argparse.ArgumentParser:
    commands = modules()
    listing = "\n".join(f"  {m.NAME:<10} {m.HELP}" for m in commands)
    p = argparse.ArgumentParser(
        prog="hashbench",
        description="Benchmark password hashes and fast hashes across language runtimes.",
        epilog=f"commands:\n{listing}\n\nexit codes: 0 all good, 1 a case failed or was "
        "unverified, 2 bad usage or configuration",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"hashbench {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in commands:
        cmd = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=module.HELP,
            epilog=f"example:\n  {module.EXAMPLE}",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(cmd)
        cmd.set_defaults(func=module.run)
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
