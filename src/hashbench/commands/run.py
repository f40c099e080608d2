"""`hashbench run`: the command line as a run's settings (engine/run_settings.py), the run's
life (engine/run_life.py, timed or counted), its progress and report on the console."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

from rich.console import Console

from hashbench.command_support.history_keeping import keep_in_history
from hashbench.command_support.interrupts import end_on_signals
from hashbench.command_support.options import add_case_globs, case_globs, runner_names
from hashbench.engine import run_life
from hashbench.engine import suite as suites
from hashbench.engine.count.counted_run import CountedRun
from hashbench.engine.resume import Resume
from hashbench.engine.run_settings import RunSettings
from hashbench.engine.schedule import Options
from hashbench.engine.selection import Selection
from hashbench.engine.timed_run import TimedRun
from hashbench.errors import UsageError
from hashbench.model import RunFile
from hashbench.model.counts import MEASURES
from hashbench.report import terminal
from hashbench.report.console import console as report_console
from hashbench.report.console import progress_bar
from hashbench.report.export import FORMATS
from hashbench.results.files import write_text_atomic
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
    p.add_argument("--runner", action="append", help="only this runner (repeatable)")
    sampling = p.add_argument_group("how each case is sampled")
    sampling.add_argument("--budget", type=float, help="seconds of sampling per case")
    sampling.add_argument(
        "--target-ci",
        type=float,
        dest="target_ci",
        help="stop when the 95%% CI of the median is within this fraction",
    )
    sampling.add_argument(
        "--processes",
        type=int,
        help="fresh runner processes per case; the interval then holds their spread "
        "(default: the suite's)",
    )
    sampling.add_argument(
        "--rounds",
        type=int,
        help="interleaved rounds a case's sampling in each process is spread over, at least, "
        "so that a stretch of seconds in which the machine is slow meets a few of them, not "
        "all (default: the suite's)",
    )
    sampling.add_argument(
        "--passes",
        type=int,
        help="visit every group this many times, one interleaved round a visit, so a case's "
        "samples are spread over the whole run; one process a case (default: 1)",
    )
    sampling.add_argument(
        "--placement",
        default="auto",
        help="CPUs for the runner processes: auto (the last CPU, the orchestrator on the "
        "others; unpinned with one CPU), none (the kernel decides) or CPU numbers, e.g. 1 "
        "(default: auto; docs/benchmarks/gate.md)",
    )
    sampling.add_argument(
        "--idle-runners",
        choices=("stop", "run"),
        default="stop",
        help="runner processes not being asked: stopped (SIGSTOP), so their runtimes' "
        "background work takes no CPU from the one measured, or left running (default: stop)",
    )
    measure = p.add_argument_group("what is measured")
    measure.add_argument(
        "--measure",
        choices=MEASURES,
        default="time",
        help="time (the timed loop); instructions per op counted under Valgrind; or cycles, "
        "estimated from Valgrind's cache simulation too (docs/instructions.md)",
    )
    measure.add_argument(
        "--jobs",
        type=int,
        help="--measure instructions|cycles: counting processes side by side (default: one "
        "per CPU this process may use)",
    )
    results = p.add_argument_group("results, history and reports")
    results.add_argument(
        "--out", type=Path, help="results file (default results/<time>-<suite>.json)"
    )
    results.add_argument("--resume", type=Path, metavar="FILE", help="continue an interrupted run")
    results.add_argument(
        "--force", action="store_true", help="--resume even if the machine changed"
    )
    results.add_argument(
        "--store", help="history store: SQLite path or postgresql://… (default: user's)"
    )
    results.add_argument(
        "--no-store", action="store_true", help="do not keep this run in the history"
    )
    results.add_argument("--brief", action="store_true", help="print the top few of each group")
    results.add_argument(
        "-v", "--verbose", action="store_true", help="each case's warnings in words, not a letter"
    )
    for name in EXPORTS:
        results.add_argument(
            f"--export-{name}", type=Path, metavar="PATH", help=f"also write {name}"
        )


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


def settings(args: argparse.Namespace) -> RunSettings:
    """The command line as the run's settings, checked whole before anything starts."""
    selection = case_globs(args)
    suite = _suite(args, selection)  # validated before anything starts
    given = RunSettings(
        suite=suite,
        options=Options(
            budget=args.budget,
            target_ci=args.target_ci,
            selection=selection,
            processes=args.processes,
            rounds=args.rounds,
            passes=args.passes,
        ),
        measure=args.measure,
        out=args.out,
        runners=runner_names(args.runner),
        store=None if args.no_store else (args.store or default_location()),
        placement=args.placement,
        pause_idle=args.idle_runners == "stop",
        resume=Resume(args.resume, args.force) if args.resume else None,
        jobs=args.jobs,
    )
    given.check()
    return given


def run(args: argparse.Namespace) -> int:
    chosen = settings(args)
    exports = {
        EXPORTS[name]: path
        for name in EXPORTS
        if (path := getattr(args, f"export_{name}")) is not None
    }
    measuring = TimedRun(chosen) if chosen.measure == "time" else CountedRun(chosen)
    console = report_console()
    end_on_signals()  # finished cases are already on disk
    finished = run_life.run(chosen, measuring, ConsoleShow(console))
    if finished.interrupted:
        console.print(f"[yellow]interrupted[/]: finished cases kept in {finished.out}")
        keep_in_history(finished.run, finished.out, chosen.store, console)
        return 130
    terminal.render(finished.run, console, brief=args.brief, verbose=args.verbose)
    left = finished.left_out
    if left:
        suite = chosen.suite
        shown = ", ".join(left[:6]) + (f" and {len(left) - 6} more" if len(left) > 6 else "")
        console.print(
            f"\nnot in suite {suite.name} (its impl filter, {suite.path.name}): "
            f"{len(left)} implementation{'s' * (len(left) > 1)}: {shown}"
        )
    console.print(f"\nresults: {finished.out}")
    keep_in_history(finished.run, finished.out, chosen.store, console)
    for fmt, path in exports.items():
        write_text_atomic(path, FORMATS[fmt](finished.run))
        console.print(f"{fmt}: {path}")
    return exit_code(finished.run)


class ConsoleShow:
    """A run's progress on the console: its lines, and the bar `run` draws."""

    def __init__(self, console: Console):
        self.console = console
        self._set: Callable[[float], None] = lambda _seconds: None

    def say(self, text: str) -> None:
        self.console.print(text)

    def note(self, text: str) -> None:
        self.console.print(text, style="dim", markup=False)

    @contextlib.contextmanager
    def bar(self, total_s: float) -> Iterator[Callable[[str, float], None]]:
        with progress_bar(self.console) as progress:
            task = progress.add_task("starting", total=total_s)

            def reached(seconds: float) -> None:
                now = next(t.completed for t in progress.tasks if t.id == task)
                progress.update(task, completed=max(seconds, now))

            self._set = reached
            try:
                yield lambda label, sec: progress.update(task, description=label, advance=sec)
            finally:
                self._set = lambda _seconds: None

    def reached(self, seconds: float) -> None:
        self._set(seconds)


def exit_code(run: RunFile) -> int:
    return 1 if any(c.status in ("failed", "unverified") for c in run.cases) else 0
