"""Valgrind's cachegrind as the wrapper of a counted runner process, and what it wrote.

A counted process runs under `setarch -R` (no address randomisation: where the heap and
stacks land changes neither the instructions nor, with it off, the simulated cache sets)
and `valgrind --tool=cachegrind`, which counts every instruction the process executes
(and with `--cache-sim=yes` simulates an I1/D1/LL hierarchy). The cache geometry is fixed
here, not read from the host, so a count does not depend on the machine it was made on:
32 KiB 8-way first-level caches and an 8 MiB 16-way last level, 64-byte lines (a common
x86-64 of the last decade; argon2 at 19 MiB and scrypt at 16 MiB do not fit in it).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

CACHES = ("--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64")


def missing() -> str | None:
    """What is missing to count, or None."""
    for tool, package in (("valgrind", "valgrind"), ("setarch", "util-linux")):
        if shutil.which(tool) is None:
            return f"{tool} not found (Debian package {package}; make setup installs it)"
    return None


def version() -> str:
    try:
        done = subprocess.run(
            ["valgrind", "--version"], capture_output=True, text=True, timeout=30, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip()


def wrapper(out_file: Path | None, cache_sim: bool) -> list[str]:
    """The command a counted runner's launch command is put behind; `out_file` None
    gives the command as a results file records it."""
    command = ["setarch", "-R", "valgrind", "--tool=cachegrind", "--branch-sim=no"]
    command.append(f"--cache-sim={'yes' if cache_sim else 'no'}")
    if cache_sim:
        command += CACHES
    command.append(f"--cachegrind-out-file={out_file if out_file else '<file>'}")
    return command


class NoCounts(Exception):
    """Cachegrind wrote no totals (the process died under it, or the file is not its)."""


def read_totals(out_file: Path) -> dict[str, int]:
    """The `summary:` line of a cachegrind output file, by the names of its `events:`."""
    try:
        text = out_file.read_text(errors="replace")
    except OSError as exc:
        raise NoCounts(f"no cachegrind output ({exc.strerror or exc})") from None
    events: list[str] = []
    for line in text.splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("summary:"):
            values = line.split()[1:]
            if events and len(values) == len(events) and all(v.isdigit() for v in values):
                return {e: int(v) for e, v in zip(events, values, strict=True)}
            break
    raise NoCounts(f"{out_file.name}: no summary line cachegrind would write")
