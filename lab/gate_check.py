"""Does `hashbench compare` cry wolf, and what does it catch? Writes docs/benchmarks/gate.md.

Runs the `gate` suite (quick, plus PBKDF2 and argon2id at 5% and 10% more work) in pairs
of back-to-back runs, for each setting asked for (`PLACEMENT:IDLE[:ROUNDS[:PASSES]]`:
`run --placement PLACEMENT --idle-runners IDLE [--rounds ROUNDS] [--passes PASSES]`), the
settings interleaved,
then, per pair:

- **A/A**: the quick cases of the two runs compared as `hashbench compare --threshold 5%`
  (or the `--threshold` given)
  compares them: false regressions and improvements, the exit code, the machine's move;
- **injected slowdowns**: for each library with PBKDF2 (100k iterations) or argon2id
  (m=19 MiB), the second run's case at 5% (10%) more work relabelled as the base case,
  the rest of the second run as measured: is that one library caught? One try per library
  and pair; and the same with each library's cases judged alone (`compare --impl LIB`),
  the A/A pairs too;
- **ratio repeatability**: within each group of the first run, every case's ratio to the
  group's fastest, with its interval; does it hold the second run's ratio?

    .venv/bin/python lab/gate_check.py [--pairs 5] [--settings auto:stop,auto:run]
        [--keep DIR] [--out docs/benchmarks/gate.md] [-- extra `hashbench run` arguments]
        (a --keep DIR that holds pairs already: the new ones are added after them)
    .venv/bin/python lab/gate_check.py --from DIR --out FILE   # again, no measuring
        [--per-side 1,3,5] [--threshold 2.5%]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import numpy as np
from gate_power import injected_in_fact, power_lines  # scripts/, beside this one
from interval_reach import median_lines, ratio_lines
from paired import paired_ratio  # lab/, beside this one

from hashbench.command_support import earlier_runs, options
from hashbench.measure.compare import Z95, location, within_run
from hashbench.measure.earlier_noise import noise_by_case
from hashbench.measure.merge_runs import merge_runs
from hashbench.measure.stats import summarize
from hashbench.measure.tails import MAD_SD, Tails
from hashbench.model import CaseId, CaseRecord, RunFile
from hashbench.report import comparison
from hashbench.report.comparison import Earlier
from hashbench.results.files import load, write_text_atomic
from hashbench.store.run_to_run import log_half_width

ROOT = Path(__file__).resolve().parent.parent
THRESHOLD = 0.05  # compare's; --threshold sets another
JIT_RUNNERS = {"node", "deno", "java"}  # the issue's ±5% allowance for JIT runtimes
META = "meta.json"
EARLIER_TEXT = (
    "As `hashbench compare` judges two runs stored one after another: each case of one "
    "process a side is held to its own moves over the earlier runs of the store too "
    "(`compare --earlier`, measure/earlier_noise.py): here the runs made before the pair, "
    f"at most {earlier_runs.DEFAULT_RUNS}; the first pairs have none or too few (a case "
    "needs three earlier runs)."
)
# the base case of each injected family, and the work parameter raised by 5% and 10%
INJECTED = {
    "pbkdf2-sha256": ("iterations", 100_000, {5: 105_000, 10: 110_000}),
    "argon2id": ("m", 19_456, {5: 20_429, 10: 21_402}),
}


def injected_key(case: CaseRecord) -> tuple[str, int] | None:
    """(the family, the effect in percent) of a case measured at raised work, else None."""
    family = INJECTED.get(case.alg)
    if family is None:
        return None
    key, _base, raised = family
    for effect, value in raised.items():
        if case.params.get(key) == value:
            return case.alg, effect
    return None


def is_base(case: CaseRecord) -> bool:
    return injected_key(case) is None


def base_cases(run: RunFile) -> list[CaseRecord]:
    return [c for c in run.cases if is_base(c)]


def with_cases(run: RunFile, cases: list[CaseRecord]) -> RunFile:
    return msgspec.structs.replace(run, cases=cases)


def first_process(run: RunFile) -> RunFile:
    """The run as one runner process per case would have measured it: each case's samples
    of its first process alone (a third of its budget), its statistics made again."""
    cases = []
    for case in run.cases:
        if not case.valid or not case.sample_processes:
            cases.append(case)
            continue
        keep = [i for i, p in enumerate(case.sample_processes) if p == 0]
        samples = [case.samples_ns[i] for i in keep]
        stats = summarize(np.asarray(samples, dtype=float) / (case.iters or 1))
        cases.append(
            msgspec.structs.replace(
                case,
                samples_ns=samples,
                sample_rounds=[case.sample_rounds[i] for i in keep],
                sample_processes=[],
                process_medians_ns=[],
                processes=1,
                stats=stats,
                yardstick_ns=case.yardstick_ns[:1],
            )
        )
    return with_cases(run, cases)


VIEWS = {
    "every process": lambda run: run,
    "first process only": first_process,
}


def relabelled(case: CaseRecord) -> CaseRecord:
    """The case at raised work, named as the base case."""
    key, base, _ = INJECTED[case.alg]
    params = {**case.params, key: base}
    ident = CaseId(case.impl, case.alg, case.op, case.mode, params, case.length, case.input_size)
    return msgspec.structs.replace(case, params=params, id=ident.key())


@dataclass
class AA:
    compared: int
    regressions: int
    improvements: int
    exit_code: int
    machine: float
    yardstick: float | None
    run_move: str
    tails: list[Tails]


@dataclass
class Tries:
    caught: dict[int, int] = field(default_factory=lambda: {5: 0, 10: 0})
    tried: dict[int, int] = field(default_factory=lambda: {5: 0, 10: 0})
    missed: dict[int, list[str]] = field(default_factory=lambda: {5: [], 10: []})
    # (effect, JIT runtime or not) -> [caught, tried]
    by_kind: dict[tuple[int, bool], list[int]] = field(default_factory=dict)
    # each raised case's change measured within the same run (gate_power.injected_in_fact)
    in_fact: dict[str, float] = field(default_factory=dict)
    # effect -> [caught, tried] where that change was at least half the nominal one
    sized: dict[int, list[int]] = field(default_factory=dict)


def a_a(a: RunFile, b: RunFile, earlier: Earlier | None = None, k: int = 1) -> AA:
    """`k`: the runs merged into each side."""
    cmp = comparison.between_runs(
        with_cases(a, base_cases(a)), with_cases(b, base_cases(b)), THRESHOLD, ("a", "b"),
        earlier, runs_a_side=(k, k),
    )  # fmt: skip
    regressions = len(cmp.regressions)
    improvements = sum(r.verdict == "faster" for r in cmp.rows)
    assert cmp.machine is not None and cmp.run_move is not None
    run = cmp.run_move
    move = f"{(run.ratio - 1) * 100:+.1f}%" if run.judged else "—"
    code = 1 if regressions or cmp.run_regression else 0
    return AA(
        len(cmp.rows), regressions, improvements, code, cmp.machine.cases,
        cmp.machine.yardstick, move, cmp.tails,
    )  # fmt: skip


def injected_side(merged_b: RunFile, runs: list[RunFile], raised_id: str) -> RunFile | None:
    """Side b (its runs merged: `merged_b`) with the case `raised_id` put in its base
    case's place in every run; None where a run lacks it valid."""
    raised = [next((c for c in run.cases if c.id == raised_id and c.valid), None) for run in runs]
    if any(r is None for r in raised):
        return None
    targets = [relabelled(r) for r in raised if r is not None]
    if len(runs) == 1:
        target = targets[0]
    else:  # merged within whole runs: merge_runs takes each run's group move out
        swapped = [
            with_cases(run, [t if c.id == t.id else c for c in base_cases(run)])
            for run, t in zip(runs, targets, strict=True)
        ]
        target = next(c for c in merge_runs(swapped).cases if c.id == targets[0].id)
    return with_cases(merged_b, [target if c.id == target.id else c for c in merged_b.cases])


def injections(
    a_runs: list[RunFile],
    b_runs: list[RunFile],
    tries: Tries,
    earlier: Earlier | None = None,
    alone: bool = False,
) -> None:
    """Each library's raised case in place of its base case in every run of side b;
    `alone`: its library's cases judged alone (`compare --impl LIB`)."""
    base_a = merge_runs([with_cases(a, base_cases(a)) for a in a_runs])
    merged_b = merge_runs([with_cases(b, base_cases(b)) for b in b_runs])
    b = b_runs[0]
    by_id = {c.id for c in base_cases(b)}
    for raised in b.cases:
        found = injected_key(raised)
        if found is None or not raised.valid:
            continue
        _alg, effect = found
        target = relabelled(raised)
        old = next((c for c in base_a.cases if c.id == target.id and c.valid), None)
        side_b = injected_side(merged_b, b_runs, raised.id)
        if old is None or target.id not in by_id or side_b is None:
            continue
        asked = _library(raised.impl) if alone else None
        cmp = comparison.between_runs(
            base_a, side_b, THRESHOLD, ("a", "b"), earlier, asked,
            runs_a_side=(len(a_runs), len(b_runs)),
        )  # fmt: skip
        row = next(r for r in cmp.rows if r.new.id == target.id)
        tries.tried[effect] += 1
        kind = tries.by_kind.setdefault((effect, raised.runner in JIT_RUNNERS), [0, 0])
        kind[1] += 1
        sized = tries.sized.setdefault(effect, [0, 0])
        is_sized = of_its_size(tries.in_fact, raised.id, effect)
        sized[1] += is_sized
        if row.verdict == "slower":
            tries.caught[effect] += 1
            kind[0] += 1
            sized[0] += is_sized
        else:
            tries.missed[effect].append(f"{raised.impl} {raised.alg} ({row.change.percent:+.1f}%)")


@dataclass
class Holds:
    held: int = 0
    total: int = 0
    widths: list[float] = field(default_factory=list)

    def add(self, low: float, ratio: float, high: float, again: float) -> None:
        self.total += 1
        self.held += low <= again <= high
        self.widths.append((high - low) / 2 / ratio)

    def text(self) -> str:
        half = float(np.median(self.widths)) if self.widths else float("nan")
        share = self.held / max(self.total, 1)
        return f"**{self.held} of {self.total} ({share:.0%})**, median half-width ±{half:.1%}"


def _stick(case: CaseRecord) -> float | None:
    return float(np.median(case.yardstick_ns)) if case.yardstick_ns else None


def median_holds(a: RunFile, b: RunFile, raw: Holds, by_stick: Holds) -> None:
    """Each case's median in run a with its interval (the ± reports print), and whether
    run b's median lies inside it: as measured, and divided by the machine yardstick's
    move between the two (each case's own group's yardstick)."""
    in_b = {c.id: c for c in base_cases(b) if c.valid}
    for case in base_cases(a):
        again = in_b.get(case.id)
        if not case.valid or again is None:
            continue
        low, high = case.measured.median_ci
        median, next_median = case.measured.median, again.measured.median
        raw.add(low, median, high, next_median)
        old_stick, new_stick = _stick(case), _stick(again)
        if old_stick and new_stick:
            by_stick.add(low, median, high, next_median * old_stick / new_stick)


def run_to_run_holds(
    a: RunFile, b: RunFile, before: list[RunFile], raw: Holds, by_stick: Holds
) -> None:
    """Each case's median in run a with an interval from its medians over the earlier runs
    and a (`before`, as the history store holds them; at least two): the spread of a
    single run's median about the next, t·s·√2 on the log scale, s their sd; whether run
    b's median lies inside it. As measured, and with each run's median divided by its
    group's yardstick: how much of the width the machine's speed explains."""
    if len(before) < 2:
        return
    in_b = {c.id: c for c in base_cases(b) if c.valid}
    earlier = [{c.id: c for c in base_cases(r) if c.valid} for r in before]
    for case in base_cases(a):
        again = in_b.get(case.id)
        if not case.valid or again is None:
            continue
        known = [run[case.id] for run in earlier if case.id in run] + [case]
        if len(known) < 3:
            continue
        for holds, scale in ((raw, lambda c: 1.0), (by_stick, _stick)):
            if any(not scale(c) for c in (*known, again)):
                continue
            half = log_half_width([math.log(c.measured.median / scale(c)) for c in known])
            mine = case.measured.median / scale(case)
            holds.add(
                mine * math.exp(-half),
                mine,
                mine * math.exp(half),
                again.measured.median / scale(again),
            )


def _to_fastest(
    a: RunFile, b: RunFile
) -> Iterator[tuple[CaseRecord, CaseRecord, CaseRecord, CaseRecord]]:
    """(case, its group's fastest) in run a and the same two in run b, for each valid
    case of a that is not the fastest and is valid in b with its fastest."""
    groups: dict[int, list[CaseRecord]] = {}
    for c in base_cases(a):
        if c.valid:
            groups.setdefault(c.group, []).append(c)
    in_b = {c.id: c for c in base_cases(b) if c.valid}
    for members in groups.values():
        fastest = min(members, key=lambda c: c.measured.median)
        for case in members:
            if case is not fastest and case.id in in_b and fastest.id in in_b:
                yield case, fastest, in_b[case.id], in_b[fastest.id]


def widened_holds(a: RunFile, b: RunFile, earlier: Earlier, widened: Holds) -> None:
    """As `ratio_holds`' ratio of medians, its interval widened by the two cases' moves
    over earlier runs (measure/earlier_noise.py): what a report's ratio would need to
    say of the next run."""
    for case, fastest, case_b, fastest_b in _to_fastest(a, b):
        if case.id not in earlier.noise or fastest.id not in earlier.noise:
            continue
        within = within_run(fastest, case)
        own = math.log(within.high / within.low) / 2
        moves = math.hypot(earlier.noise[case.id], earlier.noise[fastest.id]) * Z95
        half = math.hypot(own, moves)
        again = case_b.measured.median / fastest_b.measured.median
        widened.add(
            within.ratio * math.exp(-half), within.ratio, within.ratio * math.exp(half), again
        )


def ratio_holds(a: RunFile, b: RunFile, medians: Holds, paired: Holds) -> None:
    """Each case's ratio to its group's fastest in run a with its interval, and whether
    run b's ratio of the same two cases lies inside it: as the ratio of the two medians
    (bounded by both intervals), and paired by round (lab/paired.py)."""
    for case, fastest, case_b, fastest_b in _to_fastest(a, b):
        ratio = within_run(fastest, case)
        again = case_b.measured.median / fastest_b.measured.median
        medians.add(ratio.low, ratio.ratio, ratio.high, again)
        mine = paired_ratio(case, fastest)
        theirs = paired_ratio(case_b, fastest_b)
        if mine is not None and theirs is not None:
            paired.add(mine.low, mine.ratio, mine.high, theirs.ratio)


def _stem(setting: str) -> str:
    return setting.replace(":", "_")


def _run_args(setting: str) -> list[str]:
    """`hashbench run` arguments of a setting, PLACEMENT:IDLE[:ROUNDS[:PASSES]]; a bare
    placement is an older folder's, measured before idle runners were stopped."""
    placement, _, rest = setting.partition(":")
    idle, _, rest = rest.partition(":")
    rounds, _, passes = rest.partition(":")
    more = ["--rounds", rounds] if rounds else []
    more += ["--passes", passes] if passes else []
    return ["--placement", placement, "--idle-runners", idle or "run", *more]


def _setting_title(setting: str) -> str:
    args = _run_args(setting)
    more = "".join(
        f", `{name} {value}`" for name, value in zip(args[4::2], args[5::2], strict=True)
    )
    return f"Placement `{args[1]}`, idle runners `{args[3]}`{more}"


def _pairs(folder: Path, setting: str) -> Iterator[tuple[RunFile, RunFile]]:
    i, stem = 1, _stem(setting)
    while (folder / f"{stem}-{i}-a.json").exists():
        a, b = folder / f"{stem}-{i}-a.json", folder / f"{stem}-{i}-b.json"
        if b.exists():
            yield load(a), load(b)
        i += 1


Side = list[RunFile]


def windows(runs: list[RunFile], k: int) -> list[tuple[Side, Side]]:
    """k runs a side from runs in the order they were made: windows of 2k consecutive runs,
    one pair apart, the runs of a window dealt alternately to the two sides (as a CI job
    would run baseline and candidate in turn, so that drift falls on both). With k = 1,
    the pairs themselves; with k > 1 the windows overlap and are not independent."""
    out = []
    for start in range(0, len(runs) - 2 * k + 1, 2):
        window = runs[start : start + 2 * k]
        out.append((window[0::2], window[1::2]))
    return out


def runs_before(runs: list[RunFile], pair: int) -> list[RunFile]:
    """What the history store would hold before pair `pair` (from 1): the runs made before
    it, as `compare --earlier` reads them (at most its default number)."""
    return runs[: 2 * (pair - 1)][-earlier_runs.DEFAULT_RUNS :]


def earlier_than(runs: list[RunFile], pair: int) -> Earlier:
    before = runs_before(runs, pair)
    return Earlier(len(before), noise_by_case([with_cases(r, base_cases(r)) for r in before]))


def _view_lines(
    pairs: list[tuple[Side, Side]], in_fact: dict[str, float], history: list[RunFile] | None
) -> list[str]:
    """`history`: the runs in order, each pair's earlier ones held as the store would
    hold them (one run a side); None: no store."""
    lines = [
        "| pair | cases | false regressions | false improvements | exit | every case "
        "moved | yardstick moved | every case beyond the yardstick |"
        + (" earlier runs |" if history else ""),
        "|---|---|---|---|---|---|---|---|" + ("---|" if history else ""),
    ]
    tries, medians, paired, clean, worst = Tries(in_fact=in_fact), Holds(), Holds(), 0, 0.0
    tails: dict[str, list[Tails]] = {}
    own, by_stick, widened = Holds(), Holds(), Holds()
    run_to_run, run_to_run_stick = Holds(), Holds()
    for n, (a_runs, b_runs) in enumerate(pairs, start=1):
        a, b = merge_runs(a_runs), merge_runs(b_runs)
        earlier = earlier_than(history, n) if history else None
        r = a_a(a, b, earlier, len(a_runs))
        clean += r.exit_code == 0
        for fitted in r.tails:
            tails.setdefault(fitted.kind, []).append(fitted)
        worst = max(worst, r.regressions / max(r.compared, 1))
        stick = _pct(r.yardstick) if r.yardstick is not None else "—"
        lines.append(
            f"| {n} | {r.compared} | {r.regressions} | {r.improvements} | {r.exit_code} "
            f"| {_pct(r.machine)} | {stick} | {r.run_move} |"
            + (f" {earlier.runs} |" if earlier else "")
        )
        injections(a_runs, b_runs, tries, earlier)
        ratio_holds(a, b, medians, paired)
        median_holds(a, b, own, by_stick)
        if earlier is not None and history is not None:
            widened_holds(a, b, earlier, widened)
            run_to_run_holds(a, b, runs_before(history, n), run_to_run, run_to_run_stick)
    lines += [
        "",
        f"- A/A: compare exit 0 in **{clean} of {len(pairs)} comparisons** (target: at least 4 "
        f"of 5); false regressions at most **{worst:.1%}** of the cases compared (target "
        "≤ 1%)",
        *_tails_lines(tails),
        "- injected slowdowns, one library's case at more work relabelled as its base case "
        "(one try per library and pair):",
    ]
    for effect, target in ((10, "≥ 95%"), (5, "≥ 80%")):
        kinds = _by_kind(tries, effect)
        caught, tried = tries.sized.get(effect, [0, 0])
        if tried:
            kinds.append(
                f"where the raised case measured at least +{effect / 2:g}% within its own "
                f"runs {caught} of {tried} ({caught / tried:.0%})"
            )
        lines.append(
            f"  - +{effect}%: caught {_caught_text(tries, effect)} (target {target}): "
            + ", ".join(kinds)
        )
    lines += _library_lines(pairs, in_fact, history)
    lines += [
        "- ratio to the group's fastest, one run's interval holding the next run's ratio "
        "(target ≥ 90% at a median half-width ≤ ±3%, ±5% for JIT runtimes):",
        f"  - ratio of medians bounded by both intervals: {medians.text()}",
        f"  - paired by round and process (lab/paired.py): {paired.text()}",
        *(
            [
                "  - ratio of medians, the interval widened by the two cases' moves over "
                f"the earlier runs (where both have them): {widened.text()}"
            ]
            if history
            else []
        ),
        "- a case's median, one run's interval (the ± of its reports) holding the next "
        "run's median (target ≥ 90%):",
        f"  - as measured: {own.text()}",
        f"  - the next run's median divided by the machine yardstick's move: {by_stick.text()}",
        *(
            [
                "  - the interval a run could print from its history (the earlier runs and "
                "itself, at least three; t·s·√2, s the sd of their medians): "
                f"{run_to_run.text()}",
                f"  - the same, every run's median divided by its yardstick: "
                f"{run_to_run_stick.text()}",
            ]
            if history
            else []
        ),
    ]
    missed = tries.missed[10]
    if missed:
        more = f" and {len(missed) - 10} more" if len(missed) > 10 else ""
        lines.append(f"- missed at +10%: {', '.join(missed[:10])}{more}")
    return lines + [""]


def _caught_text(tries: Tries, effect: int) -> str:
    n_try, n_caught = tries.tried[effect], tries.caught[effect]
    share = f"{n_caught / n_try:.0%}" if n_try else "—"
    return f"**{n_caught} of {n_try} ({share})**"


def _by_kind(tries: Tries, effect: int) -> list[str]:
    """The catches of one effect in native and interpreted libraries and in JIT runtimes."""
    kinds = []
    for jit, name in ((False, "native and interpreted"), (True, "JIT runtimes")):
        caught, tried = tries.by_kind.get((effect, jit), [0, 0])
        if tried:
            kinds.append(f"{name} {caught} of {tried} ({caught / tried:.0%})")
    return kinds


def _library(impl: str) -> Callable[[CaseRecord], bool]:
    return lambda case: case.impl == impl


def library_alarms(a: RunFile, b: RunFile, earlier: Earlier | None, k: int = 1) -> tuple[int, int]:
    """(libraries, those with a false regression) of an A/A pair, each library's cases
    judged alone as `compare --impl LIB` judges them; `k` runs merged a side."""
    a, b = with_cases(a, base_cases(a)), with_cases(b, base_cases(b))
    each = comparison.between_runs(
        a, b, THRESHOLD, ("a", "b"), earlier, each=_impl, runs_a_side=(k, k)
    )
    return len({r.new.impl for r in each.rows}), len({r.new.impl for r in each.regressions})


def _impl(case: CaseRecord) -> str:
    return str(case.impl)


def _library_lines(
    pairs: list[tuple[Side, Side]], in_fact: dict[str, float], history: list[RunFile] | None
) -> list[str]:
    """The A/A pairs and the catches again with each library's cases judged alone, as a
    maintainer's gate judges them (`compare --impl LIB`): the false discovery rate held
    across that library's cases, the machine and the noise measured by all."""
    tries, libraries, alarms = Tries(in_fact=in_fact), 0, 0
    for n, (a_runs, b_runs) in enumerate(pairs, start=1):
        earlier = earlier_than(history, n) if history else None
        judged, called = library_alarms(
            merge_runs(a_runs), merge_runs(b_runs), earlier, len(a_runs)
        )
        libraries += judged
        alarms += called
        injections(a_runs, b_runs, tries, earlier, alone=True)
    caught = [
        f"+{effect}% caught {_caught_text(tries, effect)}: " + ", ".join(_by_kind(tries, effect))
        for effect in (10, 5)
    ]
    return [
        "- each library's cases judged alone (`compare --impl LIB`: the false discovery "
        "rate held across that library's cases, the machine and the noise measured by all): "
        f"A/A, a library called slower in **{alarms} of {libraries}** judgements "
        f"({alarms / max(libraries, 1):.1%}); {'; '.join(caught)}"
    ]


def _tails_lines(tails: dict[str, list[Tails]]) -> list[str]:
    """The nulls the A/A comparisons fitted to their moves (measure/tails.py), by kind."""
    lines = ["- the tails of the A/A moves, as each comparison fitted them (measure/tails.py):"]
    for kind, fits in sorted(tails.items()):
        dfs = sorted(t.df for t in fits)
        shown = ", ".join("normal" if t.normal else f"{t.df:g}" for t in fits)
        smallest = float(np.median([t.smallest for t in fits]))
        lines.append(
            f"  - {kind}: Student t degrees of freedom {shown}; the smallest change a "
            f"comparison could call, median {comparison.smallest_text(smallest)} (median "
            f"{dfs[len(dfs) // 2]:g} df)"
        )
    return lines if tails else []


def _slow_samples(pairs: list[tuple[RunFile, RunFile]]) -> str:
    """The share of samples over 1.5× their case's fastest: a runner that lost the CPU
    (another process on it), not a library's own spread."""
    slow = total = 0
    for run in (r for pair in pairs for r in pair):
        for case in run.cases:
            if case.valid and case.samples_ns:
                fastest = min(case.samples_ns)
                slow += sum(s > 1.5 * fastest for s in case.samples_ns)
                total += len(case.samples_ns)
    return f"Samples over 1.5× their case's fastest: **{slow / max(total, 1):.1%}** of {total}."


def _whole_slow(pairs: list[tuple[RunFile, RunFile]]) -> str:
    """How often a case's value as compare judges it (`location`) landed over 1.4× its
    fastest run's, digests apart from password hashes, and the typical case's robust sd
    over the runs: what no statistic of one run's samples can see."""
    values: dict[tuple[str, bool], list[float]] = {}
    for run in (r for pair in pairs for r in pair):
        for case in base_cases(run):
            if case.valid and case.samples_ns:
                values.setdefault((case.id, case.op == "digest"), []).append(location(case))
    parts = []
    for digest, what in ((True, "digests"), (False, "password hashes")):
        slow = total = 0
        spreads = []
        for (_, is_digest), v in values.items():
            if is_digest != digest or len(v) < 2:
                continue
            slow += sum(x - min(v) > math.log(1.4) for x in v)
            total += len(v)
            spreads.append(MAD_SD * float(np.median(np.abs(np.asarray(v) - np.median(v)))))
        if total:
            parts.append(
                f"{what} {slow / total:.1%} of {total}, a case's robust sd over the runs "
                f"±{float(np.median(spreads)) * 100:.1f}%"
            )
    return f"A case's value (compare's) over 1.4× its fastest run's: {'; '.join(parts)}."


def _analysed(meta: dict[str, Any]) -> str:
    again = meta.get("analysed")
    return f", analysed again by `.venv/bin/python lab/gate_check.py {again}`" if again else ""


def _one_process(run: RunFile) -> bool:
    return all(c.processes <= 1 for c in run.cases)


def _pct(x: float) -> str:
    return f"{(x - 1) * 100:+.1f}%"


def report(folder: Path, meta: dict[str, Any]) -> str:
    lines = [
        "# The compare gate: A/A, injected slowdowns, ratio repeatability",
        "",
        f"Measured on {meta['date']} by `.venv/bin/python lab/gate_check.py "
        f"{meta['args']}` on {meta['cpu']}{_analysed(meta)}; each run: "
        "`hashbench run gate --no-store "
        f"--placement P --idle-runners I {meta['extra']}` (suites/gate.toml: quick, plus "
        "PBKDF2 and argon2id at 5% and 10% more work), two runs back to back per pair, the "
        f"settings interleaved. compare's threshold: {THRESHOLD:.1%}.",
        "",
    ]
    for setting in meta.get("settings", meta.get("placements", [])):
        pairs = list(_pairs(folder, setting))
        if not pairs:
            continue
        walls = meta["walls"].get(setting, [])
        lines += [f"## {_setting_title(setting)}", ""]
        if walls:
            lines.append(
                f"Wall time per run: {min(walls):.0f}–{max(walls):.0f} s ({len(walls)} runs). "
                f"{_slow_samples(pairs)} {_whole_slow(pairs)}"
            )
            lines.append("")
        in_order = [run for pair in pairs for run in pair]
        in_fact = injected_in_fact(in_order, _base_id)
        for k in meta.get("per_side", [1]):
            for view, make in VIEWS.items():
                if view != "every process" and all(r.cases and _one_process(r) for r in in_order):
                    continue  # runs of one process each: the view is the same
                title = "one run a side" if k == 1 else f"{k} runs a side (alternate runs)"
                comparisons = windows([make(r) for r in in_order], k)
                if comparisons:
                    lines += [f"### {title}, {view}", ""]
                    lines += _view_lines(comparisons, in_fact, None)
                if k == 1 and view == "every process" and comparisons:
                    lines += [f"### {title}, held to the runs before it (the history store)", ""]
                    lines += [EARLIER_TEXT, ""]
                    lines += _view_lines(comparisons, in_fact, in_order)
        lines += _reach_lines(in_order, in_fact)
    return "\n".join(lines)


def of_its_size(in_fact: dict[str, float], raised_id: str, effect: int) -> bool:
    """Whether a raised case measured at least half its nominal change (`effect`, in
    percent) against its base within its own runs."""
    return in_fact.get(raised_id, 0.0) >= effect / 200


def _base_id(case: CaseRecord) -> str | None:
    return relabelled(case).id if injected_key(case) is not None else None


def _reach_lines(runs: list[RunFile], in_fact: dict[str, float]) -> list[str]:
    """What would reach the targets (gate_power), and the injected changes in fact."""
    cases = max((sum(c.valid for c in base_cases(r)) for r in runs), default=0)
    lines = ["### What would reach the targets", ""]
    lines += power_lines(runs, is_base, cases, list(INJECTED))
    lines += ratio_lines(runs, is_base, JIT_RUNNERS) + median_lines(runs, is_base)
    small = [
        f"{case.impl} {case.alg} +{found[1]}%: {in_fact[case.id]:+.1%}"
        for case in runs[0].cases
        if (found := injected_key(case)) and case.id in in_fact
        and not of_its_size(in_fact, case.id, found[1])
    ]  # fmt: skip
    if small:
        lines += [
            "Injected changes not of their nominal size: the raised case's ratio to its base "
            "within the same run, median over the runs, under half the nominal change "
            "(another case is another compilation in a JIT runtime, or measured later, warmer): "
            + "; ".join(small),
            "",
        ]
    return lines


def _next_pair(folder: Path, setting: str) -> int:
    """The number of a setting's next pair in a folder: after those it holds."""
    i = 1
    while (folder / f"{_stem(setting)}-{i}-a.json").exists():
        i += 1
    return i


def _measure(
    folder: Path, settings: list[str], pairs: int, extra: list[str]
) -> dict[str, list[float]]:
    walls: dict[str, list[float]] = {}
    first = {setting: _next_pair(folder, setting) for setting in settings}
    for n in range(pairs):
        for setting in settings:  # interleaved, so each meets the same machine
            for side in ("a", "b"):
                out = folder / f"{_stem(setting)}-{first[setting] + n}-{side}.json"
                command = [sys.executable, "-m", "hashbench", "run", "gate", "--no-store",
                           *_run_args(setting), "--out", str(out), *extra]  # fmt: skip
                start = time.monotonic()
                done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
                wall = time.monotonic() - start
                if done.returncode not in (0, 1):
                    sys.exit(f"{shlex.join(command)} failed:\n{done.stderr[-2000:]}")
                walls.setdefault(setting, []).append(wall)
                print(f"{out.name}: {wall:.0f} s", file=sys.stderr)
    return walls


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=5)
    p.add_argument(
        "--settings",
        default="auto:stop,auto:run",
        help="PLACEMENT:IDLE[:ROUNDS[:PASSES]], comma-separated",
    )
    p.add_argument("--keep", type=Path, help="keep the results files here")
    p.add_argument("--from", dest="source", type=Path, help="analyse these files again")
    p.add_argument("--per-side", default="1,3", help="runs a side to judge, e.g. 1,3 (default)")
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks" / "gate.md")
    p.add_argument("--threshold", default="5%", help="compare's threshold (default 5%%)")
    p.add_argument("extra", nargs="*", help="after --: more `hashbench run` arguments")
    args = p.parse_args()
    global THRESHOLD
    THRESHOLD = options.threshold(args.threshold)
    if args.source:
        folder = args.source
        meta = json.loads((folder / META).read_text())
    else:
        folder = args.keep or Path(tempfile.mkdtemp(prefix="gate-check-"))
        folder.mkdir(parents=True, exist_ok=True)
        settings = args.settings.split(",")
        invoked = f"--pairs {args.pairs} --settings {args.settings} --keep DIR"
        walls = _measure(folder, settings, args.pairs, args.extra)
        if (folder / META).exists():  # pairs added to a kept folder, numbered after its own
            kept = json.loads((folder / META).read_text())
            for setting, seconds in kept["walls"].items():
                walls[setting] = seconds + walls.get(setting, [])
            settings = [s for s in kept["settings"] if s not in settings] + settings
            invoked = f"{kept['args']}, then {invoked}"
        from hashbench import machine

        meta = {
            "date": dt.date.today().isoformat(),
            "args": invoked,
            "cpu": f"{machine.cpu_model()}, {machine.snapshot()['cores']} cores",
            "extra": shlex.join(args.extra),
            "settings": settings,
            "per_side": [int(k) for k in args.per_side.split(",")],
            "walls": walls,
        }
        (folder / META).write_text(json.dumps(meta, indent=1))
        print(f"results kept in {folder}", file=sys.stderr)
    meta["per_side"] = [int(k) for k in args.per_side.split(",")]
    if args.source:
        meta["analysed"] = f"--from DIR --per-side {args.per_side}"
        if args.threshold != "5%":
            meta["analysed"] += f" --threshold {args.threshold}"
    write_text_atomic(args.out, report(folder, meta) + "\n")
    print(f"written: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
