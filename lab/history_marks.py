"""How many change points does `history` mark where nothing changed? Writes
docs/benchmarks/history-marks.md.

The gate runs (lab/gate_check.py --keep DIR: the same code, run after run) are stored
in a temporary history store, their quick cases only; every change point `history` then
marks in a case's timed series is a false one. Beside the rule `history` uses
(store/changes.py: a move between consecutive runs beyond the threshold, the two medians'
intervals apart), rules that ask the move to last are tried: the median of the W runs
from a point on against the median of the W runs before it, beyond the threshold, and
(`apart`) every one of the W after beyond every one of the W before; a point is marked
where its move is the largest within W runs. Power: each case's series with a step of
+10% put in from run 8, 12 or 16 on (every later median times 1.1): is it marked at that
run, or within one run of it?

    .venv/bin/python lab/history_marks.py --from DIR [--out FILE]
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
from gate_check import _pairs, base_cases, with_cases  # scripts/, beside this one
from scipy.stats import t as student_t

from hashbench.results.files import write_text_atomic
from hashbench.store import open_store
from hashbench.store.changes import changes, series
from hashbench.store.history import CasePoint

ROOT = Path(__file__).resolve().parent.parent
THRESHOLD = 0.05
STEP = 1.10
STEP_AT = (8, 12, 16)

Rule = Callable[[list[CasePoint]], list[int]]  # a series' points → the marked indices


def current(points: list[CasePoint]) -> list[int]:
    """`history`'s own rule (store/changes.py)."""
    marked = changes(points, THRESHOLD)
    return [i for i, p in enumerate(points) if p.run_id in marked]


def consecutive(points: list[CasePoint]) -> list[int]:
    """The rule `history` had before: a move between consecutive runs beyond the
    threshold, the two medians' intervals apart."""
    marked = []
    for i in range(1, len(points)):
        before, after = points[i - 1], points[i]
        assert before.value and after.value and after.median_low and after.median_high
        apart = after.median_low > (before.median_high or 0) or after.median_high < (
            before.median_low or 0
        )
        if apart and abs(after.value / before.value - 1) > THRESHOLD:
            marked.append(i)
    return marked


def lasting(window: int, apart: bool, side: int = 2) -> Rule:
    def rule(points: list[CasePoint]) -> list[int]:
        logs = [math.log(p.value) for p in points if p.value]
        moves: dict[int, float] = {}
        for i in range(1, len(logs)):
            before, after = logs[max(0, i - window) : i], logs[i : i + window]
            if min(len(before), len(after)) < min(window, side):
                continue
            d = float(np.median(after) - np.median(before))
            separate = min(after) > max(before) or max(after) < min(before)
            if abs(math.expm1(d)) > THRESHOLD and (separate or not apart):
                moves[i] = abs(d)
        return [
            i
            for i, d in moves.items()
            if all(d >= moves.get(j, 0.0) for j in range(i - window + 1, i + window))
        ]

    return rule


def predicted(window: int) -> Rule:
    """A point beyond the threshold and beyond the 99% prediction interval of the `window`
    runs before it (Student's t on their logs), as trackers that alert on the newest run
    judge it: marked at once, no later run needed."""

    def rule(points: list[CasePoint]) -> list[int]:
        logs = [math.log(p.value) for p in points if p.value]
        marked = []
        for i in range(window, len(logs)):
            before = np.asarray(logs[i - window : i])
            d = logs[i] - float(before.mean())
            sd = float(before.std(ddof=1)) * math.sqrt(1 + 1 / window)
            if abs(math.expm1(d)) > THRESHOLD and abs(d) > student_t.ppf(0.995, window - 1) * sd:
                marked.append(i)
        return marked

    return rule


def stepped(points: list[CasePoint], at: int) -> list[CasePoint]:
    """The series with every median (and interval) from index `at` on times STEP."""
    out = []
    for i, p in enumerate(points):
        k = STEP if i >= at else 1.0
        out.append(
            CasePoint(p.run_id, p.started, p.machine, p.library_version, p.runtime, p.status,
                      p.median * k if p.median else p.median,
                      p.median_low * k if p.median_low else p.median_low,
                      p.median_high * k if p.median_high else p.median_high,
                      p.yardstick, p.measure, p.per_op)
        )  # fmt: skip
    return out


def judge(all_series: list[list[CasePoint]], rule: Rule) -> str:
    moves = marks = tried = at_run = near = 0
    for points in all_series:
        moves += len(points) - 1
        marks += len(rule(points))
        for at in (a for a in STEP_AT if a < len(points)):
            found = rule(stepped(points, at))
            tried += 1
            at_run += at in found
            near += any(abs(i - at) <= 1 for i in found)
    return (
        f"| {marks} of {moves} ({marks / max(moves, 1):.1%}) | {at_run} of {tried} "
        f"({at_run / max(tried, 1):.0%}) | {near / max(tried, 1):.0%} |"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--from", dest="source", type=Path, required=True, help="gate_check --keep DIR")
    p.add_argument("--setting", default="auto:stop")
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks" / "history-marks.md")
    args = p.parse_args()
    runs = [r for pair in _pairs(args.source, args.setting) for r in pair]
    if not runs:
        sys.exit(f"{args.source}: no gate runs of setting {args.setting}")
    store = open_store(str(Path(tempfile.mkdtemp(prefix="history-marks-")) / "h.sqlite"))
    try:
        for run in runs:
            store.record_run(with_cases(run, base_cases(run)))
        all_series = []
        for case_id in store.case_ids("*"):
            timed = series(store.case_history(case_id)).get("time", [])
            valid = [pt for pt in timed if pt.value is not None]
            if len(valid) > 1:
                all_series.append(valid)
    finally:
        store.close()
    rules: list[tuple[str, Rule]] = [
        ("before: consecutive runs, intervals apart", consecutive),
        ("`history` now (store/changes.py)", current),
    ]
    for window in (5, 8):
        rules.append((f"beyond the 99% prediction of the {window} runs before", predicted(window)))
    for window in (3, 4, 5):
        rules.append((f"{window} runs before and after, medians", lasting(window, False)))
        rules.append((f"{window} runs before and after, every one apart", lasting(window, True)))
    rules.append(
        ("5 runs before and after, every one apart, 3 a side at least", lasting(5, True, 3))
    )
    lines = [
        "# Change points in `history` where nothing changed",
        "",
        f"Made by `.venv/bin/python lab/history_marks.py --from DIR` from {len(runs)} "
        f"runs of the gate suite (docs/benchmarks/gate.md; the same code every run, one "
        f"after another), their {len(all_series)} valid quick cases' timed series in a "
        f"history store: every mark is a false one. Threshold {THRESHOLD:.0%}. Power: "
        f"each series with a step of +{STEP - 1:.0%} from run {', '.join(map(str, STEP_AT))} "
        "on.",
        "",
        "| rule | false marks (of the moves) | +10% step marked at its run | within one run |",
        "|---|---|---|---|",
    ]
    lines += [f"| {name} " + judge(all_series, rule) for name, rule in rules]
    lines += [
        "",
        "A rule that asks a move to last marks it only once later runs show it lasting (W "
        "of them, or at least 2 near the end of a series): the newest run is never marked.",
    ]
    write_text_atomic(args.out, "\n".join(lines) + "\n")
    print(f"written: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
