"""Passes (`run --passes K`): the run visits every group K times, one interleaved round of
its cases a visit, so each case's samples come from K visits spread over the whole run.
Real runners; values and structure only, never timings."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MANIFESTS, hashbench, runner_unavailable, skip_without_runner

from hashbench.results.files import load
from hashbench.runner.pool import RunnerPool
from hashbench.runner.protocol import Request

SUITE = """name = "passes"
[defaults]
budget = 0.06
min_samples = 3
impl = "^c/(openssl|libxcrypt)$"
[[bench]]
op = "digest"
alg = "sha256"
input_size = 64
[[bench]]
op = "hash"
alg = "bcrypt"
params = { cost = 4 }
"""


def _suite(tmp_path: Path, text: str = SUITE) -> Path:
    suite = tmp_path / "passes.toml"
    suite.write_text(text)
    return suite


def test_three_passes_spread_every_case_over_three_visits(tmp_path: Path):
    skip_without_runner("c")
    out = tmp_path / "run.json"
    done = hashbench("run", str(_suite(tmp_path)), "--no-store", "--passes", "3", "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    run = load(out)
    assert run.options.passes == 3 and run.finished is not None
    measured = [c for c in run.cases if c.valid]
    assert {(c.impl, c.group) for c in measured} >= {("c/openssl", 0), ("c/libxcrypt", 1)}
    for case in measured:
        visited = {r for r in case.sample_rounds if r > 0}
        # every case samples in each of the three visits (a digest meets its target in
        # any one; a bcrypt's budget is spent over three at least), the last visit until
        # the case is done: a round or two more there
        assert {1, 2, 3} <= visited, (case.id, visited)
        assert sorted(visited) == list(range(1, len(visited) + 1))
        assert len(case.sample_rounds) == len(case.samples_ns) == case.measured.n
        assert case.yardstick_ns, "a yardstick reading before each visit's round"
    digest = next(c for c in measured if c.op == "digest")
    rounds = {r for r in digest.sample_rounds if r > 0}
    # one reading before each round it sampled in (one a visit, more in the last if its
    # target took longer there), and one after the last
    assert len(digest.yardstick_ns) == len(rounds) + 1, (digest.yardstick_ns, rounds)


def test_a_suites_passes_are_its_runs_unless_the_command_line_says(tmp_path: Path):
    skip_without_runner("c")
    suite = _suite(tmp_path, SUITE.replace('name = "passes"', 'name = "passes"\npasses = 2'))
    out = tmp_path / "run.json"
    done = hashbench("run", str(suite), "--no-store", "--impl", "c/openssl", "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    run = load(out)
    assert run.options.passes is None  # the suite's, as every option not given
    digest = next(c for c in run.cases if c.valid and c.op == "digest")
    assert {1, 2} <= {r for r in digest.sample_rounds if r > 0}


def test_a_suites_passes_out_of_range_is_a_clear_error(tmp_path: Path):
    suite = _suite(tmp_path, SUITE.replace('name = "passes"', 'name = "passes"\npasses = 0'))
    done = hashbench("run", str(suite), "--no-store", "--out", str(tmp_path / "r.json"))
    assert done.returncode == 2 and "passes = 0: expected an integer from 1 to 100" in done.stderr
    assert "Traceback" not in done.stderr


def test_passes_with_several_processes_exit_2_and_write_nothing(tmp_path: Path):
    out = tmp_path / "r.json"
    done = hashbench("run", str(_suite(tmp_path)), "--no-store", "--passes", "2",
                     "--processes", "3", "--out", str(out))  # fmt: skip
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--passes 2 (or a suite's passes) takes one runner process a case" in done.stderr
    assert "Traceback" not in done.stderr and not out.exists()


def test_bad_passes_exit_2(tmp_path: Path):
    done = hashbench("run", "--alg", "sha256", "--passes", "0", "--out", str(tmp_path / "r.json"))
    assert done.returncode == 2 and "--passes must be from 1 to 100" in done.stderr


def test_a_runner_that_died_counts_as_started_again_before_its_next_request():
    # a later visit must know its runner's process is new before it asks anything of it
    manifest = next(m for m in MANIFESTS if m.name == "python")
    if why := runner_unavailable(manifest):
        pytest.skip(why)
    with RunnerPool([manifest]) as pool:
        pool.start()
        before = pool.launches("python", 0)
        pool.clients["python"].kill()
        assert pool.launches("python", 0) == before + 1
        request = Request(cmd="digest", impl="python/hashlib", alg="sha256", input="616263")
        assert pool.request("python/hashlib", 0, request).output is not None
        assert pool.launches("python", 0) == before + 1  # the restart, counted once
