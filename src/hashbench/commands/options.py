"""Argument helpers shared by several commands: runner names and regex filters."""

from __future__ import annotations

import re

from hashbench.errors import UsageError
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
