"""Measuring one implementation at one parameter set through the engine, as `run` does:
the output of the timed call is verified against the reference for exactly these
parameters before any time counts, and every record is kept for the results file.

A measurement with `fresh=True` restarts the runner first and records the kernel's
high-water mark of the runner process (VmHWM) as its peak RSS: this parameter set's alone.
(The runners' own getrusage figure keeps the forking orchestrator's peak across exec, and a
runner that measured bigger parameters before keeps theirs; other records carry none.)

One parameter set has one figure in a session: a fresh measurement of a set measured
fresh before is that figure again, unless more samples are asked for, and then the new
process's samples join the old ones (`pooled`), each process a replicate. The same
scrypt parameters timed at 43, 50 and 88 ms by three rows of one `strength` run made
three answers to one question; now each row reads the one figure, with its interval.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec
import numpy as np

from hashbench.engine import suite
from hashbench.engine.schedule import GroupRunner, Options
from hashbench.engine.selection import Selection
from hashbench.errors import UsageError
from hashbench.measure.stats import across_processes
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
    # each parameter set's figure: its fresh measurements pooled (`pooled`)
    _figures: dict[tuple[str, str, str, tuple[tuple[str, int], ...]], CaseRecord] = field(
        default_factory=dict
    )

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
        the_set = (impl_id, alg, op_for(impl), tuple(sorted(key[1].param_dict.items())))
        known = self._figures.get(the_set)
        if known is not None and known.measured.n >= effort.min_samples:
            return known
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
        if not record.valid:
            self.records.append(record)
            raise MeasureFailed(record)
        if fresh and known is not None:  # the set's one figure, in the earlier one's place
            record = pooled(known, record)
            self.records[next(i for i, r in enumerate(self.records) if r is known)] = record
        else:
            self.records.append(record)
        self._cache[key] = record
        if fresh:
            self._figures[the_set] = record
        return record

    def again(self, impl_id: str, alg: str, params: dict[str, int], effort: Effort) -> CaseRecord:
        """The set's figure with a further fresh process's samples joined to it."""
        known = self.measure(impl_id, alg, params, effort, fresh=True)
        more = dataclasses.replace(effort, min_samples=known.measured.n + effort.min_samples)
        return self.measure(impl_id, alg, params, more, fresh=True)

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


def pooled(old: CaseRecord, new: CaseRecord) -> CaseRecord:
    """Two fresh measurements of one parameter set as one record: the samples of both,
    each measurement's processes replicates of their own, the median's interval holding
    the spread between them (measure/stats.py `across_processes`); the larger peak RSS."""
    offset = max(old.sample_processes or [0]) + 1
    owners = (old.sample_processes or [0] * len(old.samples_ns)) + [
        offset + p for p in (new.sample_processes or [0] * len(new.samples_ns))
    ]
    scale = (old.iters or 1) / (new.iters or 1)
    samples = old.samples_ns + [round(s * scale) for s in new.samples_ns]
    by: dict[int, list[float]] = {}
    for sample, owner in zip(samples, owners, strict=True):
        by.setdefault(owner, []).append(sample / (old.iters or 1))
    stats = across_processes([np.asarray(v) for v in by.values()])
    peaks = [p for p in (old.peak_rss_bytes, new.peak_rss_bytes) if p is not None]
    return msgspec.structs.replace(
        old,
        samples_ns=samples,
        sample_processes=owners,
        sample_rounds=(old.sample_rounds + new.sample_rounds)
        if len(old.sample_rounds) + len(new.sample_rounds) == len(samples)
        else [],
        processes=len(by),
        process_medians_ns=[float(np.median(v)) for v in by.values()],
        stats=stats,
        peak_rss_bytes=max(peaks) if peaks else None,
    )
