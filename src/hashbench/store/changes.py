"""Change points in a case's history, one series per measure (a timed point and a counted
one are never compared): where its figure moved beyond a threshold between two consecutive
runs, and what changed with it (library, toolchain, machine, the machine's own yardstick).
`history` and `site` mark them.

- Times are noisy: a move counts when it is beyond the threshold *and* the two medians'
  95% intervals are apart.
- Counts repeat to 0.01%: any step beyond the threshold (by default `compare`'s 0.5% for
  counts, model/history_point.py) is a change; there is no interval to consult."""

from __future__ import annotations

from hashbench.model.counts import MEASURES, Measure
from hashbench.model.history_point import HistoryPoint
from hashbench.store.history import CasePoint


def series(points: list[CasePoint]) -> dict[Measure, list[CasePoint]]:
    """A case's points split by measure (time first, then instructions, cycles), each in
    the order given; measures without points left out."""
    split = {m: [p for p in points if p.measure == m] for m in MEASURES}
    return {m: pts for m, pts in split.items() if pts}


def _apart(before: CasePoint, after: CasePoint) -> bool:
    """Timed points: the medians' intervals do not overlap. Counted: always (exact)."""
    if after.measure != "time":
        return True
    return after.median_low > before.median_high or after.median_high < before.median_low  # type: ignore[operator]


def _what(before: CasePoint, after: CasePoint) -> str:
    what = [
        f"{label} {a} → {b}"
        for label, a, b in (
            ("library", before.library_version, after.library_version),
            ("toolchain", before.runtime, after.runtime),
            ("machine", before.machine, after.machine),
        )
        if a != b
    ]
    return "; ".join(what) or "nothing recorded changed"


def changes(points: list[CasePoint], limit: float) -> dict[int, str]:
    """Run id → what changed, where one series' figure moved beyond `limit` between two
    consecutive runs (times: with their intervals apart too)."""
    if len({p.measure for p in points}) > 1:
        raise ValueError("a case's change points are found in one series: split by measure")
    marked: dict[int, str] = {}
    valid = [p for p in points if p.value is not None]
    for before, after in zip(valid, valid[1:], strict=False):
        assert before.value and after.value is not None
        moved = after.value / before.value - 1
        if _apart(before, after) and abs(moved) > limit:
            machine = ""
            if before.yardstick and after.yardstick:
                stick = after.yardstick / before.yardstick - 1
                machine = f" (the machine's yardstick {stick:+.1%})"
            digits = ".1%" if after.measure == "time" else ".2%"
            marked[after.run_id] = f"{moved:+{digits}}{machine}: {_what(before, after)}"
    return marked


def plotted(points: list[CasePoint], limit: float) -> list[HistoryPoint]:
    """The measured points of one series of a case's history, each with its change (if
    any); a counted point's interval is its count."""
    marked = changes(points, limit)
    return [
        HistoryPoint(p.run_id, p.started, p.machine, p.value, p.median_low or p.value,
                     p.median_high or p.value, marked.get(p.run_id, ""))
        for p in points
        if p.value is not None
    ]  # fmt: skip
