"""What is here and what is not: every implementation a started runner offers, and every
catalog row that is not running here, with the reason."""

from __future__ import annotations

from typing import Any

from hashbench.catalog import libraries
from hashbench.runner import skipped
from hashbench.runner.pool import RunnerPool


def inventory(pool: RunnerPool) -> list[dict[str, Any]]:
    """Every implementation a started runner offers, plus every catalog row that is not
    running here, with the reason."""
    rows: list[dict[str, Any]] = []
    for impl in pool.implementations.values():
        info = impl.info
        rows.append(
            {
                "impl": impl.id,
                "runner": impl.runner,
                "library": info.library,
                "version": info.version,
                "backend": info.backend,
                "algorithms": info.algorithms,
                "ops": info.ops,
                "modes": info.modes,
                "available": True,
                "reason": info.notes,
            }
        )
    running = set(pool.implementations)
    for row in libraries.load():
        impl_id = row.impl
        if impl_id in running:
            continue
        runner = row.runner
        left_out = skipped.load(runner)
        if row.available and runner in pool.unavailable:
            reason = f"runner {runner} skipped: {pool.unavailable[runner]}"
        elif row.available and impl_id in left_out:
            reason = f"left out of the {runner} build: {left_out[impl_id]}"
        elif row.available:
            reason = "listed in the catalog but not offered by its runner"
        else:
            reason = row.reason or "unavailable"
        rows.append(
            {
                "impl": impl_id,
                "runner": runner,
                "library": row.name,
                "version": "",
                "backend": row.backend,
                "algorithms": list(row.algorithms),
                "ops": [],
                "modes": [],
                "available": False,
                "reason": reason,
            }
        )
    return sorted(rows, key=lambda r: (r["runner"], not r["available"], r["impl"]))
