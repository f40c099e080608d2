"""A case's record: what was measured, how it ended, its samples and statistics."""

from __future__ import annotations

from typing import Literal

import msgspec

from hashbench.model.case_id import CaseId
from hashbench.model.case_warning import CaseWarning
from hashbench.model.counts import CountedProcess, Counts

Status = Literal["ok", "unverified", "failed", "not_applicable", "refused"]
Op = Literal["digest", "derive", "hash", "verify", "hash_verify"]
Mode = Literal["oneshot", "new", "reset"]


class Stats(msgspec.Struct, forbid_unknown_fields=True):
    """Summary of per-op times in ns (see measure.stats for how each is computed)."""

    n: int
    mean: float
    median: float
    std: float
    min: float
    max: float
    p75: float
    p99: float
    p995: float
    mean_ci: tuple[float, float]
    median_ci: tuple[float, float]
    outliers_mild: int
    outliers_severe: int
    ops_per_s: float

    @property
    def rel_std(self) -> float:
        return self.std / self.mean if self.mean else 0.0

    @property
    def median_ci_rel_halfwidth(self) -> float:
        lo, hi = self.median_ci
        return (hi - lo) / 2 / self.median if self.median else 0.0


class Verification(msgspec.Struct, forbid_unknown_fields=True):
    ok: bool
    method: str  # reference, parse, self or none
    detail: str = ""


class CaseRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One (group, implementation) of a run. Field meanings: docs/results.md."""

    id: str = ""  # CaseId.key(); filled in on construction and on load
    group: int
    group_title: str
    impl: str
    runner: str
    library: str = ""
    version: str = ""
    backend: str = ""
    runtime: str = ""
    alg: str
    op: Op
    params: dict[str, int]
    length: int | None = None
    input_size: int | None = None
    mode: Mode
    status: Status
    reason: str
    verification: Verification | None = None
    iters: int | None = None
    samples_ns: list[int] = []
    sample_rounds: list[int] = []
    stats: Stats | None = None
    mb_per_s: float | None = None
    alloc_bytes_per_op: float | None = None
    peak_rss_bytes: int | None = None
    loop_overhead_ns: float | None = None
    stop: str = ""
    # codes with figures (model/case_warning.py); a file written before them holds words
    warnings: list[CaseWarning | str] = []
    library_defaults: bool = False
    warmup_ns: float | None = None
    warmup_steady: bool | None = None
    processes: int = 1
    sample_processes: list[int] = []
    process_medians_ns: list[float] = []
    process_spread: float | None = None
    process_sd_floor: float | None = None
    # the machine's yardstick (engine/yardstick.py, ns per op) read before each round the
    # case sampled in, in order (older files: one reading before each process)
    yardstick_ns: list[float] = []
    # a counted run (`--measure instructions` or `cycles`): events per op, and the
    # processes they are the difference of (model/counts.py); empty in a timed run
    counts: Counts | None = None
    counted: list[CountedProcess] = []
    # where the next run's median should fall (95%), for a case of fewer processes than
    # its interval can hold the spread between runs of: its median's interval widened by
    # how far its kind moves from run to run (measure/next_run.py); None: its own interval
    next_run_ci: tuple[float, float] | None = None
    next_run_from: str = ""  # what widened it, in words

    def __post_init__(self) -> None:
        if not self.id:
            self.id = self.case_id.key()

    @property
    def case_id(self) -> CaseId:
        return CaseId(
            self.impl,
            self.alg,
            self.op,
            self.mode,
            dict(self.params),
            self.length,
            self.input_size,
        )

    def process_samples(self) -> list[list[int]]:
        """Each runner process's samples, in the order the processes first sampled (a
        record without owners is one process)."""
        owners = self.sample_processes or [0] * len(self.samples_ns)
        by: dict[int, list[int]] = {}
        for sample, process in zip(self.samples_ns, owners, strict=False):
            by.setdefault(process, []).append(sample)
        return list(by.values())

    @property
    def measured(self) -> Stats:
        """The statistics of a valid record; asking a record without them is a bug."""
        if self.stats is None:
            raise ValueError(f"{self.id} has no statistics (status {self.status})")
        return self.stats

    @property
    def shown_ci(self) -> tuple[float, float]:
        """The interval every report prints beside the median: where the next run's
        median should fall (`next_run_ci`), or the median's own where it holds that."""
        return self.next_run_ci or self.measured.median_ci

    @property
    def shown_ci_rel_halfwidth(self) -> float:
        low, high = self.shown_ci
        median = self.measured.median
        return (high - low) / 2 / median if median else float("inf")

    @property
    def net_median(self) -> float | None:
        """The median less the runner's empty-loop cost per op (the loop, one call and the
        sink): the op alone, as `timeit` inlines it. None without both figures."""
        if self.stats is None or self.loop_overhead_ns is None:
            return None
        return self.stats.median - self.loop_overhead_ns

    @property
    def valid(self) -> bool:
        """Verified and measured: the only records whose statistics may be shown."""
        return self.status == "ok" and self.stats is not None

    @property
    def counted_ok(self) -> bool:
        """Verified and counted: the only records whose counts may be shown."""
        return self.status == "ok" and self.counts is not None
