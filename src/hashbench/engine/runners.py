"""What the engine needs of the runners, and nothing more: the implementations they
serve, one request to an implementation in a given process of its runner, further
processes, and three facts per runner. `RunnerPool` is it in a run; a scheduler test puts
a fake behind the same interface (tests/fake_runners.py), so rounds, stopping, warm-up
and restarts are tested in-process on hand-made timings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from hashbench.runner.pool import Implementation
from hashbench.runner.protocol import Reply, Request


class Runners(Protocol):
    @property
    def implementations(self) -> Mapping[str, Implementation]: ...

    def request(self, impl_id: str, process: int, request: Request) -> Reply:
        """The reply of process number `process` of the implementation's runner; an error
        reply or a runner fault raises RunnerError."""
        ...

    def start_processes(self, runners: list[str], process: int) -> dict[str, str]:
        """Each runner's process number `process` (> 0), started on first use; returns
        {runner: why} for those that failed to start."""
        ...

    def launches(self, runner: str, process: int) -> int:
        """How many times process number `process` of the runner has been started: a
        runner that faults is started again for its next request, and counts as started
        again from the moment it died."""
        ...

    def runtime(self, runner: str) -> str: ...

    def jit(self, runner: str) -> bool:
        """Whether the runner's runtime compiles as it runs (its manifest's `jit`)."""
        ...

    def warmup_floor_ns(self, runner: str) -> float:
        """How long a fresh process of the runner runs a hot loop before its JIT has
        compiled it (its manifest's `jit_warmup_s`); 0 for code compiled ahead of time."""
        ...

    def loop_overhead_ns(self, runner: str) -> float:
        """The runner's empty timed loop per iteration; RunnerError when it cannot say."""
        ...
