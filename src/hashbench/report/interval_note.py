"""What a run's ±CI says when a case was measured in one runner process: its median's
interval widened to how far a case of its kind moves from one run to the next here
(measure/next_run.py), so that it holds where the next run's median will land; a case
of three processes or more has that spread in its own interval. Every format that
prints the ± (terminal, markdown, HTML) says so under it (docs/methodology.md,
Processes)."""

from __future__ import annotations

from hashbench.model import RunFile

ONE_PROCESS = (
    "±CI: where the next run's median should fall (95%). For a case of one runner process, "
    "its median's interval widened to how far its kind of case moves from run to run on "
    "this kind of machine (catalog/run-to-run.toml): a process's JIT, memory layout and the "
    "machine's drift move a median more than its own samples show; `--processes 3` "
    "measures that spread for each case instead (docs/methodology.md, Processes)"
)
OLD_FILE = (
    "±CI: one runner process per case: how precisely this process measured the median, "
    "not where the next run's will land (a file of a version that did not widen it); "
    "`--processes 3` measures each case in 3 processes and widens the interval by their "
    "spread (docs/methodology.md, Processes)"
)


def one_process_note(run: RunFile) -> str | None:
    """What the ± of the run's one-process cases is, where it has any."""
    one = [c for c in run.cases if c.valid and c.processes == 1]
    if not one:
        return None
    return ONE_PROCESS if any(c.next_run_ci is not None for c in one) else OLD_FILE
