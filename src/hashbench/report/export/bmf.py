"""Bencher Metric Format: {benchmark: {measure: {value, lower_value, upper_value}}} for
continuous-benchmarking services. Valid cases only, named by case id (a case measured
twice in one run: `<id> #2`); latency is the median in ns with its 95% interval,
throughput ops/s (and MB/s for digests)."""

from __future__ import annotations

import json

from hashbench.model import RunFile
from hashbench.report.titles import keyed


def render(run: RunFile) -> str:
    if run.measure != "time":
        from hashbench.report.export import counted  # it imports this module's helpers

        return counted.bmf(run)
    out: dict[str, dict[str, dict[str, float]]] = {}
    for key, c in keyed(run.cases).items():
        if not c.valid:
            continue
        s = c.measured
        lo, hi = s.median_ci
        metrics = {
            "latency": {"value": s.median, "lower_value": lo, "upper_value": hi},
            "throughput": {
                "value": 1e9 / s.median,
                "lower_value": 1e9 / hi,
                "upper_value": 1e9 / lo,
            },
        }
        if c.mb_per_s is not None:
            metrics["megabytes-per-second"] = {"value": c.mb_per_s}
        out[key] = metrics
    return json.dumps(out, indent=1) + "\n"
