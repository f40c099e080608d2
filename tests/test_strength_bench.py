"""One parameter set has one figure in a strength session (strength/bench.py): measured
afresh once, read again by every row that asks, and joined by a further process's
samples when more are asked for — with the real C runner."""

from __future__ import annotations

import pytest
from conftest import skip_without_runner

from hashbench.runner.manifest import load_all
from hashbench.runner.pool import RunnerPool
from hashbench.strength.bench import QUICK, Bench, Effort

PARAMS = {"cost": 4}


@pytest.fixture()
def bench():
    skip_without_runner("c")
    with RunnerPool([m for m in load_all() if m.name == "c"]) as pool:
        pool.start()
        yield Bench(pool)


def test_a_parameter_set_measured_afresh_is_that_figure_again(bench: Bench):
    effort = Effort(0.05, 3, 0.05)
    first = bench.measure("c/libxcrypt", "bcrypt", PARAMS, effort, fresh=True)
    again = bench.measure("c/libxcrypt", "bcrypt", PARAMS, effort, fresh=True)
    quick = bench.measure("c/libxcrypt", "bcrypt", PARAMS, QUICK)
    assert again is first and quick is first
    assert [r.id for r in bench.records] == [first.id]


def test_more_samples_join_the_figure_as_processes_of_its_own(bench: Bench):
    effort = Effort(0.05, 3, 0.05)
    first = bench.measure("c/libxcrypt", "bcrypt", PARAMS, effort, fresh=True)
    more = bench.again("c/libxcrypt", "bcrypt", PARAMS, effort)
    assert more.measured.n >= first.measured.n + 3 and more.measured.n == len(more.samples_ns)
    assert more.processes == 2 and len(set(more.sample_processes)) == 2
    assert more.verification is not None and more.verification.ok
    assert bench.records == [more]  # the set's one record, in the first one's place
    assert bench.measure("c/libxcrypt", "bcrypt", PARAMS, effort, fresh=True) is more
