"""HTML: one self-contained file that works offline — plotly.js inlined, no CDN.

A plot per group (each implementation's per-op samples as a box, its median with the
95% interval as a whisker, fastest first), sweeps as lines on log axes with a fitted
power law, the environment, and a table with one row per case. Figures are plain plotly
JSON built here (no figure objects: rendering a whole `seeds` run stays fast).
"""

from __future__ import annotations

import html
import json
from collections import defaultdict
from typing import Any

import numpy as np
from plotly.offline import get_plotlyjs

from hashbench.measure.fit import power_law
from hashbench.model import CaseRecord, RunFile
from hashbench.report import sweep, units
from hashbench.report.summary import ranked

MAX_POINTS = 300  # samples per box: quantiles of the rest, so the file stays small
STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 1200px; color: #222 }
table { border-collapse: collapse; margin: .5em 0 1.5em } td, th { padding: 2px 8px }
th { text-align: left; border-bottom: 1px solid #999 } td.n { text-align: right }
tr:nth-child(even) { background: #f4f4f4 } .bad { color: #b00 } .plot { height: 360px }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc }
"""


def esc(value: object) -> str:
    return html.escape("" if value is None else str(value))


def _points(c: CaseRecord) -> list[float]:
    x = np.sort(np.asarray(c.samples_ns, dtype=float) / (c.iters or 1))
    if len(x) > MAX_POINTS:
        x = np.quantile(x, np.linspace(0, 1, MAX_POINTS))
    return [round(float(v), 3) for v in x]


def group_figure(cases: list[CaseRecord]) -> dict[str, Any]:
    valid = ranked(cases)[::-1]  # plotly draws the first trace at the bottom
    boxes = [
        {"type": "box", "x": _points(c), "name": c.impl, "orientation": "h",
         "boxpoints": False, "showlegend": False, "marker": {"color": "#4c78a8"}}
        for c in valid
    ]  # fmt: skip
    medians = {
        "type": "scatter", "mode": "markers", "name": "median ± 95% CI",
        "y": [c.impl for c in valid], "x": [c.measured.median for c in valid],
        "marker": {"color": "#e45756", "size": 8},
        "error_x": {
            "type": "data", "symmetric": False,
            "array": [c.measured.median_ci[1] - c.measured.median for c in valid],
            "arrayminus": [c.measured.median - c.measured.median_ci[0] for c in valid],
        },
    }  # fmt: skip
    layout = {
        "title": {"text": cases[0].group_title},
        "xaxis": {"title": {"text": "time per op (ns)"}, "type": "log"},
        "margin": {"l": 220, "r": 20, "t": 40, "b": 40},
        "height": max(220, 60 + 28 * len(valid)),
    }
    return {"data": [*boxes, medians], "layout": layout}


def sweep_figure(found: sweep.Sweep) -> dict[str, Any]:
    traces: list[dict[str, Any]] = []
    for impl, cells in sorted(found.cells.items()):
        xs = [p for p in found.points if p in cells]
        ys = [
            (cells[p].mb_per_s or 0.0) if found.throughput else cells[p].measured.median for p in xs
        ]
        traces.append({"type": "scatter", "mode": "markers+lines", "name": impl, "x": xs, "y": ys})
        fit = power_law(xs, ys)
        if fit is not None:
            positive = [x for x in xs if x > 0]  # a log axis has no zero
            grid = [float(x) for x in np.geomspace(min(positive), max(positive), 20)]
            label = f"{impl} fit: slope {fit.slope:.2f}, R² {fit.r_squared:.3f}"
            traces.append(
                {"type": "scatter", "mode": "lines", "name": label,
                 "x": grid, "y": [fit.at(x) for x in grid], "line": {"dash": "dot"},
                 "showlegend": True}
            )  # fmt: skip
    unit = "MB/s" if found.throughput else "median time per op (ns)"
    layout = {
        "title": {"text": f"sweep {found.title}"},
        "xaxis": {"title": {"text": found.axis}, "type": "log"},
        "yaxis": {"title": {"text": unit}, "type": "log"},
        "margin": {"l": 70, "r": 20, "t": 40, "b": 40},
    }
    return {"data": traces, "layout": layout}


def _table(headers: list[str], rows: list[list[object]], numeric_from: int = 1) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{esc(v)}</td>' if i >= numeric_from else f"<td>{esc(v)}</td>"
            for i, v in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _case_row(c: CaseRecord) -> list[object]:
    s = c.stats
    return [
        c.impl, c.group_title, c.status,
        units.duration(s.median) if s else "—",
        f"±{s.median_ci_rel_halfwidth:.1%}" if s else "—",
        units.duration(s.mean) if s else "—",
        f"{c.mb_per_s:.0f}" if c.mb_per_s else "—",
        c.reason,
    ]  # fmt: skip


def page(title: str, sections: list[str], figures: dict[str, dict[str, Any]]) -> str:
    calls = "\n".join(
        f"Plotly.newPlot({json.dumps(div)}, {json.dumps(fig['data'])}, "
        f"{json.dumps(fig['layout'])}, {{displaylogo: false, responsive: true}});"
        for div, fig in figures.items()
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{STYLE}</style>"
        f"<script>{get_plotlyjs()}</script></head><body>\n"
        + "\n".join(sections)
        + f"\n<script>\n{calls}\n</script>\n</body></html>\n"
    )


def render(run: RunFile) -> str:
    env = run.environment
    sections = [f"<h1>hashbench · suite {esc(run.suite)}</h1>"]
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
    sections.append("<h2>Environment</h2>" + _table(["", ""], env_rows, numeric_from=9))
    figures: dict[str, dict[str, Any]] = {}
    groups: dict[int, list[CaseRecord]] = defaultdict(list)
    for c in run.cases:
        groups[c.group].append(c)
    sections.append("<h2>Groups</h2>")
    for number, cases in sorted(groups.items()):
        bad = [c for c in cases if c.status in ("unverified", "failed", "refused")]
        notes = "".join(
            f'<p class="bad">{esc(c.status)} {esc(c.impl)}: {esc(c.reason)}</p>' for c in bad
        )
        if ranked(cases):
            figures[f"group-{number}"] = group_figure(cases)
            sections.append(f'<div class="plot" id="group-{number}"></div>{notes}')
        else:
            sections.append(f"<h3>{esc(cases[0].group_title)}</h3><p>no valid case</p>{notes}")
    found = sweep.find(run.cases)
    if found:
        sections.append("<h2>Sweeps</h2>")
    for i, s in enumerate(found):
        figures[f"sweep-{i}"] = sweep_figure(s)
        sections.append(f'<div class="plot" id="sweep-{i}"></div>')
    headers = ["implementation", "group", "status", "median", "±CI", "mean", "MB/s", "reason"]
    every_case = _table(headers, [_case_row(c) for c in run.cases], 3)
    sections.append(f'<h2>All cases</h2><div id="cases">{every_case}</div>')
    return page(f"hashbench {run.suite}", sections, figures)


def render_fidelity(data: dict[str, Any]) -> str:
    """A fidelity results file: each interop matrix as a grid (producers × verifiers)."""
    sections = ["<h1>hashbench fidelity</h1>"]
    figures: dict[str, dict[str, Any]] = {}
    for i, matrix in enumerate(data.get("interop", [])):
        producers = list(matrix.get("cells", {}))
        verifiers = sorted({v for row in matrix.get("cells", {}).values() for v in row})
        cells = matrix.get("cells", {})
        z = [[1 if cells[p].get(v) == "ok" else 0 for v in verifiers] for p in producers]
        text = [[cells[p].get(v, "") for v in verifiers] for p in producers]
        figures[f"interop-{i}"] = {
            "data": [{"type": "heatmap", "z": z, "x": verifiers, "y": producers, "text": text,
                      "hoverinfo": "text", "showscale": False,
                      "colorscale": [[0, "#e45756"], [1, "#54a24b"]]}],
            "layout": {"title": {"text": f"interop {matrix.get('algorithm', '')}"},
                       "margin": {"l": 200, "b": 160, "t": 40},
                       "height": max(260, 80 + 26 * len(producers))},
        }  # fmt: skip
        sections.append(f'<div class="plot" id="interop-{i}"></div>')
    kat = data.get("kat", [])
    rows = [[o["impl"], o["vector"], o["op"], o["status"], o.get("detail", "")] for o in kat]
    sections.append(
        "<h2>Known-answer vectors</h2>"
        + _table(["implementation", "vector", "op", "status", "detail"], rows, 9)
    )
    return page("hashbench fidelity", sections, figures)
