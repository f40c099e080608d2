"""A run file: one `hashbench run`, its machine, its runners and its case records."""

from __future__ import annotations

import msgspec

from hashbench.model.counts import CountingInfo, Measure
from hashbench.model.records import CaseRecord

KIND = "hashbench-results"
VERSION = 3  # 1: no case ids; 2: no measure (time); both migrated on load


class Environment(msgspec.Struct, kw_only=True):
    cpu: str
    cores: int | None
    os: str
    load_start: list[float]
    governor: str | None = None
    boost: str | None = None
    distro: str | None = None
    python: str | None = None
    mem_total_bytes: int | None = None
    load_end: list[float] | None = None
    cpu_flags: list[str] | None = None  # the CPU features that change hash costs
    host: str | None = None
    # where the runner processes ran: "unpinned", or "runners on CPU 1, orchestrator on
    # CPU 0" (runner/placement.py)
    placement: str | None = None


class RunnerInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    available: bool
    reason: str = ""
    runtime: str = ""
    timer_resolution_ns: float | None = None
    loop_overhead_ns: float | None = None
    jit: bool = False  # its runtime compiles as it runs (its manifest's `jit`)


class RunOptions(msgspec.Struct, kw_only=True):
    budget: float | None = None
    target_ci: float | None = None
    processes: int | None = None
    rounds: int | None = None
    passes: int | None = None
    filter: str | None = None


class Resumption(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One `run --resume`: how the earlier part ended, when this part began, what it kept,
    and what was checked for change in between (results/resume.py)."""

    ended: str | None  # when the earlier part stopped (its last write, if it was killed)
    how: str  # "interrupted" (Ctrl-C, SIGTERM) or "killed" (ended without finishing)
    resumed: str
    kept: int  # the earlier parts' case records, kept as they were
    checked: list[str] = []  # what was compared: machine, hashbench, runners, libraries
    changed: list[str] = []  # what differed (merged only with --force)
    forced: bool = False
    time_spent: dict[str, float] = {}  # the earlier part's, as its `time_spent` was


class RunFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    schema: str = KIND
    version: int = VERSION
    suite: str
    hashbench_version: str = ""
    started: str
    finished: str | None = None
    interrupted: bool = False
    options: RunOptions = msgspec.field(default_factory=RunOptions)
    environment: Environment
    runners: dict[str, RunnerInfo] = {}
    warnings: list[str] = []
    # seconds per phase of the run, `sampled` (inside timed loops), `other` and `wall`
    # (engine/time_spent.py); empty in files from before it was recorded
    time_spent: dict[str, float] = {}
    # each resumption of an interrupted run, in order (`run --resume`); empty otherwise
    resumptions: list[Resumption] = []
    # what the cases hold: times (samples, statistics) or counts (model/counts.py)
    measure: Measure = "time"
    counting: CountingInfo | None = None
    cases: list[CaseRecord] = []
