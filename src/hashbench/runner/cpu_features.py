"""The CPU a counted library sees: a small CPUID probe (cpuid_probe.c) run natively and
under Valgrind. Valgrind's CPU is not the host's: it hides what its translator cannot
execute (AVX-512 in 3.19), so a library that picks its code by CPUID may count another
path than it runs natively. A counted run records both lists and prints them beside its
figures (docs/instructions.md)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from hashbench import paths

SOURCE = Path(__file__).with_name("cpuid_probe.c")


@dataclass(frozen=True)
class Features:
    native: list[str]
    valgrind: list[str]

    @property
    def hidden(self) -> list[str]:
        """What the host has and Valgrind's CPU does not show."""
        return [f for f in self.native if f not in self.valgrind]


def _probe() -> Path | None:
    """The probe, compiled once into build/ (None without a C compiler)."""
    exe = paths.root() / "build" / "cpuid-probe"
    if exe.exists() and exe.stat().st_mtime >= SOURCE.stat().st_mtime:
        return exe
    exe.parent.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(
            ["cc", "-O1", "-o", str(exe), str(SOURCE)], capture_output=True, timeout=120, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return exe


def _run(command: list[str]) -> list[str]:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    except (OSError, subprocess.SubprocessError):
        return []
    return done.stdout.split()


def detect() -> Features:
    """The features natively and under Valgrind; empty lists when the probe cannot run."""
    exe = _probe()
    if exe is None:
        return Features([], [])
    return Features(_run([str(exe)]), _run(["valgrind", "-q", "--tool=none", str(exe)]))
