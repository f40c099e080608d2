"""`hashbench run`: a suite end to end — runners, environment, progress, results file."""

from __future__ import annotations

import datetime as dt
import signal
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from hashbench import __version__, paths, suites
from hashbench.errors import UsageError
from hashbench.measure import env
from hashbench.report import terminal
from hashbench.results.store import ResultsFile
from hashbench.run import Options, Runner
from hashbench.runner.pool import RunnerPool


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
    environment = env.snapshot()
    pool = RunnerPool()
    # SIGTERM ends the run like Ctrl-C: finished cases are already on disk.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pool:
        console.print(f"starting runners for suite [bold]{suite.name}[/] …")
        pool.start(runners)
        header: dict[str, Any] = {
            "suite": suite.name,
            "hashbench_version": __version__,
            "started": _now(),
            "finished": None,
            "interrupted": False,
            "options": {
                "budget": options.budget,
                "target_ci": options.target_ci,
                "filter": options.filter,
            },
            "environment": environment,
            "runners": {},
            "warnings": env.warnings(environment["load_start"], environment["cores"]),
        }
        planned = [
            (options.budget or g.budget)
            * sum(1 for i in _selected(pool, options, g) if not i.supports(g.alg, g.op, g.mode))
            for g in suite.groups
        ]
        if not any(planned):
            raise UsageError(_nothing_to_run(suite.name, options, pool))
        results = ResultsFile(out, header)
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
            runner = Runner(
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
                results.update(
                    interrupted=True,
                    finished=_now(),
                    environment={**environment, "load_end": env.load_average()},
                )
                console.print(f"[yellow]interrupted[/]: finished cases kept in {out}")
                return 130
        results.update(finished=_now(), environment={**environment, "load_end": env.load_average()})
    terminal.render(results.data, console)
    console.print(f"\nresults: {out}")
    return exit_code(results.data)


def _nothing_to_run(suite_name: str, options: Options, pool: RunnerPool) -> str:
    why = [f"--filter {options.filter!r}"] if options.filter else []
    why += [f"runner {name} skipped: {reason}" for name, reason in pool.unavailable.items()]
    if not pool.clients:
        why.append("no runner started")
    return f"nothing to run in suite {suite_name}: " + (
        "; ".join(why) or "no implementation applies"
    )


def _selected(pool: RunnerPool, options: Options, group: suites.Group) -> list:
    return Runner(pool, options, lambda record: None).selected(group)


def _runner_info(pool: RunnerPool, runner: Runner) -> dict[str, Any]:
    info: dict[str, Any] = {}
    for name, client in pool.clients.items():
        timer = client.hello.get("timer") or {}
        info[name] = {
            "available": True,
            "runtime": str(client.hello.get("runtime", "")),
            "timer_resolution_ns": timer.get("resolution_ns"),
            "loop_overhead_ns": runner.loop_overhead.get(name),
        }
    for name, reason in pool.unavailable.items():
        info[name] = {"available": False, "reason": reason}
    return info


def exit_code(data: dict[str, Any]) -> int:
    bad = any(c["status"] in ("failed", "unverified") for c in data.get("cases", []))
    return 1 if bad else 0
