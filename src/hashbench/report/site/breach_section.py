"""The strength page's breach section: for each equal-strength table of a strength file
(bcrypt at one cost and the parameters of the same defender time here), the expected time
one GPU needs per password policy, as a table and a plot — one line per algorithm, time
against policy — where a person would rather look than read."""

from __future__ import annotations

from typing import Any

from hashbench.model.breach import Grid
from hashbench.report import breach_rows as r
from hashbench.report.export.html import esc, plot_div

ATTACKER = "gpu"  # the class the section shows: one GPU, owned


def _expected(g: Grid, policy: str) -> tuple[float | None, bool]:
    c = next((c for c in g.cells if c.policy == policy and c.attacker == ATTACKER), None)
    return (c.seconds_expected, c.beyond_century) if c else (None, False)


def _name(g: Grid) -> str:
    return f"{g.alg} {r.params_text(g.params)}"


def table(grids: list[Grid]) -> str:
    policies = grids[0].policies
    head = "<th>policy</th><th>bits</th>" + "".join(f"<th>{esc(_name(g))}</th>" for g in grids)
    rows = []
    for p in policies:
        cells = "".join(f'<td class="n">{esc(r.seconds(*_expected(g, p.id)))}</td>' for g in grids)
        rows.append(f'<tr><td>{esc(p.label)}</td><td class="n">{p.bits:.1f}</td>{cells}</tr>')
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def figure(grids: list[Grid], title: str) -> dict[str, Any]:
    policies = grids[0].policies
    x = [p.label for p in policies]
    years = 365.25 * 86400
    data = [
        {
            "type": "scatter",
            "mode": "lines+markers",
            "name": _name(g),
            "x": x,
            "y": [
                (s / years if s is not None else None)
                for s, _ in (_expected(g, p.id) for p in policies)
            ],  # fmt: skip
        }
        for g in grids
    ]
    layout = {
        "title": {"text": title},
        "yaxis": {"title": {"text": "expected years to crack, one GPU"}, "type": "log"},
        "xaxis": {"title": {"text": "password policy"}},
        "margin": {"l": 80, "r": 20, "t": 40, "b": 160},
        "shapes": [
            {
                "type": "line",
                "xref": "paper",
                "x0": 0,
                "x1": 1,
                "y0": 100,
                "y1": 100,
                "line": {"dash": "dot", "color": "#999"},
            }
        ],  # fmt: skip
    }
    return {"data": data, "layout": layout}


def section(tables: list[list[Grid]], figures: dict[str, dict[str, Any]], n: int) -> list[str]:
    """The section for one strength file's equal-strength tables; its figures added."""
    out = []
    for k, grids in enumerate(tables):
        if not grids:
            continue
        gpu = next(a for a in grids[0].attackers if a.id == ATTACKER)
        title = f"What a breach costs at equal defender time to {_name(grids[0])}"
        div = f"breach-{n}-{k}"
        figures[div] = fig = figure(grids, title)
        out += [
            f"<h2>{esc(title)}</h2>",
            f"<p>Expected time for {esc(gpu.label)} to find a password of each policy "
            f"(half the space; {esc(r.BEYOND)} past a hundred years), from "
            "<code>hashbench breach</code>'s model; the dotted line is a century.</p>",
            table(grids),
            plot_div(div, fig),
        ]
    return out
