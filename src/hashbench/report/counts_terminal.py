"""The terminal report of a counted run: per group, instructions (and estimated cycles)
per op, fewest first, with how the counts were made above them."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hashbench.model import CaseRecord, RunFile
from hashbench.report import count_columns as cc
from hashbench.report.case_warnings import describe
from hashbench.report.titles import groups, title

BRIEF_ROWS = 3


def render(run: RunFile, console: Console, brief: bool = False) -> None:
    env = run.environment
    console.print(
        f"[bold]hashbench[/] suite [bold]{escape(run.suite)}[/] · {escape(env.cpu)} · "
        f"{escape(env.os)} · [bold]{run.measure}[/]"
    )
    for line in cc.how(run):
        console.print(f"  {escape(line)}", style="dim")
    for cases in groups(run):
        _group(run, cases, console, brief)
    for warning in run.warnings:
        console.print(f"[yellow]warning:[/] {escape(warning)}")


def _group(run: RunFile, cases: list[CaseRecord], console: Console, brief: bool) -> None:
    console.print()
    console.print(f"[bold]group {escape(title(cases[0]))}[/]")
    rows = cc.ranked(run, cases)
    shown = rows[:BRIEF_ROWS] if brief else rows
    if shown:
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        names = [*cc.names(run), "× fewest"]
        for name in names:
            table.add_column(name, justify="left" if name in ("benchmark", "backend") else "right")
        least = cc.figure(run, rows[0])
        for c in shown:
            cells = [cc.COLUMNS[n](c) for n in names[:-1]]
            ratio = f"{cc.figure(run, c) / least:.2f}×" if least else "—"
            table.add_row(*map(escape, cells), ratio)
        console.print(table)
        for c in (c for c in shown if c.warnings):
            words = "; ".join(describe(w) for w in c.warnings)
            console.print(f"  [yellow]![/] {escape(c.impl)}: {escape(words)}")
    for status, style in (("unverified", "red"), ("failed", "red"), ("refused", "yellow")):
        for c in cases:
            if c.status == status:
                console.print(f"  [{style}]{status}[/] {escape(c.impl)}: {escape(c.reason)}")
    if not brief:
        reasons: dict[str, list[str]] = {}
        for c in cases:
            if c.status == "not_applicable" and c.reason != f"no {c.alg}":
                reasons.setdefault(c.reason, []).append(c.impl)
        for reason, impls in sorted(reasons.items()):
            console.print(f"  [dim]n/a ({escape(reason)}): {escape(', '.join(sorted(impls)))}[/]")
