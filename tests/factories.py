"""Case records for report tests: real model objects with chosen medians and samples."""

from __future__ import annotations

from typing import Any

from hashbench.model import CaseRecord, Stats


def stats_with_median(median: float, n: int = 10, ci: tuple[float, float] | None = None) -> Stats:
    return Stats(
        n=n,
        mean=median,
        median=median,
        std=0.0,
        min=median,
        max=median,
        p75=median,
        p99=median,
        p995=median,
        mean_ci=(median, median),
        median_ci=ci or (median, median),
        outliers_mild=0,
        outliers_severe=0,
        ops_per_s=1e9 / median if median else 0.0,
    )


def record(
    impl: str,
    *,
    median: float | None = None,
    ci: tuple[float, float] | None = None,
    status: str = "ok",
    **fields: Any,
) -> CaseRecord:
    """A record of group 0; `median` sets the statistics (none unless status is ok)."""
    values: dict[str, Any] = {
        "group": 0,
        "group_title": "t",
        "impl": impl,
        "runner": impl.split("/", 1)[0],
        "alg": "sha256",
        "op": "digest",
        "params": {},
        "mode": "oneshot",
        "status": status,
        "reason": "" if status == "ok" else status,
        "iters": 1,
    }
    values.update(fields)
    if status == "ok" and median is not None:
        values["stats"] = stats_with_median(median, ci=ci)
    return CaseRecord(**values)
