"""The console every command prints to: the terminal's width, or `COLUMNS`, or 100
columns when output is piped (tables drop their least needed columns to fit).

Progress: on a terminal, rich's spinner or bar, redrawn in place. Where that cannot be
seen (stdout piped to `tee` or a CI log, or stderr not a terminal), one short line on
stderr each time a long command moves to another phase or group, so a log shows where
the minutes went; never a line per sample."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

PIPED_WIDTH = 100
PART = " · "  # a progress label is "<phase> · <what within it>"


def console() -> Console:
    probe = Console()
    if probe.is_terminal:
        return probe
    columns = os.environ.get("COLUMNS", "")
    width = int(columns) if columns.isdigit() and int(columns) > 0 else PIPED_WIDTH
    return Console(width=width)


def on_terminal(out: Console, stream: TextIO | None = None) -> bool:
    """Whether the live display is seen: both the console and stderr are terminals."""
    err = stream or sys.stderr
    return out.is_terminal and err.isatty()


class PhaseLines:
    """A progress callback for where nothing is redrawn: one line on stderr per phase,
    the phase being a label without its last part (`bcrypt cost=10 hash · c/libxcrypt
    (verify)` → `bcrypt cost=10 hash`), printed when it changes, with the time since the
    first line."""

    def __init__(
        self, stream: TextIO | None = None, phase_of: Callable[[str], str] | None = None
    ) -> None:
        self._stream = stream
        self._phase_of = phase_of or (lambda label: label.rsplit(PART, 1)[0])
        self._last = ""
        self._start: float | None = None

    def __call__(self, label: str) -> None:
        phase = self._phase_of(label).strip()
        if not phase or phase == self._last:
            return
        self._last = phase
        now = time.monotonic()
        self._start = now if self._start is None else self._start
        minutes, seconds = divmod(int(now - self._start), 60)
        stream = self._stream or sys.stderr
        print(f"hashbench [{minutes}:{seconds:02d}] {phase}", file=stream, flush=True)


@contextlib.contextmanager
def status(
    out: Console,
    text: str,
    stream: TextIO | None = None,
    phase_of: Callable[[str], str] | None = None,
) -> Iterator[Callable[[str], None]]:
    """rich's status spinner; yields its update(label), which also prints a line per
    phase where the spinner is not seen (`phase_of`: a label's phase, as PhaseLines)."""
    lines = None if on_terminal(out, stream) else PhaseLines(stream, phase_of)
    with out.status(text) as spinner:
        if lines:
            lines(text)

        def update(label: str) -> None:
            spinner.update(label)
            if lines:
                lines(label)

        yield update


class LineProgress(Progress):
    """rich's Progress, which also prints a line per phase (from the task descriptions)
    where the bar is not seen."""

    def __init__(self, *columns: Any, stream: TextIO | None = None, **kwargs: Any) -> None:
        super().__init__(*columns, **kwargs)
        self._lines = None if on_terminal(self.console, stream) else PhaseLines(stream)

    def update(self, task_id: TaskID, *, description: str | None = None, **kwargs: Any) -> None:
        super().update(task_id, description=description, **kwargs)
        if self._lines and description:
            self._lines(description)


def progress_bar(out: Console, stream: TextIO | None = None) -> Progress:
    """The bar `run` shows: the current label, the bar, time spent, time left."""
    return LineProgress(
        TextColumn("{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=out,
        transient=True,
        stream=stream,
    )
