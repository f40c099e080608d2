"""Keeping a finished run in the history store, for every command that makes one.

A store that is unreachable, locked or full costs nothing but a warning — the results
file is written already — and the command to import the file later."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from hashbench.model import RunFile
from hashbench.model.fidelity import FidelityFile
from hashbench.store import StoreError, open_store


def keep_in_history(
    result: RunFile | FidelityFile, out: Path, store: str | None, console: Console
) -> None:
    if store is None:
        return
    try:
        history = open_store(store, lambda said: console.print(f"[yellow]{escape(said)}[/]"))
        try:
            if isinstance(result, RunFile):
                run_id, _ = history.record_run(result, source=str(out))
            else:
                run_id, _ = history.record_fidelity(result, source=str(out))
        finally:
            history.close()
    except StoreError as exc:
        console.print(
            f"[yellow]warning:[/] the history store was not updated ({exc}); "
            f"import this run later with: hashbench history import {out}"
        )
        return
    console.print(f"history: run {run_id} in {store}")
