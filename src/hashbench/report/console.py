"""The console every command prints to."""

from rich.console import Console


def console() -> Console:
    """Rich wraps tables at 80 columns when output is not a terminal; reports need more."""
    probe = Console()
    return probe if probe.is_terminal else Console(width=160)
