"""A library card as lines of text, shared by the terminal and markdown: its build, its
speed per algorithm, its divergences worst first, ease of use, defaults, and what is not
measured here with the command that measures it."""

from __future__ import annotations

from dataclasses import dataclass, field

from hashbench.model.card import Card
from hashbench.report import units
from hashbench.report.pick_rows import ratio


@dataclass
class Lines:
    head: str
    sections: list[tuple[str, list[str]]] = field(default_factory=list)


def _yes(value: bool | None) -> str:
    return "?" if value is None else ("yes" if value else "no")


def _divergences(card: Card) -> list[str]:
    """Worst first, each once: the same finding about several algorithms (argon2id, i and
    d share their code) is one line naming them all."""
    about: dict[tuple[int, str, str], list[str]] = {}
    for d in card.fidelity or []:
        algs = about.setdefault((d.severity, d.text, d.why), [])
        algs += [a for a in d.algorithms if a not in algs]
    return [
        f"[{severity}] {', '.join(algs) + ': ' if algs else ''}{text} — {why}"
        for (severity, text, why), algs in about.items()
    ]


def lines(card: Card) -> Lines:
    build = card.backend_kind + (f" ({card.backend})" if card.backend_kind == "native" else "")
    head = f"{card.impl} — {card.name} · {card.runtime} · {build} · {card.version or 'version ?'}"
    out = Lines(head)
    out.sections.append(("from", [card.registry or "—"]))
    if not card.available:
        out.sections.append(("not available here", [card.unavailable_reason]))
        return out
    speed = []
    for s in card.speed:
        if s.median_ns is None:
            speed.append(f"{s.title}: {s.status} — {s.reason}")
            continue
        half = ((s.high_ns or 0) - (s.low_ns or 0)) / 2 / s.median_ns
        speed.append(
            f"{s.title}: {units.duration(s.median_ns)} ±{half:.1%} · × the fastest of "
            f"{card.runtime} ({s.vs_runtime.to if s.vs_runtime else '—'}): "
            f"{ratio(s.vs_runtime, card.impl)} · × the fastest anywhere "
            f"({s.vs_all.to if s.vs_all else '—'}): {ratio(s.vs_all, card.impl)} · {s.source}"
        )
    out.sections.append(("speed at each algorithm's reference case", speed or ["—"]))
    if card.fidelity is not None:
        found = _divergences(card)
        title = f"divergences, worst first ({card.fidelity_source})"
        out.sections.append((title, found or ["none"]))
    e = card.ease
    if e is not None:
        what = "seen in a fidelity run" if e.observed else "from the catalog"
        out.sections.append((f"ease of use ({what})", [
            f"salts itself: {_yes(e.salts_itself)} · string: {e.encoded or '?'} · verify in one "
            f"call: {_yes(e.verify_one_call)} · async: {_yes(e.async_api)}",
            f"needs: {e.needs or '?'} · adapter: {e.adapter_lines or '?'} lines",
        ]))  # fmt: skip
    if card.defaults:
        rows = []
        for d in card.defaults:
            params = ",".join(f"{k}={v}" for k, v in (d.params or {}).items()) or d.detail
            rows.append(f"{d.alg}: {params}" + (f" — {d.weaker}" if d.weaker else ""))
        out.sections.append(("defaults (called with no parameters)", rows))
    if card.missing:
        todo = [f"{m.piece} ({m.what}): {m.command}" for m in card.missing]
        out.sections.append(("not measured on this machine", todo))
    return out
