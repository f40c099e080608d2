"""Shared fixtures: the runners under runners/, started once per test module."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from hashbench import paths
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import Manifest, load_all

# Runs made by tests go to a history store of their own, never the user's.
os.environ.setdefault(
    "HASHBENCH_STORE", str(Path(tempfile.mkdtemp(prefix="hashbench-tests-")) / "history.sqlite")
)

# The CPUs this machine gives the tests; under pytest-xdist (make test) each worker is
# then kept to one of them, so that two workers' runners never share a CPU: `run`'s
# default placement puts runners on the last CPU a process may use, and two workers'
# runners there ran bcrypt cost 4 at 7 ms against a 6 ms strength target (too slow:
# exit 2). Subprocesses inherit the worker's CPU.
MACHINE_CPUS = frozenset(os.sched_getaffinity(0))
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _WORKER.startswith("gw") and len(MACHINE_CPUS) > 1:
    os.sched_setaffinity(0, {sorted(MACHINE_CPUS)[int(_WORKER[2:]) % len(MACHINE_CPUS)]})

MANIFESTS = load_all()

# Cheap parameters for hash/verify round trips in tests (not for benchmarks).
SMOKE_PARAMS = {
    "argon2id": {"m": 256, "t": 1, "p": 1},
    "argon2i": {"m": 256, "t": 3, "p": 1},  # libsodium refuses argon2i with t < 3
    "argon2d": {"m": 256, "t": 1, "p": 1},
    "scrypt": {"n": 1024, "r": 8, "p": 1},
    "bcrypt": {"cost": 4},
    "pbkdf2-sha1": {"iterations": 1000},
    "pbkdf2-sha256": {"iterations": 1000},
    "pbkdf2-sha512": {"iterations": 1000},
    "yescrypt": {"cost": 1},
    "sha512crypt": {"rounds": 1000},
}

# Parameters every runner must refuse with an error reply (and not crash).
OUT_OF_RANGE = {
    "bcrypt": {"cost": 3},
    "argon2id": {"m": 8, "t": 1, "p": 4},
    "argon2i": {"m": 8, "t": 0, "p": 1},
    "argon2d": {"m": 8, "t": 1, "p": 4},
    "scrypt": {"n": 1000, "r": 8, "p": 1},
    "pbkdf2-sha256": {"iterations": 0},
    "pbkdf2-sha512": {"iterations": 0},
    "pbkdf2-sha1": {"iterations": 0},
    "yescrypt": {"cost": 0},
    "sha512crypt": {"rounds": 10},
}


def runner_unavailable(manifest: Manifest) -> str | None:
    problem = manifest.toolchain_problem()
    if problem:
        return f"runner {manifest.name} skipped: {problem}"
    if not manifest.is_built():
        return f"runner {manifest.name} skipped: {manifest.not_built()}"
    return None


# `make test-fast`: the tier that needs no real runner (the engine through
# tests/fake_runners.py, compare and the reports from fixture files, the commands on
# them); every test that would start one of runners/ is skipped, saying so.
FAST = os.environ.get("HASHBENCH_TEST_TIER") == "fast"
FAST_SKIP = "the fast tier starts no real runner (`make test` runs this)"


def skip_without_runner(name: str) -> None:
    """Skip the calling test, saying why, when runner `name` cannot run here."""
    if FAST:
        pytest.skip(FAST_SKIP)
    manifest = next((m for m in MANIFESTS if m.name == name), None)
    why = f"no runner {name}" if manifest is None else runner_unavailable(manifest)
    if why:
        pytest.skip(why)


STARTS_RUNNERS = {"run", "fidelity", "calibrate", "strength", "capacity", "build", "doctor", "list"}
REAL_RUNNERS = frozenset(m.name for m in MANIFESTS)


@pytest.fixture(autouse=True)
def _fast_tier(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the fast tier: a test marked slow, or one that starts a runner of runners/ in
    this process, is skipped, saying so (the fixture runners of tests/fixtures still run)."""
    if not FAST:
        return
    if request.node.get_closest_marker("slow"):
        pytest.skip("the fast tier leaves out the slow tests (`make test` runs this)")
    launch = RunnerClient.launch

    def only_fixture_runners(client: RunnerClient) -> None:
        if client.manifest.name in REAL_RUNNERS and "HASHBENCH_RUNNERS" not in os.environ:
            pytest.skip(FAST_SKIP)
        launch(client)

    monkeypatch.setattr(RunnerClient, "launch", only_fixture_runners)


def hashbench(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """The command line as a user runs it, from the project's root."""
    if FAST and args and args[0] in STARTS_RUNNERS and "HASHBENCH_RUNNERS" not in os.environ:
        pytest.skip(FAST_SKIP)
    return subprocess.run(
        [sys.executable, "-m", "hashbench", *args],
        cwd=paths.root(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="module", params=MANIFESTS, ids=[m.name for m in MANIFESTS])
def runner(request: pytest.FixtureRequest):
    manifest: Manifest = request.param
    why = FAST_SKIP if FAST else runner_unavailable(manifest)
    if why:
        pytest.skip(why)
    client = RunnerClient(manifest)
    client.start()
    yield client
    client.kill()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="write the report outputs of tests/test_golden.py to tests/golden/ anew",
    )
