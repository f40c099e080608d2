"""A group's page: its newest ranking on each machine (the HTML report's plot of the
samples, and a table with the ratio to the fastest), then each case's history with its
change points (the plot of `history CASE --html`)."""

from __future__ import annotations

from typing import Any

from hashbench.model.history_point import UNITS, threshold
from hashbench.model.records import CaseRecord
from hashbench.model.site import Group, Ranking
from hashbench.report import history_page, units
from hashbench.report.export.html import esc, group_figure, plot_div
from hashbench.report.site.index_page import group_title
from hashbench.report.site.links import Names
from hashbench.report.site.shell import link, page
from hashbench.report.summary import ranked, ratio


def _ratio(fastest: CaseRecord, c: CaseRecord) -> str:
    if c is fastest:
        return "1.00×"
    r = ratio(fastest, c)
    return f"{'≈ ' if r.indistinguishable else ''}{r.ratio:.2f}× ({r.low:.2f}–{r.high:.2f})"


def _ranking(
    path: str, n: int, ranking: Ranking, names: Names, figures: dict[str, dict[str, Any]]
) -> str:
    records = [r for r, _ in ranking.records]
    runs = {r.id: label for r, label in ranking.records}
    valid = ranked(records)
    out = [f"<h2>Newest on {esc(ranking.machine)}</h2>"]
    if valid:
        figures[f"ranking-{n}"] = figure = group_figure(records)
        out.append(plot_div(f"ranking-{n}", figure))
    rows = []
    for i, c in enumerate(valid, 1):
        s = c.measured
        rows.append(
            f'<tr><td class="n">{i}</td><td>{link(path, names.library(c.impl), c.impl)}</td>'
            f"<td>{esc(c.backend)}</td><td>{esc(c.version)}</td>"
            f'<td class="n">{units.duration(s.median)}</td>'
            f'<td class="n">±{c.shown_ci_rel_halfwidth:.1%}</td>'
            f'<td class="n">{esc(_ratio(valid[0], c))}</td><td>{esc(runs[c.id])}</td></tr>'
        )
    for c in records:
        if not c.valid:
            rows.append(
                f"<tr><td></td><td>{link(path, names.library(c.impl), c.impl)}</td>"
                f'<td>{esc(c.backend)}</td><td>{esc(c.version)}</td><td colspan="3" '
                f'class="bad">{esc(c.status)}: {esc(c.reason)}</td><td>{esc(runs[c.id])}</td></tr>'
            )
    head = "".join(
        f"<th>{h}</th>"
        for h in ("#", "implementation", "backend", "version", "median", "±CI",
                  "× the fastest", "run")
    )  # fmt: skip
    out.append(f'<table class="ranking"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
               "</tbody></table>")  # fmt: skip
    return "\n".join(out)


def render(path: str, group: Group, names: Names, given: float | None) -> str:
    """`given`: the change-point threshold the histories were marked with (else each
    measure's default), stated on the page."""
    figures: dict[str, dict[str, Any]] = {}
    name = group_title(group)
    sections = [f"<h1>{esc(name)}</h1>", f"<p>Case <code>{esc(group.key)}</code>.</p>"]
    sections += [_ranking(path, n, r, names, figures) for n, r in enumerate(group.rankings)]
    timed, counted = threshold("time", given), threshold("instructions", given)
    sections.append(
        "<h2>History of each case</h2><p>The median of each run with its 95% interval, on "
        "every machine; a diamond marks a change point: the median moved more than "
        f"{timed * 100:g}% between two runs whose intervals are apart. A case counted under "
        "Valgrind (<code>run --measure instructions|cycles</code>) has a series of its own, "
        "in instructions or estimated cycles per op, never joined to its times; there a "
        f"change point is any step beyond {counted * 100:g}% (counts repeat to 0.01%).</p>"
    )
    for n, h in enumerate(group.histories):
        unit = "" if h.measure == "time" else f" · {esc(UNITS[h.measure])}"
        sections.append(f'<h3 id="case-{n}">{link(path, names.library(h.impl), h.impl)}{unit}</h3>')
        if not h.points:
            sections.append("<p>no measured run</p>")
            continue
        figures[f"history-{n}"] = figure = history_page.figure(h.case_id, h.points, h.measure)
        figure["layout"]["height"] = 320
        sections.append(plot_div(f"history-{n}", figure))
        moved = [f"<li>run {p.run}: {esc(p.change)}</li>" for p in h.points if p.change]
        if moved:
            sections.append(f'<ul class="changes">{"".join(moved)}</ul>')
    return page(path, name, sections, figures)
