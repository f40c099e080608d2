"""A pick as Markdown: the ranked table, the top choice, the ruled out and the rule."""

from __future__ import annotations

from hashbench.model.card import Pick
from hashbench.report.export.markdown import table
from hashbench.report.pick_rows import HEADERS, rows


def render(pick: Pick) -> str:
    r = rows(pick)
    lines = [f"## {r.title}", ""]
    if r.ranked:
        cells = [[c if i != 1 else f"`{c}`" for i, c in enumerate(row)] for row in r.ranked]
        lines += table(HEADERS, cells, left=len(HEADERS))
        lines += ["", *(f"<sub>{line}</sub>  " for line in r.legend), ""]
    lines += [f"**Top choice:** {r.top}", ""]
    if r.ruled_out:
        lines += ["**Ruled out:**", ""] + [f"- `{impl}` — {why}" for impl, why in r.ruled_out]
        lines.append("")
    if r.unmeasured:
        lines += ["**Not measured on this machine:**", ""]
        lines += [
            f"- `{impl}` — " + "; ".join(f"`{c}`" for c in cmds) for impl, cmds in r.unmeasured
        ]
        lines.append("")
    lines += [
        f"Rule: {pick.rule.text}",
        "",
        f"From: {'; '.join(pick.sources) or 'nothing measured yet'}",
    ]
    return "\n".join(lines) + "\n"
