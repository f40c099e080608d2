"""A counted run's figures as text, for every report format alike: the columns of a
group's table, its rows in order, and the lines that say how the counts were made."""

from __future__ import annotations

from collections.abc import Callable

from hashbench.model import CaseRecord, RunFile
from hashbench.model.counts import Counts, counted_figure, ir_spread


def count(n: float | None) -> str:
    """A count per op: 32,078; 1.52M; 3.40G (three significant figures past 100k)."""
    if n is None:
        return "—"
    for unit, scale in (("G", 1e9), ("M", 1e6)):
        if abs(n) >= scale:
            return f"{n / scale:.3g}{unit}" if abs(n) / scale < 1000 else f"{n / scale:.0f}{unit}"
    if abs(n) >= 100_000:
        return f"{n / 1e3:.0f}k"
    return f"{n:,.0f}" if abs(n) >= 100 else f"{n:.1f}"


def figure(run: RunFile, c: CaseRecord) -> float:
    """The figure a counted run ranks and compares by: cycles where it has them."""
    return counted_figure(run.measure, _counts(c))


def _counts(c: CaseRecord) -> Counts:
    if c.counts is None:
        raise ValueError(f"{c.id} has no counts (status {c.status})")
    return c.counts


def apart(c: CaseRecord) -> str:
    """How far the case's two counts of instructions per op were apart."""
    spread = ir_spread(c.counted)
    if spread is None:
        return "—"
    return "equal" if spread == 0 else f"{spread:.4%}"


def _per_instruction(counts: Counts) -> str:
    """Estimated cycles per instruction: 1 if every access hit L1, more with misses."""
    if counts.cycles is None or not counts.ir:
        return "—"
    return f"{counts.cycles / counts.ir:.2f}"


COLUMNS: dict[str, Callable[[CaseRecord], str]] = {
    "benchmark": lambda c: c.impl,
    "backend": lambda c: c.backend,
    "instr/op": lambda c: count(_counts(c).ir),
    "cycles/op": lambda c: count(_counts(c).cycles),
    "cyc/instr": lambda c: _per_instruction(_counts(c)),
    "L1 miss/op": lambda c: count(_counts(c).l1_misses),
    "LL miss/op": lambda c: count(_counts(c).ll_misses),
    "ops": lambda c: str(c.iters or "—"),
    "repeat": apart,
}


def names(run: RunFile) -> list[str]:
    """The columns a counted run shows: the cache columns only with the cache simulation."""
    if run.measure == "cycles":
        return list(COLUMNS)
    return ["benchmark", "backend", "instr/op", "ops", "repeat"]


def ranked(run: RunFile, cases: list[CaseRecord]) -> list[CaseRecord]:
    """The counted records of a group, fewest first."""
    return sorted((c for c in cases if c.counted_ok), key=lambda c: figure(run, c))


def how(run: RunFile) -> list[str]:
    """What the counts are, in a few lines: the tool, the CPU it showed, the weights."""
    info = run.counting
    if info is None:
        return []
    what = "estimated cycles" if run.measure == "cycles" else "instructions"
    lines = [
        f"measure: {what} per op under {info.valgrind or 'valgrind'} "
        f"({'address randomisation off' if not info.address_randomisation else 'ASLR on'}); "
        "each case the difference of two processes, counted twice",
        f"Valgrind's CPU: {' '.join(info.cpu_valgrind) or '?'}",
    ]
    hidden = [f for f in info.cpu_native if f not in info.cpu_valgrind]
    if hidden:
        lines.append(
            f"hidden from the counted programs (natively present): {' '.join(hidden)} — a "
            "library that would use them ran another path here"
        )
    if info.cycle_weights:
        w = info.cycle_weights
        lines.append(
            f"est. cycles = {w.get('l1_hit', 1):g}·L1 hits + {w.get('ll_hit', 5):g}·LL hits"
            f" + {w.get('ram', 35):g}·RAM accesses (simulated 32 KiB L1s, 8 MiB LL)"
        )
    for runner, why in sorted(info.refused.items()):
        lines.append(f"runner {runner} not counted: {why}")
    return lines
