"""The defender's side: how many logins per second one machine serves at given parameters,
at what latency, and how many fit in a memory budget at once.

At concurrency c, c runner processes hash side by side (a barrier starts their sampling
together), each through the engine's GroupRunner, so every case is verified as in `run`.
Logins per second is the sum of each process's rate while all of them ran (Little's law:
c over the mean latency); p50 and p99 are over every sample of the c processes. A login
needs the hash's own memory, or more where the runner's peak RSS grew by more; a login
service of one process needs its resting RSS plus that per concurrent login.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from hashbench.engine import suite
from hashbench.engine.schedule import GroupRunner, Options
from hashbench.engine.selection import Selection
from hashbench.errors import UsageError
from hashbench.model import CaseRecord
from hashbench.model.strength import Capacity, CapacityLevel
from hashbench.runner.pool import RunnerPool
from hashbench.strength import plans
from hashbench.strength.bench import op_for, process_memory
from hashbench.strength.quantities import memory_text

SATURATED = 0.9  # CPU-bound from the concurrency that reaches 90% of the best rate
BARRIER_TIMEOUT_S = 120.0


def levels_up_to(highest: int) -> list[int]:
    return list(range(1, highest + 1))


@dataclass
class Processes:
    """`count` runner processes of one runner, each its own pool."""

    runner: str
    count: int
    pools: list[RunnerPool] = field(default_factory=list)

    def __enter__(self) -> Processes:
        try:
            for _ in range(self.count):
                pool = RunnerPool()
                self.pools.append(pool)
                pool.start({self.runner})
                if self.runner in pool.unavailable:
                    raise UsageError(f"runner {self.runner}: {pool.unavailable[self.runner]}")
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for pool in self.pools:
            pool.close()

    def memory(self, index: int, field_name: str) -> int | None:
        pid = self.pools[index].clients[self.runner].pid
        return process_memory(pid, field_name) if pid else None


def _level(
    processes: Processes,
    impl_id: str,
    group: suite.Group,
    concurrency: int,
    progress: Callable[[str], None],
) -> list[CaseRecord]:
    barrier = threading.Barrier(concurrency)
    found: list[list[CaseRecord]] = [[] for _ in range(concurrency)]

    def at_start(label: str, _seconds: float) -> None:
        progress(f"{concurrency} at once · {label}")
        if label.endswith("(warm-up)"):
            try:
                barrier.wait(BARRIER_TIMEOUT_S)
            except threading.BrokenBarrierError:
                pass  # another process failed: measure on regardless, its record says why

    def one(index: int) -> None:
        options = Options(
            target_ci=0.0,  # spend the whole budget, all processes alike
            selection=Selection(impl=[impl_id]),
            warmup_s=0.0,
            round_s=group.budget,
        )
        try:
            GroupRunner(processes.pools[index], options, found[index].append, at_start).run_group(
                index, group
            )
        finally:
            if not found[index] or not found[index][0].valid:
                barrier.abort()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [records[0] for records in found if records]


def _limit(cap: Capacity) -> str:
    best = max(level.logins_per_s for level in cap.levels)
    saturated = next(lv.concurrency for lv in cap.levels if lv.logins_per_s >= SATURATED * best)
    budget = memory_text(cap.memory_budget_bytes)
    highest = max(level.concurrency for level in cap.levels)
    if saturated < highest:
        cpu = (
            f"CPU: logins/s stops growing at {saturated} concurrent ({cap.cores} cores here, "
            f"{best:.1f} logins/s at best)"
        )
    else:  # a plateau is only seen past it
        cpu = (
            f"CPU: logins/s still grew at {highest} concurrent, the most measured "
            f"({cap.cores} cores here, {best:.1f} logins/s at best): whether it stops there "
            "takes a higher --max-concurrency to tell"
        )
    fit = f"{cap.fit_concurrent} login{'s fit' if cap.fit_concurrent != 1 else ' fits'}"
    if cap.fit_concurrent < saturated:
        return f"{cpu}; memory: only {fit} in {budget} — memory binds before CPU"
    per_login = memory_text(cap.memory_per_login_bytes)
    return (
        f"{cpu}; memory: {fit} in {budget} — CPU binds first here; at "
        f"{per_login} a login, memory binds first on a machine with more than "
        f"{cap.fit_concurrent} cores"
    )


def measure(
    impl_id: str,
    runner: str,
    alg: str,
    params: dict[str, int],
    levels: list[int],
    budget_s: float,
    memory_budget: int,
    cores: int,
    progress: Callable[[str], None],
) -> tuple[Capacity, list[CaseRecord]]:
    records: list[CaseRecord] = []
    with Processes(runner, max(levels)) as processes:
        impl = processes.pools[0].implementations.get(impl_id)
        if impl is None:
            raise UsageError(f"unknown implementation {impl_id!r} (see `hashbench list`)")
        group = suite.ad_hoc([alg], params, [op_for(impl)], [], [], budget_s).groups[0]
        baseline = processes.memory(0, "VmRSS")
        own = plans.memory_bytes(alg, group.param_dict)
        cap = Capacity(
            alg=alg, impl=impl_id, params=group.param_dict, cores=cores,
            memory_budget_bytes=memory_budget, memory_per_login_bytes=own,
            baseline_rss_bytes=baseline, fit_concurrent=0,
        )  # fmt: skip
        for concurrency in levels:
            found = _level(processes, impl_id, group, concurrency, progress)
            records.extend(found)
            failed = [r for r in found if not r.valid]
            if failed or len(found) < concurrency:
                why = failed[0].reason if failed else "a process gave no record"
                raise MeasureError(f"{impl_id} {group.title()} at {concurrency} at once: {why}")
            peaks = [processes.memory(i, "VmHWM") for i in range(concurrency)]
            known = [p for p in peaks if p is not None]
            for record, peak in zip(found, peaks, strict=True):
                record.peak_rss_bytes = peak
            if known and baseline is not None:
                cap.memory_per_login_bytes = max(cap.memory_per_login_bytes, max(known) - baseline)
            per_op = [np.asarray(r.samples_ns, dtype=float) / (r.iters or 1) for r in found]
            every = np.concatenate(per_op)
            cap.levels.append(
                CapacityLevel(
                    concurrency=concurrency,
                    logins_per_s=float(sum(1e9 / x.mean() for x in per_op)),
                    p50_ns=float(np.percentile(every, 50)),
                    p99_ns=float(np.percentile(every, 99)),
                    samples=int(every.size),
                    peak_rss_bytes=max(known) if known else None,
                    memory_needed_bytes=0,
                    fits_memory=True,
                )
            )
    rest = baseline or 0
    cap.fit_concurrent = max(0, (memory_budget - rest) // max(cap.memory_per_login_bytes, 1))
    for level in cap.levels:
        level.memory_needed_bytes = rest + level.concurrency * cap.memory_per_login_bytes
        level.fits_memory = level.memory_needed_bytes <= memory_budget
    cap.limit = _limit(cap)
    return cap, records


class MeasureError(Exception):
    """A capacity level could not be measured (a runner failed or a case did not verify)."""
