"""`hashbench run`: a suite end to end — runners, environment, progress, results file."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime as dt
import math
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from hashbench import __version__, machine, paths
from hashbench.command_support.counted_run import count_suite
from hashbench.command_support.history_keeping import keep_in_history
from hashbench.command_support.interrupts import end_on_signals
from hashbench.command_support.nothing_to_run import nothing_to_run
from hashbench.command_support.options import add_case_globs, case_globs, runner_names
from hashbench.engine import suite as suites
from hashbench.engine.plan import Plan, catalog_ids, runners_not_needed
from hashbench.engine.resume import Resume
from hashbench.engine.schedule import GroupRunner, Options
from hashbench.engine.selection import Selection
from hashbench.engine.time_spent import TimeSpent
from hashbench.engine.yardstick import RUNNER as YARDSTICK_RUNNER
from hashbench.errors import UsageError
from hashbench.model import Environment, RunFile, RunnerInfo, RunOptions
from hashbench.model.counts import MEASURES
from hashbench.report import terminal
from hashbench.report.console import console as report_console
from hashbench.report.console import progress_bar
from hashbench.report.export import FORMATS
from hashbench.results.files import ResultsFile, write_text_atomic
from hashbench.runner import placement
from hashbench.runner.pool import RunnerPool
from hashbench.store import default_location

NAME = "run"
HELP = "run a suite (default: quick), or an ad hoc case with --alg and --params"
EXAMPLE = (
    "hashbench run quick --impl 'rust/*' --alg bcrypt --op hash --export-markdown r.md\n"
    "  hashbench run --alg argon2id --params m=65536,t=4,p=4 --impl 'node/*'"
)
EXPORTS = {"markdown": "md", "csv": "csv", "json": "json", "bmf": "bmf", "html": "html"}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "suite", nargs="?", help="suite name or path to a .toml (default: quick, or ad hoc)"
    )
    add_case_globs(p, "selecting cases (globs on the fields of a case id)")
    p.add_argument(
        "--params",
        help="ad hoc run: parameters, e.g. m=65536,t=4,p=4, or 'defaults' (each library's own)",
    )
    p.add_argument("--budget", type=float, help="seconds of sampling per case")
    p.add_argument(
        "--target-ci",
        type=float,
        dest="target_ci",
        help="stop when the 95%% CI of the median is within this fraction",
    )
    p.add_argument(
        "--processes",
        type=int,
        help="fresh runner processes per case; the interval then holds their spread "
        "(default: the suite's)",
    )
    p.add_argument(
        "--rounds",
        type=int,
        help="interleaved rounds a case's sampling in each process is spread over, at least, "
        "so that a stretch of seconds in which the machine is slow meets a few of them, not "
        "all (default: the suite's)",
    )
    p.add_argument(
        "--passes",
        type=int,
        help="visit every group this many times, one interleaved round a visit, so a case's "
        "samples are spread over the whole run; one process a case (default: 1)",
    )
    p.add_argument(
        "--placement",
        default="auto",
        help="CPUs for the runner processes: auto (the last CPU, the orchestrator on the "
        "others; unpinned with one CPU), none (the kernel decides) or CPU numbers, e.g. 1 "
        "(default: auto; docs/benchmarks/gate.md)",
    )
    p.add_argument(
        "--idle-runners",
        choices=("stop", "run"),
        default="stop",
        help="runner processes not being asked: stopped (SIGSTOP), so their runtimes' "
        "background work takes no CPU from the one measured, or left running (default: stop)",
    )
    p.add_argument(
        "--measure",
        choices=MEASURES,
        default="time",
        help="time (the timed loop); instructions per op counted under Valgrind; or cycles, "
        "estimated from Valgrind's cache simulation too (docs/instructions.md)",
    )
    p.add_argument(
        "--jobs",
        type=int,
        help="--measure instructions|cycles: counting processes side by side (default: one "
        "per CPU this process may use)",
    )
    p.add_argument("--runner", action="append", help="only this runner (repeatable)")
    p.add_argument("--out", type=Path, help="results file (default results/<time>-<suite>.json)")
    p.add_argument("--resume", type=Path, metavar="FILE", help="continue an interrupted run")
    p.add_argument("--force", action="store_true", help="--resume even if the machine changed")
    p.add_argument("--brief", action="store_true", help="print the top few of each group")
    p.add_argument("--store", help="history store: SQLite path or postgresql://… (default: user's)")
    p.add_argument("--no-store", action="store_true", help="do not keep this run in the history")
    for name in EXPORTS:
        p.add_argument(f"--export-{name}", type=Path, metavar="PATH", help=f"also write {name}")


def _suite(args: argparse.Namespace, selection: Selection) -> suites.Suite:
    """The suite named, or an ad hoc one when --alg comes without a suite."""
    if args.suite is None and selection.alg:
        sizes = []
        for size in selection.size:
            if not size.isdigit():
                raise UsageError(f"--size {size!r}: an ad hoc run needs byte counts, e.g. 16,1024")
            sizes.append(int(size))
        params: dict[str, int] | str = (
            suites.DEFAULTS
            if args.params == suites.DEFAULTS
            else suites.parse_params(args.params or "")
        )
        return suites.ad_hoc(selection.alg, params, selection.op, sizes, selection.mode)
    if args.params:
        raise UsageError("--params makes an ad hoc run: give --alg and no suite")
    return suites.load(args.suite or "quick")


def run(args: argparse.Namespace) -> int:
    if args.budget is not None and not (math.isfinite(args.budget) and args.budget > 0):
        raise UsageError("--budget must be a positive number of seconds")
    if args.target_ci is not None and not (0 <= args.target_ci < 1):  # NaN fails both
        raise UsageError("--target-ci must be a number from 0 (no target) to below 1")
    if args.processes is not None and not 1 <= args.processes <= 50:
        raise UsageError("--processes must be from 1 to 50")
    if args.rounds is not None and not 1 <= args.rounds <= 100:
        raise UsageError("--rounds must be from 1 to 100")
    if args.passes is not None and not 1 <= args.passes <= 100:
        raise UsageError("--passes must be from 1 to 100")
    selection = case_globs(args)
    suite = _suite(args, selection)  # validated before anything starts
    options = Options(
        budget=args.budget,
        target_ci=args.target_ci,
        selection=selection,
        processes=args.processes,
        rounds=args.rounds,
        passes=args.passes,
    )
    exports = {
        EXPORTS[name]: path
        for name in EXPORTS
        if (path := getattr(args, f"export_{name}")) is not None
    }
    store = None if args.no_store else (args.store or default_location())
    if args.measure != "time":
        _counted_options(args)
        return count_suite(
            suite,
            options,
            args.measure,
            args.out or default_out(suite.name),
            report_console(),
            runner_names(args.runner),
            exports,
            args.brief,
            store,
            args.jobs,
        )
    if args.jobs is not None:
        raise UsageError("--jobs is for --measure instructions or cycles")
    return run_suite(
        suite,
        options,
        args.out,
        report_console(),
        runner_names(args.runner),
        exports,
        args.brief,
        store,
        placement.choose(args.placement, args.idle_runners == "stop"),
        Resume(args.resume, args.force) if args.resume else None,
    )


def _counted_options(args: argparse.Namespace) -> None:
    """A counted run has no time budget, interval, processes, rounds, passes or placement
    to set."""
    timed = [
        name
        for name, given in (
            ("--budget", args.budget is not None),
            ("--target-ci", args.target_ci is not None),
            ("--processes", args.processes is not None),
            ("--rounds", args.rounds is not None),
            ("--passes", args.passes is not None),
            ("--resume", args.resume is not None),
            ("--placement", args.placement != "auto"),
        )
        if given
    ]
    if timed:
        raise UsageError(f"{', '.join(timed)}: for timed runs, not --measure {args.measure}")
    if args.jobs is not None and not 1 <= args.jobs <= 64:
        raise UsageError("--jobs must be from 1 to 64")


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def default_out(suite_name: str) -> Path:
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return paths.root() / "results" / f"{stamp}-{suite_name}.json"


def run_suite(
    suite: suites.Suite,
    options: Options,
    out: Path | None,
    console: Console,
    runners: set[str] | None = None,
    exports: dict[str, Path] | None = None,
    brief: bool = False,
    store: str | None = None,
    where: placement.Placement | None = None,
    resume: Resume | None = None,
) -> int:
    if resume is not None:
        out, runners = resume.target(out, runners)
    suite.groups = [g for g in suite.groups if options.selection.takes_group(g)]
    out = out or default_out(suite.name)
    ResultsFile.check_writable(out)
    where = where or placement.Placement()
    environment = Environment(**machine.snapshot(), placement=where.describe())
    where.pin_orchestrator()
    pool = RunnerPool(placement=where)
    clock = TimeSpent()
    end_on_signals()  # finished cases are already on disk
    with pool, contextlib.ExitStack() as stack:
        console.print(f"starting runners for suite [bold]{suite.name}[/] …")
        # the C runner reads the machine's yardstick for `compare`, whatever is measured
        skip = runners_not_needed(options.selection, suite.groups) - {YARDSTICK_RUNNER}
        names = {m.name for m in pool.manifests} if runners is None else runners
        with clock.phase("start"):
            pool.start(names - skip)
        if resume is not None:
            resume.check(suite.groups, options, pool, environment)
        passes = options.passes or suite.passes
        _check_passes(suite.groups, options.processes, passes)
        plan = Plan.make(
            pool.implementations.values(),
            options.selection,
            suite.groups,
            not_started=catalog_ids(skip & names),
        )
        processes = plan.small_run_processes(options.processes, passes)
        if processes != options.processes:
            options = dataclasses.replace(options, processes=processes)
            console.print(
                f"a run of {plan.cases} case{'s' * (plan.cases > 1)}: each measured in "
                f"{processes} runner processes, so that its interval holds across runs and "
                "`compare` can judge it (--processes 1 for one)"
            )
        run = RunFile(
            suite=suite.name,
            hashbench_version=__version__,
            started=_now(),
            options=RunOptions(
                budget=options.budget,
                target_ci=options.target_ci,
                processes=options.processes,
                rounds=options.rounds,
                passes=options.passes,
                filter=options.selection.describe() or None,
            ),
            environment=environment,
            warnings=machine.warnings(environment.load_start, environment.cores),
        )
        planned = plan.seconds(options.budget)
        if resume is not None:
            run = resume.continued(run)
        elif plan.empty:
            raise UsageError(nothing_to_run(suite, plan, pool))
        results = ResultsFile(out, run)
        stack.callback(results.close)
        with progress_bar(console) as progress:
            task = progress.add_task("starting", total=sum(planned) or 1.0)
            runner = GroupRunner(
                pool,
                dataclasses.replace(options, passes=passes),
                results.add,
                lambda label, sec: progress.update(task, description=label, advance=sec),
                clock,
            )
            with clock.phase("start"):
                for name in pool.clients:
                    progress.update(task, description=f"loop overhead · {name}")
                    runner.measure_loop_overhead(name)
            results.update(runners=_runner_info(pool, runner))
            try:
                ended: set[int] = set()

                def group_ended(number: int) -> None:
                    with clock.phase("write"):
                        results.flush()  # the group's records, all at once
                    ended.add(number)
                    done = sum(planned[i] for i in ended)  # a pass's rounds advanced it too
                    now = next(t.completed for t in progress.tasks if t.id == task)
                    progress.update(task, completed=max(done, now))

                _run_groups(runner, suite.groups, passes, group_ended)
            except KeyboardInterrupt:
                environment.load_end = machine.load_average()
                results.update(interrupted=True, finished=_now(), time_spent=clock.summary())
                console.print(f"[yellow]interrupted[/]: finished cases kept in {out}")
                keep_in_history(results.run, out, store, console)
                return 130
        environment.load_end = machine.load_average()
        results.update(finished=_now(), time_spent=clock.summary())
    terminal.render(results.run, console, brief=brief)
    left = plan.left_out
    if left:
        shown = ", ".join(left[:6]) + (f" and {len(left) - 6} more" if len(left) > 6 else "")
        console.print(
            f"\nnot in suite {suite.name} (its impl filter, {suite.path.name}): "
            f"{len(left)} implementation{'s' * (len(left) > 1)}: {shown}"
        )
    console.print(f"\nresults: {out}")
    keep_in_history(results.run, out, store, console)
    for fmt, path in (exports or {}).items():
        write_text_atomic(path, FORMATS[fmt](results.run))
        console.print(f"{fmt}: {path}")
    return exit_code(results.run)


def _check_passes(groups: list[suites.Group], processes: int | None, passes: int) -> None:
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


def _run_groups(
    runner: GroupRunner, groups: list[suites.Group], passes: int, ended: Callable[[int], None]
) -> None:
    """Every group, one after another or visited `passes` times; `ended(number)` when a
    group's records are in."""
    numbered = list(enumerate(groups))
    if passes > 1:
        runner.run_passes(numbered, passes, ended)
        return
    for number, group in numbered:
        runner.run_group(number, group)
        ended(number)


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


def exit_code(run: RunFile) -> int:
    return 1 if any(c.status in ("failed", "unverified") for c in run.cases) else 0
