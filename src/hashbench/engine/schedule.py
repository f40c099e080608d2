"""A group's schedule: verify then measure every selected implementation, in interleaved
rounds (A B C A B C …) so drift of the machine hits all alike.

With `processes` > 1 each case is measured in that many runner processes, one after
another, the group's cases interleaved within each: the first is the runner's main
process, which verifies and calibrates; every later one is a further process of the
runner (started once per run by the pool, runner/pool.py), where the case is new: its own
warm-up and its share of the budget. The record's interval holds the spread between
processes as well as within them.

With `passes` > 1 (one process a case) the run visits every group that many times
(`run_passes`): each visit samples one interleaved round of the group's cases, so a
case's samples are spread over the whole run, not over the few seconds of its group: a
shared VM loses its CPU for stretches of seconds, which take a group's rounds whole.

Every case ends as one record: ok (verified, with statistics), unverified (the output
did not match the reference for the parameters it claims), failed (the runner erred,
crashed, hung or printed garbage), not_applicable (with why) or refused (e.g. memory).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hashbench import catalog, machine
from hashbench.engine import library_defaults, output_checks
from hashbench.engine.case import Case
from hashbench.engine.case_steps import CaseSteps
from hashbench.engine.plan import selected
from hashbench.engine.record import ProcessSpread, make_record
from hashbench.engine.runners import Runners
from hashbench.engine.sampler import Sampler
from hashbench.engine.selection import Selection
from hashbench.engine.suite import Group
from hashbench.engine.time_spent import TimeSpent
from hashbench.engine.yardstick import Yardstick
from hashbench.model import CaseRecord
from hashbench.runner.protocol import RunnerError


@dataclass
class Options:
    budget: float | None = None  # seconds per case; None = the suite's
    target_ci: float | None = None
    selection: Selection = field(default_factory=Selection)
    warmup_s: float = 0.5  # the warm-up cap per case and process (steady ends it sooner)
    round_s: float = 0.1  # sampling per implementation per round (one impl: one round will do)
    processes: int | None = None  # runner processes per case; None = the suite's
    rounds: int | None = None  # rounds a case's sampling spans, at least; None = the suite's
    passes: int | None = None  # visits of every group a run makes (run_passes); None = 1


@dataclass
class GroupVisits:
    """A group from its first visit to its end: its cases, those still measuring, and the
    number of its next interleaved round (round 0 holds samples kept from calibration and
    warm-up)."""

    number: int
    group: Group
    cases: list[Case]
    measuring: list[Case]
    processes: int
    round_no: int = 1
    launches: dict[str, int] = field(default_factory=dict)  # runner: starts seen


Progress = Callable[[str, float], None]


class GroupRunner:
    """Runs groups against started runners and hands each finished record to `emit`."""

    def __init__(
        self,
        runners: Runners,
        options: Options,
        emit: Callable[[CaseRecord], None],
        progress: Progress | None = None,
        clock: TimeSpent | None = None,
    ):
        self.runners = runners
        self.options = options
        self.emit = emit
        self.progress = progress or (lambda _label, _seconds: None)
        self.clock = clock or TimeSpent()
        self.steps = CaseSteps(runners, self.clock, options.warmup_s)
        self.loop_overhead: dict[str, float | None] = {}
        self.process_spread = ProcessSpread()
        self.yardstick = Yardstick(runners)

    def measure_loop_overhead(self, runner: str) -> float | None:
        if runner not in self.loop_overhead:
            try:
                self.loop_overhead[runner] = self.runners.loop_overhead_ns(runner)
            except RunnerError:
                self.loop_overhead[runner] = None
        return self.loop_overhead[runner]

    # -- a group -----------------------------------------------------------------------
    def run_group(self, group_no: int, group: Group) -> None:
        """The group alone, start to end: every process's rounds until its cases are done."""
        visits = self.begin(group_no, group)
        if visits is None:
            return
        for process in range(visits.processes):
            if process > 0:  # the first is the runner that verified and calibrated
                with self.clock.phase("restart"):
                    self._next_processes(visits.measuring)
            self._visit(visits, first=True, last=True)
            self._settle(visits)
        self.end(visits)

    def run_passes(
        self, groups: list[tuple[int, Group]], passes: int, ended: Callable[[int], None]
    ) -> None:
        """Every group visited `passes` times, one interleaved round of its cases a visit
        and the last visit until they are done; `ended(number)` after a group's records
        are emitted (they are all emitted together, as with run_group)."""
        open_: dict[int, GroupVisits] = {}
        for pass_no in range(passes):
            last = pass_no == passes - 1
            for number, group in groups:
                if pass_no == 0:
                    begun = self.begin(number, group)
                    if begun is None:
                        ended(number)
                        continue
                    open_[number] = begun
                visits = open_.get(number)
                if visits is None:
                    continue
                self._visit(visits, first=pass_no == 0, last=last)
                if last or not any(self._wants_samples(c) for c in visits.measuring):
                    self._settle(visits)
                    self.end(visits)
                    del open_[number]
                    ended(number)

    def begin(self, group_no: int, group: Group) -> GroupVisits | None:
        """The group's cases, and those that can run verified and calibrated; None when
        the selection leaves it none."""
        budget = self.options.budget or group.budget
        target = group.target_ci if self.options.target_ci is None else self.options.target_ci
        processes = self.options.processes or group.processes
        impls = selected(self.runners.implementations.values(), self.options.selection, group)
        cases = [
            Case(
                group_no,
                group,
                impl,
                Sampler(
                    budget * 1e9,
                    target,
                    group.min_samples,
                    self.options.round_s * 1e9,
                    processes=processes,
                    min_rounds=max(self.options.rounds or group.rounds, self.options.passes or 1),
                    spread=(self.options.passes or 1) > 1,
                ),
            )
            for impl in impls
        ]
        if not cases:
            return None
        runnable = self.runnable(cases)
        for case in runnable:
            self.progress(f"{group.title()} · {case.impl.id} (verify)", 0)
            with self.clock.phase("verify"):
                self.steps.prepare(case)
        measuring = [c for c in runnable if c.ok]
        visits = GroupVisits(group_no, group, cases, measuring, processes)
        visits.launches = self._launches(measuring)
        return visits

    def _visit(self, visits: GroupVisits, first: bool, last: bool) -> None:
        """Warm-up (a first visit's in full; a later one's a single untimed sample of a
        fast op, or in full where its runner was restarted since), then one interleaved
        round, or rounds until every case is done when `last`."""
        measuring = visits.measuring
        if not any(self._wants_samples(c) for c in measuring):
            return
        process = measuring[0].sampler.process_no
        restarted = self._restarted(visits)
        with self.clock.phase("warm-up"):
            for case in measuring:
                if not self._wants_samples(case):
                    continue
                if first or case.impl.runner in restarted:
                    if case.ok:
                        self.progress(f"{visits.group.title()} · {case.impl.id} (warm-up)", 0)
                    if not first:
                        case.ran_in_process = False  # a new process: primed again
                    self.steps.warm_up(case, first_process=process == 0 and first)
                else:
                    self.steps.rewarm(case)
        with self.clock.phase("sampling"):
            visits.round_no = self._rounds(visits.group, measuring, visits.round_no, last)
        if last:  # and one after: a process whose cases were done in one round reads two
            self._read_yardstick([c for c in measuring if c.ok])

    def _settle(self, visits: GroupVisits) -> None:
        """The end of a process's sampling: each case's cold first op kept or dropped."""
        for case in visits.measuring:
            dropped = case.sampler.settle_cold()
            if dropped is not None:
                self.clock.drop_sample(dropped)

    def end(self, visits: GroupVisits) -> None:
        """Recompute the strings whose parameters were read back, check the outputs, and
        emit every case's record."""
        measuring = visits.measuring
        with self.clock.phase("verify"):
            todo = sum(1 for c in measuring if c.ok and c.to_recompute is not None)
            if todo:
                self.progress(f"{visits.group.title()} · recomputing {todo} strings (verify)", 0)
            output_checks.recompute(measuring)
        for case in measuring:
            output_checks.final_check(case)
        floor = self.process_spread.floor(measuring) if visits.processes > 1 else None
        for case in visits.cases:
            runner = case.impl.runner
            record = make_record(
                case,
                self.runners.runtime(runner),
                self.loop_overhead.get(runner),
                floor,
                self.runners.jit(runner),
            )
            self.emit(record)

    def _launches(self, cases: list[Case]) -> dict[str, int]:
        return {
            c.impl.runner: self.runners.launches(c.impl.runner, c.sampler.process_no) for c in cases
        }

    def _restarted(self, visits: GroupVisits) -> set[str]:
        """The runners started again since the group's last visit (one faulted meanwhile,
        in another group's case): the group's cases there meet a new process."""
        now = self._launches(visits.measuring)
        restarted = {r for r, n in now.items() if visits.launches.get(r, n) != n}
        visits.launches = now
        return restarted

    def runnable(self, cases: list[Case]) -> list[Case]:
        """The cases that can run here: the library offers the group's op (at its own
        defaults, for a library-defaults group) and the machine has the memory."""
        free = machine.mem_available_bytes()
        runnable = []
        for case in cases:
            group = case.group
            why = case.impl.why_unsupported(group.alg, group.op, group.mode)
            if not why and group.library_defaults:
                self.progress(f"{group.title()} · {case.impl.id} (its defaults)", 0)
                with self.clock.phase("verify"):
                    resolved, why = library_defaults.resolve(self.runners, case.impl, group)
                case.group = resolved or group
            need = 0 if why else catalog.memory_bytes(group.alg, case.group.param_dict)
            if why:
                case.fail("not_applicable", why)
            elif free is not None and need > 0.9 * free:
                case.fail(
                    "refused",
                    f"needs {need / 2**20:.0f} MiB for {group.alg}; {free / 2**20:.0f} MiB free",
                )
            else:
                runnable.append(case)
        return runnable

    def _rounds(self, group: Group, measuring: list[Case], round_no: int, until_done: bool) -> int:
        """Interleaved rounds (A B C A B C …) until every case of this process is done, or
        one round unless `until_done`, each after a reading of the machine's yardstick;
        returns the next round's number."""
        while any(self._wants_samples(c) for c in measuring):
            self._read_yardstick([c for c in measuring if self._wants_samples(c)])
            for case in measuring:
                if not self._wants_samples(case):
                    continue
                before = case.sampler.spent_ns
                self.steps.sample(case, case.sampler.samples_for_round(), round_no, record=True)
                self.progress(
                    f"{group.title()} · {case.impl.id}", (case.sampler.spent_ns - before) / 1e9
                )
            round_no += 1
            if not until_done:
                break
        return round_no

    def _read_yardstick(self, cases: list[Case]) -> None:
        """The machine's speed now, kept by each of `cases`: readings spread over the same
        seconds as the cases' samples, so a comparison of two runs has the machine's move
        with its own spread (engine/yardstick.py)."""
        if not cases:
            return
        with self.clock.phase("yardstick"):
            machine = self.yardstick.measure()
        if machine is not None:
            for case in cases:
                case.yardstick_ns.append(machine)

    @staticmethod
    def _wants_samples(case: Case) -> bool:
        """Until done, and at least one interleaved request per process: samples kept from
        warm-up alone may meet the target, but bytes per op and peak RSS come with a round."""
        sampler = case.sampler
        return case.ok and (not sampler.interleaved_here or not sampler.done())

    def _next_processes(self, cases: list[Case]) -> None:
        """Move these cases to their runners' next process (started on first use). From
        this thread: a runner dies with the thread that started it (PR_SET_PDEATHSIG), so
        a worker thread cannot start one."""
        live = [c for c in cases if c.ok]
        if not live:
            return
        process = live[0].sampler.process_no + 1
        runners = list(dict.fromkeys(c.impl.runner for c in live))
        faults = self.runners.start_processes(runners, process)
        for case in cases:
            if case.impl.runner in faults:
                why = faults[case.impl.runner]
                case.fail(
                    "failed", f"{case.impl.runner} process {process + 1} did not start: {why}"
                )
            case.sampler.start_process()
            case.ran_in_process = False
