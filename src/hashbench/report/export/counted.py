"""A counted run (`--measure instructions|cycles`) in every export format: the same
columns as the terminal's (report/count_columns.py), fewest first per group, with the
lines that say how the counts were made and which CPU Valgrind showed."""

from __future__ import annotations

import csv
import io
import json

from hashbench.model import RunFile
from hashbench.model.counts import ir_spread
from hashbench.report import count_columns as cc
from hashbench.report.export import html
from hashbench.report.export.markdown import table
from hashbench.report.titles import groups, keyed, title


def _rows(run: RunFile) -> list[tuple[str, list[str], list[list[str]], list[str]]]:
    """Each group: its title, headers, rows (fewest first) and what was not counted."""
    out = []
    names = [*cc.names(run), "× fewest"]
    for cases in groups(run):
        rows = cc.ranked(run, cases)
        least = cc.figure(run, rows[0]) if rows else 0.0
        cells = [
            [*(cc.COLUMNS[n](c) for n in names[:-1]), f"{cc.figure(run, c) / least:.2f}×"]
            for c in rows
        ]
        notes = [
            f"{c.status} {c.impl}: {c.reason}"
            for c in cases
            if c.status != "ok" and c.reason != f"no {c.alg}"
        ]
        if rows or notes:
            out.append((title(cases[0]), names, cells, notes))
    return out


def markdown(run: RunFile) -> str:
    lines = [f"## hashbench · suite {run.suite} · {run.measure}", ""]
    lines += [f"- {line}" for line in cc.how(run)] + [""]
    for heading, headers, rows, notes in _rows(run):
        lines += [f"### {heading}", ""]
        if rows:
            lines += table(headers, rows) + [""]
        lines += [f"- {n}" for n in notes] + ([""] if notes else [])
    return "\n".join(lines) + "\n"


CSV_COLUMNS = [
    "id", "group_title", "impl", "runner", "library", "version", "backend", "status",
    "reason", "measure", "ir", "cycles", "dr", "dw", "i1mr", "d1mr", "d1mw", "ilmr", "dlmr",
    "dlmw", "ops", "repeat_spread",
]  # fmt: skip


def csv_text(run: RunFile) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for c in run.cases:
        k = c.counts
        events: list[float | None] = (
            [k.ir, k.cycles, k.dr, k.dw, k.i1mr, k.d1mr, k.d1mw, k.ilmr, k.dlmr, k.dlmw]
            if k
            else [None] * 10
        )
        head = [c.id, title(c), c.impl, c.runner, c.library, c.version, c.backend, c.status]
        row = [*head, c.reason, run.measure, *events, c.iters, ir_spread(c.counted)]
        writer.writerow(["" if v is None else v for v in row])
    return out.getvalue()


def bmf(run: RunFile) -> str:
    """Bencher Metric Format: instructions (and estimated cycles) per op, exact."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for key, c in keyed(run.cases).items():
        if c.counts is None or not c.counted_ok:
            continue
        metrics = {"instructions": {"value": c.counts.ir}}
        if c.counts.cycles is not None:
            metrics["estimated-cycles"] = {"value": c.counts.cycles}
        out[key] = metrics
    return json.dumps(out, indent=1) + "\n"


def html_page(run: RunFile) -> str:
    sections = [f"<h1>hashbench · suite {html.esc(run.suite)} · {html.esc(run.measure)}</h1>"]
    sections.append("<ul>" + "".join(f"<li>{html.esc(x)}</li>" for x in cc.how(run)) + "</ul>")
    for heading, headers, rows, notes in _rows(run):
        sections.append(f"<h3>{html.esc(heading)}</h3>")
        if rows:
            cells: list[list[object]] = [list(r) for r in rows]
            sections.append(html.table(headers, cells, range(2, len(headers))))
        sections += [f'<p class="bad">{html.esc(n)}</p>' for n in notes]
    return html.page(f"hashbench {run.suite} ({run.measure})", sections, {})
