"""`pick`'s ranking rule (docs/pick.md), stated with every pick it makes.

1. A candidate is ruled out, with its reason, when it is not available here, when its
   output at the reference case was not verified, when a divergence about the algorithm
   is of severity `rule_out_at` or worse (default 4: silently truncates or wraps a
   password, or accepts a wrong one), or when its defaults are weaker than OWASP's minimum
   (unless allowed).
2. The rest are ranked by score = Σ weight·part / Σ weight over the parts measured:
   speed = fastest median / own median (1 where its interval overlaps the fastest's),
   fidelity = 1 − worst severity / 5 (1 with no divergence), ease = the share of
   salts itself, a standard string and verify in one call.
3. A candidate whose speed or fidelity was not measured is ranked after every one with
   both, with the command that measures it.
4. A candidate is a close call with the one ranked just above it when their speeds'
   intervals overlap and their other parts score the same: the order between them is
   the noise's, and the tie is broken by the median (`close_to`, said in its reason).
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.cards import ease as ease_part
from hashbench.cards.divergences import long_password_line, worst
from hashbench.fidelity import severity
from hashbench.model.card import Candidate, Card, Rule, Speed, Weights

DEFAULT_WEIGHTS = Weights(speed=1.0, fidelity=1.0, ease=0.5)
RULE_OUT_AT = severity.TRUNCATES
PARTS = ("speed", "fidelity", "ease")
DEMOTING = ("speed", "fidelity")  # without these a candidate ranks after the measured


def rule(
    weights: Weights = DEFAULT_WEIGHTS,
    rule_out_at: int = RULE_OUT_AT,
    weak_defaults_rule_out: bool = True,
) -> Rule:
    total = weights.speed + weights.fidelity + weights.ease
    out = [
        "not available here",
        "not verified at the reference case",
        f"a divergence of severity ≥ {rule_out_at} ({severity.LEVELS[rule_out_at]}"
        + (" or worse)" if rule_out_at < severity.ACCEPTS_WRONG else ")"),
    ]
    if weak_defaults_rule_out:
        out.append("defaults weaker than OWASP's minimum")
    text = (
        f"ruled out: {'; '.join(out)}. Ranked by score = ({weights.speed:g}×speed + "
        f"{weights.fidelity:g}×fidelity + {weights.ease:g}×ease) / {total:g}: speed = "
        "fastest median / own (1 where the intervals overlap), fidelity = 1 − worst "
        "severity / 5, ease = share of salts itself, standard string, verify in one call; "
        "unmeasured speed or fidelity ranks after the measured."
    )
    return Rule(
        weights=weights,
        rule_out_at=rule_out_at,
        weak_defaults_rule_out=weak_defaults_rule_out,
        text=text,
    )


def _clause(text: str, limit: int = 100) -> str:
    """The first sentence of a catalog reason, cut to fit one line."""
    first = text.split(". ", 1)[0]
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


def _speed(card: Card, alg: str) -> Speed | None:
    return next((s for s in card.speed if s.alg == alg), None)


def _ruled_out(card: Card, alg: str, r: Rule) -> str:
    """Why the card is ruled out for `alg`, or ""."""
    if not card.available:
        return f"not available here: {_clause(card.unavailable_reason)}"
    figure = _speed(card, alg)
    if figure is not None and figure.status in ("unverified", "failed"):
        return f"{figure.status} at {figure.title}: {figure.reason}"
    bad = worst(card.fidelity or [], alg)
    if bad is not None and bad.severity >= r.rule_out_at:
        return bad.text
    weak = next((d for d in card.defaults if d.alg == alg and d.weaker), None)
    if weak is not None and r.weak_defaults_rule_out:
        params = ",".join(f"{k}={v}" for k, v in (weak.params or {}).items() if k != "version")
        return f"weaker defaults ({params}): {weak.weaker}"
    return ""


@dataclass
class _Scored:
    card: Card
    parts: dict[str, float]
    unmeasured: list[str]
    median: float


def _score(s: _Scored, weights: Weights) -> float | None:
    w = {"speed": weights.speed, "fidelity": weights.fidelity, "ease": weights.ease}
    total = sum(w[k] for k in s.parts)
    return sum(w[k] * v for k, v in s.parts.items()) / total if total else None


def _parts(card: Card, alg: str, fastest: Speed | None) -> _Scored:
    parts: dict[str, float] = {}
    figure = _speed(card, alg)
    median = float("inf")
    if figure is not None and figure.median_ns and fastest is not None and fastest.median_ns:
        median = figure.median_ns
        overlap = (figure.low_ns or median) <= (fastest.high_ns or fastest.median_ns)
        parts["speed"] = 1.0 if overlap else fastest.median_ns / median
    if card.fidelity is not None:
        bad = worst(card.fidelity, alg)
        parts["fidelity"] = 1 - (bad.severity / severity.ACCEPTS_WRONG if bad else 0)
    easy = ease_part.score(card.ease) if card.ease else None
    if easy is not None:
        parts["ease"] = easy
    missing = [p for p in PARTS if p not in parts]
    return _Scored(card, parts, missing, median)


def _demoted(s: _Scored) -> bool:
    return any(p in s.unmeasured for p in DEMOTING)


def _speed_words(card: Card, alg: str, fastest: Speed | None, fastest_impl: str) -> str:
    figure = _speed(card, alg)
    if figure is None or figure.median_ns is None or fastest is None or fastest.median_ns is None:
        return "speed not measured"
    if card.impl == fastest_impl:
        return "fastest of the candidates"
    ratio = figure.median_ns / fastest.median_ns
    if (figure.low_ns or 0) <= (fastest.high_ns or 0):
        return f"indistinguishable from the fastest ({fastest_impl}, {ratio:.2f}×)"
    return f"{ratio:.2f}× the time of {fastest_impl}"


def _fidelity_words(card: Card, alg: str) -> str:
    if card.fidelity is None:
        return "fidelity not measured"
    bad = worst(card.fidelity, alg)
    if bad is None:
        return "no divergence"
    words = f"worst divergence: {bad.text}"
    costly = long_password_line(card.fidelity, alg)
    if costly is not None and costly is not bad:  # its own reason, whatever is worse
        words += f"; {costly.text}"
    return words


def _reason(s: _Scored, alg: str, fastest: Speed | None, fastest_impl: str) -> str:
    words = [_speed_words(s.card, alg, fastest, fastest_impl), _fidelity_words(s.card, alg)]
    todo = [m.command for m in s.card.missing if m.piece in s.unmeasured]
    if todo:
        words.append("run " + " and ".join(f"`{t}`" for t in todo))
    return "; ".join(words)


def rank(cards: list[Card], alg: str, r: Rule) -> list[Candidate]:
    """The candidates ranked, then those ruled out (each in catalog order)."""
    out: list[Candidate] = []
    kept: list[Card] = []
    for card in cards:
        why = _ruled_out(card, alg, r)
        if why:
            out.append(
                Candidate(
                    impl=card.impl, rank=None, score=None, reason=why, ruled_out=True, card=card
                )
            )
        else:
            kept.append(card)
    figures = [(f, c.impl) for c in kept if (f := _speed(c, alg)) and f.median_ns]
    fastest, fastest_impl = min(figures, key=lambda x: x[0].median_ns or 0, default=(None, ""))
    scored = [_parts(c, alg, fastest) for c in kept]
    order = sorted(
        scored,
        key=lambda s: (
            _demoted(s),
            -(_score(s, r.weights) or 0),
            s.median,
            s.card.impl,
        ),
    )
    ranked = []
    for n, s in enumerate(order, 1):
        above = order[n - 2] if n > 1 else None
        close = above is not None and _close_call(above, s, alg, r.weights)
        reason = _reason(s, alg, fastest, fastest_impl)
        if close and above is not None:
            reason = f"a close call with {above.card.impl} (ordered by median): {reason}"
        ranked.append(
            Candidate(
                impl=s.card.impl,
                rank=n,
                score=None if _demoted(s) else _score(s, r.weights),
                parts=s.parts,
                unmeasured=s.unmeasured,
                reason=reason,
                card=s.card,
                close_to=above.card.impl if close and above is not None else None,
            )
        )
    return ranked + out


def _close_call(above: _Scored, s: _Scored, alg: str, weights: Weights) -> bool:
    """Whether the order of two neighbours is the noise's: both scored, their speeds'
    intervals overlapping, every other part that weighs alike."""
    if _demoted(above) or _demoted(s) or "speed" not in above.parts or "speed" not in s.parts:
        return False
    a, b = _speed(above.card, alg), _speed(s.card, alg)
    if a is None or b is None or None in (a.low_ns, a.high_ns, b.low_ns, b.high_ns):
        return False
    overlap = (a.low_ns or 0) <= (b.high_ns or 0) and (b.low_ns or 0) <= (a.high_ns or 0)
    weight = {"fidelity": weights.fidelity, "ease": weights.ease}
    others = {k for k in (*above.parts, *s.parts) if k != "speed" and weight.get(k, 1) > 0}
    alike = all(abs(above.parts.get(k, -1) - s.parts.get(k, -1)) < 1e-9 for k in others)
    return overlap and alike
