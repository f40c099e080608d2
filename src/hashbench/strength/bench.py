"""Measuring one implementation at one parameter set through the engine, as `run` does:
the output of the timed call is verified against the reference for exactly these
parameters before any time counts, and every record is kept for the results file.

A measurement with `fresh=True` restarts the runner first and records the kernel's
high-water mark of the runner process (VmHWM) as its peak RSS: this parameter set's alone.
(The runners' own getrusage figure keeps the forking orchestrator's peak across exec, and a
runner that measured bigger parameters before keeps theirs; other records carry none.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from hashbench.engine import suite
from hashbench.engine.schedule import GroupRunner, Options
from hashbench.engine.selection import Selection
from hashbench.errors import UsageError
from hashbench.model import CaseRecord
from hashbench.runner.pool import Implementation, RunnerPool
from hashbench.runner.protocol import RunnerError


class MeasureFailed(Exception):
    """A measurement ended without verified statistics (unverified, failed, refused…)."""

    def __init__(self, record: CaseRecord):
        super().__init__(f"{record.impl} {record.group_title}: {record.status}: {record.reason}")
        self.record = record


@dataclass(frozen=True)
class Effort:
    """How long to sample one parameter set: seconds, samples and the CI that ends it."""

    budget_s: float
    min_samples: int
    target_ci: float = 0.02


QUICK = Effort(0.15, 3, 0.05)  # ladder points and implementation picks


def confirm_effort(expected_ns: float, samples: int = 5) -> Effort:
    """Enough samples at the chosen parameters (expected to take `expected_ns` each) for a
    median to compare with the target."""
    return Effort(max(0.3, samples * expected_ns / 1e9), samples, 0.01)


def op_for(impl: Implementation) -> str:
    """`hash` (the library's own string, what a login service calls) where offered."""
    return "hash" if "hash" in impl.info.ops else "derive"


@dataclass
class Bench:
    pool: RunnerPool
    progress: Callable[[str], None] = lambda _label: None
    records: list[CaseRecord] = field(default_factory=list)
    _cache: dict[tuple[str, suite.Group], CaseRecord] = field(default_factory=dict)

    def implementation(self, impl_id: str) -> Implementation:
        return self.pool.implementations[impl_id]

    def measure(
        self,
        impl_id: str,
        alg: str,
        params: dict[str, int],
        effort: Effort = QUICK,
        fresh: bool = False,
    ) -> CaseRecord:
        """A verified record with statistics, or MeasureFailed. Quick measurements of the
        same case are made once."""
        impl = self.implementation(impl_id)
        key = (impl_id, _group(alg, params, op_for(impl), effort))
        if not fresh and key in self._cache:
            return self._cache[key]
        if fresh:
            self._restart(impl)
        found: list[CaseRecord] = []
        runner = GroupRunner(
            self.pool,
            Options(selection=Selection(impl=[impl_id]), warmup_s=0.0, round_s=effort.budget_s),
            found.append,
            lambda label, _seconds: self.progress(label),
        )
        runner.run_group(len(self.records), key[1])
        record = found[0]
        record.peak_rss_bytes = self.peak_rss(impl_id) if fresh else None
        self.records.append(record)
        if not record.valid:
            raise MeasureFailed(record)
        self._cache[key] = record
        return record

    def remember(self, records: list[CaseRecord]) -> None:
        """An earlier part's records (`--resume`), kept first; its quick measurements (a
        fresh one carries its peak RSS) are not made again, as they were not before."""
        self.records[:0] = records
        for record in records:
            if not record.valid or record.peak_rss_bytes is not None:
                continue
            try:
                group = _group(record.alg, record.params, record.op, QUICK)
            except UsageError:  # outside this version's catalog (a forced merge): measured anew
                continue
            self._cache.setdefault((record.impl, group), record)

    def peak_rss(self, impl_id: str) -> int | None:
        """The runner process's peak RSS since it started, as the kernel counts it."""
        client = self.pool.clients.get(self.implementation(impl_id).runner)
        return process_memory(client.pid, "VmHWM") if client and client.pid else None

    def _restart(self, impl: Implementation) -> None:
        try:
            self.pool.clients[impl.runner].restart()
        except RunnerError:
            pass  # the measurement itself reports the runner's fault


def _group(alg: str, params: dict[str, int], op: str, effort: Effort) -> suite.Group:
    group = suite.ad_hoc([alg], params, [op], [], [], effort.budget_s).groups[0]
    return dataclasses.replace(group, min_samples=effort.min_samples, target_ci=effort.target_ci)


def process_memory(pid: int, field_name: str) -> int | None:
    """A /proc/<pid>/status memory field (VmHWM, VmRSS) in bytes, None if unreadable."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field_name + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None
