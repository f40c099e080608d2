"""Faults of the orchestrator and its surroundings (`make faults` runs these with the
rest of the fault suite): killed with SIGKILL or SIGTERM mid-suite, two runs to one
file, an --out that cannot be written, a full disk. Nothing finished is lost, no runner
outlives the orchestrator, and every refusal is a clear message with exit 2."""

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
from hashbench.results.files import load

pytestmark = [pytest.mark.faults, pytest.mark.slow]  # signals, kills, full disk: not the fast tier

FIXTURES = Path(__file__).parent / "fixtures"
# faulty/slow at 2 s a group: long enough (about 40 s) that a signal or a second run
# always meets it mid-suite.
SIZES = [16 * i for i in range(1, 21)]
SUITE = (
    f'[[bench]]\nop = "digest"\nalg = "sha256"\ninput_size = {SIZES}\nbudget = 2\ntarget_ci = 0\n'
)


def start(tmp_path: Path, out: Path, *extra: str) -> subprocess.Popen[bytes]:
    suite = tmp_path / "s.toml"
    suite.write_text(SUITE)
    env = {**os.environ, "HASHBENCH_RUNNERS": str(FIXTURES), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "hashbench", "run", str(suite), "--out", str(out), *extra],
        env=env,
        cwd=paths.root(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


def wait_for_cases(out: Path, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if json.loads(out.read_text())["cases"]:
                return
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    raise AssertionError("no case finished in time")


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(p) for p in text]
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_kill_9_mid_suite_keeps_finished_cases_and_leaves_no_runner(tmp_path):
    out = tmp_path / "r.json"
    proc = start(tmp_path, out, "--filter-regex", "faulty/(slow|hang)")
    wait_for_cases(out, proc)
    runners = children(proc.pid)
    assert runners, "the orchestrator has no runner process"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline and any(alive(p) for p in runners):
        time.sleep(0.02)
    assert not any(alive(p) for p in runners), "a runner outlived the orchestrator by 1 s"
    run = load(out)
    assert run.interrupted is True and run.finished is None
    assert run.cases and all(c.impl.startswith("faulty/") for c in run.cases)


def test_sigterm_mid_suite_ends_like_ctrl_c(tmp_path):
    out = tmp_path / "r.json"
    proc = start(tmp_path, out, "--filter-regex", "faulty/slow")
    wait_for_cases(out, proc)
    proc.send_signal(signal.SIGTERM)
    output = proc.communicate(timeout=30)[0].decode()
    assert proc.returncode == 130, output
    run = load(out)
    assert run.interrupted is True and run.finished and run.cases


def test_a_hangup_to_the_terminal_reaches_no_runner(tmp_path):
    # `nohup hashbench run …` and the terminal closes: SIGHUP goes to the orchestrator's
    # process group; the orchestrator ignores it, and the runners (in sessions of their
    # own) never see it. faulty/slow's runner dies of a hangup, as Deno's does.
    suite = tmp_path / "s.toml"
    suite.write_text(SUITE.replace(str(SIZES), "[16, 32, 48]").replace("budget = 2", "budget = 1"))
    out = tmp_path / "r.json"
    env = {**os.environ, "HASHBENCH_RUNNERS": str(FIXTURES), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "hashbench", "run", str(suite), "--out", str(out),
         "--filter-regex", "faulty/slow"],
        env=env, cwd=paths.root(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,  # a terminal's session, of which it is the leader
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),  # nohup
    )  # fmt: skip
    wait_for_cases(out, proc)
    runners = children(proc.pid)
    assert runners and all(os.getsid(p) != os.getsid(proc.pid) for p in runners)
    os.killpg(proc.pid, signal.SIGHUP)
    output = proc.communicate(timeout=60)[0].decode()
    assert proc.returncode == 0, output
    cases = load(out).cases
    assert len(cases) == 3 and all(c.status == "ok" for c in cases)


def test_a_second_run_to_the_same_file_is_refused_while_the_first_writes(tmp_path):
    out = tmp_path / "r.json"
    first = start(tmp_path, out, "--filter-regex", "faulty/slow")
    wait_for_cases(out, first)
    second = start(tmp_path, out, "--filter-regex", "faulty/slow")
    output = second.communicate(timeout=60)[0].decode()
    assert second.returncode == 2, output
    assert "another hashbench run (pid" in output and "is writing it" in output
    assert first.poll() is None, "the first run ended before the second was refused"
    first.send_signal(signal.SIGINT)
    first.communicate(timeout=60)
    run = load(out)  # the first run's cases, untouched by the second
    assert run.cases and all(c.impl == "faulty/slow" and c.status == "ok" for c in run.cases)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json", "s.toml"]  # no lock left


@pytest.mark.parametrize("where", ["directory", "under-a-file", "read-only"])
def test_an_out_that_cannot_be_written_is_refused_before_anything_runs(tmp_path, where):
    if where == "directory":
        out = tmp_path / "d"
        out.mkdir()
    elif where == "under-a-file":
        (tmp_path / "f").write_text("x")
        out = tmp_path / "f" / "r.json"
    else:
        if os.geteuid() == 0:
            pytest.skip("root writes through read-only permissions")
        folder = tmp_path / "ro"
        folder.mkdir(mode=0o555)
        out = folder / "r.json"
    proc = start(tmp_path, out)
    output = proc.communicate(timeout=60)[0].decode()
    assert proc.returncode == 2 and f"--out {out}" in output and "Traceback" not in output


@pytest.fixture
def small_disk(tmp_path):
    """A 48 KiB tmpfs: room for a few cases' samples, not for a whole suite."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=48k", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_stops_the_run_and_keeps_every_finished_case(tmp_path, small_disk):
    out = small_disk / "r.json"
    suite = tmp_path / "big.toml"
    sizes = ", ".join(str(16 * i) for i in range(1, 41))
    suite.write_text(
        f'[[bench]]\nop = "digest"\nalg = "sha256"\ninput_size = [{sizes}]\nbudget = 0.05\n'
    )
    env = {**os.environ, "HASHBENCH_RUNNERS": str(FIXTURES)}
    proc = subprocess.run(
        [sys.executable, "-m", "hashbench", "run", str(suite), "--out", str(out),
         "--filter-regex", "faulty/slow"],
        env=env, cwd=paths.root(), capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "No space left on device" in proc.stderr and "Traceback" not in proc.stderr
    run = load(out)
    assert run.interrupted is True and run.cases
    assert all(c.status == "ok" for c in run.cases)  # whole cases only, none torn
