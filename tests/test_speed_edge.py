"""A case whose processes' samples run at two speeds, a quarter or so on the faster, has
the faster half a comparison judges on the edge between them (measure/speed_edge.py).

Shaped on crystal/openssl-digest-copy's md5 of 256 B with a reset hasher in two seeds
runs of three processes on an AMD EPYC VM (2026-12-03): samples at 640 and 755 ns a
hash in every process, 32% of one run's on the faster speed and 23% of the next run's;
compare called the same code twice +14.8% slower, p = 8.7e-06 (docs/benchmarks/shapes.md)."""

from __future__ import annotations

import numpy as np
from test_compare import FIXTURE, _with_stats

from hashbench.measure import stats
from hashbench.measure.speed_edge import edge_sd, process_edge
from hashbench.model import RunFile
from hashbench.report import comparison
from hashbench.results.files import load

CASES = 40
PER = 48  # samples a process
FAST, SLOW = 640.0, 755.0


def _two_speeds(impl: str, share: float, rng):
    """Three processes, each with `share` of its samples near FAST and the rest near SLOW."""
    samples, owners = [], []
    for p in range(3):
        fast = round(PER * share)
        speeds = [FAST] * fast + [SLOW] * (PER - fast)
        samples += [float(rng.normal(s, s * 0.003)) for s in speeds]
        owners += [p] * PER
    return _owned(impl, samples, owners)


def _owned(impl: str, samples: list[float], owners: list[int]):
    case = _with_stats(impl, samples, stats.summarize(np.asarray(samples)))
    case.sample_processes, case.processes = owners, 3
    return case


def _run(share: float, seed: int, slowed: float = 1.0) -> RunFile:
    """CASES cases of three steady processes, but x/i0 on two speeds with `share` of its
    samples on the faster; x/i5 `slowed`."""
    rng = np.random.default_rng(seed)
    cases = [_two_speeds("x/i0", share, rng)]
    for i in range(1, CASES):
        centre = 1000.0 * (1 + i) * (slowed if i == 5 else 1.0)
        samples = [float(rng.normal(centre, centre * 0.003)) for _ in range(3 * PER)]
        cases.append(_owned(f"x/i{i}", samples, [p for p in range(3) for _ in range(PER)]))
    base = load(FIXTURE)
    return RunFile(suite="t", started=base.started, environment=base.environment, cases=cases)


def test_a_process_on_one_speed_has_a_narrow_edge_and_one_on_two_a_wide_one():
    rng = np.random.default_rng(0)
    steady = list(rng.normal(1000.0, 5.0, 50))
    assert process_edge(steady) < 0.005
    split = [FAST] * 14 + [SLOW] * 36
    assert process_edge(split) > 0.07  # half of log(755/640)
    assert process_edge(split[:9]) == 0.0  # too few samples to tell


def test_the_same_code_on_the_edge_of_two_speeds_is_no_regression():
    old, new = _run(0.32, seed=1), _run(0.23, seed=2)
    assert edge_sd(new.cases[0]) > 0.05
    cmp = comparison.between_runs(old, new, 0.05, ("a", "b"))
    row = next(r for r in cmp.rows if r.new.impl == "x/i0")
    assert row.change.relative > 1.1  # the faster half moved a speed
    assert row.change.edge and not row.change.significant
    assert cmp.regressions == [] and cmp.outcome.exit_code == 0
    assert any("on two speeds" in line for line in comparison.summary_lines(cmp))


def test_a_steady_case_beside_it_is_still_caught_and_has_no_edge():
    old, slower = _run(0.32, seed=1), _run(0.23, seed=3, slowed=1.10)
    cmp = comparison.between_runs(old, slower, 0.05, ("a", "b"))
    assert [r.new.impl for r in cmp.regressions] == ["x/i5"]
    assert [r.new.impl for r in cmp.rows if r.change.edge] == ["x/i0"]
