"""`hashbench pick` in the terminal: the ranked table, the reason for the top choice, the
ruled out with theirs, what is not measured with the command that measures it, and the
rule the ranking used."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hashbench.model.card import Pick
from hashbench.report.pick_rows import HEADERS, rows

WRAPPED = {"worst divergence", "defaults", "× fastest of runtime", "× fastest anywhere"}


def render(pick: Pick, console: Console) -> None:
    r = rows(pick)
    console.print(f"[bold]{escape(r.title)}[/]")
    if r.ranked:
        table = Table(box=None, header_style="bold", pad_edge=False)
        for name in HEADERS:
            # an id is what a user types: never cut it (other columns wrap instead)
            table.add_column(
                name,
                no_wrap=name not in WRAPPED,
                overflow="fold",
                justify="right" if name in ("#", "median", "score") else "left",
            )
        for cells in r.ranked:
            table.add_row(*(escape(c) for c in cells))
        console.print(table)
        for line in r.legend:
            console.print(f"  {escape(line)}", style="dim")
    console.print(f"\n[bold]top choice:[/] {escape(r.top)}")
    if r.ruled_out:
        console.print(f"\n[bold]ruled out ({len(r.ruled_out)})[/]")
        for impl, reason in r.ruled_out:
            console.print(f"  {escape(impl)} — {escape(reason)}")
    if r.unmeasured:
        console.print(f"\n[bold]not measured on this machine ({len(r.unmeasured)})[/]")
        for impl, commands in r.unmeasured:
            console.print(
                f"  {escape(impl)} — run " + "; ".join(f"`{escape(c)}`" for c in commands)
            )
    console.print(f"\n[dim]rule: {escape(pick.rule.text)}[/]")
    console.print(f"[dim]from: {escape('; '.join(pick.sources) or 'nothing measured yet')}[/]")
