"""Where runner processes run: on CPUs of their own, or wherever the kernel puts them.

On a machine whose CPUs differ in speed (this project's 2-vCPU VMs: one ran `openssl
speed` up to 19% slower than the other), a runner process's speed depends on the CPU it
lands on, and the samples of one process cannot tell that from the library's. Pinning
every measured runner process to the same CPU (and the orchestrator, which verifies and
writes while runners wait, to the others) takes that out: on this VM it halved the noise
a case's change is judged against in `compare` (a median ±9.3% pinned, ±20.8% not, over
four A/A pairs of the gate suite at 3 processes: lab/gate_check.py, gate.md as of
a9ef850). At one process, five pairs each way interleaved in one hour: unpinned, whole
runs moved −23% to +30% (pinned −1.3% to +3.4%) and a case's interval held the next
run's median 31% of the time (44% over all 34 pinned runs; docs/benchmarks/gate.md).
So `run` pins by default (`auto`).
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass

from hashbench.errors import UsageError


@dataclass(frozen=True)
class Placement:
    runner_cpus: frozenset[int] | None = None  # None: the kernel decides
    orchestrator_cpus: frozenset[int] | None = None
    pause_idle: bool = True  # idle runner processes stopped while another is asked (pool.py)

    def describe(self) -> str:
        if self.runner_cpus is None:
            where = "unpinned"
        else:
            where = f"runners on CPU {_cpus(self.runner_cpus)}"
            if self.orchestrator_cpus:
                where += f", orchestrator on CPU {_cpus(self.orchestrator_cpus)}"
        return where + ("" if self.pause_idle else ", idle runners left running")

    def pin_runner(self) -> None:
        """In a runner's process before exec: its CPUs (no-op when unpinned)."""
        if self.runner_cpus is not None:
            os.sched_setaffinity(0, self.runner_cpus)

    def pin_orchestrator(self) -> None:
        if self.orchestrator_cpus:
            os.sched_setaffinity(0, self.orchestrator_cpus)


def _cpus(cpus: frozenset[int]) -> str:
    return ",".join(str(c) for c in sorted(cpus))


def choose(spec: str, pause_idle: bool = True) -> Placement:
    """As `_where`, with idle runner processes stopped or not."""
    return dataclasses.replace(_where(spec), pause_idle=pause_idle)


def _where(spec: str) -> Placement:
    """`none`; `auto` (the runners on the last CPU this process may use, the orchestrator
    on the rest; unpinned with a single CPU); or a list of CPUs for the runners, e.g. `1`
    or `2,3` (the orchestrator then on the others)."""
    allowed = frozenset(os.sched_getaffinity(0))
    if spec == "none":
        return Placement()
    if spec == "auto":
        if len(allowed) < 2:
            return Placement()
        last = max(allowed)
        return Placement(frozenset({last}), allowed - {last})
    try:
        runners = frozenset(int(c) for c in spec.split(","))
    except ValueError:
        raise UsageError(
            f"--placement {spec!r}: none, auto, or CPU numbers like 1 or 2,3"
        ) from None
    if not runners <= allowed:
        raise UsageError(
            f"--placement {spec!r}: CPU {_cpus(runners - allowed)} is not available here "
            f"(available: {_cpus(allowed)})"
        )
    return Placement(runners, (allowed - runners) or None)
