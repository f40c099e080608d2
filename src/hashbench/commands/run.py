"""`hashbench run`: a suite end to end — runners, environment, progress, results file."""

from __future__ import annotations

import argparse
import datetime as dt
import signal
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from hashbench import __version__, machine, paths
from hashbench.commands.options import regex, runner_names
from hashbench.engine import suite as suites
from hashbench.engine.group_runner import GroupRunner, Options
from hashbench.errors import UsageError
from hashbench.model import Environment, RunFile, RunnerInfo, RunOptions
from hashbench.report import terminal
from hashbench.report.console import console as report_console
from hashbench.results.files import ResultsFile
from hashbench.runner.pool import Implementation, RunnerPool

NAME = "run"
HELP = "run a suite (default: quick)"
EXAMPLE = "hashbench run quick --filter argon2id --budget 2 --runner rust --runner go"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("suite", nargs="?", default="quick", help="suite name or path to a .toml")
    p.add_argument("--filter", help="regex on '<impl> <group title>'")
    p.add_argument("--budget", type=float, help="seconds of sampling per case")
    p.add_argument(
        "--target-ci",
        type=float,
        dest="target_ci",
        help="stop when the 95%% CI of the median is within this fraction",
    )
    p.add_argument("--runner", action="append", help="only this runner (repeatable)")
    p.add_argument("--out", type=Path, help="results file (default results/<time>-<suite>.json)")


def run(args: argparse.Namespace) -> int:
    if args.budget is not None and args.budget <= 0:
        raise UsageError("--budget must be a positive number of seconds")
    options = Options(
        budget=args.budget, target_ci=args.target_ci, filter=regex("--filter", args.filter)
    )
    return run_suite(args.suite, options, args.out, report_console(), runner_names(args.runner))


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def default_out(suite_name: str) -> Path:
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return paths.root() / "results" / f"{stamp}-{suite_name}.json"


def run_suite(
    suite_name: str,
    options: Options,
    out: Path | None,
    console: Console,
    runners: set[str] | None = None,
) -> int:
    suite = suites.load(suite_name)  # validated before anything starts
    out = out or default_out(suite.name)
    environment = Environment(**machine.snapshot())
    pool = RunnerPool()
    # SIGTERM ends the run like Ctrl-C: finished cases are already on disk.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pool:
        console.print(f"starting runners for suite [bold]{suite.name}[/] …")
        pool.start(runners)
        run = RunFile(
            suite=suite.name,
            hashbench_version=__version__,
            started=_now(),
            options=RunOptions(
                budget=options.budget, target_ci=options.target_ci, filter=options.filter
            ),
            environment=environment,
            warnings=machine.warnings(environment.load_start, environment.cores),
        )
        planned = [
            (options.budget or g.budget)
            * sum(1 for i in _selected(pool, options, g) if not i.supports(g.alg, g.op, g.mode))
            for g in suite.groups
        ]
        if not any(planned):
            raise UsageError(_nothing_to_run(suite.name, options, pool))
        results = ResultsFile(out, run)
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task("starting", total=sum(planned) or 1.0)
            runner = GroupRunner(
                pool,
                options,
                results.append,
                lambda label, sec: progress.update(task, description=label, advance=sec),
            )
            for name in pool.clients:
                progress.update(task, description=f"loop overhead · {name}")
                runner.measure_loop_overhead(name)
            results.update(runners=_runner_info(pool, runner))
            try:
                for number, group in enumerate(suite.groups):
                    runner.run_group(number, group)
                    progress.update(task, completed=sum(planned[: number + 1]))
            except KeyboardInterrupt:
                environment.load_end = machine.load_average()
                results.update(interrupted=True, finished=_now())
                console.print(f"[yellow]interrupted[/]: finished cases kept in {out}")
                return 130
        environment.load_end = machine.load_average()
        results.update(finished=_now())
    terminal.render(results.run, console)
    console.print(f"\nresults: {out}")
    return exit_code(results.run)


def _nothing_to_run(suite_name: str, options: Options, pool: RunnerPool) -> str:
    why = [f"--filter {options.filter!r}"] if options.filter else []
    why += [f"runner {name} skipped: {reason}" for name, reason in pool.unavailable.items()]
    if not pool.clients:
        why.append("no runner started")
    return f"nothing to run in suite {suite_name}: " + (
        "; ".join(why) or "no implementation applies"
    )


def _selected(pool: RunnerPool, options: Options, group: suites.Group) -> list[Implementation]:
    return GroupRunner(pool, options, lambda record: None).selected(group)


def _runner_info(pool: RunnerPool, runner: GroupRunner) -> dict[str, RunnerInfo]:
    info: dict[str, RunnerInfo] = {}
    for name, client in pool.clients.items():
        timer = client.hello.get("timer") or {}
        info[name] = RunnerInfo(
            available=True,
            runtime=str(client.hello.get("runtime", "")),
            timer_resolution_ns=timer.get("resolution_ns"),
            loop_overhead_ns=runner.loop_overhead.get(name),
        )
    for name, reason in pool.unavailable.items():
        info[name] = RunnerInfo(available=False, reason=reason)
    return info


def exit_code(run: RunFile) -> int:
    return 1 if any(c.status in ("failed", "unverified") for c in run.cases) else 0
