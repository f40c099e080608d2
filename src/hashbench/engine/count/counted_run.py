"""A counted run's part of its life (engine/run_life.py, `run --measure instructions|
cycles`): runners started natively (hello, verification, each op's native time), the
runners whose manifests refuse counting named, each group counted by engine/count/
groups.py, Valgrind's and the CPU's facts in the run file."""

from __future__ import annotations

import os
from typing import Any

from hashbench import machine
from hashbench.engine.count.counter import Counter
from hashbench.engine.count.groups import CountRunner
from hashbench.engine.count.per_op import TOLERANCE
from hashbench.engine.nothing_to_run import nothing_to_run
from hashbench.engine.plan import Plan
from hashbench.engine.run_life import Show, run_options
from hashbench.engine.run_settings import RunSettings
from hashbench.errors import UsageError
from hashbench.measure import cycles
from hashbench.model import Environment, RunFile, RunnerInfo
from hashbench.model.counts import CountingInfo, Measure
from hashbench.results.files import ResultsFile
from hashbench.runner import cpu_features, valgrind
from hashbench.runner.pool import RunnerPool


def default_jobs() -> int:
    """Counting processes side by side: one per CPU this process may use."""
    return len(os.sched_getaffinity(0))


def counting_info(measure: Measure, refused: dict[str, str]) -> CountingInfo:
    features = cpu_features.detect()
    cache_sim = measure == "cycles"
    return CountingInfo(
        valgrind=valgrind.version(),
        command=valgrind.wrapper(None, cache_sim),
        address_randomisation=False,
        cache_sim=cache_sim,
        cpu_native=features.native,
        cpu_valgrind=features.valgrind,
        cycle_weights=dict(cycles.WEIGHTS) if cache_sim else {},
        tolerance=TOLERANCE,
        refused=refused,
    )


class CountedRun:
    def __init__(self, settings: RunSettings):
        problem = valgrind.missing()
        if problem:
            raise UsageError(f"--measure {settings.measure}: {problem}")
        self.settings = settings
        self.refused: dict[str, str] = {}

    def environment(self) -> Environment:
        return Environment(**machine.snapshot(), placement="unpinned (counted)")

    def pool(self) -> RunnerPool:
        return RunnerPool()

    def also_needed(self) -> set[str]:
        return set()  # a count does not move with the machine: no yardstick

    def start(self, pool: RunnerPool, names: set[str]) -> None:
        pool.start(names)
        manifests = {m.name: m for m in pool.manifests}
        refused = {n: manifests[n].count_refused for n in pool.clients}
        self.refused = {n: why for n, why in refused.items() if why}

    def planned(self, pool: RunnerPool, plan: Plan, environment: Environment) -> None:
        return None

    def nothing(self, plan: Plan, pool: RunnerPool) -> str:
        return nothing_to_run(self.settings.suite, plan, pool, self.settings.measure, self.refused)

    def run_fields(self, pool: RunnerPool) -> dict[str, Any]:
        info = {n: RunnerInfo(available=True, runtime=pool.runtime(n)) for n in pool.clients}
        for name, reason in pool.unavailable.items():
            info[name] = RunnerInfo(available=False, reason=reason)
        return {  # no load warning: a count does not move with the load
            "options": run_options(self.settings),
            "counting": counting_info(self.settings.measure, self.refused),
            "runners": info,
        }

    def continued(self, run: RunFile) -> RunFile:
        return run

    def measure(self, pool: RunnerPool, plan: Plan, results: ResultsFile, show: Show) -> None:
        counter = CountRunner(
            pool,
            {m.name: m for m in pool.manifests},
            Counter(cache_sim=self.settings.measure == "cycles"),
            results.add,
            self.settings.options,
            self.settings.jobs or default_jobs(),
            lambda label: show.note(f"  {label}"),
        )
        for number, group in enumerate(self.settings.suite.groups):
            counter.run_group(number, group)
            results.flush()

    def ended(self) -> dict[str, Any]:
        return {}
