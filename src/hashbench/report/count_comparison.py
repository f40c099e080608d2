"""Comparing two counted runs, case by case: exact ratios against a threshold.

Counts repeat (a case counted twice agrees within 0.01% in C and Rust), so no statistics
stand between a ratio and its verdict (measure/verdict.py): a case is "more" (a
regression) when the new count exceeds the old by more than the threshold, "fewer" when
it is below by more, and "~" otherwise. A case whose counts did not repeat in a run is
bounded by how far its two counts disagreed: where that reaches past the threshold it
"cannot tell", and the row says how far apart they were.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape

from hashbench.measure.verdict import CountChange, Outcome, Verdict, outcome, verdict
from hashbench.model import CaseRecord, RunFile
from hashbench.report import count_columns as cc
from hashbench.report.export.markdown import table as md_table
from hashbench.report.titles import groups, keyed, title


@dataclass(frozen=True)
class CountRow:
    old: CaseRecord
    new: CaseRecord
    old_figure: float
    new_figure: float
    threshold: float

    @property
    def ratio(self) -> float:
        return self.new_figure / self.old_figure if self.old_figure else math.inf

    @property
    def change(self) -> CountChange:
        spread = max(
            (
                w.value
                for c in (self.old, self.new)
                for w in c.warnings
                if not isinstance(w, str) and w.code == "counts_differ" and w.value is not None
            ),
            default=0.0,
        )
        return CountChange(self.ratio, spread)

    @property
    def judged(self) -> Verdict:
        return verdict(self.change, self.threshold)

    @property
    def verdict(self) -> str:
        """The verdict in a count's words: more or fewer, not slower or faster."""
        return {"slower": "more", "faster": "fewer"}.get(self.judged, self.judged)

    @property
    def repeat_note(self) -> str:
        """Where a side's two counts disagreed, how far: the row is only that exact."""
        notes = [
            f"{side} counts {w.value:.3%} apart"
            for side, c in (("old", self.old), ("new", self.new))
            for w in c.warnings
            if not isinstance(w, str) and w.code == "counts_differ" and w.value is not None
        ]
        return "; ".join(notes)


@dataclass
class CountComparison:
    old_name: str
    new_name: str
    measure: str
    threshold: float
    rows: list[CountRow] = field(default_factory=list)
    only_old: list[str] = field(default_factory=list)
    only_new: list[str] = field(default_factory=list)
    not_measured: list[str] = field(default_factory=list)
    gate: bool = True

    @property
    def regressions(self) -> list[CountRow]:
        return [r for r in self.rows if r.verdict == "more"] if self.gate else []

    @property
    def run_regression(self) -> bool:
        return False  # counts do not move with the machine: every case is judged alone

    @property
    def outcome(self) -> Outcome:
        return outcome([r.judged for r in self.rows], False, self.gate)


def between_runs(
    old: RunFile, new: RunFile, threshold: float, names: tuple[str, str]
) -> CountComparison:
    a, b = keyed(old.cases), keyed(new.cases)
    cmp = CountComparison(names[0], names[1], new.measure, threshold)
    for key in (k for k in a if k in b):
        o, n = a[key], b[key]
        if o.counted_ok and n.counted_ok:
            cmp.rows.append(CountRow(o, n, cc.figure(old, o), cc.figure(new, n), threshold))
        else:
            cmp.not_measured.append(f"{n.impl} · {title(n)} ({o.status} → {n.status})")
    cmp.only_old = sorted(set(a) - set(b))
    cmp.only_new = sorted(set(b) - set(a))
    return cmp


def against_reference(run: RunFile, reference: str, threshold: float) -> CountComparison:
    """Within one counted run: each implementation's count over the reference's."""
    cmp = CountComparison(reference, "each implementation", run.measure, threshold, gate=False)
    for cases in groups(run):
        ref = next((c for c in cases if c.impl == reference and c.counted_ok), None)
        if ref is None:
            continue
        for c in sorted(cases, key=lambda c: c.impl):
            if c.impl != reference and c.counted_ok:
                cmp.rows.append(CountRow(ref, c, cc.figure(run, ref), cc.figure(run, c), threshold))
    return cmp


def headers(cmp: CountComparison) -> list[str]:
    what = "cycles/op" if cmp.measure == "cycles" else "instr/op"
    old = "old" if cmp.gate else cmp.old_name
    return ["case", f"{old} {what}", f"new {what}" if cmp.gate else what, "change", "verdict"]


def cells(r: CountRow) -> list[str]:
    change = f"{(r.ratio - 1) * 100:+.3f}%"
    verdict = r.verdict + (f" ({r.repeat_note})" if r.repeat_note else "")
    label = f"{r.new.impl} · {title(r.new)}"
    return [label, cc.count(r.old_figure), cc.count(r.new_figure), change, verdict]


def shown(cmp: CountComparison, every: bool = False) -> list[CountRow]:
    rows = cmp.rows if every else [r for r in cmp.rows if r.verdict != "~"]
    return sorted(rows, key=lambda r: -r.ratio)


def summary_lines(cmp: CountComparison, every: bool = False) -> list[str]:
    more = sum(r.verdict == "more" for r in cmp.rows)
    fewer = sum(r.verdict == "fewer" for r in cmp.rows)
    what = "estimated cycles" if cmp.measure == "cycles" else "instructions"
    lines = [
        f"{len(cmp.rows)} cases compared by {what} per op, exact ratios, threshold "
        f"{cmp.threshold:.2%}: {more} count more, {fewer} fewer"
    ]
    untold = sum(r.verdict == "cannot tell" for r in cmp.rows)
    if untold:
        lines.append(
            f"{untold} cases cannot tell: a side's two counts disagreed by more than the "
            "threshold allows (their rows say how far)"
        )
    hidden = len(cmp.rows) - len(shown(cmp, every))
    if hidden:
        lines.append(f"{hidden} cases within the threshold (--all lists them)")
    for what_, keys in (
        (f"only in {cmp.old_name}", cmp.only_old),
        (f"only in {cmp.new_name}", cmp.only_new),
        ("not counted in both", cmp.not_measured),
    ):
        if keys:
            lines.append(f"{len(keys)} {what_}: " + ", ".join(keys[:10]) + " …" * (len(keys) > 10))
    return lines


STYLE = {"more": "red", "fewer": "green", "~": "dim", "cannot tell": "yellow"}


def render(cmp: CountComparison, console: Console, every: bool = False) -> None:
    console.print(f"[bold]compare[/] {escape(cmp.old_name)} → {escape(cmp.new_name)} (counts)")
    rows = shown(cmp, every)
    if rows:
        table = [headers(cmp)] + [cells(r) for r in rows]
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        for n, row in enumerate(table):
            text = "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            style = "bold" if n == 0 else STYLE[rows[n - 1].verdict]
            console.print(f"  {escape(text)}", style=style, soft_wrap=True)
    for line in summary_lines(cmp, every):
        console.print(escape(line))


def markdown(cmp: CountComparison, every: bool = False) -> str:
    lines = [f"## hashbench compare: {cmp.old_name} → {cmp.new_name} (counts)", ""]
    rows = shown(cmp, every)
    if rows:
        lines += md_table(headers(cmp), [cells(r) for r in rows], left=1) + [""]
    lines += [f"- {line}" for line in summary_lines(cmp, every)]
    return "\n".join(lines) + "\n"
