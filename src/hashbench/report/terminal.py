"""The terminal report, grouped by algorithm and parameters (deno bench / mitata style)."""

from __future__ import annotations

from collections import defaultdict

from rich.console import Console
from rich.table import Table

from hashbench.model import CaseRecord, RunFile, Stats
from hashbench.report import sweep, units
from hashbench.report.summary import by_backend, group_summary


def render(run: RunFile, console: Console) -> None:
    env = run.environment
    console.print(
        f"[bold]hashbench[/] suite [bold]{run.suite}[/] · "
        f"{env.cpu} · {env.cores or '?'} cores · {env.os}"
    )
    for name, info in sorted(run.runners.items()):
        if info.available:
            overhead = info.loop_overhead_ns
            shown = f"{overhead:.2f} ns/iter" if overhead is not None else "?"
            console.print(f"  runner {name}: {info.runtime} · loop overhead {shown}", style="dim")
        else:
            console.print(f"  runner {name}: [yellow]skipped[/] — {info.reason}")
    groups: dict[int, list[CaseRecord]] = defaultdict(list)
    for case in run.cases:
        groups[case.group].append(case)
    for _, cases in sorted(groups.items()):
        render_group(cases, console)
    sweep.render(run.cases, console)
    for warning in run.warnings:
        console.print(f"[yellow]warning:[/] {warning}")


def render_group(cases: list[CaseRecord], console: Console) -> None:
    """One table per group, fastest median first; avg and p50 both shown, since the order
    and the "× faster" summary follow the median."""
    console.print()
    console.print(f"[bold]group {cases[0].group_title}[/]")
    valid = sorted((c for c in cases if c.valid), key=lambda c: c.measured.median)
    digest = cases[0].input_size is not None
    has_alloc = any(c.alloc_bytes_per_op is not None for c in valid)
    if valid:
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", expand=False)
        table.add_column("benchmark", no_wrap=True)
        table.add_column("backend", style="dim", no_wrap=True)
        for name in (
            "time/iter (avg)",
            "iter/s",
            "(min … max)",
            "p50",
            "±CI",
            "p75",
            "p99",
            "p995",
        ):
            table.add_column(name, justify="right", no_wrap=True)
        if digest:
            table.add_column("MB/s", justify="right", no_wrap=True)
        if has_alloc:
            table.add_column("alloc/op", justify="right", no_wrap=True)
        for c in valid:
            s = c.measured
            row = [
                c.impl,
                c.backend,
                units.duration(s.mean),
                units.rate(s.ops_per_s),
                f"({units.duration(s.min)} … {units.duration(s.max)})",
                units.duration(s.median),
                _ci_percent(s),
                units.duration(s.p75),
                units.duration(s.p99),
                units.duration(s.p995),
            ]
            if digest:
                row.append(f"{c.mb_per_s:.0f}" if c.mb_per_s else "—")
            if has_alloc:
                row.append(units.size(c.alloc_bytes_per_op))
            table.add_row(*row)
        console.print(table)
        for c in valid:
            for w in c.warnings:
                console.print(f"  [yellow]![/] {c.impl}: {w}")
    fastest, ratios = group_summary(cases)
    if fastest is not None and ratios:
        console.print("[bold]summary[/]")
        console.print(f"  [cyan]{fastest.impl}[/]")
        for impl, r in ratios:
            console.print(f"     [green]{r:.2f}×[/] faster than {impl}")
    classes = by_backend(cases)
    if classes:
        console.print("[bold]fastest by backend[/]")
        for cls, c, r in classes:
            slower = "" if r == 1.0 else f"  [yellow]{r:.2f}×[/] the time of the fastest"
            console.print(
                f"  {cls:<6} [cyan]{c.impl}[/] {units.duration(c.measured.median)}{slower}"
            )
    for status, style in (("unverified", "red"), ("failed", "red"), ("refused", "yellow")):
        for c in cases:
            if c.status == status:
                console.print(f"  [{style}]{status}[/] {c.impl}: {c.reason}")
    na: dict[str, list[str]] = defaultdict(list)
    for c in cases:
        if c.status == "not_applicable":
            na[c.reason].append(c.impl)
    # Implementations without the algorithm at all are most of the catalog: a count here,
    # their names in the results file; every other reason is listed by name.
    without = na.pop(f"no {cases[0].alg}", [])
    for reason, impls in sorted(na.items()):
        console.print(f"  [dim]n/a ({reason}): {', '.join(sorted(impls))}[/]")
    if without:
        console.print(
            f"  [dim]n/a: {len(without)} implementations without {cases[0].alg} "
            "(named in the results file)[/]"
        )


def _ci_percent(stats: Stats) -> str:
    """Half-width of the 95% CI of the median, relative to the median."""
    return f"±{stats.median_ci_rel_halfwidth * 100:.1f}%" if stats.median else "—"
