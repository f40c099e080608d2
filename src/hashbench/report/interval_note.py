"""What a run's ±CI says when a case was measured in one runner process: how precisely that
process measured its median, not where the next run's median will land. Every format that
prints the ± (terminal, markdown, HTML) says so under it (docs/methodology.md, Processes)."""

from __future__ import annotations

from hashbench.model import RunFile

ONE_PROCESS = (
    "±CI: one runner process per case: how precisely this process measured the median, "
    "not where the next run's will land (a process's JIT, memory layout and the machine's "
    "drift move it more); `--processes 3` measures each case in 3 processes and widens "
    "the interval by their spread (docs/methodology.md, Processes)"
)


def one_process_note(run: RunFile) -> str | None:
    """ONE_PROCESS where any valid case of the run was measured in one process."""
    return ONE_PROCESS if any(c.valid and c.processes == 1 for c in run.cases) else None
