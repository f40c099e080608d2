"""The console every command prints to: the terminal's width, or `COLUMNS`, or 100
columns when output is piped (tables drop their least needed columns to fit)."""

import os

from rich.console import Console

PIPED_WIDTH = 100


def console() -> Console:
    probe = Console()
    if probe.is_terminal:
        return probe
    columns = os.environ.get("COLUMNS", "")
    width = int(columns) if columns.isdigit() and int(columns) > 0 else PIPED_WIDTH
    return Console(width=width)
