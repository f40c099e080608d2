"""A pick as one small HTML page (no scripts, opens from disk): the ranked table, the
top choice, the ruled out, what is not measured, the rule; every card's divergences,
worst first, below."""

from __future__ import annotations

from hashbench.model.card import Candidate, Pick
from hashbench.report.export.html import STYLE, esc
from hashbench.report.pick_rows import HEADERS, rows


def _table(headers: list[str], body: list[list[str]]) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    trs = "".join("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in row) + "</tr>" for row in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{trs}</tbody></table>"


def _card(c: Candidate, alg: str) -> str:
    card = c.card
    if card.fidelity is None:
        return ""
    about = [d for d in card.fidelity if not d.algorithms or alg in d.algorithms]
    items = "".join(
        f"<li><b>[{d.severity}]</b> {esc(d.text)} <small>— {esc(d.why)}</small></li>" for d in about
    )
    return (
        f'<h4 id="{esc(card.impl)}">{esc(card.impl)}</h4>'
        f"<p>{esc(card.fidelity_source)}</p><ul>{items or '<li>no divergence</li>'}</ul>"
    )


def section(pick: Pick) -> str:
    r = rows(pick)
    parts = [f"<h2>{esc(r.title)}</h2>"]
    if r.ranked:
        parts.append(_table(HEADERS, r.ranked))
        parts += [f"<p><small>{esc(line)}</small></p>" for line in r.legend]
    parts.append(f"<p><b>Top choice:</b> {esc(r.top)}</p>")
    if r.ruled_out:
        items = "".join(f"<li><code>{esc(i)}</code> — {esc(w)}</li>" for i, w in r.ruled_out)
        parts.append(f"<h3>Ruled out</h3><ul>{items}</ul>")
    if r.unmeasured:
        items = "".join(
            f"<li><code>{esc(i)}</code> — "
            + "; ".join(f"<code>{esc(c)}</code>" for c in cmds)
            + "</li>"
            for i, cmds in r.unmeasured
        )
        parts.append(f"<h3>Not measured on this machine</h3><ul>{items}</ul>")
    parts.append(f"<h3>Rule</h3><p>{esc(pick.rule.text)}</p>")
    parts.append(f"<p><small>From: {esc('; '.join(pick.sources))}</small></p>")
    parts.append("<h3>Divergences</h3>" + "".join(_card(c, pick.alg) for c in pick.candidates))
    return "\n".join(parts)


def render(picks: list[Pick]) -> str:
    title = "hashbench pick · " + ", ".join(p.alg for p in picks)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>\n"
        f"<h1>{esc(title)}</h1>\n" + "\n".join(section(p) for p in picks) + "\n</body></html>\n"
    )
