"""Several runner processes per case (`--processes`, a suite's `processes`): every process
contributes samples, the record carries each process's median and their spread, and the
median's interval holds that spread, taken as at least the run's typical one so far.
Values and structure only, never timings."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import hashbench, skip_without_runner

from hashbench.measure import stats
from hashbench.results.files import load

SUITE = """name = "processes"
[defaults]
budget = 0.06
min_samples = 3
processes = 3
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


def _run(tmp_path: Path, *args: str):
    suite = tmp_path / "processes.toml"
    suite.write_text(SUITE)
    out = tmp_path / "run.json"
    done = hashbench("run", str(suite), "--no-store", "--out", str(out), *args)
    assert done.returncode == 0, done.stdout + done.stderr
    return load(out).cases


def test_three_processes_each_contribute_and_widen_the_interval(tmp_path: Path):
    skip_without_runner("c")
    measured = [c for c in _run(tmp_path) if c.valid]  # the suite says 3
    assert {c.impl for c in measured} == {"c/openssl", "c/libxcrypt"}
    seen: list[float] = []
    for group in sorted({c.group for c in measured}):
        cases = [c for c in measured if c.group == group]
        seen += [stats.relative_sd(c.process_medians_ns) for c in cases]  # type: ignore[misc]
        for case in cases:  # the floor: the median over this group's cases and earlier ones
            assert case.process_sd_floor == pytest.approx(float(np.median(seen)))
    for case in measured:
        assert case.processes == 3 and len(case.process_medians_ns) == 3
        assert sorted(set(case.sample_processes)) == [0, 1, 2]
        assert len(case.sample_processes) == len(case.samples_ns) == case.measured.n
        per_process = [
            np.asarray([s for s, p in zip(case.samples_ns, case.sample_processes, strict=True)
                        if p == k], dtype=float) / case.iters
            for k in range(3)
        ]  # fmt: skip
        assert case.process_medians_ns == [float(np.median(x)) for x in per_process]
        assert case.process_spread == stats.spread(case.process_medians_ns)
        floor = case.process_sd_floor or 0.0
        assert case.measured.median_ci == stats.across_processes(per_process, floor=floor).median_ci
        lo, hi = case.measured.median_ci
        assert lo <= case.measured.median <= hi


def test_processes_1_on_the_command_line_is_the_plain_record(tmp_path: Path):
    skip_without_runner("c")
    for case in (c for c in _run(tmp_path, "--processes", "1") if c.valid):
        assert case.processes == 1 and case.sample_processes == []
        assert case.process_medians_ns == [] and case.process_spread is None
        assert case.process_sd_floor is None


@pytest.mark.parametrize("value", ["0", "51", "two"])
def test_bad_processes_exit_2(tmp_path: Path, value: str):
    done = hashbench("run", "--alg", "sha256", "--processes", value, "--out",
                     str(tmp_path / "r.json"))  # fmt: skip
    assert done.returncode == 2 and "--processes" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "r.json").exists()
