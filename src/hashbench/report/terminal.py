"""The terminal report, grouped by algorithm and parameters (deno bench / mitata style)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hashbench.model import CaseRecord, RunFile
from hashbench.report import answer, caveats, counts_terminal, sweep, time_spent, units
from hashbench.report.case_warnings import describe
from hashbench.report.interval_note import one_process_note
from hashbench.report.summary import Ratio, by_backend, group_summary, ranked, ratio
from hashbench.report.titles import groups, params_of, title


def render(run: RunFile, console: Console, brief: bool = False, verbose: bool = False) -> None:
    if run.measure != "time":
        counts_terminal.render(run, console, brief)
        return
    env = run.environment
    console.print(
        f"[bold]hashbench[/] suite [bold]{escape(run.suite)}[/] · "
        + escape(f"{env.cpu} · {env.cores or '?'} cores · {env.os}")
    )
    for name, info in sorted(run.runners.items()):
        if info.available:
            overhead = info.loop_overhead_ns
            shown = f"{overhead:.2f} ns/iter" if overhead is not None else "?"
            said = f"  runner {name}: {info.runtime} · loop overhead {shown}"
            console.print(escape(said), style="dim")
        else:
            console.print(f"  runner {escape(name)}: [yellow]skipped[/] — {escape(info.reason)}")
    answered = answer.lines(run)
    if answered:
        console.print("\n[bold]answer[/]")
        for line in answered:
            console.print(f"  {escape(line)}")
    for cases in groups(run):
        render_group(cases, console, brief, verbose)
    sweep.render(run.cases, console)
    for warning in run.warnings:
        console.print(f"[yellow]warning:[/] {escape(warning)}")
    for r in run.resumptions:  # run --resume
        forced = f"; merged with --force although {'; '.join(r.changed)}" if r.forced else ""
        console.print(
            escape(
                f"resumed {r.resumed}: the run was {r.how} at {r.ended or '?'}, "
                f"{r.kept} cases kept{forced}"
            )
        )
    note = one_process_note(run)
    if note:
        console.print(f"\n{escape(note)}", style="dim")
    if run.time_spent:
        console.print(f"\n{escape(time_spent.describe(run.time_spent))}", style="dim")


# Columns in the order shown, each with how it reads a record; when the console is too
# narrow the ones named in DROP_ORDER go first, so the median and its interval stay.
COLUMNS: dict[str, Callable[[CaseRecord], str]] = {
    "benchmark": lambda c: c.impl,
    "parameters": lambda c: params_of(c),
    "backend": lambda c: c.backend,
    "time/iter (avg)": lambda c: units.duration(c.measured.mean),
    "iter/s": lambda c: units.rate(c.measured.ops_per_s),
    "(min … max)": lambda c: (
        f"({units.duration(c.measured.min)} … {units.duration(c.measured.max)})"
    ),
    "p50": lambda c: units.duration(c.measured.median),
    "±CI": lambda c: _ci_percent(c),
    caveats.COLUMN: caveats.marks,
    "p50 − loop": lambda c: units.duration(c.net_median) if c.net_median else "—",
    "p75": lambda c: units.duration(c.measured.p75),
    "p99": lambda c: units.duration(c.measured.p99),
    "p995": lambda c: units.duration(c.measured.p995),
    "MB/s": lambda c: f"{c.mb_per_s:.0f}" if c.mb_per_s else "—",
    "alloc/op": lambda c: units.size(c.alloc_bytes_per_op),
}
DROP_ORDER = [
    "p995", "p75", "p50 − loop", "(min … max)", "iter/s", "p99", "backend", "time/iter (avg)",
]  # fmt: skip
BRIEF_ROWS = 3


LOOP_SHOWN = 0.02  # the net median is shown where the empty loop is 2% of a median or more


def _loop_share(c: CaseRecord) -> float:
    return (c.loop_overhead_ns or 0.0) / c.measured.median if c.measured.median else 0.0


TIMES = "×"


def _times(rows: list[CaseRecord]) -> list[str]:
    """The ratio of each median to the first (fastest) row's; ≈ where their intervals
    overlap (report/summary.py)."""
    first = rows[0]
    shown = ["1.00×"]
    for c in rows[1:]:
        r = ratio(first, c)
        shown.append(f"{'≈' if r.indistinguishable else ''}{r.ratio:.2f}×")
    return shown


COLUMN_GAP = 2  # a borderless table pads each column by one space on either side


def _table(cells: dict[str, list[str]]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", expand=False)
    for name in cells:
        left = name in ("benchmark", "parameters", "backend", caveats.COLUMN)
        table.add_column(
            name,
            justify="left" if left else "right",
            no_wrap=True,
            style="dim" * (name == "backend"),
        )
    for row in zip(*cells.values(), strict=True):
        table.add_row(*map(escape, row))  # a file's names are text, never markup
    return table


def fitted_table(rows: list[CaseRecord], console: Console) -> Table:
    """The group's table with as many columns as the console's width holds. Widths are
    counted from the cells' text (plain, one line each), not measured by rich: a whole
    `seeds` run has seventy groups of a hundred rows."""
    names = [n for n in COLUMNS if n not in ("MB/s", "alloc/op", "parameters", "p50 − loop")]
    if not any(c.warnings for c in rows):
        names.remove(caveats.COLUMN)
    if any(_loop_share(c) >= LOOP_SHOWN for c in rows):  # the loop is a visible part
        names.insert(names.index("±CI") + 1, "p50 − loop")
    if any(c.library_defaults for c in rows):  # each row at its own library's defaults
        names.insert(1, "parameters")
    if rows[0].input_size is not None:
        names.append("MB/s")
    if any(c.alloc_bytes_per_op is not None for c in rows):
        names.append("alloc/op")
    if len(rows) > 1:  # each row's median over the fastest's, as the summary words it
        names.insert(names.index("p50") + 1, TIMES)
    cells = {n: _times(rows) if n == TIMES else [COLUMNS[n](c) for c in rows] for n in names}
    width = {name: max(map(cell_len, [name, *column])) for name, column in cells.items()}
    for name in (n for n in DROP_ORDER if n in cells):
        if sum(width.values()) + COLUMN_GAP * (len(width) - 1) <= console.width:
            break
        del cells[name], width[name]
    return _table(cells)


def render_group(
    cases: list[CaseRecord], console: Console, brief: bool = False, verbose: bool = False
) -> None:
    """One table per group, fastest median first; avg and p50 both shown, since the order
    and the "× faster" summary follow the median."""
    console.print()
    console.print(f"[bold]group {escape(title(cases[0]))}[/]")
    valid = ranked(cases)
    shown = valid[:BRIEF_ROWS] if brief else valid
    if shown:
        console.print(fitted_table(shown, console))
        if brief and len(valid) > len(shown):
            console.print(f"  [dim]… {len(valid) - len(shown)} more (without --brief)[/]")
        key = caveats.legend(shown)
        if key:
            console.print(f"  [yellow]{escape(key)}[/]")
        for c in (c for c in shown if c.warnings and verbose):  # each case's in words
            words = "; ".join(describe(w) for w in c.warnings)
            console.print(f"  [yellow]![/] {escape(c.impl)}: {escape(words)}")
    fastest, ratios = group_summary(cases)
    if fastest is not None and ratios:
        console.print("[bold]summary[/]")
        console.print(f"  [cyan]{escape(fastest.impl)}[/]")
        told = ratios if verbose else ratios[: BRIEF_ROWS - 1]
        for r in told:
            console.print(f"     {ratio_text(r)}")
        if len(told) < len(ratios):
            console.print(f"     [dim]… {len(ratios) - len(told)} more: the × column above[/]")
    classes = [] if brief else by_backend(cases)
    if classes:
        console.print("[bold]fastest by backend[/]")
        for cls, c, factor in classes:
            slower = (
                "" if c is classes[0][1] else f"  [yellow]{factor:.2f}×[/] the time of the fastest"
            )
            median = units.duration(c.measured.median)
            console.print(f"  {escape(f'{cls:<6}')} [cyan]{escape(c.impl)}[/] {median}{slower}")
    for status, style in (("unverified", "red"), ("failed", "red"), ("refused", "yellow")):
        for c in cases:
            if c.status == status:
                console.print(f"  [{style}]{status}[/] {escape(c.impl)}: {escape(c.reason)}")
    if not brief:
        _not_applicable(cases, console)


def ratio_text(r: Ratio) -> str:
    """ "1.29× faster than b (1.25–1.33×)", or indistinguishable when the medians'
    intervals overlap."""
    interval = f"({r.low:.2f}–{r.high:.2f}×)"
    if r.indistinguishable:
        return f"[dim]≈ {r.ratio:.2f}×[/] indistinguishable from {escape(r.impl)} {interval}"
    return f"[green]{r.ratio:.2f}×[/] faster than {escape(r.impl)} {interval}"


def _not_applicable(cases: list[CaseRecord], console: Console) -> None:
    na: dict[str, list[str]] = defaultdict(list)
    for c in cases:
        if c.status == "not_applicable":
            na[c.reason].append(c.impl)
    # Implementations without the algorithm at all are most of the catalog: a count here,
    # their names in the results file; every other reason is listed by name.
    without = na.pop(f"no {cases[0].alg}", [])
    for reason, impls in sorted(na.items()):
        console.print(f"  [dim]{escape(f'n/a ({reason}): ' + ', '.join(sorted(impls)))}[/]")
    if without:
        console.print(
            f"  [dim]n/a: {len(without)} implementations without {escape(cases[0].alg)} "
            "(named in the results file)[/]"
        )


def _ci_percent(c: CaseRecord) -> str:
    """Half-width of the interval shown beside the median (`CaseRecord.shown_ci`: where
    the next run's should fall), relative to the median."""
    return f"±{c.shown_ci_rel_halfwidth * 100:.1f}%" if c.measured.median else "—"
