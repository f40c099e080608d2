"""What a run is asked for, whole: parsed and checked once from the command line
(commands/run.py `settings`), then handed to the run's life (engine/run_life.py) as one
object, as hyperfine's `Options::from_cli_arguments` hands its runner its options."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from hashbench.engine.resume import Resume
from hashbench.engine.schedule import Options
from hashbench.engine.suite import Suite
from hashbench.errors import UsageError
from hashbench.model.counts import Measure
from hashbench.runner import placement as cpus


@dataclass
class RunSettings:
    suite: Suite
    options: Options  # budgets, interval target, processes, rounds, passes, selection
    measure: Measure = "time"
    out: Path | None = None  # None: results/<time>-<suite>.json
    runners: set[str] | None = None  # None: every runner there is
    store: str | None = None  # the history store; None: not kept
    placement: str = "auto"  # --placement (runner/placement.py), timed runs
    pause_idle: bool = True  # idle runner processes stopped while another is asked
    resume: Resume | None = None
    jobs: int | None = None  # counted: counting processes side by side

    def where(self) -> cpus.Placement:
        """The CPUs a timed run's runner processes run on (checked: a bad spec is a
        usage error)."""
        return cpus.choose(self.placement, self.pause_idle)

    def check(self) -> None:
        """Every value in range, and each option for the measure it belongs to."""
        o = self.options
        if o.budget is not None and not (math.isfinite(o.budget) and o.budget > 0):
            raise UsageError("--budget must be a positive number of seconds")
        if o.target_ci is not None and not (0 <= o.target_ci < 1):  # NaN fails both
            raise UsageError("--target-ci must be a number from 0 (no target) to below 1")
        for name, value, top in (("processes", o.processes, 50), ("rounds", o.rounds, 100),
                                 ("passes", o.passes, 100)):  # fmt: skip
            if value is not None and not 1 <= value <= top:
                raise UsageError(f"--{name} must be from 1 to {top}")
        if self.measure == "time":
            if self.jobs is not None:
                raise UsageError("--jobs is for --measure instructions or cycles")
            self.where()
            return
        timed = [
            name
            for name, given in (
                ("--budget", o.budget is not None),
                ("--target-ci", o.target_ci is not None),
                ("--processes", o.processes is not None),
                ("--rounds", o.rounds is not None),
                ("--passes", o.passes is not None),
                ("--resume", self.resume is not None),
                ("--placement", self.placement != "auto"),
            )
            if given
        ]
        if timed:
            raise UsageError(f"{', '.join(timed)}: for timed runs, not --measure {self.measure}")
        if self.jobs is not None and not 1 <= self.jobs <= 64:
            raise UsageError("--jobs must be from 1 to 64")
