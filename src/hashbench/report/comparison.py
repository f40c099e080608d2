"""Comparing runs, case by case: the rows `hashbench compare` prints or exports.

Cases are matched by case id. measure/compare.py measures each change and measure/
verdict.py says what it means ("slower", "faster", "possibly slower" or "possibly
faster", "~" or "cannot tell"); this module
lays them out. Every row also shows its raw change. Reports list the rows with a verdict
and count the others (pyperf's compare_to hides them the same way); `all` lists every row.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from hashbench.measure.compare import (
    MIN_REPLICATES,
    Z95,
    Change,
    RunMove,
    compare_pairs,
    geometric_mean,
    history_key,
    within_run,
)
from hashbench.measure.earlier_noise import SHIFT_SDS
from hashbench.measure.machine_move import MachineMove
from hashbench.measure.tails import Tails
from hashbench.measure.verdict import (
    POSSIBLE,
    Outcome,
    Verdict,
    outcome,
    run_regression,
    run_verdict,
    verdict,
)
from hashbench.model import CaseRecord, RunFile
from hashbench.report import units
from hashbench.report.export.markdown import table as md_table
from hashbench.report.titles import keyed, title


@dataclass(frozen=True)
class Row:
    old: CaseRecord
    new: CaseRecord
    change: Change
    threshold: float

    @property
    def group(self) -> str:
        return title(self.new)

    @property
    def label(self) -> str:
        return f"{self.new.impl} · {self.group}"

    @property
    def verdict(self) -> Verdict:
        return verdict(self.change, self.threshold)

    @property
    def processes(self) -> int:
        """The runner processes of its side with fewer."""
        return min(self.old.processes, self.new.processes)


@dataclass(frozen=True)
class Earlier:
    """Earlier runs of the same cases (the history store): each case's own noise from its
    moves between them (measure/earlier_noise.py)."""

    runs: int
    noise: dict[str, float]  # one sd of a case's log change, by compare.history_key
    shifted: frozenset[str] = frozenset()  # the cases that shifted whole between them


@dataclass
class Comparison:
    old_name: str
    new_name: str
    rows: list[Row]
    only_old: list[str]
    only_new: list[str]
    not_measured: list[str]  # in both, but not valid in one of them
    gate: bool = True  # between runs: a significant slowdown is a regression
    machine: MachineMove | None = None
    run_move: RunMove | None = None
    threshold: float = 0.05
    earlier: Earlier | None = None  # earlier runs that one-process cases were held to
    tails: list[Tails] = field(default_factory=list)  # the nulls fitted to the moves
    # cases of both runs whose moves measured the machine and the noise, where only some
    # of them were asked about (`compare --impl`); 0: the rows themselves
    measured_with: int = 0
    one_run_a_side: bool = True  # each side one run, not several merged

    @property
    def regressions(self) -> list[Row]:
        return [r for r in self.rows if r.verdict == "slower"] if self.gate else []

    @property
    def run_regression(self) -> bool:
        return self.gate and run_regression(self.run_move, self.threshold)

    @property
    def outcome(self) -> Outcome:
        return outcome([r.verdict for r in self.rows], self.run_regression, self.gate)

    @property
    def geomean(self) -> float:
        return geometric_mean([r.change.ratio for r in self.rows])


def between_runs(
    old: RunFile,
    new: RunFile,
    threshold: float,
    names: tuple[str, str],
    earlier: Earlier | None = None,
    asked: Callable[[CaseRecord], bool] | None = None,
    each: Callable[[CaseRecord], Hashable] | None = None,
    runs_a_side: tuple[int, int] = (1, 1),
) -> Comparison:
    """`asked`: the cases to judge (default: all); every case common to both runs still
    measures the machine's move and the noise, and the false discovery rate is held across
    the cases asked about alone (measure/compare.py). `each`: judge the cases asked about
    in families of their own, one per key (`lambda case: case.impl`: one comparison that
    says what `compare --impl LIB` would say of every library). `runs_a_side`: how many
    runs each side merges (measure/merge_runs.py)."""
    a, b = keyed(old.cases), keyed(new.cases)
    wanted = asked or (lambda _case: True)
    pairs, not_measured = [], []
    for key in (key for key in a if key in b):
        if a[key].valid and b[key].valid:
            pairs.append((a[key], b[key]))
        elif wanted(b[key]):
            label = f"{b[key].impl} · {title(b[key])}"
            not_measured.append(f"{label} ({a[key].status} → {b[key].status})")
    known = earlier.noise if earlier else None
    shifted = earlier.shifted if earlier else frozenset()
    jit = frozenset(name for run in (old, new) for name, r in run.runners.items() if r.jit)
    family_of: Callable[[CaseRecord], Hashable] = each or (lambda _case: 0)
    family = [family_of(n) if wanted(n) else None for _o, n in pairs]
    changes, machine, run_move, tails = (
        compare_pairs(pairs, known, jit, family, runs_a_side == (1, 1), shifted)
        if pairs
        else ([], None, None, [])
    )
    rows = [
        Row(o, n, c, threshold)
        for (o, n), c, judged in zip(pairs, changes, family, strict=True)
        if judged is not None
    ]
    return Comparison(
        names[0],
        names[1],
        rows,
        sorted(k for k in set(a) - set(b) if wanted(a[k])),
        sorted(k for k in set(b) - set(a) if wanted(b[k])),
        not_measured,
        machine=machine,
        run_move=run_move,
        threshold=threshold,
        earlier=earlier,
        tails=tails,
        measured_with=len(pairs) if len(rows) < len(pairs) else 0,
        one_run_a_side=runs_a_side == (1, 1),
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
                rows.append(Row(ref, c, within_run(ref, c), threshold))
    return Comparison(reference, "each implementation", rows, [], [], [], gate=False)


def _pct(ratio: float) -> str:
    return f"{(ratio - 1) * 100:+.1f}%"


def _change_text(r: Row) -> str:
    c = r.change
    if c.why is not None or not math.isfinite(c.high):
        return f"{c.percent:+.1f}% (unbounded)"
    return f"{c.percent:+.1f}% ({_pct(c.low)} … {_pct(c.high)})"


def _noise_text(r: Row) -> str:
    noise = r.change.noise
    return f"±{noise * 100:.1f}%" if math.isfinite(noise) else "unknown"


def _p_text(r: Row) -> str:
    return "—" if r.change.p_value is None else f"{r.change.p_value:.3f}"


def cells(r: Row, gate: bool = True) -> list[str]:
    sides = [units.duration(r.old.measured.median), units.duration(r.new.measured.median)]
    if not gate:
        return [r.label, *sides, _change_text(r), r.verdict]
    noise = _noise_text(r)
    return [r.label, *sides, _change_text(r), _pct(r.change.ratio), noise, _p_text(r), r.verdict]


def headers(cmp: Comparison) -> list[str]:
    if not cmp.gate:
        return ["case", f"{cmp.old_name} median", "median", "ratio (95% interval)", "verdict"]
    return [
        "case",
        "old median",
        "new median",
        "change beyond the machine (95% interval)",
        "raw",
        "noise",
        "p",
        "verdict",
    ]


LISTED_UNTOLD = 12  # "cannot tell" rows listed one by one; more are counted


def shown(cmp: Comparison, every: bool = False) -> list[Row]:
    """The rows a report lists, the largest slowdown first: those with a verdict (the
    "cannot tell" ones where there are few), or all."""
    untold = sum(r.verdict == "cannot tell" for r in cmp.rows)
    hidden: set[str] = {"~"} if untold <= LISTED_UNTOLD else {"~", "cannot tell"}
    rows = cmp.rows if every else [r for r in cmp.rows if r.verdict not in hidden]
    return sorted(rows, key=lambda r: -r.change.ratio)


def machine_lines(cmp: Comparison) -> list[str]:
    """How far the machine moved, and whether every case moved beyond it."""
    m, run = cmp.machine, cmp.run_move
    if m is None or run is None:
        return []
    stick = (
        f"the yardstick {_pct(m.yardstick)} ({m.readings[0]} and {m.readings[1]} readings)"
        if m.yardstick is not None
        else "no yardstick in both runs"
    )
    if not m.known:
        taken = "its move is unknown, so no case's change can be told from it"
    elif m.uncertainty > 0:
        taken = (
            f"each case is judged after taking out {_pct(m.ratio)} ({m.source}), "
            f"known to ±{math.expm1(Z95 * m.uncertainty):.1%} for a case"
        )
    else:
        taken = f"each case is judged after taking out {_pct(m.ratio)} ({m.source})"
    lines = [
        f"the machine moved: every case's median {_pct(m.cases)}, {stick}; {taken}",
        "changes are of each runner process's faster half of samples, which a CPU lost to "
        "another guest for a while does not slow (docs/reports.md, compare)",
    ]
    if run.judged:
        lines.append(
            f"every case together, beyond the yardstick: {_pct(run.ratio)} "
            f"({_pct(run.low)} … {_pct(run.high)}): {run_verdict(run, cmp.threshold)}"
        )
    elif m.yardstick is None:
        lines.append(
            "without a yardstick in both runs, a move of every case together cannot be told "
            "from the machine's: the raw column shows it"
        )
    return lines


def replication_lines(cmp: Comparison) -> list[str]:
    """A side with fewer than MIN_REPLICATES runner processes per case cannot tell a case
    that shifted whole (a JIT's other compilation, a minute of a lost CPU) from a change:
    say so, and what would. docs/benchmarks/gate.md has the figures."""
    if not cmp.rows:
        return []
    fewest = min(r.processes for r in cmp.rows)
    if fewest >= MIN_REPLICATES:
        return _replicated_history_lines(cmp) + _apart_lines(cmp)
    lines = [
        f"some cases have {fewest} runner process a side: a case that shifted whole in one "
        "run cannot be told from a change; for a gate, give each side "
        f"{MIN_REPLICATES} runs or more (a directory of results files, or files joined "
        "by +; run them alternately) or `run --processes 3`; on a shared VM six a side "
        "(docs/benchmarks/gate.md: there digest changes of about ±6% could be called)"
    ]
    few = [r for r in cmp.rows if r.processes < MIN_REPLICATES]
    held = sum(history_key(r.new) in cmp.earlier.noise for r in few) if cmp.earlier else 0
    if cmp.earlier and held:
        lines.append(
            f"{held} of {len(few)} such cases held to their own moves over "
            f"{cmp.earlier.runs} earlier runs of them on this machine too (the history store)"
        )
    elif len(few) >= 1:
        lines.append(
            "no earlier runs of these cases on this machine in the history store: each is "
            "judged by this comparison's noise alone (runs stored by `run` give the next "
            "comparison their own moves)"
        )
    return lines + _replicated_history_lines(cmp) + _apart_lines(cmp)


def _flagged(cmp: Comparison, flag: str, said: str) -> list[str]:
    """ "N cases <said>" where N cases' changes carry `flag` (measure/compare.Change)."""
    count = sum(getattr(r.change, flag) for r in cmp.rows)
    return [f"{count} cases {said}"] if count else []


def edge_lines(cmp: Comparison) -> list[str]:
    """How many cases were judged against the edge between two speeds their processes'
    faster halves sat on (measure/speed_edge.py)."""
    return _flagged(
        cmp,
        "edge",
        "had each process's samples on two speeds or spread as wide, the faster half each "
        "is judged by on the edge between them: a few samples changing sides moves the same "
        "code by that gap, and each is judged against it (measure/speed_edge.py)",
    )


def _apart_lines(cmp: Comparison) -> list[str]:
    """How many cases' processes of one run lay on more than one speed (measure/compare.py,
    `_apart`), whose verdicts one run a side holds as one process's."""
    return _flagged(
        cmp,
        "apart",
        f"had a process of one run {SHIFT_SDS:g} times their kind's typical move or more "
        "from their run's median: on more than one speed, and one run a side cannot tell "
        "where all their processes land next, so their verdicts are held as one process's "
        "(several runs a side would tell)",
    )


def _replicated_history_lines(cmp: Comparison) -> list[str]:
    """How many cases of several processes a side were held to their earlier runs too
    (one run a side: measure/compare.py)."""
    if cmp.earlier is None or not cmp.one_run_a_side:
        return []
    replicated = [r for r in cmp.rows if r.processes >= MIN_REPLICATES]
    held = sum(history_key(r.new) in cmp.earlier.noise for r in replicated)
    if not held:
        return []
    shifted = sum(history_key(r.new) in cmp.earlier.shifted for r in replicated)
    whole = (
        f"; {shifted} of them shifted whole in those runs (a move between two of them, or "
        f"one process from its run's median, of {SHIFT_SDS:g} times their runner's typical "
        "move or more), and their verdicts are held as one process's"
        if shifted
        else ""
    )
    return [
        f"{held} of {len(replicated)} cases of {MIN_REPLICATES} runner processes or more a side "
        f"held to their own moves over {cmp.earlier.runs} earlier runs of as many processes on "
        "this machine too (the history store): one run's processes do not show how far they "
        f"all land from one run to the next{whole}"
    ]


def tails_lines(cmp: Comparison) -> list[str]:
    """For each kind of case with a null fitted to its moves: how heavy their tails came
    out and the smallest change this comparison could call among them (measure/tails.py)."""
    lines = []
    for t in cmp.tails:
        shape = (
            "as a normal's"
            if t.normal
            else f"with tails like a Student t's with {t.df:g} degrees of freedom"
        )
        if t.held:
            shape = (
                f"held to tails no lighter than a Student t's with {t.df:g} degrees of "
                "freedom, heavier than their own (one process a side: a case may shift "
                "whole, docs/benchmarks/shifted-whole.md)"
            )
        lines.append(
            f"{t.kind}: {t.cases} moves {shape}, which they are judged against; the smallest "
            f"change this comparison can call among them: {smallest_text(t.smallest)}"
        )
    return lines


def smallest_text(smallest: float) -> str:
    """The smallest change a comparison can call (a fraction): a percentage, a factor
    over 2×, and past 10× what it means: none."""
    if smallest < 1:
        return f"±{smallest:.1%}"
    if smallest < 9:
        return f"{1 + smallest:.1f}×"
    return "over 10×, in effect none"


def summary_lines(cmp: Comparison, every: bool = False) -> list[str]:
    of = "new/old medians" if cmp.gate else f"medians / {cmp.old_name}'s"
    lines = [f"{len(cmp.rows)} cases compared: geometric mean of {of} {cmp.geomean:.3f}×"]
    if cmp.measured_with:
        lines.append(
            f"only the cases asked about are judged; all {cmp.measured_with} cases of both "
            "runs measured the machine's move and the noise, and the false discovery rate "
            f"is held across these {len(cmp.rows)} alone"
        )
    if cmp.gate:
        lines += machine_lines(cmp) + replication_lines(cmp) + edge_lines(cmp)
        lines += tails_lines(cmp)
    counts = cmp.outcome.counts
    slower, faster = counts["slower"], counts["faster"]
    if cmp.gate:
        lines.append(
            f"{slower} significant regressions and {faster} improvements beyond the threshold"
        )
    else:
        lines.append(
            f"{slower} slower and {faster} faster than {cmp.old_name} beyond the threshold"
        )
    lines += possible_lines(cmp) + untold_lines(cmp)
    listed = shown(cmp, every)
    same = sum(r.verdict == "~" for r in cmp.rows if r not in listed)
    if same:
        lines.append(
            f"{same} cases without a change beyond ±{cmp.threshold:.0%}: their whole interval "
            "is within it (--all lists them)"
        )
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


def possible_lines(cmp: Comparison) -> list[str]:
    """The cases whose change the comparison's own noise calls but a case that shifted
    whole in one run could also give (measure/compare.py, `_held`): one process a side,
    or one run a side of a case whose earlier runs shifted whole."""
    possible = [r for r in cmp.rows if r.verdict in POSSIBLE]
    if not possible:
        return []
    tell = (
        "several runs a side would tell"
        if min(r.processes for r in possible) >= MIN_REPLICATES
        else f"`run --processes {MIN_REPLICATES}`, or several runs a side, would tell"
    )
    return [
        f"{len(possible)} possible changes beyond ±{cmp.threshold:.0%}: significant against "
        "this comparison's noise, but with one runner process a side (or one run a side of a "
        "case that shifted whole in earlier runs) no further than a case that shifted whole "
        f"in one run moves here (docs/benchmarks/shifted-whole.md); not failed: {tell}"
    ]


def untold_lines(cmp: Comparison) -> list[str]:
    """The cases whose change could be as large as the threshold or larger, though it is
    not significant: how many, why, and what would tell."""
    untold = [r for r in cmp.rows if r.verdict == "cannot tell"]
    if not untold:
        return []
    whys = sorted({r.change.why for r in untold if r.change.why is not None})
    reason = "; ".join(whys) if whys else "their 95% interval reaches beyond the threshold"
    listed = "" if len(untold) <= LISTED_UNTOLD else " (--all lists them)"
    fewest = min(r.processes for r in untold)
    more = (
        f"`run --processes {MIN_REPLICATES}`"
        if fewest < MIN_REPLICATES
        else f"more than {fewest} runner processes a side (`run --processes`)"
    )
    return [
        f"{len(untold)} cases cannot tell a change of ±{cmp.threshold:.0%} from noise: "
        f"{reason}{listed}; {more}, or several runs a side (a directory of results files) "
        "would tell"
    ]


STYLE = {
    "slower": "red",
    "faster": "green",
    "possibly slower": "magenta",
    "possibly faster": "cyan",
    "~": "dim",
    "cannot tell": "yellow",
}


def render(cmp: Comparison, console: Console, every: bool = False) -> None:
    """Rows under their group's title, the group with the largest slowdown first. The
    cells are plain text laid out here (not measured by rich): a compare of two `seeds`
    runs can list a thousand rows."""
    console.print(f"[bold]compare[/] {escape(cmp.old_name)} → {escape(cmp.new_name)}")
    rows = shown(cmp, every)
    groups: dict[str, list[Row]] = {}
    for r in rows:
        groups.setdefault(r.group, []).append(r)
    table = [["implementation", *headers(cmp)[1:]]] + [
        [r.new.impl, *cells(r, cmp.gate)[1:]] for group in groups.values() for r in group
    ]
    widths = [max(cell_len(row[i]) for row in table) + 2 for i in range(len(table[0]))]

    def line(row: list[str]) -> str:
        first = "  " + row[0].ljust(widths[0] - 2)
        return first + "".join(cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True))

    out = Text(line(table[0]) + "\n", style="bold") if rows else Text()
    data = iter(table[1:])
    for group, members in groups.items():
        out.append(f"{group}\n", style="bold")
        for r in members:
            out.append(line(next(data)) + "\n", style=STYLE[r.verdict])
    console.print(out, end="", soft_wrap=True)
    for text in summary_lines(cmp, every):
        console.print(escape(text))


def markdown(cmp: Comparison, every: bool = False) -> str:
    lines = [f"## hashbench compare: {cmp.old_name} → {cmp.new_name}", ""]
    rows = shown(cmp, every)
    if rows:
        lines += md_table(headers(cmp), [cells(r, cmp.gate) for r in rows], left=1) + [""]
    lines += [f"- {line}" for line in summary_lines(cmp, every)]
    return "\n".join(lines) + "\n"
