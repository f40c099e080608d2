"""Comparing runs, case by case: the rows `hashbench compare` prints or exports.

Cases are matched by case id. A row's verdict is "slower" or "faster" only when the
change is significant (measure.compare) and beyond the threshold; otherwise "~" (no
difference this data can show), as benchstat prints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from hashbench.measure.compare import Change, change, geometric_mean
from hashbench.model import CaseRecord, RunFile
from hashbench.report import units
from hashbench.report.export.markdown import table as md_table


@dataclass(frozen=True)
class Row:
    label: str  # what the two sides are: a case id, or an implementation in a group
    old: CaseRecord
    new: CaseRecord
    change: Change
    threshold: float

    @property
    def verdict(self) -> str:
        c = self.change
        if not c.significant or abs(c.ratio - 1) <= self.threshold:
            return "~"
        return "slower" if c.ratio > 1 else "faster"


@dataclass
class Comparison:
    old_name: str
    new_name: str
    rows: list[Row]
    only_old: list[str]
    only_new: list[str]
    not_measured: list[str]  # in both, but not valid in one of them
    gate: bool = True  # between runs: a significant slowdown is a regression

    @property
    def regressions(self) -> list[Row]:
        return [r for r in self.rows if r.verdict == "slower"] if self.gate else []

    @property
    def geomean(self) -> float:
        return geometric_mean([r.change.ratio for r in self.rows])


def between_runs(
    old: RunFile, new: RunFile, threshold: float, names: tuple[str, str]
) -> Comparison:
    a = {c.id: c for c in old.cases if c.status != "not_applicable"}
    b = {c.id: c for c in new.cases if c.status != "not_applicable"}
    common = [key for key in a if key in b]
    rows, not_measured = [], []
    for key in common:
        label = f"{b[key].impl} · {b[key].group_title}"
        if a[key].valid and b[key].valid:
            rows.append(Row(label, a[key], b[key], change(a[key], b[key]), threshold))
        else:
            not_measured.append(f"{label} ({a[key].status} → {b[key].status})")
    return Comparison(
        names[0],
        names[1],
        rows,
        sorted(set(a) - set(b)),
        sorted(set(b) - set(a)),
        not_measured,
    )


def against_reference(run: RunFile, reference: str, threshold: float) -> Comparison:
    """Within one run: every implementation against `reference` in each group it shares."""
    rows = []
    by_group: dict[int, dict[str, CaseRecord]] = {}
    for c in run.cases:
        by_group.setdefault(c.group, {})[c.impl] = c
    for cases in by_group.values():
        ref = cases.get(reference)
        if ref is None or not ref.valid:
            continue
        for impl, c in sorted(cases.items()):
            if impl != reference and c.valid:
                label = f"{c.group_title} · {impl}"
                rows.append(Row(label, ref, c, change(ref, c), threshold))
    return Comparison(reference, "each implementation", rows, [], [], [], gate=False)


def _change_text(r: Row) -> str:
    c = r.change
    return f"{c.percent:+.1f}% ({(c.low - 1) * 100:+.1f}% … {(c.high - 1) * 100:+.1f}%)"


def _p_text(r: Row) -> str:
    return "—" if r.change.p_value is None else f"{r.change.p_value:.3f}"


def cells(r: Row) -> list[str]:
    return [
        r.label,
        units.duration(r.old.measured.median),
        units.duration(r.new.measured.median),
        _change_text(r),
        _p_text(r),
        r.verdict,
    ]


HEADERS = ["case", "old median", "new median", "change (95% interval)", "p", "verdict"]


def summary_lines(cmp: Comparison) -> list[str]:
    lines = [
        f"{len(cmp.rows)} cases compared: geometric mean of new/old medians {cmp.geomean:.3f}×"
    ]
    if cmp.gate:
        lines.append(f"{len(cmp.regressions)} significant regressions beyond the threshold")
    for what, keys in (
        (f"only in {cmp.old_name}", cmp.only_old),
        (f"only in {cmp.new_name}", cmp.only_new),
        ("not measured in both", cmp.not_measured),
    ):
        if keys:
            lines.append(
                f"{len(keys)} {what}: " + ", ".join(keys[:10]) + (" …" if len(keys) > 10 else "")
            )
    return lines


def render(cmp: Comparison, console: Console) -> None:
    console.print(f"[bold]compare[/] {cmp.old_name} → {cmp.new_name}")
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for i, h in enumerate(HEADERS):
        table.add_column(h, justify="left" if i == 0 else "right", no_wrap=i > 0)
    style = {"slower": "red", "faster": "green", "~": "dim"}
    for r in sorted(cmp.rows, key=lambda r: -r.change.ratio):
        row = cells(r)
        row[-1] = f"[{style[r.verdict]}]{r.verdict}[/]"
        table.add_row(*row)
    console.print(table)
    for line in summary_lines(cmp):
        console.print(line)


def markdown(cmp: Comparison) -> str:
    lines = [f"## hashbench compare: {cmp.old_name} → {cmp.new_name}", ""]
    rows = [cells(r) for r in sorted(cmp.rows, key=lambda r: -r.change.ratio)]
    lines += md_table(HEADERS, rows, left=1) + [""]
    lines += [f"- {line}" for line in summary_lines(cmp)]
    return "\n".join(lines) + "\n"
