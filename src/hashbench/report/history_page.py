"""One case's history as an HTML page, a plot and a table per series (time, instructions,
cycles): a timed series' median across runs with the 95% interval as error bars, a counted
series' count per op, and the change points marked with what changed (`history CASE
--html`)."""

from __future__ import annotations

from typing import Any

from hashbench.model.counts import Measure
from hashbench.model.history_point import UNITS
from hashbench.model.history_point import HistoryPoint as Point
from hashbench.report.export.html import esc, page


def _axis(measure: str) -> str:
    if measure == "time":
        return "median time per op (ns)"
    return f"{UNITS[measure]} (counted under Valgrind)"


def figure(case_id: str, points: list[Point], measure: str = "time") -> dict[str, Any]:
    x = [f"run {p.run} · {p.started[:16]}" for p in points]
    series = {
        "type": "scatter", "mode": "lines+markers",
        "name": "median" if measure == "time" else UNITS[measure], "x": x,
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
        "title": {"text": case_id if measure == "time" else f"{case_id} · {UNITS[measure]}"},
        "yaxis": {"title": {"text": _axis(measure)}, "rangemode": "tozero"},
        "margin": {"l": 80, "r": 20, "t": 40, "b": 120},
    }
    return {"data": [series, marks], "layout": layout}


def _table(measure: str, points: list[Point]) -> str:
    rows = "".join(
        f"<tr><td>{p.run}</td><td>{esc(p.started)}</td><td>{esc(p.machine)}</td>"
        f'<td class="n">{p.median:.1f}</td><td>{esc(p.change)}</td></tr>'
        for p in points
    )
    head = "median (ns)" if measure == "time" else UNITS[measure]
    return (
        f"<table><thead><tr><th>run</th><th>started</th><th>machine</th><th>{head}</th>"
        f"<th>change</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def render(case_id: str, drawn: dict[Measure, list[Point]]) -> str:
    """`drawn`: each series of the case, measure → its points (the first plotted as
    `#history`, the others as `#history-<measure>`)."""
    sections = [f"<h1>history · {esc(case_id)}</h1>"]
    figures = {}
    for n, (measure, points) in enumerate(drawn.items()):
        key = "history" if n == 0 else f"history-{measure}"
        figures[key] = figure(case_id, points, measure)
        if len(drawn) > 1:
            sections.append(f"<h2>{esc(UNITS[measure])}</h2>")
        sections += [f'<div class="plot" id="{key}"></div>', _table(measure, points)]
    return page(f"history {case_id}", sections, figures)
