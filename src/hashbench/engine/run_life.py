"""A run's life, from the runners' start to its last record on disk, for every measure:
the suite's groups filtered, the results file checked before anything starts, the
runners that can serve the selection started (and those the measure needs besides: a
timed run's yardstick), the plan made once, the run file written as groups end, an interrupt
ending the run with what is finished kept. What differs between a timed and a counted
run is a `Measuring` (engine/timed_run.py, engine/count/counted_run.py): its pool, its
environment, the fields of its run file, and how it measures a group. The command
(commands/run.py) shows the run's progress through `Show` and the report after it: the
engine draws nothing.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from hashbench import __version__, machine, paths
from hashbench.engine.plan import Plan, catalog_ids, runners_not_needed
from hashbench.engine.run_settings import RunSettings
from hashbench.errors import UsageError
from hashbench.model import Environment, RunFile, RunOptions
from hashbench.results.files import ResultsFile
from hashbench.runner.pool import RunnerPool

Advance = Callable[[str, float], None]  # a progress label, and seconds of budget spent


class Show(Protocol):
    """What a run shows while it goes (the command draws it)."""

    def say(self, text: str) -> None:
        """A line of rich markup."""
        ...

    def note(self, text: str) -> None:
        """A line of plain text, dim."""
        ...

    def bar(self, total_s: float) -> contextlib.AbstractContextManager[Advance]:
        """A progress bar over `total_s` seconds of budget, advanced by what it yields."""
        ...

    def reached(self, seconds: float) -> None:
        """The bar stands at least at `seconds` (a group ended)."""
        ...


class Measuring(Protocol):
    """A measure's own part of a run's life (timed, counted)."""

    def environment(self) -> Environment: ...

    def pool(self) -> RunnerPool: ...

    def also_needed(self) -> set[str]:
        """Runners to start whatever the selection takes (a timed run's yardstick)."""
        ...

    def start(self, pool: RunnerPool, names: set[str]) -> None: ...

    def planned(self, pool: RunnerPool, plan: Plan, environment: Environment) -> None:
        """After the plan is made: what it settles (processes, resume checks)."""
        ...

    def nothing(self, plan: Plan, pool: RunnerPool) -> str:
        """Why nothing would run."""
        ...

    def run_fields(self, pool: RunnerPool) -> dict[str, Any]:
        """The run file's fields of this measure (options, counting, runners…)."""
        ...

    def continued(self, run: RunFile) -> RunFile: ...

    def measure(self, pool: RunnerPool, plan: Plan, results: ResultsFile, show: Show) -> None:
        """Every group of the plan measured, each flushed to the file when it ends."""
        ...

    def ended(self) -> dict[str, Any]:
        """The run file's fields once it ends (where its time went)."""
        ...


@dataclass
class Finished:
    run: RunFile
    out: Path
    interrupted: bool
    left_out: list[str]  # implementations the selection took but the suite's filter left out


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def default_out(suite_name: str) -> Path:
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return paths.root() / "results" / f"{stamp}-{suite_name}.json"


def run(settings: RunSettings, measuring: Measuring, show: Show) -> Finished:
    """The run, measured and on disk (an interrupted one too: `Finished.interrupted`)."""
    suite, selection = settings.suite, settings.options.selection
    suite.groups = [g for g in suite.groups if selection.takes_group(g)]
    out = settings.out or default_out(suite.name)
    ResultsFile.check_writable(out)
    environment = measuring.environment()
    pool = measuring.pool()
    with pool, contextlib.ExitStack() as stack:
        what = "" if settings.measure == "time" else f" ({settings.measure})"
        show.say(f"starting runners for suite [bold]{suite.name}[/]{what} …")
        skip = runners_not_needed(selection, suite.groups) - measuring.also_needed()
        names = {m.name for m in pool.manifests} if settings.runners is None else settings.runners
        measuring.start(pool, names - skip)
        plan = Plan.make(
            pool.implementations.values(),
            selection,
            suite.groups,
            not_started=catalog_ids(skip & names),
        )
        measuring.planned(pool, plan, environment)
        if plan.empty and settings.resume is None:
            raise UsageError(measuring.nothing(plan, pool))
        run_file = RunFile(
            suite=suite.name,
            hashbench_version=__version__,
            started=now(),
            environment=environment,
            measure=settings.measure,
            **measuring.run_fields(pool),
        )
        results = ResultsFile(out, measuring.continued(run_file))
        stack.callback(results.close)
        try:
            measuring.measure(pool, plan, results, show)
        except KeyboardInterrupt:
            environment.load_end = machine.load_average()
            results.update(interrupted=True, finished=now(), **measuring.ended())
            return Finished(results.run, out, True, plan.left_out)
        environment.load_end = machine.load_average()
        results.update(finished=now(), **measuring.ended())
    return Finished(results.run, out, False, plan.left_out)


def run_options(settings: RunSettings) -> RunOptions:
    o = settings.options
    return RunOptions(
        budget=o.budget,
        target_ci=o.target_ci,
        processes=o.processes,
        rounds=o.rounds,
        passes=o.passes,
        filter=o.selection.describe() or None,
    )
