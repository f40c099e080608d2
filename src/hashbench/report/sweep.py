"""Sweep tables: one row per implementation, one column per value of the one thing that
varies across groups — input size for digests (MB/s, as `openssl speed` prints it), a
cost parameter for password hashes (time per op) — so growth reads along a row."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hashbench import catalog
from hashbench.model import CaseRecord, labels
from hashbench.report import units

MIN_POINTS = 3  # fewer values than this is a comparison, not a sweep


@dataclass
class Sweep:
    title: str
    axis: str  # "input size" or a parameter name
    points: list[int]
    cells: dict[str, dict[int, CaseRecord]] = field(default_factory=dict)  # impl → point → case
    throughput: bool = False
    logarithmic: bool = False  # the axis is a cost whose work doubles with each step
    unit: str = ""  # the axis' unit: "bytes", "KiB", "log2 rounds" ("" for a count)

    def work(self, point: float) -> float:
        """The work a point stands for: bytes, KiB, iterations, or 2^cost."""
        return 2.0**point if self.logarithmic else float(point)


# Parameters whose work grows as 2^value: bcrypt's cost and yescrypt's, "logarithmic"
# in crypt(5) (libxcrypt 4.4, the hashing methods' table).
LOGARITHMIC_UNITS = {"log2 rounds", "libxcrypt count"}


def _fixed(params: dict[str, int], varying: str) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((k, v) for k, v in params.items() if k != varying))


# (op, alg, mode, the varying axis, the parameters held fixed)
SweepKey = tuple[str, str, str, str, tuple[tuple[str, int], ...]]


def find(cases: list[CaseRecord]) -> list[Sweep]:
    valid = [c for c in cases if c.valid]
    buckets: dict[SweepKey, dict[int, list[CaseRecord]]] = defaultdict(lambda: defaultdict(list))
    for c in valid:
        key: SweepKey
        if c.input_size is not None:
            key = (c.op, c.alg, c.mode, "input size", ())
            buckets[key][c.input_size].append(c)
            continue
        for name, value in (c.params or {}).items():
            key = (c.op, c.alg, c.mode, name, _fixed(c.params, name))
            buckets[key][value].append(c)
    sweeps = []
    for (op, alg, mode, axis, fixed), by_point in sorted(buckets.items(), key=str):
        if len(by_point) < MIN_POINTS:
            continue
        fixed_text = labels.params_label(fixed, catalog.units(alg))
        title = " ".join(
            part for part in (alg, fixed_text, op if op != "digest" else mode, f"by {axis}") if part
        )
        sweep = Sweep(
            title,
            axis,
            sorted(by_point),
            throughput=op == "digest",
            logarithmic=catalog.units(alg).get(axis) in LOGARITHMIC_UNITS,
            unit="bytes" if axis == "input size" else catalog.units(alg).get(axis, ""),
        )
        for point, point_cases in by_point.items():
            for c in point_cases:
                sweep.cells.setdefault(c.impl, {})[point] = c
        sweeps.append(sweep)
    return sweeps


def _cell(sweep: Sweep, case: CaseRecord | None) -> str:
    if case is None:
        return "—"
    if sweep.throughput:
        return f"{case.mb_per_s:.0f}" if case.mb_per_s else "—"
    return units.duration(case.measured.median)


def _order(sweep: Sweep, impl: str) -> tuple[int, float]:
    """Fastest at the largest point first; rows without that point last."""
    case = sweep.cells[impl].get(sweep.points[-1])
    return (1, 0.0) if case is None else (0, case.measured.median)


def _head(sweep: Sweep, point: int) -> str:
    return labels.size_label(point) if sweep.axis == "input size" else f"{sweep.axis}={point}"


def render(cases: list[CaseRecord], console: Console) -> None:
    for sweep in find(cases):
        console.print()
        unit = "MB/s (median)" if sweep.throughput else "median time per op"
        console.print(f"[bold]sweep {escape(sweep.title)}[/] · {unit}")
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        table.add_column("benchmark", no_wrap=True)
        for point in sweep.points:
            table.add_column(_head(sweep, point), justify="right", no_wrap=True)
        for impl in sorted(sweep.cells, key=lambda impl: _order(sweep, impl)):
            row = [impl] + [_cell(sweep, sweep.cells[impl].get(p)) for p in sweep.points]
            table.add_row(*map(escape, row))
        console.print(table)
