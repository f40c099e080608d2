"""A counted run's groups: each case verified and timed once natively (to choose its op
counts), then counted under Valgrind in four processes — two pairs of (low, high) ops —
side by side on `jobs` CPUs, since counts do not depend on timing. Every counted reply is
checked as a timed one would be (Valgrind's CPU may send a library down another path);
a runner whose manifest refuses counting gets a not-applicable record with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from hashbench.engine import output_checks
from hashbench.engine.case import Case
from hashbench.engine.case_steps import CaseSteps
from hashbench.engine.count import per_op
from hashbench.engine.count.counter import Counter
from hashbench.engine.count.op_counts import op_counts
from hashbench.engine.plan import selected
from hashbench.engine.record import identity
from hashbench.engine.runners import Runners
from hashbench.engine.sampler import Sampler
from hashbench.engine.schedule import GroupRunner, Options
from hashbench.engine.suite import Group
from hashbench.engine.time_spent import TimeSpent
from hashbench.model import CaseRecord, CaseWarning
from hashbench.model.counts import CountedProcess, ir_spread
from hashbench.runner.manifest import Manifest
from hashbench.runner.protocol import Reply, RunnerError

PAIRS = 2  # each case counted twice: the second pair checks the first
Progress = Callable[[str], None]


@dataclass
class Job:
    case: Case
    pair: int
    ops: int
    done: tuple[CountedProcess, Reply] | None = None
    error: RunnerError | None = None


@dataclass
class CountRunner:
    runners: Runners
    manifests: Mapping[str, Manifest]
    counter: Counter
    emit: Callable[[CaseRecord], None]
    options: Options = field(default_factory=Options)
    jobs: int = 1
    progress: Progress = lambda _label: None

    def run_group(self, group_no: int, group: Group) -> None:
        impls = selected(self.runners.implementations.values(), self.options.selection, group)
        cases = [Case(group_no, group, impl, Sampler(0.0, 0.0, 1)) for impl in impls]
        if not cases:
            return
        native = GroupRunner(self.runners, self.options, lambda _r: None)
        steps = CaseSteps(self.runners, TimeSpent(), self.options.warmup_s)
        counting = []
        for case in native.runnable(cases):
            why = self.manifests[case.impl.runner].count_refused
            if why:
                case.fail("not_applicable", f"not counted: {why}")
                continue
            self.progress(f"{group.title()} · {case.impl.id} (verify natively)")
            steps.prepare(case)
            if case.ok:
                counting.append(case)
        counted = self._count(group, counting)
        output_checks.recompute(counting)
        for case in cases:
            self.emit(self._record(case, counted.get(id(case), [])))

    def _count(self, group: Group, cases: list[Case]) -> dict[int, list[Job]]:
        """Each case's four processes, by the case's id(), in pair order (low, high)."""
        jobs = []
        for case in cases:
            low, high = op_counts(case.sampler.per_op_estimate)
            jobs += [Job(case, pair, ops) for pair in range(PAIRS) for ops in (low, high)]
        self.progress(f"{group.title()} · counting {len(cases)} cases under Valgrind")
        with ThreadPoolExecutor(max_workers=max(1, self.jobs)) as pool:
            list(pool.map(self._run, jobs))
        for job in jobs:
            case = job.case
            if job.error is not None:
                why = f"under Valgrind: {job.error.reason()}"
                case.fail("not_applicable" if job.error.is_refusal else "failed", why)
            elif job.done is not None and case.ok:
                output_checks.check_reply(case, job.done[1])
        by_case: dict[int, list[Job]] = {}
        for job in jobs:
            by_case.setdefault(id(job.case), []).append(job)
        return by_case

    def _run(self, job: Job) -> None:
        assert job.case.bench is not None
        manifest = self.manifests[job.case.impl.runner]
        try:
            job.done = self.counter.count(manifest, job.case.bench, job.ops)
        except RunnerError as exc:
            job.error = exc

    def _record(self, case: Case, jobs: list[Job]) -> CaseRecord:
        processes = [j.done[0] for j in jobs if j.done is not None]
        pairs = list(zip(processes[::2], processes[1::2], strict=True))
        counts, warnings = None, list(case.warnings)
        if case.ok and len(pairs) == PAIRS:
            counts = per_op.per_op(pairs)
            apart = ir_spread(processes) or 0.0
            if apart > per_op.TOLERANCE:
                warnings.append(CaseWarning("counts_differ", value=apart, limit=per_op.TOLERANCE))
        elif case.ok:
            case.fail("failed", "not counted")
        return CaseRecord(
            **identity(case, self.runners.runtime(case.impl.runner)),
            iters=pairs[0][1].ops - pairs[0][0].ops if pairs else None,
            counts=counts,
            counted=processes if counts else [],
            warnings=list(warnings),
        )
