"""Counted runs: what Valgrind counted per op, and how (`run --measure instructions`).

A counted figure is the difference of two processes' totals over the ops between them
(engine/count/), so the runner's start-up, its hello and the loop's fixed cost drop out.
Counts do not move with the machine's load, so `compare` judges them by exact ratios.
"""

from __future__ import annotations

from typing import Literal

import msgspec

# time: the timed loop (the default); instructions: Valgrind's instruction count per op;
# cycles: the same with the cache simulation on, and an estimate of cycles from it
Measure = Literal["time", "instructions", "cycles"]
MEASURES: tuple[Measure, ...] = ("time", "instructions", "cycles")
# the smallest change of a count worth a verdict (`compare`) or a change point (`history`):
# two counts of the same code agree within 0.01%, so any step beyond this is real work
COUNT_THRESHOLD = 0.005


class Counts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Events per op, as cachegrind names them. With the cache simulation off only `ir`;
    `cycles` is measure/cycles.py's estimate from the others."""

    ir: float  # instructions
    dr: float | None = None  # data reads
    dw: float | None = None  # data writes
    i1mr: float | None = None  # first-level misses: instruction, data read, data write
    d1mr: float | None = None
    d1mw: float | None = None
    ilmr: float | None = None  # last-level misses: instruction, data read, data write
    dlmr: float | None = None
    dlmw: float | None = None
    cycles: float | None = None

    @property
    def l1_misses(self) -> float | None:
        if self.i1mr is None or self.d1mr is None or self.d1mw is None:
            return None
        return self.i1mr + self.d1mr + self.d1mw

    @property
    def ll_misses(self) -> float | None:
        if self.ilmr is None or self.dlmr is None or self.dlmw is None:
            return None
        return self.ilmr + self.dlmr + self.dlmw


def counted_figure(measure: Measure, counts: Counts) -> float:
    """The figure a counted run ranks, compares and keeps by: cycles in a `cycles` run
    (where the estimate was made), else instructions."""
    if measure == "cycles" and counts.cycles is not None:
        return counts.cycles
    return counts.ir


class CountedProcess(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One runner process under Valgrind: ops asked for and its totals (event → count)."""

    ops: int
    totals: dict[str, int]


class CountingInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """How a counted run counted: the tool, the CPU it showed the programs, the weights."""

    valgrind: str  # `valgrind --version`
    command: list[str]  # the wrapper each counted runner process was started under
    address_randomisation: bool  # False: started under `setarch -R`
    cache_sim: bool
    # the CPU features a program sees natively and under Valgrind (runner/cpu_features.py)
    cpu_native: list[str] = []
    cpu_valgrind: list[str] = []
    # the cycle estimate's weights (measure/cycles.py), when the cache simulation ran
    cycle_weights: dict[str, float] = {}
    tolerance: float = 0.0  # two counts of a case further apart than this: a warning
    # what refused a runner, runner → why (a JIT, an interpreter …): from its manifest
    refused: dict[str, str] = {}


def pair_ir(processes: list[CountedProcess]) -> list[float]:
    """Instructions per op of each (low, high) pair of a case's counted processes."""
    pairs = zip(processes[::2], processes[1::2], strict=False)
    return [(h.totals["Ir"] - lo.totals["Ir"]) / (h.ops - lo.ops) for lo, h in pairs]


def ir_spread(processes: list[CountedProcess]) -> float | None:
    """How far a case's counts of instructions per op are apart: (max − min) / mean;
    0 when they are equal, None with fewer than two pairs."""
    values = pair_ir(processes)
    if len(values) < 2:
        return None
    mean = sum(values) / len(values)
    return (max(values) - min(values)) / mean if mean else 0.0
