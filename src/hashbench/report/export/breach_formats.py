"""`breach --format`: one function per format from a breach file to the file's text —
Markdown (for a design review), CSV (one line per cell with every input), JSON (the file
whole) and a small HTML page (no scripts, opens from disk)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

import msgspec

from hashbench.model.breach import BreachFile, Grid
from hashbench.report import breach_rows as r
from hashbench.report.export.html import STYLE, esc
from hashbench.report.export.markdown import table

TIME_NOTE = (
    "Expected time to find the password (half the space), and in brackets the time to try "
    f"every candidate; past a hundred years a cell says {r.BEYOND!r}."
)
COST_NOTE = "Dollars and energy to try every candidate (half that on average)."


def _grid_md(g: Grid) -> list[str]:
    lines = [f"### {r.title(g)}", ""]
    lines += [f"- {r.attacker_line(a)}" for a in r.shown(g)]
    lines += [f"- no figure — {m}" for m in r.missing(g)]
    lines += [f"- {n}" for n in g.notes]
    times, costs = r.time_table(g), r.cost_table(g)
    lines += ["", TIME_NOTE, ""] + table(times.headers, times.rows)
    lines += ["", COST_NOTE, ""] + table(costs.headers, costs.rows) + [""]
    return lines


def markdown(file: BreachFile) -> str:
    lines = ["## hashbench breach", "", f"From {file.source}.", ""]
    lines += [f"- {a}" for a in file.assumptions] + [""]
    for g in file.grids:
        lines += _grid_md(g)
    return "\n".join(lines).rstrip() + "\n"


CSV_COLUMNS = [
    "alg", "params", "label", "median_ns_here", "policy", "policy_label", "candidates",
    "expected_guesses", "bits", "attacker", "attacker_label", "device", "count",
    "rate_per_s_each", "pays", "usd_per_hour_each", "power_w_each", "seconds_all",
    "seconds_expected", "usd_all", "usd_expected", "joules_all", "joules_expected",
    "beyond_century",
]  # fmt: skip


def csv_text(file: BreachFile) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for g in file.grids:
        policies = {p.id: p for p in g.policies}
        attackers = {a.id: a for a in g.attackers}
        for c in g.cells:
            p, a = policies[c.policy], attackers[c.attacker]
            w.writerow([
                g.alg, r.params_text(g.params), g.label, g.median_ns, p.id, p.label,
                p.candidates, p.expected, round(p.bits, 3), a.id, a.label, a.device, a.count,
                a.rate_per_s, a.pays, a.usd_per_hour, a.power_w, c.seconds_all,
                c.seconds_expected, c.usd_all, c.usd_expected, c.joules_all, c.joules_expected,
                c.beyond_century,
            ])  # fmt: skip
    return out.getvalue()


def json_text(file: BreachFile) -> str:
    return msgspec.json.format(msgspec.json.encode(file), indent=1).decode() + "\n"


def _html_table(t: r.Table) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in t.headers)
    body = "".join(
        "<tr>"
        + "".join(f"<td{' class=n' if i > 1 else ''}>{esc(v)}</td>" for i, v in enumerate(row))
        + "</tr>"  # fmt: skip
        for row in t.rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def grid_html(g: Grid, level: int = 2) -> str:
    items = [f"<li>{esc(r.attacker_line(a))}</li>" for a in r.shown(g)]
    items += [f"<li>no figure — {esc(m)}</li>" for m in r.missing(g)]
    return (
        f"<h{level}>{esc(r.title(g))}</h{level}><ul>{''.join(items)}</ul>"
        f"<p>{esc(TIME_NOTE)}</p>{_html_table(r.time_table(g))}"
        f"<p>{esc(COST_NOTE)}</p>{_html_table(r.cost_table(g))}"
    )


def html(file: BreachFile) -> str:
    title = "hashbench breach · " + ", ".join(f"{g.alg} {r.params_text(g.params)}"
                                              for g in file.grids)  # fmt: skip
    notes = "".join(f"<li>{esc(a)}</li>" for a in file.assumptions)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>\n"
        f"<h1>hashbench breach</h1><p>From {esc(file.source)}.</p><ul>{notes}</ul>\n"
        + "\n".join(grid_html(g) for g in file.grids)
        + "\n</body></html>\n"
    )


FORMATS: dict[str, Callable[[BreachFile], str]] = {
    "md": markdown,
    "csv": csv_text,
    "json": json_text,
    "html": html,
}
