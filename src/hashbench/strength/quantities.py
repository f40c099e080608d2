"""Durations and memory sizes as people type them ("250ms", "0.5s", "64MiB", "4GiB").

A number without a unit is refused rather than guessed: 250 could be ms or s, 64 could be
MiB or bytes. Every error names the text and shows what is accepted.
"""

from __future__ import annotations

import math
import re

from hashbench.errors import UsageError

DURATION_UNITS = {"ns": 1.0, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9, "min": 60e9}
MEMORY_UNITS = {
    "b": 1,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
    "tib": 2**40,
    "kb": 10**3,
    "mb": 10**6,
    "gb": 10**9,
    "tb": 10**12,
}
_NUMBER = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([^\s0-9.].*?)?\s*$")


def _split(text: str, what: str, example: str) -> tuple[float, str]:
    match = _NUMBER.match(text)
    if not match:
        raise UsageError(f"{what} {text!r} is not a number with a unit (e.g. {example})")
    value = float(match.group(1))
    if not math.isfinite(value):
        raise UsageError(f"{what} {text!r} is not a finite number")
    unit = (match.group(2) or "").strip()
    if not unit:
        raise UsageError(f"{what} {text!r} needs a unit (e.g. {example})")
    return value, unit


def parse_duration_ns(text: str) -> float:
    """'250ms' → 250e6; units ns, us/µs, ms, s, min; must be above zero."""
    value, unit = _split(text, "duration", "250ms, 1s, 0.5s")
    scale = DURATION_UNITS.get(unit) or DURATION_UNITS.get(unit.lower())
    if scale is None:
        raise UsageError(
            f"duration {text!r}: unknown unit {unit!r}; use one of {', '.join(DURATION_UNITS)}"
        )
    if value <= 0:
        raise UsageError(f"duration {text!r} must be above zero")
    return value * scale


def parse_memory_bytes(text: str) -> int:
    """'64MiB' → 67108864; binary KiB/MiB/GiB/TiB, decimal kB/MB/GB/TB, B; at least 1 KiB."""
    value, unit = _split(text, "memory size", "64MiB, 4GiB")
    scale = MEMORY_UNITS.get(unit.lower())
    if scale is None:
        raise UsageError(
            f"memory size {text!r}: unknown unit {unit!r}; use KiB, MiB, GiB, TiB "
            "(powers of 1024), kB, MB, GB, TB (powers of 1000) or B"
        )
    size = int(value * scale)
    if size < 1024:
        raise UsageError(f"memory size {text!r} is below 1 KiB")
    return size


def memory_text(size: int) -> str:
    """64 MiB, 4 GiB, 1.5 GiB, 324 KiB: the way a memory size is typed back (at most three
    significant digits)."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{size / 2**10:.3g} KiB"
