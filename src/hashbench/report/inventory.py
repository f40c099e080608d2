"""`hashbench list` in the terminal: one row per implementation, its id always whole.

An id is what a user types into `--impl`, so it is never cut: on a narrow console (or
the 100 columns of piped output) the table drops its least needed columns first, then
wraps the status and the algorithms; where even the id and its status cannot stand side
by side, each implementation is a line of its own with its status below."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table

COLUMNS = ("implementation", "library", "version", "backend", "algorithms", "status")
DROP_ORDER = ("backend", "version", "library", "algorithms")  # least needed first
WRAPS = {"library", "algorithms", "status"}  # the others are single words, never wrapped
STATUS_MIN = 24  # narrower than this, a reason reads a word a line
COLUMN_GAP = 2  # a borderless table pads each column by one space on either side


def _cells(row: dict[str, Any]) -> dict[str, str]:
    return {
        "implementation": row["impl"],
        "library": row["library"],
        "version": row["version"],
        "backend": row["backend"],
        "algorithms": " ".join(row["algorithms"]),
        "status": "available" if row["available"] else f"unavailable: {row['reason']}",
    }


def _status(text: str) -> str:
    if text == "available":
        return "[green]available[/]"
    return "[yellow]unavailable[/]" + escape(text.removeprefix("unavailable"))


def _least_width(name: str, column: list[str]) -> int:
    """The narrowest the column can be: a column that does not wrap, its widest cell;
    the status, STATUS_MIN (a longer word, such as a path, folds onto the next line);
    the others, their longest word."""
    texts = [name, *column]
    widest = max(map(cell_len, texts))
    if name == "status":
        return min(widest, STATUS_MIN)
    if name in WRAPS:
        return max(cell_len(word) for text in texts for word in text.split() or [""])
    return widest


def columns_that_fit(rows: list[dict[str, Any]], width: int) -> list[str] | None:
    """The columns shown at this width, or None when not even the id and the status fit."""
    cells = [_cells(r) for r in rows]
    least = {name: _least_width(name, [c[name] for c in cells]) for name in COLUMNS}
    shown = list(COLUMNS)
    for name in (None, *DROP_ORDER):
        if name:
            shown.remove(name)
        if sum(least[n] for n in shown) + COLUMN_GAP * (len(shown) - 1) <= width:
            return shown
    return None


def render(rows: list[dict[str, Any]], skipped: dict[str, str], console: Console) -> None:
    shown = columns_that_fit(rows, console.width)
    if shown is None:
        for row in rows:
            cells = _cells(row)
            console.print(escape(cells["implementation"]), overflow="ignore", crop=False)
            console.print("  " + _status(cells["status"]), overflow="fold")
    else:
        table = Table(header_style="bold", box=None, pad_edge=False)
        ids = [r["impl"] for r in rows]
        for name in shown:
            if name == "implementation":
                least = max(map(cell_len, [name, *ids]))
                table.add_column(name, no_wrap=True, min_width=least)
            elif name in WRAPS:
                table.add_column(name, overflow="fold")
            else:
                table.add_column(name, no_wrap=True)
        for row in rows:
            cells = _cells(row)
            table.add_row(
                *(_status(cells[n]) if n == "status" else escape(cells[n]) for n in shown)
            )
        console.print(table)
    for name, why in skipped.items():
        console.print(f"[yellow]runner {escape(name)} skipped[/]: {escape(why)}")
    n = sum(r["available"] for r in rows)
    console.print(f"{n} implementations available, {len(rows) - n} unavailable")
    left = [c for c in COLUMNS if c not in (shown or ["implementation", "status"])]
    if left:
        console.print(
            f"[dim]{escape(', '.join(left))} left out at {console.width} columns: a wider "
            "terminal, or --format json, shows every column[/]"
        )
