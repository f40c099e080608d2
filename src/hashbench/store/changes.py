"""Change points in a case's history, one series per measure (a timed point and a counted
one are never compared): where its figure moved beyond a threshold (a time: for good, by
the rules below), and what changed with it (library, toolchain, machine, the machine's own
yardstick).
`history` and `site` mark them.

- Times are noisy, and not only within a run: the same code run after run on the
  project's VM moved 18.8% of the times from one run to the next beyond 5% with the
  intervals apart (docs/benchmarks/history-marks.md), a case landing in one of two
  speeds, a run losing its CPU. So a timed move counts where it *lasts*: the median of
  up to LAST runs from the point on beyond the threshold from the median of up to LAST
  runs before it, every one of those after beyond every one before (at least SIDE each
  side), the largest such move within LAST runs. On the same runs: 0.7% of the moves
  marked (24 of 3,312, the newest runs' included), 44% of +10% steps marked at their
  run, 56% within one (lab/history_marks.py).
  The newest run cannot show yet that its move lasts: it is marked, "to be confirmed",
  when it lies beyond the threshold and the 99% prediction interval of the LAST runs
  before it (tried at every run: 3.7% of the moves, 31% of the steps). In a history
  too short for these (under LAST + 1 runs) its newest run and its second are marked
  when their move from the run before is beyond the threshold with the two medians' 95%
  intervals apart.
- Counts repeat to 0.01%: any step beyond the threshold (by default `compare`'s 0.5% for
  counts, model/history_point.py) is a change; there is no interval to consult."""

from __future__ import annotations

import math
import statistics

from hashbench.model.counts import MEASURES, Measure
from hashbench.model.history_point import HistoryPoint
from hashbench.store.history import CasePoint

LAST = 5  # runs before and after a timed point over which its move must last
SIDE = 3  # fewest runs each side: 2 after 5 before lie all above by chance 1 time in 21


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


def _lasting(logs: list[float], limit: float) -> dict[int, float]:
    """Index → log move, where a timed move lasts (the module's rule), the largest within
    LAST runs."""
    moves: dict[int, float] = {}
    for i in range(1, len(logs)):
        before, after = logs[max(0, i - LAST) : i], logs[i : i + LAST]
        if min(len(before), len(after)) < SIDE:
            continue
        d = statistics.median(after) - statistics.median(before)
        apart = min(after) > max(before) or max(after) < min(before)
        if apart and abs(math.expm1(d)) > limit:
            moves[i] = d
    return {
        i: d
        for i, d in moves.items()
        if all(abs(d) >= abs(moves.get(j, 0.0)) for j in range(i - LAST + 1, i + LAST))
    }


def _beyond_prediction(logs: list[float], limit: float) -> float | None:
    """The newest point's log move from the mean of the LAST before it, where it lies
    beyond the threshold and their 99% prediction interval."""
    from scipy.stats import t  # half a second to import: only when asked (measure/student.py)

    if len(logs) < LAST + 1:
        return None
    before = logs[-LAST - 1 : -1]
    d = logs[-1] - statistics.fmean(before)
    sd = statistics.stdev(before) * math.sqrt(1 + 1 / LAST)
    beyond = abs(d) > float(t.ppf(0.995, LAST - 1)) * sd
    return d if beyond and abs(math.expm1(d)) > limit else None


def _timed(valid: list[CasePoint], limit: float) -> dict[int, tuple[float, str]]:
    """Index → (relative move, how it was judged) of a timed series' change points."""
    logs = [math.log(p.value) for p in valid if p.value]
    found = {i: (math.expm1(d), "") for i, d in _lasting(logs, limit).items()}
    newest = len(valid) - 1
    if newest < 1:
        return found
    if newest >= LAST:
        d = _beyond_prediction(logs, limit)
        if d is not None:
            found[newest] = (math.expm1(d), f"beyond the {LAST} runs before; to be confirmed")
        return found
    for i in sorted({1, newest} - set(found)):  # too short to judge otherwise
        moved = math.expm1(logs[i] - logs[i - 1])
        if _apart(valid[i - 1], valid[i]) and abs(moved) > limit:
            found[i] = (moved, "to be confirmed" if i == newest else "")
    return found


def changes(points: list[CasePoint], limit: float) -> dict[int, str]:
    """Run id → what changed, where one series' figure moved beyond `limit`: counts
    between two consecutive runs; times where the move lasts (the module's rules)."""
    if len({p.measure for p in points}) > 1:
        raise ValueError("a case's change points are found in one series: split by measure")
    valid = [p for p in points if p.value]
    if valid and valid[0].measure == "time":
        found = _timed(valid, limit)
    else:
        found = {}
        for i in range(1, len(valid)):
            was, now = valid[i - 1].value, valid[i].value
            assert was and now is not None
            if abs(now / was - 1) > limit:
                found[i] = (now / was - 1, "")
    marked: dict[int, str] = {}
    for i, (moved, how) in sorted(found.items()):
        before, after = valid[i - 1], valid[i]
        machine = ""
        if before.yardstick and after.yardstick:
            stick = after.yardstick / before.yardstick - 1
            machine = f" (the machine's yardstick {stick:+.1%})"
        digits = ".1%" if after.measure == "time" else ".2%"
        said = f"; {how}" if how else ""
        marked[after.run_id] = f"{moved:+{digits}}{machine}: {_what(before, after)}{said}"
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
