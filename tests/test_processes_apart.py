"""A case whose processes of one compared run lie on more than one speed
(measure/compare.py, `Replicated.apart`): one run a side cannot tell where all its
processes land in the next run, so its verdict is held as one process's.

Shaped on crystal/openssl-digest's sha256 `new` of 1 KiB in six quick runs of three
processes on an AMD EPYC VM (2026-12-02): processes at about 910, 1070 or 1450 ns. One
run's were at 1036, 913 and 907 ns, the next run's at 1066, 1080 and 1065: its median
moved +17% and, with one earlier run in the history store, compare called it slower,
p = 3.2e-06 (docs/benchmarks/shapes.md)."""

from __future__ import annotations

import numpy as np
from test_compare import FIXTURE, _with_stats

from hashbench.measure import stats
from hashbench.model import RunFile
from hashbench.report import comparison
from hashbench.results.files import load

CASES = 40
PER = 20  # samples a process


def _case(impl: str, speeds: list[float], rng):
    samples, owners = [], []
    for p, speed in enumerate(speeds):
        samples += list(rng.normal(speed, speed * 0.005, PER))
        owners += [p] * PER
    case = _with_stats(impl, samples, stats.summarize(np.asarray(samples)))
    case.sample_processes, case.processes = owners, len(speeds)
    return case


def _run(three_speeds: list[float], seed: int, slowed: float = 1.0) -> RunFile:
    """CASES cases of three processes each within 0.5% of one another, but x/i0 at
    `three_speeds`; x/i5 `slowed`."""
    rng = np.random.default_rng(seed)
    cases = [_case("x/i0", three_speeds, rng)]
    for i in range(1, CASES):
        centre = 1000.0 * (1 + i) * (slowed if i == 5 else 1.0)
        cases.append(_case(f"x/i{i}", [centre * float(np.exp(rng.normal(0, 0.005)))
                                        for _ in range(3)], rng))  # fmt: skip
    base = load(FIXTURE)
    return RunFile(suite="t", started=base.started, environment=base.environment, cases=cases)


def test_a_case_whose_processes_of_one_run_lie_apart_is_held_as_one_process():
    old = _run([1036.0, 913.0, 907.0], seed=1)
    new = _run([1066.0, 1080.0, 1065.0], seed=2)
    cmp = comparison.between_runs(old, new, 0.05, ("a", "b"))
    row = next(r for r in cmp.rows if r.new.impl == "x/i0")
    assert row.change.relative > 1.1
    assert row.verdict == "possibly slower"
    assert cmp.regressions == [] and cmp.outcome.exit_code == 0
    assert any("on more than one speed" in line for line in comparison.summary_lines(cmp))


def test_a_steady_case_beside_it_is_still_caught():
    old = _run([1036.0, 913.0, 907.0], seed=1)
    slower = _run([1066.0, 1080.0, 1065.0], seed=3, slowed=1.25)
    cmp = comparison.between_runs(old, slower, 0.05, ("a", "b"))
    assert [r.new.impl for r in cmp.regressions] == ["x/i5"]


def test_processes_of_several_runs_a_side_keep_their_own_spread():
    """Sides of several runs merged hold the spread between runs in their processes."""
    old = _run([1036.0, 913.0, 907.0], seed=1)
    new = _run([1066.0, 1080.0, 1065.0], seed=2)
    merged = comparison.between_runs(old, new, 0.05, ("a", "b"), runs_a_side=(3, 3))
    assert not any("on more than one speed" in line for line in comparison.summary_lines(merged))
