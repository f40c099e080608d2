"""Options several commands take, checked one way: runner names, regex filters, a
threshold; and where a rendered report goes (-o)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hashbench.errors import UsageError
from hashbench.results.files import write_text_atomic
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
