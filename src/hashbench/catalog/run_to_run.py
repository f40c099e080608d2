"""How far a case of one runner process moves from one run to the next on a machine like
this project's, by kind of case (catalog/run-to-run.toml, with the runs it came from):
the prior a run's ± stands on where the case itself measured nothing across runs
(measure/next_run.py), and the spread `compare` holds a small comparison's processes to
at least (measure/compare.py)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from hashbench import paths
from hashbench.errors import UsageError

KINDS = ("digest", "password", "memory-hard")


@dataclass(frozen=True)
class Prior:
    interval: float  # one sd (log) whose 1.96 times holds most moves: the ±'s
    typical: float  # a robust sd (log) of one process's median about its runs': compare's


def _fraction(value: object) -> bool:
    return isinstance(value, int | float) and 0 < value < 1


@cache
def prior() -> dict[tuple[bool, str], Prior]:
    """By (JIT runtime or not, kind of case)."""
    path = paths.catalog_dir() / "run-to-run.toml"
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{path}: {exc}") from None
    out: dict[tuple[bool, str], Prior] = {}
    for runtime, jit in (("jit", True), ("other", False)):
        table = data.get(runtime, {})
        for kind in KINDS:
            row = table.get(kind)
            values = [row.get(k) for k in ("interval", "typical")] if isinstance(row, dict) else []
            if len(values) != 2 or not all(_fraction(v) for v in values):
                raise UsageError(
                    f"{path}: [{runtime}] {kind} must hold fractions interval and typical, "
                    f"got {row!r}"
                )
            out[(jit, kind)] = Prior(float(row["interval"]), float(row["typical"]))
    return out
