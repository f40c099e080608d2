"""Shared fixtures: the runners under runners/, started once per test module."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from hashbench import paths
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import Manifest, load_all
from hashbench.runner.pool import RunnerPool

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


# `make test-fast`: the tier that starts no real runner. The engine through
# tests/fake_runners.py and the fixture runners of tests/fixtures, compare and the reports
# from fixture files, the commands on them, called in this process (`hashbench`). A test
# that would start one of runners/, a PostgreSQL server or a browser is skipped, saying
# so, and so is every test marked slow (fault injection, runs stopped and resumed, store
# faults); `make test` runs them all.
FAST = os.environ.get("HASHBENCH_TEST_TIER") == "fast"
FAST_SKIP = "the fast tier starts no real runner (`make test` runs this)"
SLOW_SKIP = "the fast tier leaves out the slow tests (`make test` runs this)"
STARTS_RUNNERS = {"run", "fidelity", "calibrate", "strength", "capacity", "build", "doctor", "list"}
ASKS_TOOLCHAINS = {"build", "doctor"}  # not through a pool: the fast tier leaves them out
REAL_RUNNERS = frozenset(m.name for m in MANIFESTS)


def _real_runners_here(env: Mapping[str, str] | None = None) -> bool:
    """Whether the runners a command would find (in `env`, else this environment) are
    those of runners/, not fixtures."""
    return "HASHBENCH_RUNNERS" not in (os.environ if env is None else env)


def runner_unavailable(manifest: Manifest) -> str | None:
    """Why runner `manifest` cannot be used here (the fast tier uses none of runners/),
    or None."""
    if FAST and manifest.name in REAL_RUNNERS and _real_runners_here():
        return FAST_SKIP
    problem = manifest.toolchain_problem()
    if problem:
        return f"runner {manifest.name} skipped: {problem}"
    if not manifest.is_built():
        return f"runner {manifest.name} skipped: {manifest.not_built()}"
    return None


def skip_in_fast_tier(what: str) -> None:
    """Skip the calling test in the fast tier, which starts no `what` (a server, a
    browser: seconds each)."""
    if FAST:
        pytest.skip(f"the fast tier starts no {what} (`make test` runs this)")


def skip_without_runner(name: str) -> None:
    """Skip the calling test, saying why, when runner `name` cannot run here."""
    if FAST:
        pytest.skip(FAST_SKIP)
    manifest = next((m for m in MANIFESTS if m.name == name), None)
    why = f"no runner {name}" if manifest is None else runner_unavailable(manifest)
    if why:
        pytest.skip(why)


@pytest.fixture(autouse=True)
def _fast_tier(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the fast tier: a test that would start a runner of runners/ in this process
    is skipped, saying so, before any toolchain is asked or build looked for, so that
    what runs does not depend on what is built (the fixture runners of tests/fixtures
    still run)."""
    if not FAST:
        return
    launch, start = RunnerClient.launch, RunnerPool.start

    def only_fixture_runners(client: RunnerClient) -> None:
        if client.manifest.name in REAL_RUNNERS and _real_runners_here():
            pytest.skip(FAST_SKIP)
        launch(client)

    def only_fixture_pools(pool: RunnerPool, only: set[str] | None = None) -> None:
        wanted = {m.name for m in pool.manifests if only is None or m.name in only}
        if wanted & REAL_RUNNERS and _real_runners_here():
            pytest.skip(FAST_SKIP)
        start(pool, only)

    monkeypatch.setattr(RunnerClient, "launch", only_fixture_runners)
    monkeypatch.setattr(RunnerPool, "start", only_fixture_pools)


def hashbench(
    *args: str,
    timeout: float = 300,
    env: Mapping[str, str] | None = None,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """The command line as a user runs it, from the project's root, with `env` for the
    environment if given and `input` on standard input. `make test` starts a process for
    it (killed after `timeout` s); the fast tier calls `hashbench.cli.main` in this one
    (`in_process`): the same exit code, stdout and stderr, without the 0.3-1 s of a
    Python start and its imports each time."""
    if FAST and _same_paths(env) and not (args and args[0] in ASKS_TOOLCHAINS):
        return in_process(*args, env=env, input=input)  # _fast_tier guards its runners
    if FAST and args and args[0] in STARTS_RUNNERS and _real_runners_here(env):
        pytest.skip(FAST_SKIP)
    return hashbench_process(*args, timeout=timeout, env=env, input=input)


def hashbench_process(
    *args: str,
    timeout: float = 300,
    env: Mapping[str, str] | None = None,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """`hashbench` in a process of its own, in every tier."""
    return subprocess.run(
        [sys.executable, "-m", "hashbench", *args],
        cwd=paths.root(),
        env=None if env is None else dict(env),
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# What says where the project's files are. Module caches (the catalog, the vectors, the
# runners' languages) hold what they read under them, so a call that changes one of
# these runs in a process of its own.
_PATH_VARIABLES = ("HASHBENCH_ROOT", "HASHBENCH_RUNNERS", "HASHBENCH_CATALOG")


def _same_paths(env: Mapping[str, str] | None) -> bool:
    return env is None or all(env.get(v) == os.environ.get(v) for v in _PATH_VARIABLES)


def _decoded(data: bytes) -> str:
    """As subprocess.run(text=True) reads a pipe: universal newlines."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def in_process(
    *args: str, env: Mapping[str, str] | None = None, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m hashbench ARGS` run by `hashbench.cli.main` in this process, from the
    project's root: stdout and stderr written to files of their own (a child process,
    such as a runner, writes there too, as to a pipe; not a terminal, so output is as
    piped), stdin `input` or empty, the exit code as the interpreter would make it of
    `SystemExit(main())`. What the command may change in the process is put back after:
    the environment, the working directory, the standard streams and argv, the handlers
    of SIGINT and SIGTERM and the unraisable hook (`run` sets them), the CPUs (`run`
    pins itself)."""
    from hashbench import cli

    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    saved_streams = (sys.stdin, sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__)
    saved_argv = sys.argv
    saved_hook = sys.unraisablehook
    saved_signals = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    saved_cpus = os.sched_getaffinity(0)
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        out = io.TextIOWrapper(out_file, encoding="utf-8", write_through=True)
        err = io.TextIOWrapper(
            err_file, encoding="utf-8", errors="backslashreplace", write_through=True
        )
        try:
            if env is not None:
                os.environ.clear()
                os.environ.update(env)
            os.chdir(paths.root())
            sys.argv = [str(Path(cli.__file__).with_name("__main__.py")), *args]
            sys.stdin = io.StringIO(input or "")
            # sys.__stdout__ too: shutil.get_terminal_size (argparse's help) asks it
            sys.stdout = sys.__stdout__ = out  # type: ignore[misc]
            sys.stderr = sys.__stderr__ = err  # type: ignore[misc]
            try:
                code: object = cli.main(list(args))
            except SystemExit as exc:
                code = exc.code
            if code is not None and not isinstance(code, int):
                print(code, file=err)  # as the interpreter does with SystemExit("text")
                code = 1
            out.flush()
            err.flush()
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved_streams[:3]
            sys.__stdout__, sys.__stderr__ = saved_streams[3:]  # type: ignore[misc]
            sys.argv = saved_argv
            sys.unraisablehook = saved_hook
            for number, handler in saved_signals.items():
                signal.signal(number, handler)
            os.sched_setaffinity(0, saved_cpus)
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)
        out_file.seek(0)
        err_file.seek(0)
        stdout, stderr = _decoded(out_file.read()), _decoded(err_file.read())
        out.detach()
        err.detach()
    return subprocess.CompletedProcess(
        [sys.executable, "-m", "hashbench", *args], 0 if code is None else code, stdout, stderr
    )


@pytest.fixture(scope="module", params=MANIFESTS, ids=[m.name for m in MANIFESTS])
def runner(request: pytest.FixtureRequest) -> Iterator[RunnerClient]:
    manifest: Manifest = request.param
    why = FAST_SKIP if FAST else runner_unavailable(manifest)
    if why:
        pytest.skip(why)
    client = RunnerClient(manifest)
    client.start()
    yield client
    client.kill()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """In the fast tier, the slow tests are skipped before their fixtures are made (a
    module fixture may run a whole suite)."""
    if FAST:
        for item in items:
            if item.get_closest_marker("slow"):
                item.add_marker(pytest.mark.skip(reason=SLOW_SKIP))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="write the report outputs of tests/test_golden.py to tests/golden/ anew",
    )
