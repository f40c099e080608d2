"""CSV: one row per case with every statistic, for spreadsheets and pandas."""

from __future__ import annotations

import csv
import io

from hashbench.model import CaseRecord, RunFile
from hashbench.report.titles import title

COLUMNS = [
    "id", "group_title", "impl", "runner", "library", "version", "backend", "runtime",
    "alg", "op", "mode", "params", "length", "input_size", "status", "reason",
    "n", "mean_ns", "median_ns", "std_ns", "min_ns", "max_ns", "p75_ns", "p99_ns",
    "p995_ns", "mean_ci_low_ns", "mean_ci_high_ns", "median_ci_low_ns", "median_ci_high_ns",
    "outliers_mild", "outliers_severe", "ops_per_s", "mb_per_s", "alloc_bytes_per_op",
    "peak_rss_bytes", "loop_overhead_ns", "iters", "stop",
]  # fmt: skip


def row(c: CaseRecord) -> list[object]:
    s = c.stats
    stats: list[object] = (
        [
            s.n,
            s.mean,
            s.median,
            s.std,
            s.min,
            s.max,
            s.p75,
            s.p99,
            s.p995,
            *s.mean_ci,
            *s.median_ci,
            s.outliers_mild,
            s.outliers_severe,
            s.ops_per_s,
        ]  # fmt: skip
        if s
        else [""] * 16
    )
    params = ";".join(f"{k}={v}" for k, v in c.params.items())
    head = [c.id, title(c), c.impl, c.runner, c.library, c.version, c.backend, c.runtime]
    what = [c.alg, c.op, c.mode, params, c.length, c.input_size, c.status, c.reason]
    tail = [c.mb_per_s, c.alloc_bytes_per_op, c.peak_rss_bytes, c.loop_overhead_ns, c.iters]
    return [*head, *what, *stats, *tail, c.stop]


def render(run: RunFile) -> str:
    if run.measure != "time":
        from hashbench.report.export import counted  # it imports this module's helpers

        return counted.csv_text(run)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for c in run.cases:
        writer.writerow(["" if v is None else v for v in row(c)])
    return out.getvalue()
