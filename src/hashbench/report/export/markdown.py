"""Markdown: the report's tables, ready for a README or a pull-request comment."""

from __future__ import annotations

from hashbench.model import CaseRecord, RunFile
from hashbench.report import units
from hashbench.report.interval_note import one_process_note
from hashbench.report.summary import group_summary, ranked
from hashbench.report.titles import groups, params_of, title


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(headers: list[str], rows: list[list[str]], left: int = 2) -> list[str]:
    """A Markdown table: the first `left` columns (names) left-aligned, numbers right."""
    lines = ["| " + " | ".join(headers) + " |"]
    lines.append("|" + "|".join(["---"] * left + ["---:"] * (len(headers) - left)) + "|")
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return lines


def group(cases: list[CaseRecord]) -> list[str]:
    lines = [f"### {_cell(title(cases[0]))}", ""]
    valid = ranked(cases)
    digest = cases[0].input_size is not None
    if valid:
        own = any(c.library_defaults for c in valid)  # each row at its library's defaults
        headers = ["benchmark", *(["parameters"] if own else []), "backend", "median", "±CI"]
        headers += ["mean", "p99", *(["MB/s"] if digest else [])]
        rows = []
        for c in valid:
            s = c.measured
            row = [f"`{c.impl}`", *([params_of(c)] if own else []), c.backend]
            row += [units.duration(s.median)]
            row += [f"±{c.shown_ci_rel_halfwidth:.1%}", units.duration(s.mean)]
            row += [units.duration(s.p99)]
            row += [f"{c.mb_per_s:.0f}" if c.mb_per_s else "—"] if digest else []
            rows.append(row)
        lines += table(headers, rows, left=3 if own else 2) + [""]
    fastest, ratios = group_summary(cases)
    if fastest and ratios:
        lines.append(f"Fastest: `{fastest.impl}`.")
        for r in ratios:
            verdict = "indistinguishable from" if r.indistinguishable else "faster than"
            lines.append(f"- {r.ratio:.2f}× {verdict} `{r.impl}` ({r.low:.2f}–{r.high:.2f}×)")
        lines.append("")
    for c in cases:
        if c.status in ("unverified", "failed", "refused"):
            lines.append(f"- **{c.status}** `{c.impl}`: {_cell(c.reason)}")
    return lines + [""]


def render(run: RunFile) -> str:
    if run.measure != "time":
        from hashbench.report.export import counted  # it imports this module's helpers

        return counted.markdown(run)
    env = run.environment
    lines = [f"## hashbench · suite {run.suite}", ""]
    lines.append(f"{env.cpu} · {env.cores or '?'} cores · {env.os} · started {run.started}")
    lines.append("")
    for cases in groups(run):
        if any(c.status != "not_applicable" for c in cases):  # else: only a heading
            lines += group(cases)
    lines.append(
        "Times are per operation; ±CI is the half-width of the median's 95% interval. "
        "Every case shown was verified against an independent reference."
    )
    note = one_process_note(run)
    if note:
        lines += ["", note]
    return "\n".join(lines) + "\n"
