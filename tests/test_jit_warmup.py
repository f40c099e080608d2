"""A JIT runner's manifest: `jit` (its runtime compiles as it runs; recorded in a run, and
`compare` fits its cases' tails apart: test_compare.py) and the warm-up floor
`jit_warmup_s`, read and checked from the manifest and kept by a real run. The schedule's
use of the floor on hand-made timings is in test_schedule.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MANIFESTS, hashbench, skip_without_runner

from hashbench.errors import UsageError
from hashbench.results.files import load
from hashbench.runner.manifest import load_all

RUNNER = """name = "jit"
check = ["true"]
build = ["true"]
launch = ["true"]
"""


def _runner(tmp_path: Path, extra: str) -> Path:
    folder = tmp_path / "jit"
    folder.mkdir()
    (folder / "runner.toml").write_text(RUNNER + extra)
    return tmp_path


def test_a_manifest_names_its_jit_and_its_warm_up_in_seconds(tmp_path: Path):
    (jit,) = load_all(_runner(tmp_path, "jit = true\njit_warmup_s = 0.25\n"))
    assert jit.jit is True and jit.jit_warmup_s == 0.25
    manifests = {m.name: m for m in MANIFESTS}
    assert manifests["java"].jit_warmup_s > 0 and manifests["c"].jit_warmup_s == 0
    jit_runners = {"java", "node", "node20", "node22", "node24", "deno", "bun"}
    assert {m.name for m in MANIFESTS if m.jit} == jit_runners


@pytest.mark.parametrize("value", ['"long"', "-1", "600", "true"])
def test_a_bad_jit_warm_up_is_refused_naming_the_file(tmp_path: Path, value: str):
    with pytest.raises(UsageError) as err:
        load_all(_runner(tmp_path, f"jit_warmup_s = {value}\n"))
    assert "runner.toml: jit_warmup_s must be a number of seconds" in str(err.value)


def test_a_jit_that_is_not_true_or_false_is_refused(tmp_path: Path):
    with pytest.raises(UsageError) as err:
        load_all(_runner(tmp_path, 'jit = "yes"\n'))
    assert "runner.toml: jit must be true or false, not 'yes'" in str(err.value)


def test_a_java_digest_warms_up_for_at_least_the_floor(tmp_path: Path):
    skip_without_runner("java")
    floor = next(m for m in MANIFESTS if m.name == "java").jit_warmup_s
    out = tmp_path / "run.json"
    args = ["--impl", "java/jdk", "--op", "digest", "--alg", "sha256", "--size", "64"]
    done = hashbench("run", *args, "--mode", "new", "--budget", "0.1", "--no-store",
                     "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    run = load(out)
    assert run.runners["java"].jit is True
    (case,) = [c for c in run.cases if c.status == "ok"]
    # without the floor, half the 0.1 s budget caps it (50 ms); with it, it ends when its
    # samples and the calibration's before them (not in warmup_ns) reach the floor
    assert case.warmup_ns is not None and case.warmup_ns > max(floor / 2, 0.05) * 1e9


def test_a_java_password_hash_runs_untimed_to_the_floor_once_per_code(tmp_path: Path):
    skip_without_runner("java")
    floor = next(m for m in MANIFESTS if m.name == "java").jit_warmup_s
    out = tmp_path / "run.json"
    case = ["--impl", "java/jbcrypt", "--alg", "bcrypt", "--params", "cost=8"]
    done = hashbench("run", *case, "--op", "hash,verify", "--budget", "0.1", "--no-store",
                     "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    cases = {c.op: c for c in load(out).cases if c.status == "ok"}
    # hash comes first: the JIT has not compiled jBCrypt, so untimed ops to the floor and
    # its calibration's samples not kept; verify then finds the code compiled
    first, then = cases["hash"], cases["verify"]
    assert first.warmup_ns is not None and first.warmup_ns >= floor * 1e9
    assert 0 not in first.sample_rounds
    assert then.warmup_ns is None
