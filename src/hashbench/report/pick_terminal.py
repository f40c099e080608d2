"""`hashbench pick` in the terminal: the ranked table, the reason for the top choice, the
ruled out with theirs, what is not measured with the command that measures it, and the
rule the ranking used.

An implementation id is what a user types, so it is never cut: on a narrow console (or
the 100 columns of piped output) the table drops its least needed columns first and
wraps the worst divergence."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hashbench.model.card import Pick
from hashbench.report.pick_rows import HEADERS, rows

# the divergence's words go before the median: a row's figure matters more than its
# reason wrapped a word a line (the reasons of the ruled out are printed below the table)
DROP_ORDER = ("version", "backend", "defaults", "× anywhere", "ease", "worst divergence", "median")
WRAPS = {"worst divergence"}
WRAP_MIN = 24  # narrower than this, a divergence reads a word a line
RIGHT = {"#", "median", "score"}
COLUMN_GAP = 2


def _least(i: int, table: list[list[str]]) -> int:
    texts = [HEADERS[i], *(row[i] for row in table)]
    widest = max(map(cell_len, texts))
    return min(widest, WRAP_MIN) if HEADERS[i] in WRAPS else widest


def shown(table: list[list[str]], width: int) -> list[int]:
    """The columns that fit the width, least needed dropped first (the id, the rank and
    the score always stay)."""
    keep = list(range(len(HEADERS)))
    least = {i: _least(i, table) for i in keep}
    for name in (None, *DROP_ORDER):
        if name:
            keep.remove(HEADERS.index(name))
        if sum(least[i] for i in keep) + COLUMN_GAP * (len(keep) - 1) <= width:
            break
    return keep


def by_command(unmeasured: list[tuple[str, list[str]]]) -> dict[str, list[str]]:
    """The commands that would measure what is missing, each once, with the
    implementations it measures: one line a command, not one an implementation."""
    out: dict[str, list[str]] = {}
    for impl, commands in unmeasured:
        for command in commands:
            out.setdefault(command, []).append(impl)
    return out


def render(pick: Pick, console: Console) -> None:
    r = rows(pick)
    console.print(f"[bold]{escape(r.title)}[/]")
    if r.ranked:
        columns = shown(r.ranked, console.width)
        table = Table(box=None, header_style="bold", pad_edge=False)
        for i in columns:
            name = HEADERS[i]
            wraps = name in WRAPS
            table.add_column(name, no_wrap=not wraps, overflow="fold" if wraps else "ignore",
                             justify="right" if name in RIGHT else "left",
                             min_width=_least(i, r.ranked))  # fmt: skip
        for cells in r.ranked:
            table.add_row(*(escape(cells[i]) for i in columns))
        console.print(table, crop=False)
        dropped = [HEADERS[i] for i in range(len(HEADERS)) if i not in columns]
        if dropped:
            console.print(f"  (too narrow for: {', '.join(dropped)})", style="dim")
        for line in r.legend:
            console.print(f"  {escape(line)}", style="dim")
    console.print(f"\n[bold]top choice:[/] {escape(r.top)}")
    if r.ruled_out:
        console.print(f"\n[bold]ruled out ({len(r.ruled_out)})[/]")
        for impl, reason in r.ruled_out:
            console.print(f"  {escape(impl)} — {escape(reason)}")
    if r.unmeasured:
        console.print(f"\n[bold]not measured on this machine ({len(r.unmeasured)})[/]")
        for command, impls in by_command(r.unmeasured).items():
            console.print(f"  run `{escape(command)}`: {escape(', '.join(impls))}")
    console.print(f"\n[dim]rule: {escape(pick.rule.text)}[/]")
    console.print(f"[dim]from: {escape('; '.join(pick.sources) or 'nothing measured yet')}[/]")
