"""`run --measure instructions|cycles`: a suite counted under Valgrind, end to end —
runners started natively (hello, verification, each op's native time), each case counted
by engine/count/, the results file written after every group, then the report, the
exports and the history store, as a timed run has them."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from rich.console import Console

from hashbench import __version__, machine
from hashbench.command_support.history_keeping import keep_in_history
from hashbench.command_support.nothing_to_run import nothing_to_run
from hashbench.engine import suite as suites
from hashbench.engine.count.counter import Counter
from hashbench.engine.count.groups import CountRunner
from hashbench.engine.count.per_op import TOLERANCE
from hashbench.engine.plan import Plan, catalog_ids, runners_not_needed
from hashbench.engine.schedule import Options
from hashbench.errors import UsageError
from hashbench.measure import cycles
from hashbench.model import Environment, RunFile, RunnerInfo, RunOptions
from hashbench.model.counts import CountingInfo, Measure
from hashbench.report import terminal
from hashbench.report.export import FORMATS
from hashbench.results.files import ResultsFile, write_text_atomic
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


def count_suite(
    suite: suites.Suite,
    options: Options,
    measure: Measure,
    out: Path,
    console: Console,
    runners: set[str] | None = None,
    exports: dict[str, Path] | None = None,
    brief: bool = False,
    store: str | None = None,
    jobs: int | None = None,
) -> int:
    problem = valgrind.missing()
    if problem:
        raise UsageError(f"--measure {measure}: {problem}")
    suite.groups = [g for g in suite.groups if options.selection.takes_group(g)]
    ResultsFile.check_writable(out)
    environment = Environment(**machine.snapshot(), placement="unpinned (counted)")
    pool = RunnerPool()
    with pool:
        console.print(f"starting runners for suite [bold]{suite.name}[/] ({measure}) …")
        skip = runners_not_needed(options.selection, suite.groups)
        names = {m.name for m in pool.manifests} if runners is None else runners
        pool.start(names - skip)
        plan = Plan.make(
            pool.implementations.values(),
            options.selection,
            suite.groups,
            not_started=catalog_ids(skip & names),
        )
        manifests = {m.name: m for m in pool.manifests}
        refused = {n: manifests[n].count_refused for n in pool.clients}
        refused = {n: why for n, why in refused.items() if why}
        if plan.empty:
            raise UsageError(nothing_to_run(suite, plan, pool, measure, refused))
        run = RunFile(
            suite=suite.name,
            hashbench_version=__version__,
            started=_now(),
            options=RunOptions(filter=options.selection.describe() or None),
            environment=environment,
            measure=measure,  # no load warning: a count does not move with the load
            counting=counting_info(measure, refused),
            runners=_runner_info(pool),
        )
        results = ResultsFile(out, run)
        try:
            counter = CountRunner(
                pool,
                manifests,
                Counter(cache_sim=measure == "cycles"),
                results.add,
                options,
                jobs or default_jobs(),
                lambda label: console.print(f"  {label}", style="dim"),
            )
            try:
                for number, group in enumerate(suite.groups):
                    counter.run_group(number, group)
                    results.flush()
            except KeyboardInterrupt:
                environment.load_end = machine.load_average()
                results.update(interrupted=True, finished=_now())
                console.print(f"[yellow]interrupted[/]: finished cases kept in {out}")
                return 130
            environment.load_end = machine.load_average()
            results.update(finished=_now())
        finally:
            results.close()
    terminal.render(results.run, console, brief=brief)
    console.print(f"\nresults: {out}")
    keep_in_history(results.run, out, store, console)
    for fmt, path in (exports or {}).items():
        write_text_atomic(path, FORMATS[fmt](results.run))
        console.print(f"{fmt}: {path}")
    return 1 if any(c.status in ("failed", "unverified") for c in results.run.cases) else 0


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def _runner_info(pool: RunnerPool) -> dict[str, RunnerInfo]:
    info = {name: RunnerInfo(available=True, runtime=pool.runtime(name)) for name in pool.clients}
    for name, reason in pool.unavailable.items():
        info[name] = RunnerInfo(available=False, reason=reason)
    return info
