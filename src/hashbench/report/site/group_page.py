"""A group's page: its newest ranking on each machine (the HTML report's plot of the
samples, and a table with the ratio to the fastest), then each case's history with its
change points (the plot of `history CASE --html`)."""

from __future__ import annotations

from typing import Any

from hashbench.model.counts import MEASURES
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


def _histories(
    path: str, group: Group, names: Names, figures: dict[str, dict[str, Any]]
) -> list[str]:
    """One plot per measure (times, and counts where counted), each case a line through
    its runs: the group's cases side by side, run after run."""
    out = []
    for measure in MEASURES:
        cases = [h for h in group.histories if h.measure == measure]
        if not cases:
            continue
        drawn = [h for h in cases if h.points]
        heading = "Median time per op" if measure == "time" else f"{UNITS[measure]}"
        out.append(f"<h3>{esc(heading)}, run after run</h3>")
        if drawn:
            key = f"history-{measure}"
            figures[key] = figure = history_page.series_figure(
                None, [(h.name, h.points) for h in drawn], measure
            )
            figure["layout"]["height"] = min(900, max(380, 140 + 22 * len(drawn)))
            out.append(plot_div(key, figure))
        unmeasured = [h.name for h in cases if not h.points]
        if unmeasured:
            out.append(f"<p>No measured run of {esc(', '.join(unmeasured))}.</p>")
        moved = [
            f"<li>{link(path, names.library(h.impl), h.name)}, run {p.run}: {esc(p.change)}</li>"
            for h in drawn
            for p in h.points
            if p.change
        ]
        if moved:
            out.append(f'<ul class="changes">{"".join(moved)}</ul>')
    return out


def render(path: str, group: Group, names: Names, given: float | None) -> str:
    """`given`: the change-point threshold the histories were marked with (else each
    measure's default), stated on the page."""
    figures: dict[str, dict[str, Any]] = {}
    name = group_title(group)
    sections = [f"<h1>{esc(name)}</h1>", f"<p>Case <code>{esc(group.key)}</code>.</p>"]
    sections += [_ranking(path, n, r, names, figures) for n, r in enumerate(group.rankings)]
    timed, counted = threshold("time", given), threshold("instructions", given)
    sections.append(
        "<h2>History</h2><p>Each case is a line through its runs, oldest first, on every "
        "machine: the median of each run with its 95% interval (a name in the legend hides "
        "its line, a double click shows it alone); a diamond marks a change point: the "
        f"median moved more than {timed * 100:g}% between two runs whose intervals are "
        "apart. A case counted under Valgrind (<code>run --measure instructions|cycles"
        "</code>) has a plot of its own, in instructions or estimated cycles per op, never "
        "joined to its times; there a change point is any step beyond "
        f"{counted * 100:g}% (counts repeat to 0.01%).</p>"
    )
    sections += _histories(path, group, names, figures)
    return page(path, name, sections, figures)
