"""Runner processes pinned where --placement says, and bad CPU lists refused clearly."""

from __future__ import annotations

import os

import pytest
from conftest import MACHINE_CPUS, MANIFESTS, runner_unavailable

from hashbench.errors import UsageError
from hashbench.runner.client import RunnerClient
from hashbench.runner.placement import Placement, choose

ALLOWED = MACHINE_CPUS  # a pytest-xdist worker is kept to one: `every_cpu` lifts that


@pytest.fixture
def every_cpu():
    """This process on every CPU of the machine for the test, as `hashbench` is run."""
    mine = os.sched_getaffinity(0)
    os.sched_setaffinity(0, ALLOWED)
    yield
    os.sched_setaffinity(0, mine)


def test_none_leaves_the_kernel_to_decide():
    assert choose("none") == Placement() and choose("none").describe() == "unpinned"


@pytest.mark.usefixtures("every_cpu")
def test_auto_gives_the_runners_the_last_cpu_and_the_orchestrator_the_rest():
    auto = choose("auto")
    if len(ALLOWED) < 2:
        assert auto == Placement()
        return
    assert auto.runner_cpus == {max(ALLOWED)} and auto.orchestrator_cpus == ALLOWED - {max(ALLOWED)}
    assert auto.describe().startswith(f"runners on CPU {max(ALLOWED)}, orchestrator on CPU ")


@pytest.mark.usefixtures("every_cpu")
@pytest.mark.parametrize("spec", ["9999", "x", "1,,2"])
def test_a_cpu_that_is_not_here_is_refused_naming_it(spec):
    with pytest.raises(UsageError, match="--placement"):
        choose(spec)


def test_a_runner_process_runs_on_its_cpus():
    manifest = next(m for m in MANIFESTS if m.name == "python")
    why = runner_unavailable(manifest)
    if why:
        pytest.skip(why)
    cpu = max(ALLOWED)
    client = RunnerClient(manifest, placement=Placement(frozenset({cpu})))
    try:
        client.start()
        assert client.pid is not None
        assert os.sched_getaffinity(client.pid) == {cpu}
    finally:
        client.close()
