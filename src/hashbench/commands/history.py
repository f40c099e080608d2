"""`hashbench history`: runs kept in the store, one case across runs and machines, import."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.table import Table

from hashbench.command_support.deprecated import Renamed
from hashbench.command_support.options import output
from hashbench.command_support.options import threshold as parse_threshold
from hashbench.errors import UsageError
from hashbench.model import RunFile
from hashbench.model.fidelity import FidelityFile
from hashbench.model.history_point import UNITS, threshold
from hashbench.model.strength import StrengthFile
from hashbench.report import history_page, units
from hashbench.report.console import console
from hashbench.results.files import load_any, write_text_atomic
from hashbench.store import DEFAULT_STORE_TEXT, StoreError, open_store
from hashbench.store.changes import changes, plotted, series
from hashbench.store.history import CasePoint, Store
from hashbench.store.run_to_run import RunToRun, run_to_run
from hashbench.store.runtime_series import by_major, major

NAME = "history"
HELP = "runs kept in the history store; one case across runs or machines; import old files"
EXAMPLE = (
    "hashbench history 'c/openssl:sha256:digest:oneshot:size=1024'\n"
    "  hashbench history import results/*.json\n"
    "  hashbench history 'rust/argon2:argon2id:hash:*' --format html -o argon2-history.html"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "what", nargs="*", help="nothing (list runs), a case id or glob, or import FILE…"
    )
    p.add_argument(
        "--store",
        help=f"SQLite path or postgresql://… (default: {DEFAULT_STORE_TEXT})",
    )
    p.add_argument("--machines", action="store_true", help="the case's latest run on each machine")
    p.add_argument(
        "--threshold",
        help="smallest change marked (default 5%% of a median; 0.5%% of a count per op)",
    )
    p.add_argument("--limit", type=int, default=30, help="runs listed (default 30)")
    p.add_argument(
        "--format",
        choices=["table", "html"],
        default="table",
        help="html: one case's history as a plot, written to -o",
    )
    p.add_argument("-o", "--output", type=Path, help="the HTML file (with --format html)")
    p.add_argument("--html", type=Path, action=Renamed, new="--format html -o PATH")


def _open(args: argparse.Namespace) -> Store:
    try:
        return open_store(args.store)
    except StoreError as exc:
        raise UsageError(str(exc)) from exc


def run(args: argparse.Namespace) -> int:
    if args.html is not None:
        args.format, args.output = "html", args.html
    if args.format == "html" and args.output is None:
        raise UsageError("--format html writes a file: give -o PATH")
    output(args.output)
    store = _open(args)
    try:
        if args.what[:1] == ["import"]:
            return _import(store, [Path(p) for p in args.what[1:]])
        if args.what:
            return _case(store, args.what[0], args)
        return _runs(store, args.limit)
    except StoreError as exc:
        raise UsageError(str(exc)) from exc
    finally:
        store.close()


def _import(store: Store, files: list[Path]) -> int:
    if not files:
        raise UsageError("history import needs results files")
    out = console()
    loaded: list[tuple[Path, RunFile | FidelityFile]] = []
    for path in files:  # every file read and checked before any is stored
        data = load_any(path)
        if isinstance(data, StrengthFile):
            raise UsageError(f"{path}: {data.command} results are not kept in the history")
        loaded.append((path, data))
    for path, data in loaded:
        if isinstance(data, FidelityFile):
            run_id, new = store.record_fidelity(data, source=str(path))
        else:
            run_id, new = store.record_run(data, source=str(path))
        out.print(f"{path}: {'stored as' if new else 'already stored as'} run {run_id}")
    return 0


def _runs(store: Store, limit: int) -> int:
    table = Table(box=None, header_style="bold")
    for col in ("run", "started", "suite", "measure", "cases", "machine", "hashbench", "ended"):
        table.add_column(col)
    for r in store.runs(limit):
        ended = "interrupted" if r.interrupted else ("finished" if r.finished else "?")
        table.add_row(str(r.id), r.started, r.suite, r.measure, str(r.cases), r.machine,
                      r.hashbench_version, ended)  # fmt: skip
    console().print(table)
    return 0


def _latest_per_machine(points: list[CasePoint]) -> list[CasePoint]:
    latest: dict[str, CasePoint] = {}
    for p in points:
        latest[p.machine] = p
    return list(latest.values())


def _table(title: str, measure: str, points: list[CasePoint], marked: dict[int, str]) -> Table:
    """One series of a case: times with their interval, or counts per op."""
    timed = measure == "time"
    table = Table(box=None, header_style="bold", title=f"{title} · {UNITS[measure]}",
                  title_justify="left")  # fmt: skip
    figures = ("median", "95% interval") if timed else (UNITS[measure],)
    for col in ("run", "started", "machine", "version", *figures, "change"):
        table.add_column(col)
    for p in points:
        if timed:
            interval = (
                f"{units.duration(p.median_low)} … {units.duration(p.median_high)}"
                if p.median is not None
                else p.status
            )
            shown = [units.duration(p.median), interval]
        else:
            shown = [f"{p.per_op:,.0f}" if p.per_op is not None else p.status]
        table.add_row(str(p.run_id), p.started, p.machine, p.library_version, *shown,
                      marked.get(p.run_id, ""))  # fmt: skip
    return table


def _next_run(spread: RunToRun) -> str:
    return (
        f"the next run's median: within ±{spread.half_width:.1%} of run {spread.newest}'s, 95% "
        f"(from the spread of its last {spread.runs} runs on this machine, library and "
        "toolchain; a run's own interval covers its samples only)"
    )


def _case(store: Store, pattern: str, args: argparse.Namespace) -> int:
    ids = store.case_ids(pattern)
    if not ids:
        raise UsageError(f"no case matching {pattern!r} in {store.location}")
    out = console()
    given = parse_threshold(args.threshold) if args.threshold else None
    for case_id in ids[:20]:
        for measure, every in series(store.case_history(case_id)).items():
            parts = by_major(every)  # one series per runtime major: never joined
            for runtime, points in parts:
                title = f"{case_id} on {runtime}" if len(parts) > 1 else case_id
                if args.machines:
                    points = _latest_per_machine(points)
                marked = {} if args.machines else changes(points, threshold(measure, given))
                out.print(_table(title, measure, points, marked))
                spread = None if args.machines else run_to_run(points)
                if spread is not None:
                    out.print(_next_run(spread), style="dim")
    if len(ids) > 20:
        out.print(f"… and {len(ids) - 20} more cases match {pattern!r}")
    if args.format == "html":
        if len(ids) != 1:
            raise UsageError(f"--format html draws one case; {pattern!r} matches {len(ids)}")
        drawn = {  # the series of the newest run's runtime major
            measure: plotted(
                dict(by_major(points))[major(points[-1].runtime)], threshold(measure, given)
            )
            for measure, points in series(store.case_history(ids[0])).items()
        }
        write_text_atomic(args.output, history_page.render(ids[0], drawn))
        out.print(f"html: {args.output}")
    return 0
