"""A timed run's part of its life (engine/run_life.py): runner processes on their own CPUs
(runner/placement.py), the loop overhead of every runner, a small run's extra processes,
a resumed run's checks, each group measured by the schedule (engine/schedule.py) once or
in passes, and where the run's time went (engine/time_spent.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hashbench import machine
from hashbench.engine.nothing_to_run import nothing_to_run
from hashbench.engine.plan import Plan
from hashbench.engine.run_life import Show, run_options
from hashbench.engine.run_settings import RunSettings
from hashbench.engine.schedule import GroupRunner
from hashbench.engine.suite import Group
from hashbench.engine.time_spent import TimeSpent
from hashbench.engine.yardstick import RUNNER as YARDSTICK_RUNNER
from hashbench.errors import UsageError
from hashbench.model import Environment, RunFile, RunnerInfo
from hashbench.results.files import ResultsFile
from hashbench.runner.pool import RunnerPool


class TimedRun:
    def __init__(self, settings: RunSettings):
        self.settings = settings
        self.where = settings.where()
        self.clock = TimeSpent()
        self.options = settings.options
        self.passes = 1
        self.said: list[str] = []  # what the plan settled, for the command to show
        if settings.resume is not None:
            settings.out, settings.runners = settings.resume.target(settings.out, settings.runners)

    def environment(self) -> Environment:
        self.where.pin_orchestrator()
        self.env = Environment(**machine.snapshot(), placement=self.where.describe())
        return self.env

    def pool(self) -> RunnerPool:
        return RunnerPool(placement=self.where)

    def also_needed(self) -> set[str]:
        return {YARDSTICK_RUNNER}  # the machine's yardstick, which `compare` reads

    def start(self, pool: RunnerPool, names: set[str]) -> None:
        with self.clock.phase("start"):
            pool.start(names)

    def planned(self, pool: RunnerPool, plan: Plan, environment: Environment) -> None:
        settings = self.settings
        if settings.resume is not None:
            settings.resume.check(settings.suite.groups, self.options, pool, environment)
        self.passes = self.options.passes or settings.suite.passes
        _check_passes(settings.suite.groups, self.options.processes, self.passes)
        self.plan = plan
        processes = plan.small_run_processes(self.options.processes, self.passes)
        if processes != self.options.processes:
            self.options = dataclasses.replace(self.options, processes=processes)
            self.said.append(
                f"a run of {plan.cases} case{'s' * (plan.cases > 1)}: each measured in "
                f"{processes} runner processes, so that its interval holds across runs and "
                "`compare` can judge it (--processes 1 for one)"
            )

    def nothing(self, plan: Plan, pool: RunnerPool) -> str:
        return nothing_to_run(self.settings.suite, plan, pool)

    def run_fields(self, pool: RunnerPool) -> dict[str, Any]:
        settings = dataclasses.replace(self.settings, options=self.options)
        return {
            "options": run_options(settings),
            "warnings": machine.warnings(self.env.load_start, self.env.cores),
        }

    def continued(self, run: RunFile) -> RunFile:
        resume = self.settings.resume
        return resume.continued(run) if resume is not None else run

    def measure(self, pool: RunnerPool, plan: Plan, results: ResultsFile, show: Show) -> None:
        for line in self.said:
            show.say(line)
        planned = plan.seconds(self.options.budget)
        groups = self.settings.suite.groups
        with show.bar(sum(planned) or 1.0) as advance:
            runner = GroupRunner(
                pool,
                dataclasses.replace(self.options, passes=self.passes),
                results.add,
                advance,
                self.clock,
            )
            with self.clock.phase("start"):
                for name in pool.clients:
                    advance(f"loop overhead · {name}", 0.0)
                    runner.measure_loop_overhead(name)
            results.update(runners=_runner_info(pool, runner))
            ended: set[int] = set()

            def group_ended(number: int) -> None:
                with self.clock.phase("write"):
                    results.flush()  # the group's records, all at once
                ended.add(number)
                show.reached(sum(planned[i] for i in ended))  # a pass's rounds advanced it too

            numbered = list(enumerate(groups))
            if self.passes > 1:
                runner.run_passes(numbered, self.passes, group_ended)
                return
            for number, group in numbered:
                runner.run_group(number, group)
                group_ended(number)

    def ended(self) -> dict[str, Any]:
        return {"time_spent": self.clock.summary()}


def _check_passes(groups: list[Group], processes: int | None, passes: int) -> None:
    """Passes visit each group's one process again: a group of several processes cannot."""
    if passes == 1:
        return
    several = [g for g in groups if (processes or g.processes) > 1]
    if several:
        raise UsageError(
            f"--passes {passes} (or a suite's passes) takes one runner process a case; "
            f"{several[0].title()!r} has {processes or several[0].processes}: "
            "give --processes 1"
        )


def _runner_info(pool: RunnerPool, runner: GroupRunner) -> dict[str, RunnerInfo]:
    info: dict[str, RunnerInfo] = {}
    jit = {m.name for m in pool.manifests if m.jit}
    for name in pool.clients:
        hello = pool.hello(name)
        info[name] = RunnerInfo(
            available=True,
            runtime=hello.runtime if hello else "",
            timer_resolution_ns=hello.timer.resolution_ns if hello else None,
            loop_overhead_ns=runner.loop_overhead.get(name),
            jit=name in jit,
        )
    for name, reason in pool.unavailable.items():
        info[name] = RunnerInfo(available=False, reason=reason)
    return info
