"""One case of a group (an implementation on a group's work) while it is measured: how
it stands, what it has verified, and what it has learnt of itself on the way. The steps
that change it are in engine/case_steps.py; its record is made by engine/record.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from hashbench.engine.sampler import Sampler
from hashbench.engine.suite import Group
from hashbench.model import CaseWarning
from hashbench.model.records import Status
from hashbench.runner.pool import Implementation
from hashbench.runner.protocol import Reply, Request
from hashbench.verify.check import Verdict


@dataclass
class Memory:
    """What the runner reported of memory: bytes allocated per op are asked for once per
    case (a pass of its own in some runtimes), peak RSS comes with every sampled reply."""

    alloc_bytes_per_op: float | None = None
    peak_rss_bytes: int | None = None
    asked: bool = False


@dataclass
class WarmupSpent:
    """The warm-up of all its processes: time, and whether every one ended steady (None
    while no warm-up ran: a slow op is its own warm-up)."""

    ns: float = 0.0
    steady: bool | None = None

    def add(self, ns: float, steady: bool) -> None:
        self.ns += ns
        self.steady = steady and self.steady is not False


@dataclass
class Case:
    group_no: int
    group: Group
    impl: Implementation
    sampler: Sampler
    status: Status = "ok"
    reason: str = ""
    # the bench request's fields, set once the case is verified (CaseSteps.prepare)
    bench: Request | None = None
    verdict: Verdict | None = None
    warnings: list[CaseWarning] = field(default_factory=list)
    memory: Memory = field(default_factory=Memory)
    warmup: WarmupSpent = field(default_factory=WarmupSpent)
    last_reply: Reply | None = None
    # the case has run an op in its current runner process (no untimed warm op needed)
    ran_in_process: bool = False
    # the verified calibration samples of a fast op: where its warm-up curve starts
    calibration_tail: list[int] = field(default_factory=list)
    # a hash string whose parameters were read back: recomputed at the group's end
    to_recompute: str | None = None
    # the machine's yardstick before each round the case sampled in (engine/yardstick.py)
    yardstick_ns: list[float] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def fail(self, status: Status, reason: str) -> None:
        """The first failure is the case's outcome; later ones follow from it."""
        if self.ok:
            self.status, self.reason = status, reason
