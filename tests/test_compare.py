"""`hashbench compare`: matching by case id, significance, the threshold and the exit
code a CI job gates on — on real runs of the C runner, and on records with known samples."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import runner_unavailable
from factories import record

from hashbench import paths
from hashbench.measure import stats
from hashbench.model import RunFile
from hashbench.report import comparison
from hashbench.results.files import ResultsFile, load
from hashbench.runner.manifest import load_all

FIXTURE = Path(__file__).parent / "fixtures" / "results-v1.json"


def hashbench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hashbench", *args],
        cwd=paths.root(),
        capture_output=True,
        text=True,
        timeout=300,
    )


def _with_stats(impl, samples, s):
    case = record(impl, median=s.median, samples_ns=[int(v) for v in samples])
    case.stats = s
    return case


def run_of(*cases) -> RunFile:
    base = load(FIXTURE)
    return RunFile(suite="t", started=base.started, environment=base.environment, cases=list(cases))


def test_a_real_slowdown_is_a_regression_and_noise_is_not():
    old = run_of(_with_stats("x/a", *_sample(1000, 1)), _with_stats("x/b", *_sample(1000, 2)))
    new = run_of(_with_stats("x/a", *_sample(1200, 3)), _with_stats("x/b", *_sample(1001, 4)))
    cmp = comparison.between_runs(old, new, 0.05, ("old", "new"))
    verdicts = {r.new.impl: r.verdict for r in cmp.rows}
    assert verdicts == {"x/a": "slower", "x/b": "~"}
    assert [r.new.impl for r in cmp.regressions] == ["x/a"]
    assert cmp.geomean == pytest.approx((1.2 * 1.001) ** 0.5, rel=0.01)


def test_a_slowdown_under_the_threshold_is_not_a_regression():
    old = run_of(_with_stats("x/a", *_sample(1000, 1)))
    new = run_of(_with_stats("x/a", *_sample(1030, 2)))
    cmp = comparison.between_runs(old, new, 0.05, ("old", "new"))
    assert cmp.rows[0].change.significant and cmp.rows[0].verdict == "~"


def _sample(centre: float, seed: int):
    samples = np.random.default_rng(seed).normal(centre, centre * 0.01, 200)
    return samples, stats.summarize(samples)


def _write(path: Path, run: RunFile) -> Path:
    ResultsFile(path, run)
    return path


def test_exit_codes(tmp_path):
    old = _write(tmp_path / "old.json", run_of(_with_stats("x/a", *_sample(1000, 1))))
    slow = _write(tmp_path / "slow.json", run_of(_with_stats("x/a", *_sample(1500, 2))))
    same = _write(tmp_path / "same.json", run_of(_with_stats("x/a", *_sample(1000, 3))))
    other = _write(tmp_path / "other.json", run_of(_with_stats("y/z", *_sample(1000, 4))))
    assert hashbench("compare", str(old), str(slow)).returncode == 1
    assert hashbench("compare", str(old), str(same)).returncode == 0
    assert hashbench("compare", str(old), str(slow), "--threshold", "60%").returncode == 0
    none = hashbench("compare", str(old), str(other))
    assert none.returncode == 2 and "no case in common" in none.stderr
    bad = hashbench("compare", str(old), str(slow), "--threshold", "lots")
    assert bad.returncode == 2 and "not a percentage" in bad.stderr
    md = hashbench("compare", str(old), str(slow), "--format", "md")
    assert md.returncode == 1 and "| x/a · t | " in md.stdout and "slower" in md.stdout


def test_two_real_runs_of_the_c_runner_compare_case_by_case(tmp_path):
    manifests = {m.name: m for m in load_all()}
    if "c" not in manifests or runner_unavailable(manifests["c"]):
        pytest.skip("needs the c runner")
    files = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.json"
        proc = hashbench("run", "--alg", "sha256", "--size", "64", "--runner", "c",
                         "--budget", "0.1", "--out", str(out))  # fmt: skip
        assert proc.returncode == 0, proc.stdout + proc.stderr
        files.append(out)
    proc = hashbench("compare", *map(str, files), "--threshold", "500%")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    valid = [c for c in load(files[0]).cases if c.valid]
    assert f"{len(valid)} cases compared" in proc.stdout
    ref = hashbench("compare", str(files[0]), "--reference", valid[0].impl)
    assert ref.returncode == 0 and f"{len(valid) - 1} cases compared" in ref.stdout


def test_mann_whitney_agrees_with_scipy():
    from scipy import stats as sps

    from hashbench.measure.compare import mann_whitney

    rng = np.random.default_rng(7)
    for shift in (0.0, 0.01, 0.05):
        a = rng.normal(100, 2, 300).round(1)  # rounding makes ties
        b = rng.normal(100 * (1 + shift), 2, 250).round(1)
        want = sps.mannwhitneyu(a, b, alternative="two-sided", method="asymptotic").pvalue
        assert mann_whitney(a, b) == pytest.approx(want, rel=1e-9, abs=1e-300)
    assert mann_whitney(np.ones(10), np.ones(10)) == 1.0
    assert mann_whitney(np.ones(3), np.ones(10)) is None
