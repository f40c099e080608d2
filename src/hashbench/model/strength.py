"""A strength file: what `calibrate`, `strength` and `capacity` measured and concluded.

Every conclusion (chosen parameters, attacker cost, logins per second) sits beside the
verified case records it rests on, so `hashbench show` renders it again and an exporter
can reach every sample.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from hashbench.model.records import CaseRecord
from hashbench.model.run_file import Environment, Resumption

STRENGTH_KIND = "hashbench-strength"
STRENGTH_VERSION = 1

Command = Literal["calibrate", "strength", "capacity"]
Outcome = Literal["ok", "too_fast", "too_slow", "failed"]
RowKind = Literal["calibrated", "reference", "default", "equal_time", "equal_cost"]


class FitPoint(msgspec.Struct, forbid_unknown_fields=True):
    value: int  # the knob's value (cost, iterations, m, N, t, p)
    work: float  # what time is proportional to: 2^cost, iterations, m KiB, N, t, p
    median_ns: float


class Fit(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """time ≈ fixed_ns + per_unit_ns × work over the points nearest the target."""

    param: str
    work: str  # "2^cost", "iterations", "m", "n", "t", "p"
    fixed: dict[str, int]  # the other parameters, held still
    fixed_ns: float
    per_unit_ns: float
    r_squared: float
    points: list[FitPoint]


class Calibration(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The strongest parameters whose median here stays at or under the target; for an
    unreachable target, the nearest achievable ones and why."""

    alg: str
    impl: str
    op: str
    target_ns: float
    outcome: Outcome
    params: dict[str, int] | None = None
    median_ns: float | None = None
    median_ci: tuple[float, float] | None = None
    samples: int = 0
    memory_bytes: int = 0  # the algorithm's own memory at these parameters
    peak_rss_bytes: int | None = None  # the runner process's, measured afresh
    stopped_by: str = ""  # "target", "memory limit", "parameter range"
    fits: list[Fit] = []
    message: str = ""
    case: str = ""  # id of the confirming record in `records`
    # where the choice rests on noise: why (its interval reaches past the target, or
    # below the next step's time); "" when the interval settles it
    within_noise: str = ""


class ImplChoice(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    alg: str
    impl: str
    how: str  # "fastest at the probe" or "--impl"
    probe: dict[str, int] = {}
    medians_ns: dict[str, float] = {}  # candidate → median at the probe
    skipped: dict[str, str] = {}  # candidate → why it was not measured or failed


class Attack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The modelled attacker (docs/strength.md) against one parameter set on one GPU."""

    gpu: str
    rate_per_s: float | None  # guesses per second per GPU; None: no GPU attack modelled
    usd_per_guess: float | None = None
    joules_per_guess: float | None = None
    search_usd: dict[str, float] = {}  # "2^20" … "2^50" candidates, searched in full
    basis: str = ""  # the benchmark scaled and how
    notes: list[str] = []


class ParamSet(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One row of the strength table: parameters, their time here, their attacker cost."""

    kind: RowKind
    label: str
    alg: str
    params: dict[str, int]
    source: str = ""
    impl: str = ""
    target_ns: float | None = None
    median_ns: float | None = None
    memory_bytes: int = 0
    peak_rss_bytes: int | None = None
    attack: Attack | None = None
    flag: str = ""  # e.g. weaker than OWASP's minimum
    note: str = ""


class Equivalence(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The seed's question both ways, for one bcrypt cost."""

    bcrypt: ParamSet
    equal_time: list[ParamSet] = []
    equal_cost: list[ParamSet] = []


class CapacityLevel(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    concurrency: int
    logins_per_s: float
    p50_ns: float
    p99_ns: float
    samples: int
    peak_rss_bytes: int | None  # the largest of the processes'
    memory_needed_bytes: int  # concurrency × memory per login
    fits_memory: bool


class Capacity(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    alg: str
    impl: str
    params: dict[str, int]
    cores: int
    memory_budget_bytes: int
    memory_per_login_bytes: int  # the larger of the algorithm's own and the measured growth
    baseline_rss_bytes: int | None  # one runner process before any hash
    fit_concurrent: int  # logins that fit in the memory budget at once
    levels: list[CapacityLevel] = []
    limit: str = ""  # what bounds concurrent logins first, in words


class StrengthFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    schema: str = STRENGTH_KIND
    version: int = STRENGTH_VERSION
    command: Command
    hashbench_version: str = ""
    started: str
    finished: str | None = None
    environment: Environment
    options: dict[str, str] = {}
    gpu: str = ""
    choices: list[ImplChoice] = []
    calibrations: list[Calibration] = []
    rows: list[ParamSet] = []
    equivalences: list[Equivalence] = []
    capacity: list[Capacity] = []
    records: list[CaseRecord] = []
    warnings: list[str] = []
    resumptions: list[Resumption] = []  # `calibrate --resume`, as a run file's
