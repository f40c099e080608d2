"""The `hashbench` command line: the parser is built from the modules of commands/.

Exit codes, one meaning each: 0 all verified; 1 a finding of the run (a failed or
unverified case, a regression from `compare`); 2 bad usage or input; 3 an internal
error — a bug: a short message, and the traceback saved to a log file named on stderr."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
import traceback
from pathlib import Path

from hashbench import __version__
from hashbench.commands import modules
from hashbench.errors import UsageError


def parser() -> argparse.ArgumentParser:
    commands = modules()
    listing = "\n".join(f"  {m.NAME:<10} {m.HELP}" for m in commands)
    p = argparse.ArgumentParser(
        prog="hashbench",
        description="Benchmark password hashes and fast hashes across language runtimes.",
        epilog=f"commands:\n{listing}\n\nexit codes: 0 all good; 1 a finding (a case failed or "
        "was unverified;\n  compare: a significant regression); 2 bad usage or input; 3 an "
        "internal error; 130 interrupted",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"hashbench {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", help="one of the commands below")
    for module in commands:
        cmd = sub.add_parser(  # no help=: the epilog lists the commands, one line each
            module.NAME,
            description=module.HELP,
            epilog=f"example:\n  {module.EXAMPLE}",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(cmd)
        cmd.set_defaults(func=module.run)
    return p


INTERNAL_ERROR = 3


def _log_internal_error(exc: BaseException) -> str:
    """Save the traceback where a bug report can pick it up; return the path."""
    folder = Path(tempfile.gettempdir()) / "hashbench-errors"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    fd, path = tempfile.mkstemp(prefix=f"{stamp}-", suffix=".log", dir=folder)
    with os.fdopen(fd, "w") as f:
        f.write(f"hashbench {__version__}: {' '.join(sys.argv)}\n\n")
        f.write("".join(traceback.format_exception(exc)))
    return path


def main(argv: list[str] | None = None) -> int:
    top = parser()
    args = top.parse_args(argv)
    if args.command is None:  # `hashbench` alone: what it can do, as `--help` shows it
        top.print_help()
        return 0
    try:
        return int(args.func(args))
    except UsageError as exc:
        print(f"hashbench: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hashbench: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: say so briefly, keep the details
        log = _log_internal_error(exc)
        print(
            f"hashbench: internal error ({type(exc).__name__}: {exc}); "
            f"this is a bug — the traceback is in {log}",
            file=sys.stderr,
        )
        return INTERNAL_ERROR
