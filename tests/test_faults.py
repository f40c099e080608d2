"""A runner that crashes, hangs or prints garbage fails that case with the reason, is
restarted for the next, and no finished result is lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hashbench import paths
from hashbench.engine.schedule import GroupRunner, Options
from hashbench.engine.suite import Group
from hashbench.model import Environment, RunFile
from hashbench.results.files import ResultsFile, load
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import Manifest, load_all
from hashbench.runner.pool import RunnerPool
from hashbench.runner.protocol import RunnerError

pytestmark = [pytest.mark.faults, pytest.mark.slow]  # crashes, hangs, garbage: not the fast tier

FIXTURES = Path(__file__).parent / "fixtures"


def faulty_manifest() -> Manifest:
    (manifest,) = [m for m in load_all(FIXTURES) if m.name == "faulty"]
    return manifest


def header() -> RunFile:
    return RunFile(
        suite="faults",
        started="2026-12-01T00:00:00+00:00",
        environment=Environment(cpu="x", cores=1, os="y", load_start=[0.0]),
    )


def test_faults_fail_their_case_and_the_rest_goes_on(tmp_path):
    out = tmp_path / "r.json"
    results = ResultsFile(out, header())
    group = Group(
        op="digest", alg="sha256", input_size=64, mode="oneshot", budget=0.05, min_samples=3
    )
    with RunnerPool([faulty_manifest()]) as pool:
        pool.start()
        GroupRunner(pool, Options(), results.append).run_group(0, group)
        cheat = Group(op="hash", alg="bcrypt", params=(("cost", 10),), budget=0.05, min_samples=3)
        GroupRunner(pool, Options(), results.append).run_group(1, cheat)
    data = load(out)  # schema-valid
    by_impl = {c.impl: c for c in data.cases if c.group == 0}
    by_impl.update({c.impl: c for c in data.cases if c.group == 1 and c.status != "not_applicable"})
    assert by_impl["faulty/good"].status == "ok"
    assert by_impl["faulty/good"].stats.n >= 3
    assert by_impl["faulty/crash"].status == "failed"
    assert "runner crash" in by_impl["faulty/crash"].reason
    assert "status 3" in by_impl["faulty/crash"].reason
    assert by_impl["faulty/hang"].status == "failed"
    assert "runner timeout" in by_impl["faulty/hang"].reason
    assert by_impl["faulty/garbage"].status == "failed"
    assert "runner garbage" in by_impl["faulty/garbage"].reason
    assert by_impl["faulty/oom"].status == "failed"
    assert (
        "runner crash" in by_impl["faulty/oom"].reason
        and "MemoryError" in by_impl["faulty/oom"].reason
    )
    assert by_impl["faulty/liar"].status == "unverified"
    assert by_impl["faulty/liar"].stats is None
    assert "!= reference" in by_impl["faulty/liar"].reason
    assert by_impl["faulty/cheat"].status == "unverified"
    assert "cost=4 (asked 10)" in by_impl["faulty/cheat"].reason
    # the right cost, a tag of no password: measured, then the reference rejects it
    forger = by_impl["faulty/forger"]
    assert forger.status == "unverified" and forger.stats is None
    assert "rejects the hash" in forger.reason and forger.verification.method == "reference"
    # implementations without the algorithm are listed, not dropped
    assert by_impl["faulty/cheat"].impl and len(data.cases) == 18


def test_client_reports_garbage_hello(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("print('hello world')\nimport time; time.sleep(5)\n")
    manifest = Manifest(
        "bad", "x", "", ["true"], ["true"], [sys.executable, str(script)], None, timeout_s=5
    )
    client = RunnerClient(manifest, start_timeout=5)
    with pytest.raises(RunnerError) as err:
        client.start()
    assert err.value.kind == "garbage"
    client.kill()


def test_a_runner_slower_to_start_than_its_timeout_is_skipped_with_the_reason(tmp_path):
    script = tmp_path / "sleepy.py"
    script.write_text("import time\ntime.sleep(30)\n")
    manifest = Manifest("sleepy", "x", "", ["true"], ["true"], [sys.executable, str(script)], None)
    client = RunnerClient(manifest, start_timeout=1)
    with pytest.raises(RunnerError) as err:
        client.start()
    assert err.value.kind == "timeout" and not client.alive


def test_client_reports_missing_executable():
    manifest = Manifest("gone", "x", "", ["true"], ["true"], ["/nonexistent/runner"], None)
    with pytest.raises(RunnerError) as err:
        RunnerClient(manifest).start()
    assert err.value.kind == "start"


def test_ctrl_c_keeps_finished_cases(tmp_path):
    suite = tmp_path / "slow.toml"
    suite.write_text(
        '[[bench]]\nop = "digest"\nalg = "sha256"\ninput_size = [16, 32, 64]\nbudget = 0.2\n'
    )
    out = tmp_path / "out.json"
    env = {**os.environ, "HASHBENCH_RUNNERS": str(FIXTURES), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hashbench",
            "run",
            str(suite),
            "--out",
            str(out),
            "--filter-regex",
            "faulty/(good|hang)",
        ],
        env=env,
        cwd=paths.root(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if out.exists() and json.loads(out.read_text())["cases"]:
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    output = proc.communicate(timeout=30)[0].decode()
    assert proc.returncode == 130, output
    data = load(out)
    assert data.interrupted is True
    assert data.cases and all(c.impl.startswith("faulty/") for c in data.cases)
