"""One case's history as an HTML page, a plot and a table per series (time, instructions,
cycles): a timed series' median across runs with the 95% interval as error bars, a counted
series' count per op, and the change points marked with what changed (`history CASE
--html`)."""

from __future__ import annotations

from typing import Any

from hashbench.model.counts import Measure
from hashbench.model.history_point import UNITS
from hashbench.model.history_point import HistoryPoint as Point
from hashbench.report import units
from hashbench.report.export import time_ticks
from hashbench.report.export.html import esc, page, plot_title


def _axis(measure: str, values: list[float], log: bool) -> dict[str, Any]:
    """Times in seconds, every tick with its unit (400 ns, 2 µs, 45 ms); counts per op
    as numbers (2M), the unit in the title."""
    if measure == "time":
        return time_ticks.axis(values, "median time per op", log)
    return {"type": "log" if log else "linear", "tickformat": "~s", "hoverformat": ".4s",
            "automargin": True, "title": {"text": f"{UNITS[measure]} (counted under Valgrind)"},
            **({} if log else {"rangemode": "tozero"})}  # fmt: skip


def _value(measure: str, v: float) -> float:
    return v / 1e9 if measure == "time" else v  # a time in seconds, a count as it is


def _label(p: Point) -> str:
    return f"run {p.run} · {p.started[:16].replace('T', ' ')}"


def figure(case_id: str, points: list[Point], measure: str = "time") -> dict[str, Any]:
    """One case's series: its median run after run."""
    title = case_id if measure == "time" else f"{case_id} · {UNITS[measure]}"
    name = "median" if measure == "time" else UNITS[measure]
    return series_figure(title, [(name, points)], measure, linear=True)


def _series(name: str, points: list[Point], measure: str) -> dict[str, Any]:
    """One case's medians, its 95% intervals as error bars."""
    y = [_value(measure, p.median) for p in points]
    high = [_value(measure, p.high) - v for p, v in zip(points, y, strict=True)]
    low = [v - _value(measure, p.low) for p, v in zip(points, y, strict=True)]
    return {
        "type": "scatter", "mode": "lines+markers", "name": name,
        "x": [_label(p) for p in points], "y": y, "text": [p.machine for p in points],
        "error_y": {"type": "data", "symmetric": False, "array": high, "arrayminus": low},
    }  # fmt: skip


def series_figure(
    title: str | None, named: list[tuple[str, list[Point]]], measure: str, linear: bool = False
) -> dict[str, Any]:
    """Several series of one measure on one plot (a group's cases, each a line over the
    runs, which share the x axis in the order they started), the change points marked
    with a diamond. `linear`: a linear axis from zero (one series, so a move reads at its
    size), else a log axis (a group's cases lie orders of magnitude apart). `title`:
    None where the page heads the plot itself."""
    runs = sorted({(p.started, p.run): _label(p) for _, pts in named for p in pts}.items())
    lines = [_series(name, points, measure) for name, points in named]
    moved = [(name, p) for name, points in named for p in points if p.change]
    marks = {
        "type": "scatter", "mode": "markers", "name": "change point",
        "x": [_label(p) for _, p in moved], "y": [_value(measure, p.median) for _, p in moved],
        "text": [p.change if len(named) == 1 else f"{name}: {p.change}" for name, p in moved],
        "marker": {"symbol": "diamond", "size": 14, "color": "#e45756"},
    }  # fmt: skip
    shown = [
        edge
        for name, points in named
        for p in points
        for edge in (_value(measure, p.low), _value(measure, p.high))
    ]
    layout: dict[str, Any] = {
        "xaxis": {"type": "category", "categoryorder": "array",
                  "categoryarray": [label for _, label in runs], "automargin": True,
                  "title": {"text": "run (oldest first)"}},
        "yaxis": _axis(measure, shown, log=not linear),
        "margin": {"l": 80, "r": 20, "t": 20, "b": 40},
    }  # fmt: skip
    if title is not None:
        layout["title"] = plot_title(title)
        layout["margin"]["t"] = 60
    return {"data": [*lines, marks], "layout": layout}


def _shown(measure: str, v: float) -> str:
    return units.duration(v) if measure == "time" else f"{v:,.1f}"


def _table(measure: str, points: list[Point]) -> str:
    rows = "".join(
        f"<tr><td>{p.run}</td><td>{esc(p.started)}</td><td>{esc(p.machine)}</td>"
        f'<td class="n">{_shown(measure, p.median)}</td><td>{esc(p.change)}</td></tr>'
        for p in points
    )
    head = "median" if measure == "time" else UNITS[measure]
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
