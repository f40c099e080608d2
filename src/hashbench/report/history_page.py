"""One case's history as an HTML page: its median across runs with the 95% interval as
error bars, and the change points marked with what changed (`history CASE --html`)."""

from __future__ import annotations

from typing import Any

from hashbench.model.history_point import HistoryPoint as Point
from hashbench.report.export.html import esc, page


def figure(case_id: str, points: list[Point]) -> dict[str, Any]:
    x = [f"run {p.run} · {p.started[:16]}" for p in points]
    series = {
        "type": "scatter", "mode": "lines+markers", "name": "median", "x": x,
        "y": [p.median for p in points],
        "error_y": {"type": "data", "symmetric": False,
                    "array": [p.high - p.median for p in points],
                    "arrayminus": [p.median - p.low for p in points]},
        "text": [p.machine for p in points],
    }  # fmt: skip
    moved = [i for i, p in enumerate(points) if p.change]
    marks = {
        "type": "scatter", "mode": "markers", "name": "change point",
        "x": [x[i] for i in moved], "y": [points[i].median for i in moved],
        "text": [points[i].change for i in moved],
        "marker": {"symbol": "diamond", "size": 14, "color": "#e45756"},
    }  # fmt: skip
    layout = {
        "title": {"text": case_id},
        "yaxis": {"title": {"text": "median time per op (ns)"}, "rangemode": "tozero"},
        "margin": {"l": 80, "r": 20, "t": 40, "b": 120},
    }
    return {"data": [series, marks], "layout": layout}


def render(case_id: str, points: list[Point]) -> str:
    rows = "".join(
        f"<tr><td>{p.run}</td><td>{esc(p.started)}</td><td>{esc(p.machine)}</td>"
        f'<td class="n">{p.median:.1f}</td><td>{esc(p.change)}</td></tr>'
        for p in points
    )
    table = (
        "<table><thead><tr><th>run</th><th>started</th><th>machine</th><th>median (ns)</th>"
        f"<th>change</th></tr></thead><tbody>{rows}</tbody></table>"
    )
    sections = [
        f"<h1>history · {esc(case_id)}</h1>",
        '<div class="plot" id="history"></div>',
        table,
    ]
    return page(f"history {case_id}", sections, {"history": figure(case_id, points)})
