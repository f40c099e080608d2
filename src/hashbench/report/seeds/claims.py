"""A seed's conclusion checked here: the published ratio, the ratio measured as the seed
ran it, and — when the seed's own rows did different work — the ratio at equal work,
with a verdict taken from the last of these that exists. Two medians whose intervals
overlap are too close to call, never ranked."""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.catalog.seeds import Claim, Seed, point_label
from hashbench.report.seeds.lines import Line, unequal_work
from hashbench.report.summary import Ratio, ratio


@dataclass(frozen=True)
class Check:
    at: int | None  # the point, for claims over a row with points
    published: float | None  # slower / faster, from the seed's figures
    setup: Ratio | None  # here, the rows the seed ran
    equal: Ratio | None  # here, at equal work
    unequal: str  # how the seed's comparison differed in work ("" if it did not)
    why: str  # why nothing could be measured


@dataclass(frozen=True)
class Verdict:
    claim: Claim
    checks: list[Check]
    axis: str = ""  # the seed's axis, naming the points

    def summary(self) -> str:
        decided = [(c, c.equal or c.setup) for c in self.checks]
        if not any(r for _, r in decided):
            reasons = dict.fromkeys(c.why for c in self.checks if c.why)
            return "**Cannot be checked here**: " + "; ".join(reasons)
        holds = [c for c, r in decided if r and not r.indistinguishable and r.ratio > 1]
        fails = [c for c, r in decided if r and not r.indistinguishable and r.ratio < 1]
        close = [c for c, r in decided if r and r.indistinguishable]
        unmeasured = [c for c, r in decided if r is None]
        if any(c.equal for c in self.checks):
            basis = "at equal work"
        elif not any(c.unequal for c in self.checks):
            basis = "on the same input and parameters"
        else:
            basis = "as the seed ran it, on unequal work"
        if len(holds) == len(self.checks):
            return f"**Holds** here, {basis}."
        parts = []
        if fails:
            parts.append(f"**does not hold**{self._where(fails)}: the order is reversed")
            if len(self.checks) == 1 and (r := decided[0][1]) is not None:
                parts[-1] += f": {self.claim.slower} is {1 / r.ratio:.2f}× faster"
        if close:
            parts.append(f"**too close to call**{self._where(close)}: the intervals overlap")
        if holds:
            parts.append(f"holds{self._where(holds)}")
        if unmeasured:
            parts.append(f"not measured{self._where(unmeasured)}")
        text = "; ".join(parts)
        first = next(i for i, ch in enumerate(text) if ch.isalpha())
        return f"{text[:first]}{text[first].upper()}{text[first + 1 :]} ({basis})."

    def _where(self, checks: list[Check]) -> str:
        points = [point_label(self.axis, c.at) for c in checks if c.at is not None]
        return f" at {', '.join(points)}" if points else ""


def _pairs(seed: Seed, a: str, b: str) -> list[tuple[int | None, str, str]]:
    """The entry keys of two rows at each point they share (rows without points: once)."""
    left = {e.at: e.key for e in seed.series(a)} or {None: a}
    right = {e.at: e.key for e in seed.series(b)} or {None: b}
    if a in left.values() and b in right.values():
        return [(None, a, b)]
    return [(at, left[at], right[at]) for at in left if at in right]


def _ratio(lines: dict[str, Line], fast: str, slow: str) -> tuple[Ratio | None, str]:
    f, s = lines[fast], lines[slow]
    if f.measured is None or s.measured is None:
        unmeasured = [ln for ln in (f, s) if ln.measured is None]
        # a row hashbench has no case for explains more than one not in these results
        first = min(unmeasured, key=lambda ln: ln.entry.case is not None)
        return None, f"{first.entry.base}: {first.why or 'no measurement'}"
    return ratio(f.measured, s.measured), ""


def check(seed: Seed, claim: Claim, lines: dict[str, Line]) -> Verdict:
    checks = []
    equal_keys = {
        at: (f, s) for at, f, s in _pairs(seed, claim.equal_faster, claim.equal_slower)
    } if claim.equal_faster else {}  # fmt: skip
    for at, fast, slow in _pairs(seed, claim.faster, claim.slower):
        f, s = lines[fast].entry, lines[slow].entry
        published = s.time_ns / f.time_ns if f.time_ns and s.time_ns else None
        setup, why = _ratio(lines, fast, slow)
        equal = None
        if at in equal_keys:
            equal, why_equal = _ratio(lines, *equal_keys[at])
            why = why or why_equal
        a, b = lines[fast].measured, lines[slow].measured
        unequal = unequal_work(a, b) if a is not None and b is not None else ""
        checks.append(Check(at, published, setup, equal, unequal, why))
    return Verdict(claim, checks, seed.data.axis)
