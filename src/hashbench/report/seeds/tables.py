"""One comparison set of a seed as a Markdown table: the seed's rows with their published
figures and ratio to the set's fastest, beside hashbench's case for the same work, its
median and its ratio; then one line per difference."""

from __future__ import annotations

from hashbench.catalog.seeds import Entry
from hashbench.report import units
from hashbench.report.export.markdown import table
from hashbench.report.seeds.lines import Line, differences
from hashbench.report.titles import params_of


def _ranks(values: dict[str, float]) -> dict[str, tuple[float, int]]:
    """key → (value / smallest, rank from 1)."""
    if not values:
        return {}
    low = min(values.values())
    order = sorted(values, key=lambda k: values[k])
    return {k: (values[k] / low, order.index(k) + 1) for k in values}


def _ratio_cell(ranked: dict[str, tuple[float, int]], key: str) -> str:
    if key not in ranked:
        return "—"
    r, rank = ranked[key]
    return f"{r:.2f}× (#{rank})"


def _published(e: Entry) -> str:
    if not e.published:
        return "—"
    if e.interval_ns:
        low, high = e.interval_ns
        return f"{e.time_text} ({units.duration(low)} … {units.duration(high)})"
    return e.time_text


def _case(line: Line) -> str:
    case, record = line.entry.case, line.measured
    if case is None:
        return "—"
    what = case.mode if case.op == "digest" else case.op
    text = f"`{case.impl}` {what}"
    if record is not None and record.library_defaults:
        text += f" at its defaults: {params_of(record)}"
    return text


def _median(line: Line) -> str:
    record = line.measured
    if record is None:
        return "not measured"
    s = record.measured
    return f"{units.duration(s.median)} ±{record.shown_ci_rel_halfwidth:.1%}"


def set_table(name: str, lines: list[Line], shown: set[tuple[str, str]]) -> list[str]:
    """The set's table and the notes on its rows; a note already `shown` for the same
    row at another point (the same reason at every input size) is not repeated."""
    published = _ranks({ln.entry.key: ln.entry.time_ns for ln in lines if ln.entry.time_ns})
    measured = _ranks(
        {ln.entry.key: ln.measured.measured.median for ln in lines if ln.measured is not None}
    )
    with_bytes = any(ln.entry.bytes_text for ln in lines)
    headers = ["seed's row", "hashbench case", "seed", "× its fastest"]
    headers += ["seed B/op"] if with_bytes else []
    headers += ["here (median ±CI)", "× fastest here"]
    headers += ["B/op here"] if with_bytes else []
    rows = []
    for ln in lines:
        key = ln.entry.key
        row = [ln.entry.label, _case(ln), _published(ln.entry), _ratio_cell(published, key)]
        row += [ln.entry.bytes_text or "—"] if with_bytes else []
        row += [_median(ln), _ratio_cell(measured, key)]
        if with_bytes:
            row.append(units.size(ln.measured.alloc_bytes_per_op if ln.measured else None))
        rows.append(row)
    out = [f"#### {name}", "", *table(headers, rows), ""]
    work = {
        params_of(ln.measured)
        for ln in lines
        if ln.measured is not None and ln.measured.op != "digest"
    }
    if len(work) > 1:
        out += [
            "The rows measured here ran different parameters (" + "; ".join(sorted(work)) + "): "
            "their ranking compares different work.",
            "",
        ]
    notes = []
    for ln in lines:
        for text in differences(ln):
            if (ln.entry.base, text) not in shown:
                shown.add((ln.entry.base, text))
                notes.append(
                    f"- *{ln.entry.base if ln.entry.at is not None else ln.entry.label}*: {text}"
                )
    return out + (notes + [""] if notes else [])
