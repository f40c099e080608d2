"""A pick as the rows every format shows (terminal, markdown, HTML): one row per ranked
candidate, then the ruled out and the unmeasured, each with its line of reason."""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.model.card import Candidate, Card, Pick, Ratio, Speed
from hashbench.report import units

HEADERS = [
    "#",
    "implementation",
    "backend",
    "version",
    "median",
    "× runtime",
    "× anywhere",
    "worst divergence",
    "ease",
    "defaults",
    "score",
]
EASE_LEGEND = "ease: salts itself · standard string · verify in one call (✓ yes, ✗ no, ? unknown)"


@dataclass(frozen=True)
class Rows:
    title: str
    ranked: list[list[str]]
    ruled_out: list[tuple[str, str]]  # (impl, reason)
    unmeasured: list[tuple[str, list[str]]]  # (impl, the commands that measure it)
    top: str
    legend: list[str]


def _speed(card: Card, alg: str) -> Speed | None:
    return next((s for s in card.speed if s.alg == alg), None)


def ratio(r: Ratio | None, impl: str) -> str:
    if r is None:
        return "—"
    if r.to == impl:
        text = "1.00× (the fastest)"
    else:
        text = f"{r.ratio:.2f}× ({r.low:.2f}–{r.high:.2f})"
        if r.indistinguishable:
            text = f"≈ {text}"
    return text if r.same_run else f"{text} †"


def _mark(value: bool | None) -> str:
    return "?" if value is None else ("✓" if value else "✗")


def ease(card: Card) -> str:
    e = card.ease
    if e is None:
        return "?"
    standard = None if e.encoded is None else not e.encoded.startswith(("own", "raw"))
    return " ".join(_mark(v) for v in (e.salts_itself, standard, e.verify_one_call))


def defaults(card: Card, alg: str) -> str:
    own = next((d for d in card.defaults if d.alg == alg), None)
    if own is None:
        return "?" if card.fidelity is None else "—"
    if own.params is None:  # the defaults not read: why, in the legend
        return "n/a" if own.detail.startswith("n/a") else (own.detail or "—")
    text = ",".join(f"{k}={v}" for k, v in own.params.items() if k != "version")
    return f"{text} (weaker than OWASP)" if own.weaker else text


def _unread_defaults(pick: Pick) -> list[str]:
    """Why a defaults cell says n/a, once for each reason."""
    why = {
        d.detail.removeprefix("n/a: ")
        for c in pick.candidates
        for d in c.card.defaults
        if d.alg == pick.alg and d.params is None and d.detail.startswith("n/a")
    }
    return [f"defaults n/a: {reason}" for reason in sorted(why)]


def _derived(pick: Pick) -> list[str]:
    """The legend's line for a median of a derived key, where one is shown."""
    if not any((f := _speed(c.card, pick.alg)) and f.op for c in pick.candidates):
        return []
    return [
        "(derive): a library that derives keys only, timed deriving one at the same "
        "parameters: no hash string, so its user stores the salt and parameters"
    ]


def worst(card: Card, alg: str) -> str:
    if card.fidelity is None:
        return "not measured"
    about = [d for d in card.fidelity if not d.algorithms or alg in d.algorithms]
    return f"[{about[0].severity}] {about[0].text}" if about else "none"


def row(c: Candidate, alg: str) -> list[str]:
    card = c.card
    figure = _speed(card, alg)
    median = "—"
    if figure is not None and figure.median_ns is not None:
        half = ((figure.high_ns or 0) - (figure.low_ns or 0)) / 2 / figure.median_ns
        median = f"{units.duration(figure.median_ns)} ±{half:.1%}"
        median += f" ({figure.op})" if figure.op else ""
    elif figure is not None:  # "no hash", or why it failed: the status alone says less
        median = figure.reason or figure.status.replace("_", " ")
    backend = card.backend_kind + (f" ({card.backend})" if card.backend_kind == "native" else "")
    return [
        (f"≈{c.rank}" if c.close_to else str(c.rank)) if c.rank is not None else "—",
        c.impl,
        backend,
        card.version or "—",
        median,
        ratio(figure.vs_runtime if figure else None, c.impl),
        ratio(figure.vs_all if figure else None, c.impl),
        worst(card, alg),
        ease(card),
        defaults(card, alg),
        f"{c.score:.2f}" if c.score is not None else "—",
    ]


def rows(pick: Pick) -> Rows:
    where = f" in {pick.runtime}" if pick.runtime else " in every runtime"
    title = f"hashbench pick · {pick.alg}{where} · speed at {pick.case} · {pick.machine}"
    ranked = [row(c, pick.alg) for c in pick.candidates if not c.ruled_out]
    out = [(c.impl, c.reason) for c in pick.candidates if c.ruled_out]
    unmeasured = [
        (c.impl, [m.command for m in c.card.missing])
        for c in pick.candidates
        if not c.ruled_out and c.card.missing
    ]
    legend = [
        "× runtime, × anywhere: its median over the fastest of its runtime, of every runtime",
        "≈ indistinguishable: the intervals overlap; † from another run of this machine; "
        "[n] severity, 5 worst (docs/pick.md)",
        "≈n: a close call with the one above: their speeds' intervals overlap and nothing "
        "else sets them apart, so the median orders them",
        EASE_LEGEND,
        *_derived(pick),
        *_unread_defaults(pick),
    ]
    return Rows(title, ranked, out, unmeasured, pick.top, legend)
