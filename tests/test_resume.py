"""`run --resume`: an interrupted run continued in its own file ends with the cases an
uninterrupted run has, the earlier records kept as they were; a run interrupted twice
resumes twice; a changed machine or toolchain is refused unless forced. The c and python
runners, 0.05 s budgets: seconds, not minutes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from hashbench import paths
from hashbench.model import RunFile
from hashbench.model.strength import StrengthFile
from hashbench.results.files import load, load_any

SUITE = """name = "resumable"
[[bench]]
op = "digest"
alg = "sha256"
input_size = [16, 32, 64, 128, 256, 512, 1024, 2048]
budget = 0.05
"""
pytestmark = [pytest.mark.faults, pytest.mark.slow]  # runs stopped by signals: not the fast tier
RUNNERS = ["--runner", "c", "--runner", "python"]


def command(suite: Path, *more: str) -> list[str]:
    return [sys.executable, "-m", "hashbench", "run", str(suite), *RUNNERS, "--no-store", *more]


def hb(suite: Path, *more: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        command(suite, *more), cwd=paths.root(), capture_output=True, text=True, timeout=300
    )
    if "runner c skipped" in proc.stdout or "runner python skipped" in proc.stdout:
        pytest.skip("needs the c and python runners built")
    return proc


def cases_on_disk(out: Path) -> int:
    try:
        return len(json.loads(out.read_text())["cases"])
    except (OSError, ValueError):
        return 0  # not written yet


def stopped(suite: Path, out: Path, more: list[str], after: int, sig: signal.Signals) -> int:
    """Start a run and send it `sig` once more than `after` records are on disk."""
    proc = subprocess.Popen(
        command(suite, *more),
        cwd=paths.root(),
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if cases_on_disk(out) > after:
            break
        time.sleep(0.02)
    proc.send_signal(sig)
    output = proc.communicate(timeout=60)[0].decode()
    return proc.returncode if "skipped" not in output else pytest.skip(output)


@pytest.fixture(scope="module")
def suite(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("suite") / "resumable.toml"
    path.write_text(SUITE)
    return path


@pytest.fixture(scope="module")
def whole(suite, tmp_path_factory) -> RunFile:
    """The same suite run without a break."""
    out = tmp_path_factory.mktemp("whole") / "whole.json"
    proc = hb(suite, "--out", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return load(out)


def outcomes(run: RunFile) -> dict[str, str]:
    return {c.id: c.status for c in run.cases}


def test_a_run_stopped_twice_and_resumed_twice_has_the_cases_of_one_run_without_a_break(
    suite, whole, tmp_path
):
    out = tmp_path / "r.json"
    assert stopped(suite, out, ["--out", str(out)], 0, signal.SIGINT) == 130
    first = load(out)
    assert first.interrupted and first.finished and first.cases
    assert len(first.cases) < len(whole.cases), "the run ended before it was stopped"

    # the resumption killed outright (nothing written at its end) after a group of its own
    rc = stopped(suite, out, ["--resume", str(out)], len(first.cases), signal.SIGKILL)
    assert rc == -signal.SIGKILL
    second = load(out)  # read as interrupted: killed
    assert second.interrupted and second.finished is None
    assert len(first.cases) < len(second.cases) < len(whole.cases)

    proc = hb(suite, "--resume", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(second.cases)} cases kept" in " ".join(proc.stdout.split())
    final = load(out)
    assert not final.interrupted and final.finished
    assert outcomes(final) == outcomes(whole)  # same ids, every one verified alike
    assert set(outcomes(final).values()) == {"ok", "not_applicable"}
    assert len(final.cases) == len({c.id for c in final.cases})  # none measured twice
    kept = {c.id: c for c in final.cases}
    encode = msgspec.json.encode
    for earlier in (first, second):  # kept as they were, samples and all
        assert all(encode(kept[c.id]) == encode(c) for c in earlier.cases)
    assert [r.how for r in final.resumptions] == ["interrupted", "killed"]
    assert [r.kept for r in final.resumptions] == [len(first.cases), len(second.cases)]
    assert final.resumptions[0].ended == first.finished
    assert all(not r.changed and not r.forced for r in final.resumptions)
    assert all(r.time_spent for r in final.resumptions[:1])
    assert final.started == first.started
    assert not any("without finishing" in w for w in final.warnings)


def test_a_run_of_passes_stopped_midway_resumes_with_its_passes(suite, whole, tmp_path):
    # groups end in the last of three passes: a stop there keeps the groups ended, and
    # the resumption measures the rest in three passes again (the file's, not given)
    out = tmp_path / "p.json"
    assert stopped(suite, out, ["--out", str(out), "--passes", "3"], 0, signal.SIGINT) == 130
    first = load(out)
    assert first.interrupted and first.options.passes == 3
    assert 0 < len(first.cases) < len(whole.cases), "the run ended before it was stopped"
    refused = hb(suite, "--resume", str(out), "--passes", "2")
    assert refused.returncode == 2 and "the run had --passes 3, not --passes 2" in " ".join(
        refused.stderr.split()
    )
    proc = hb(suite, "--resume", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    final = load(out)
    assert outcomes(final) == outcomes(whole) and final.options.passes == 3
    assert len(final.cases) == len({c.id for c in final.cases})
    kept = {c.id for c in first.cases}
    resumed = [c for c in final.cases if c.id not in kept and c.status == "ok"]
    assert resumed
    for case in resumed:  # every one visited in each of the three passes
        assert {1, 2, 3} <= set(case.sample_rounds), (case.id, case.sample_rounds)


def interrupted_copy(whole: RunFile, path: Path, **environment: object) -> RunFile:
    """The uninterrupted run cut after its first group, as if interrupted there."""
    run = msgspec.json.decode(msgspec.json.encode(whole), type=RunFile)
    run.cases = [c for c in run.cases if c.group == 0]
    run.interrupted = True
    for name, value in environment.items():
        setattr(run.environment, name, value)
    path.write_bytes(msgspec.json.encode(run))
    return run


def test_a_changed_machine_or_toolchain_is_refused_unless_forced(suite, whole, tmp_path):
    out = tmp_path / "r.json"
    run = interrupted_copy(whole, out, cpu="Another CPU", cores=64)
    run.runners["c"].runtime = "gcc 1.0"
    out.write_bytes(msgspec.json.encode(run))
    before = out.read_bytes()

    proc = hb(suite, "--resume", str(out))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    message = " ".join(proc.stderr.split())
    assert "not merged" in message
    assert "cpu was 'Another CPU'" in message and "cores was 64" in message
    assert "runner c was 'gcc 1.0'" in message and "--force" in message
    assert out.read_bytes() == before  # untouched

    proc = hb(suite, "--resume", str(out), "--force")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    final = load(out)
    assert outcomes(final) == outcomes(whole)
    (resumption,) = final.resumptions
    assert resumption.forced and resumption.kept == len(run.cases)
    assert any(c.startswith("cpu was 'Another CPU'") for c in resumption.changed)
    assert any(c.startswith("runner c was 'gcc 1.0'") for c in resumption.changed)


def test_what_cannot_be_merged_is_refused(suite, whole, tmp_path):
    done = tmp_path / "done.json"
    done.write_bytes(msgspec.json.encode(whole))
    proc = hb(suite, "--resume", str(done))
    assert proc.returncode == 2 and "the run is complete; nothing to resume" in proc.stderr

    out = tmp_path / "r.json"
    interrupted_copy(whole, out)
    before = out.read_bytes()
    for more, says in (
        (["--budget", "0.5"], "the run had the suite's budget, not --budget 0.5"),
        (["--size", "16"], "resume with the same selection"),
        (["--runner", "c"], "resume it with the same runners"),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "hashbench", "run", str(suite), "--no-store",
             "--resume", str(out), *more],
            cwd=paths.root(), capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert proc.returncode == 2, proc.stdout + proc.stderr
        assert says in " ".join(proc.stderr.split())
        assert out.read_bytes() == before


def test_a_run_stopped_before_its_first_group_resumes_from_the_start(suite, whole, tmp_path):
    out = tmp_path / "r.json"
    run = interrupted_copy(whole, out)
    run.cases, run.runners, run.finished = [], {}, None  # killed while runners started
    out.write_bytes(msgspec.json.encode(run))
    proc = hb(suite, "--resume", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    final = load(out)
    assert outcomes(final) == outcomes(whole)
    assert [(r.how, r.kept) for r in final.resumptions] == [("killed", 0)]
    assert set(final.runners) == {"c", "python"}


CALIBRATE = ["calibrate", "--target", "8ms", "--alg", "bcrypt,pbkdf2-sha256,pbkdf2-sha512",
             "--impl", "c/libxcrypt,c/openssl"]  # fmt: skip


def hashbench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hashbench", *args],
        cwd=paths.root(), capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def ctrl_c(args: list[str], out: Path, ready: Callable[[dict[str, Any]], bool]) -> tuple[int, str]:
    """Start `hashbench <args>` and send it SIGINT once its file on disk is `ready`."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "hashbench", *args],
        cwd=paths.root(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if ready(json.loads(out.read_text())):
                break
        except (OSError, ValueError):
            pass  # not written yet
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    output = proc.communicate(timeout=60)[0].decode()
    if "runner c skipped" in output:
        pytest.skip("needs the c runner built")
    return proc.returncode, output


def test_calibrate_stopped_after_an_algorithm_resumes_with_the_rest(tmp_path):
    out = tmp_path / "cal.json"
    rc, output = ctrl_c([*CALIBRATE, "--out", str(out)], out, lambda f: bool(f["calibrations"]))
    assert rc == 130, output
    first = load_any(out)
    assert isinstance(first, StrengthFile) and first.finished is None
    assert 1 <= len(first.calibrations) < 3, "it ended before it was stopped"

    changed = msgspec.json.decode(out.read_bytes())
    changed["environment"]["cpu"] = "Another CPU"
    other = tmp_path / "other.json"
    other.write_bytes(msgspec.json.encode(changed))
    refused = hashbench(*CALIBRATE, "--resume", str(other))
    assert refused.returncode == 2 and "cpu was 'Another CPU'" in refused.stderr, refused.stderr

    done = hashbench(*CALIBRATE, "--resume", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    final = load_any(out)
    assert isinstance(final, StrengthFile) and final.finished
    assert [c.alg for c in final.calibrations] == ["bcrypt", "pbkdf2-sha256", "pbkdf2-sha512"]
    assert all(c.outcome == "ok" for c in final.calibrations)
    encode = msgspec.json.encode
    kept = len(first.calibrations)
    assert [encode(c) for c in final.calibrations[:kept]] == [encode(c) for c in first.calibrations]
    assert [encode(r) for r in final.records[: len(first.records)]] == [
        encode(r) for r in first.records
    ]
    (resumption,) = final.resumptions
    assert (resumption.how, resumption.kept, resumption.forced) == (
        "unfinished",
        len(first.records),
        False,
    )


STRENGTH = ["strength", "--times", "6ms,12ms", "--alg", "bcrypt", "--impl", "c/libxcrypt",
            "--bcrypt-cost", "none", "--fidelity", "none", "--samples", "3"]  # fmt: skip
# two calibrations (the second's ladder starts with the first's points), then OWASP's and
# PHP's bcrypt rows: seconds


@pytest.fixture(scope="module")
def strength_whole(tmp_path_factory) -> Path:
    """The strength run without a break."""
    out = tmp_path_factory.mktemp("strength") / "whole.json"
    proc = hashbench(*STRENGTH, "--out", str(out))
    if "runner c skipped" in proc.stdout:
        pytest.skip("needs the c runner built")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def strength_file(path: Path) -> StrengthFile:
    loaded = load_any(path)
    assert isinstance(loaded, StrengthFile) and loaded.command == "strength"
    return loaded


def tables(file: StrengthFile) -> tuple[list[object], ...]:
    """What a strength computed, without the measured values (which vary run to run)."""
    return (
        [c.alg for c in file.choices],
        [(c.alg, c.target_ns, c.outcome) for c in file.calibrations],
        [(r.kind, r.label, r.alg, r.target_ns) for r in file.rows],
        [e.bcrypt.params for e in file.equivalences],
    )


def test_strength_stopped_twice_resumes_twice_with_the_tables_of_one_run(strength_whole, tmp_path):
    whole = strength_file(strength_whole)
    out = tmp_path / "s.json"
    rc, output = ctrl_c([*STRENGTH, "--out", str(out)], out, lambda f: bool(f["calibrations"]))
    assert rc == 130, output
    first = strength_file(out)
    assert first.finished is None and first.choices
    # the stop lands after the first calibration, or after the second where it took less
    # than the watcher's poll (a fast machine): either way the run is unfinished
    assert 1 <= len(first.calibrations) <= 2, "it ended before it was stopped"

    changed = msgspec.json.decode(out.read_bytes())
    changed["environment"]["cpu"] = "Another CPU"
    other = tmp_path / "other.json"
    other.write_bytes(msgspec.json.encode(changed))
    before = other.read_bytes()
    refused = hashbench(*STRENGTH, "--resume", str(other))
    message = " ".join(refused.stderr.split())
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "not merged" in message and "cpu was 'Another CPU'" in message
    assert "--force" in message and other.read_bytes() == before

    before = out.read_bytes()
    for other_options, says in (  # an option given again: argparse keeps the last
        (["--times", "6ms"], "defender times '6.00 ms, 12.00 ms' (this command: '6.00 ms')"),
        (["--samples", "4"], "samples at chosen parameters '3' (this command: '4')"),
        (["--no-references"], "published references 'yes' (this command: 'no')"),
    ):
        proc = hashbench(*STRENGTH, "--resume", str(out), *other_options)
        assert proc.returncode == 2, proc.stdout + proc.stderr
        assert says in " ".join(proc.stderr.split()) and "same options" in proc.stderr
        assert out.read_bytes() == before

    # the resumption stopped in its turn, once a published row is on disk
    rc, output = ctrl_c(
        [*STRENGTH, "--resume", str(out)], out,
        lambda f: any(r["kind"] != "calibrated" for r in f["rows"]),
    )  # fmt: skip
    assert rc == 130, output
    second = strength_file(out)
    assert second.finished is None and len(second.calibrations) == 2
    assert len(second.rows) < len(whole.rows), "it ended before it was stopped"

    proc = hashbench(*STRENGTH, "--resume", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    final = strength_file(out)
    assert final.finished and tables(final) == tables(whole)
    assert all(c.outcome == "ok" for c in final.calibrations)
    encode = msgspec.json.encode
    for earlier in (first, second):  # kept as they were, to the byte
        for part in ("choices", "calibrations", "rows", "records"):
            saved = [encode(x) for x in getattr(earlier, part)]
            assert [encode(x) for x in getattr(final, part)][: len(saved)] == saved, part
    assert [(r.how, r.kept, r.forced) for r in final.resumptions] == [
        ("unfinished", len(first.records), False),
        ("unfinished", len(second.records), False),
    ]
    assert final.started == first.started
    quick = [r.id for r in final.records if r.peak_rss_bytes is None]
    assert len(quick) == len(set(quick))  # a quick point measured before is not again


def test_a_complete_strength_is_not_resumed(strength_whole, tmp_path):
    done = tmp_path / "done.json"
    done.write_bytes(strength_whole.read_bytes())
    proc = hashbench(*STRENGTH, "--resume", str(done))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "the strength is complete; nothing to resume" in proc.stderr
    assert done.read_bytes() == strength_whole.read_bytes()
