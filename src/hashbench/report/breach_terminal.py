"""The terminal report of a breach file: per parameter set, the attacker classes with their
guesses per second, then the expected times and the cost of trying every candidate."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hashbench.model.breach import BreachFile, Grid
from hashbench.report import breach_rows as r
from hashbench.report.export.breach_formats import COST_NOTE, TIME_NOTE


def _table(t: r.Table, console: Console) -> None:
    table = Table(header_style="bold", box=None, pad_edge=False)
    for i, header in enumerate(t.headers):
        table.add_column(escape(header), justify="right" if i else "left", overflow="fold")
    for row in t.rows:
        table.add_row(*(escape(v) for v in row))
    console.print(table)


def render_grid(g: Grid, console: Console) -> None:
    console.print(f"[bold]{escape(r.title(g))}[/bold]")
    for a in r.shown(g):
        console.print(f"  {escape(r.attacker_line(a))}")
    for line in r.missing(g):
        console.print(f"  no figure — {escape(line)}")
    console.print(f"\n{escape(TIME_NOTE)}")
    _table(r.time_table(g), console)
    console.print(f"\n{escape(COST_NOTE)}")
    _table(r.cost_table(g), console)


def render(file: BreachFile, console: Console) -> None:
    console.print(f"hashbench breach, from {escape(file.source)}")
    for line in file.assumptions:
        console.print(f"  {escape(line)}")
    for g in file.grids:
        console.print()
        render_grid(g, console)
