"""HTML: one self-contained file that works offline — plotly.js inlined, no CDN.

A plot per group (each implementation's per-op samples as a box, its median with the
95% interval as a whisker, fastest first), sweeps as lines on log axes with a fitted
power law, the environment, and a table with one row per case. Figures are plain plotly
JSON built here (no figure objects: rendering a whole `seeds` run stays fast).
"""

from __future__ import annotations

import html
import json
from typing import Any

import numpy as np
from plotly.offline import get_plotlyjs

from hashbench.measure.fit import Affine, affine
from hashbench.model import CaseRecord, RunFile
from hashbench.model.fidelity import FidelityFile, InteropMatrix, KatOutcome
from hashbench.report import answer, sweep, units
from hashbench.report.export import time_ticks
from hashbench.report.interval_note import one_process_note
from hashbench.report.summary import ranked
from hashbench.report.titles import groups, title

MAX_POINTS = 300  # samples per box: quantiles of the rest, so the file stays small
STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 1200px; color: #222 }
table { border-collapse: collapse; margin: .5em 0 1.5em } td, th { padding: 2px 8px }
th { text-align: left; border-bottom: 1px solid #999 } td.n { text-align: right }
tr:nth-child(even) { background: #f4f4f4 } .bad { color: #b00 } .plot { margin: 1em 0 }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc }
"""


def esc(value: object) -> str:
    return html.escape("" if value is None else str(value))


# Plotly's default colours, given explicitly so a sweep's fitted curve takes its line's.
PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
           "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]  # fmt: skip


def plot_title(text: str) -> dict[str, Any]:
    """A plot's title at its top left, clear of plotly's toolbar (top right)."""
    return {"text": text, "x": 0, "xref": "paper", "xanchor": "left", "y": 1,
            "yref": "container", "yanchor": "top", "pad": {"t": 8}, "automargin": True}  # fmt: skip


def _seconds(ns: float) -> float:
    return float(f"{ns / 1e9:.4g}")


def _points(c: CaseRecord) -> list[float]:
    x = np.sort(np.asarray(c.samples_ns, dtype=float) / (c.iters or 1))
    if len(x) > MAX_POINTS:
        x = np.quantile(x, np.linspace(0, 1, MAX_POINTS))
    return [_seconds(v) for v in x]


def group_figure(cases: list[CaseRecord]) -> dict[str, Any]:
    valid = ranked(cases)[::-1]  # plotly draws the first trace at the bottom
    boxes = [
        {"type": "box", "x": _points(c), "name": c.impl, "orientation": "h",
         "boxpoints": False, "showlegend": False, "marker": {"color": "#4c78a8"}}
        for c in valid
    ]  # fmt: skip
    medians = {
        "type": "scatter", "mode": "markers", "name": "median ± 95% CI",
        "y": [c.impl for c in valid], "x": [_seconds(c.measured.median) for c in valid],
        "marker": {"color": "#e45756", "size": 8},
        "error_x": {
            "type": "data", "symmetric": False,
            "array": [_seconds(c.shown_ci[1] - c.measured.median) for c in valid],
            "arrayminus": [_seconds(c.measured.median - c.shown_ci[0]) for c in valid],
        },
    }  # fmt: skip
    shown = [v for c in valid for v in _points(c)]
    shown += [_seconds(edge) for c in valid for edge in c.shown_ci]
    layout = {
        "title": plot_title(title(cases[0])),
        "xaxis": time_ticks.axis(shown, "time per op"),
        "margin": {"l": 220, "r": 20, "t": 50, "b": 40},
        "height": max(220, 60 + 28 * len(valid)),
    }
    return {"data": [*boxes, medians], "layout": layout}


def _fit_label(found: sweep.Sweep, fit: Affine) -> str:
    """ "180 ns + 0.57 ns × bytes", "0.1 ms + 44 µs × 2^cost"."""
    unit = {"input size": "bytes"}.get(found.axis, found.axis)
    work = f"2^{unit}" if found.logarithmic else unit
    return (
        f"{units.duration(fit.fixed)} + {units.duration(fit.per_unit)} × {work}, "
        f"R² {fit.r_squared:.3f}"
    )


def sweep_figure(found: sweep.Sweep) -> dict[str, Any]:
    """One line per implementation over the sweep's points, on log axes (linear x for a
    logarithmic cost, whose steps are already doublings), with the fitted
    fixed + per-unit × work curve dotted in the line's colour."""
    traces: list[dict[str, Any]] = []
    for i, (impl, cells) in enumerate(sorted(found.cells.items())):
        xs = [p for p in found.points if p in cells]
        times = [cells[p].measured.median for p in xs]

        def shown(point: float, ns: float) -> float:
            return point / ns * 1e3 if found.throughput else ns / 1e9  # MB/s, or seconds

        colour = PALETTE[i % len(PALETTE)]
        traces.append(
            {"type": "scatter", "mode": "markers+lines", "name": impl, "legendgroup": impl,
             "x": xs, "y": [shown(p, t) for p, t in zip(xs, times, strict=True)],
             "line": {"color": colour}}
        )  # fmt: skip
        fit = affine([found.work(p) for p in xs], times)
        if fit is None:
            continue
        low, high = min(xs), max(xs)
        grid = (
            [float(x) for x in np.linspace(low, high, 25)]
            if found.logarithmic
            else [float(x) for x in np.geomspace(max(low, 1), high, 25)]
        )
        traces.append(
            {"type": "scatter", "mode": "lines", "name": f"fit: {_fit_label(found, fit)}",
             "legendgroup": impl, "x": grid,
             "y": [shown(x, fit.at(found.work(x))) for x in grid],
             "line": {"dash": "dot", "color": colour}}
        )  # fmt: skip
    if found.throughput:
        yaxis = {"type": "log", "title": {"text": "throughput (MB/s)"}, "automargin": True}
    else:
        yaxis = time_ticks.axis([y for t in traces for y in t["y"]], "time per op")
    axis = f"{found.axis} ({found.unit})" if found.unit else found.axis
    layout = {
        "title": plot_title(f"sweep {found.title}"),
        "xaxis": {"title": {"text": axis}, "type": "linear" if found.logarithmic else "log"},
        "yaxis": yaxis,
        "margin": {"l": 70, "r": 20, "t": 50, "b": 50},
        "height": 420,
    }
    return {"data": traces, "layout": layout}


def table(headers: list[str], rows: list[list[object]], numeric: range = range(0)) -> str:
    """An HTML table; the columns in `numeric` are right-aligned."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{esc(v)}</td>' if i in numeric else f"<td>{esc(v)}</td>"
            for i, v in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _case_row(c: CaseRecord) -> list[object]:
    s = c.stats
    return [
        c.impl, title(c), c.status,
        units.duration(s.median) if s else "—",
        f"±{c.shown_ci_rel_halfwidth:.1%}" if s else "—",
        units.duration(s.mean) if s else "—",
        f"{c.mb_per_s:.0f}" if c.mb_per_s else "—",
        c.reason,
    ]  # fmt: skip


def script_json(value: Any) -> str:
    """JSON safe inside a <script> element: no "</" can end it early."""
    return json.dumps(value).replace("</", "<\\/")


# Plots are drawn one per tick, top first, so the page reads while the rest are drawn
# (a `seeds` run has about eighty); <body data-plotted> counts them. `figures` is the
# page's list of [div id, data, layout]; a site's pages share this code as one file.
DRAW = """
let next = 0;
function drawNext() {
  if (next >= figures.length) return;
  const [id, data, layout] = figures[next++];
  Plotly.newPlot(id, data, layout, {displaylogo: false, responsive: true}).then(() => {
    document.body.dataset.plotted = String(next);
    setTimeout(drawNext, 0);
  });
}
drawNext();
"""


def plot_div(div: str, figure: dict[str, Any]) -> str:
    height = figure["layout"].get("height", 450)
    return f'<div class="plot" id="{esc(div)}" style="height: {height}px"></div>'


def page(heading: str, sections: list[str], figures: dict[str, dict[str, Any]]) -> str:
    ordered = [[div, fig["data"], fig["layout"]] for div, fig in figures.items()]
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(heading)}</title><style>{STYLE}</style>"
        f'<script>{get_plotlyjs()}</script></head><body data-plotted="0">\n'
        + "\n".join(sections)
        + f"\n<script>const figures = {script_json(ordered)};\n{DRAW}</script>\n</body></html>\n"
    )


def render(run: RunFile) -> str:
    if run.measure != "time":
        from hashbench.report.export import counted  # it imports this module

        return counted.html_page(run)
    env = run.environment
    sections = [f"<h1>hashbench · suite {esc(run.suite)}</h1>"]
    answered = answer.lines(run)
    if answered:  # the answer first, the environment after it
        items = "".join(f"<li>{esc(line)}</li>" for line in answered)
        sections.append(f'<h2>Answer</h2><ul id="answer">{items}</ul>')
    env_rows: list[list[object]] = [
        ["CPU", env.cpu], ["cores", env.cores], ["OS", env.os], ["distribution", env.distro],
        ["governor", env.governor or "not readable"], ["load at start", env.load_start],
        ["started", run.started], ["finished", run.finished or "(interrupted)"],
        ["hashbench", run.hashbench_version],
    ]  # fmt: skip
    env_rows += [
        [f"runner {name}", info.runtime if info.available else f"skipped: {info.reason}"]
        for name, info in sorted(run.runners.items())
    ]
    sections.append("<h2>Environment</h2>" + table(["", ""], env_rows))
    figures: dict[str, dict[str, Any]] = {}
    sections.append("<h2>Groups</h2>")
    for cases in groups(run):
        number = cases[0].group
        bad = [c for c in cases if c.status in ("unverified", "failed", "refused")]
        notes = "".join(
            f'<p class="bad">{esc(c.status)} {esc(c.impl)}: {esc(c.reason)}</p>' for c in bad
        )
        if ranked(cases):
            figures[f"group-{number}"] = figure = group_figure(cases)
            sections.append(plot_div(f"group-{number}", figure) + notes)
        else:
            sections.append(f"<h3>{esc(title(cases[0]))}</h3><p>no valid case</p>{notes}")
    found = sweep.find(run.cases)
    if found:
        sections.append("<h2>Sweeps</h2>")
    for i, s in enumerate(found):
        figures[f"sweep-{i}"] = figure = sweep_figure(s)
        sections.append(plot_div(f"sweep-{i}", figure))
    headers = ["implementation", "group", "status", "median", "±CI", "mean", "MB/s", "reason"]
    every_case = table(headers, [_case_row(c) for c in run.cases], range(3, 7))
    note = one_process_note(run)
    said = f'<p class="note">{esc(note)}</p>' if note else ""
    sections.append(f'<h2>All cases</h2><div id="cases">{every_case}</div>{said}')
    return page(f"hashbench {run.suite}", sections, figures)


# Interop cells: what a verifier said of a producer's hash, as a colour and a mark.
INTEROP = {"ok": (3, "✓"), "n/a": (2, "–"), "rejects": (0, "✗")}  # anything else: an error
INTEROP_COLOURS = [
    [0, "#e45756"], [0.25, "#e45756"], [0.25, "#f2a93b"], [0.5, "#f2a93b"],
    [0.5, "#d9d9d9"], [0.75, "#d9d9d9"], [0.75, "#54a24b"], [1, "#54a24b"],
]  # fmt: skip


UNCHECKED = "not checked together"  # a site's joined grid: no run ran both


def _mark(said: str) -> tuple[int | None, str]:
    return (None, "") if said == UNCHECKED else INTEROP.get(said, (1, "!"))


def interop_figure(matrix: InteropMatrix) -> dict[str, Any]:
    """Producers (rows, who hashed) × verifiers (columns): green verified, red rejected,
    orange an error or a wrong password accepted, grey not applicable, blank where no run
    checked the pair."""
    cells = matrix.cells
    producers = sorted(cells)
    verifiers = sorted({v for row in cells.values() for v in row})
    said = [[cells[p].get(v, UNCHECKED) for v in verifiers] for p in producers]
    return {
        "data": [{"type": "heatmap", "x": verifiers, "y": producers,
                  "z": [[_mark(r)[0] for r in row] for row in said],
                  "text": [[_mark(r)[1] for r in row] for row in said],
                  "customdata": said, "texttemplate": "%{text}",
                  "hovertemplate": "%{y} → %{x}: %{customdata}<extra></extra>",
                  "zmin": 0, "zmax": 3, "showscale": False, "colorscale": INTEROP_COLOURS,
                  "xgap": 1, "ygap": 1}],
        "layout": {"title": plot_title(f"interop {matrix.algorithm} "
                                       "(rows hash, columns verify)"),
                   "xaxis": {"automargin": True, "tickangle": -30},
                   "yaxis": {"automargin": True},
                   "margin": {"l": 20, "r": 20, "b": 20, "t": 50},
                   "height": 140 + 28 * len(producers)},
    }  # fmt: skip


def render_fidelity(data: FidelityFile) -> str:
    """A fidelity results file: each interop matrix as a grid, the divergences found, and
    the known-answer vectors."""
    heading = f"<h1>hashbench fidelity · {esc(data.started)}</h1>"
    sections, figures = fidelity_sections(data.divergences, data.interop, data.kat)
    return page("hashbench fidelity", [heading, *sections], figures)


def fidelity_sections(
    divergences: list[str], interop: list[InteropMatrix], kat: list[KatOutcome]
) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """A fidelity run's sections and figures (or a site's join of several runs), for a
    page of their own or a site's."""
    sections: list[str] = []
    figures: dict[str, dict[str, Any]] = {}
    if divergences:
        items = "".join(f"<li>{esc(d)}</li>" for d in divergences)
        sections.append(f'<h2>Divergences</h2><ul id="divergences">{items}</ul>')
    sections.append("<h2>Interoperability</h2>")
    for i, matrix in enumerate(interop):
        if matrix.cells:
            figures[f"interop-{i}"] = figure = interop_figure(matrix)
            sections.append(plot_div(f"interop-{i}", figure))
    rows: list[list[object]] = [[o.impl, o.vector, o.op, o.status, o.detail] for o in kat]
    sections.append(
        '<h2>Known-answer vectors</h2><div id="kat">'
        + table(["implementation", "vector", "op", "status", "detail"], rows)
        + "</div>"
    )
    return sections, figures
