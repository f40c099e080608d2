"""Options several commands take, checked one way: runner names, the globs and regex that
select cases, a threshold; and where a rendered report goes (-o)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from hashbench.command_support.deprecated import Renamed
from hashbench.engine.selection import Selection, split
from hashbench.errors import UsageError
from hashbench.results.files import check_output, write_text_atomic
from hashbench.runner.manifest import load_all


def runner_names(names: list[str] | None) -> set[str] | None:
    """The --runner / build names, refused with the list of known runners if one is not."""
    if not names:
        return None
    known = sorted(m.name for m in load_all())
    unknown = sorted(set(names) - set(known))
    if unknown:
        raise UsageError(f"unknown runner {', '.join(unknown)}; known: {', '.join(known)}")
    return set(names)


def regex(flag: str, pattern: str | None) -> str | None:
    if pattern:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise UsageError(f"{flag} {pattern!r} is not a valid regex: {exc}") from exc
    return pattern


CASE_GLOBS = (
    ("impl", "implementation id, e.g. 'rust/*'"),
    ("alg", "algorithm, e.g. bcrypt or 'argon2*'"),
    ("op", "operation: hash, verify, derive, hash_verify, digest"),
    ("mode", "digest mode: oneshot, new, reset"),
    ("size", "digest input size in bytes, e.g. 16,1024"),
)


def add_case_globs(p: argparse.ArgumentParser, title: str, with_regex: bool = True) -> None:
    """--impl, --alg, --op, --mode, --size (and --filter-regex): shell-style globs on the
    fields of a case id, each repeatable or comma-separated."""
    pick = p.add_argument_group(title)
    for name, what in CASE_GLOBS:
        pick.add_argument(f"--{name}", action="append", help=f"{what} (repeatable, or a,b)")
    if with_regex:
        pick.add_argument("--filter-regex", help="regex on '<impl> <group title>'")
        pick.add_argument("--filter", dest="filter_regex", action=Renamed, new="--filter-regex")


def case_globs(args: argparse.Namespace) -> Selection:
    return Selection(
        impl=split(args.impl),
        alg=split(args.alg),
        op=split(args.op),
        mode=split(args.mode),
        size=split(args.size),
        regex=regex("--filter-regex", getattr(args, "filter_regex", None)),
    )


def output(path: Path | None, flag: str = "-o", *, folder: bool = False) -> None:
    """An output path given, checked before any work starts (results.files.check_output)."""
    if path is not None:
        check_output(path, flag, folder=folder)


def write_output(text: str, path: Path | None, what: str) -> None:
    """A rendered report to stdout, or whole to the -o file (saying where on stderr)."""
    if path is None:
        sys.stdout.write(text)
    else:
        write_text_atomic(path, text)
        print(f"{what}: {path}", file=sys.stderr)


def threshold(text: str) -> float:
    """ "5%", "5" and "0.05" all mean five percent."""
    raw = text.strip().rstrip("%")
    try:
        value = float(raw)
    except ValueError:
        raise UsageError(f"--threshold {text!r} is not a percentage (e.g. 5%)") from None
    if text.strip().endswith("%") or value >= 1:
        value /= 100
    if not 0 <= value < 10 or value != value:
        raise UsageError(f"--threshold {text!r} out of range")
    return value
