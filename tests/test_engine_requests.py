"""What the engine asks a runner for, per case: at most one untimed run per case and
process (`warm`) and none for a slow op (its first op is timed instead, after a primer op
at a sixteenth of its work, and kept when as warm as the rest), bytes per op once per
case (`alloc`), a slow op's verified calibration samples kept as its first samples (a
fast op's: the last window of a steady warm-up), and one further runner process per
runner for all groups. A real C runner; the requests are read off the client."""

from __future__ import annotations

from collections import Counter

from conftest import skip_without_runner

from hashbench.engine import suite as suites
from hashbench.engine.group_runner import GroupRunner, Options
from hashbench.engine.warmup import WINDOW
from hashbench.model import CaseRecord
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import load_all
from hashbench.runner.pool import RunnerPool

SUITE = """name = "requests"
[defaults]
budget = 0.08
min_samples = 3
impl = "^c/(openssl|libxcrypt)$"
[[bench]]
op = "digest"
alg = "sha256"
input_size = 64
[[bench]]
op = "derive"
alg = "pbkdf2-sha256"
params = { iterations = 200000 }
"""


def _run(tmp_path, monkeypatch, processes: int):
    path = tmp_path / "requests.toml"
    path.write_text(SUITE)
    suite = suites.load(str(path))
    sent: list[dict] = []
    call = RunnerClient.call

    def spy(self, cmd, **fields):
        if cmd == "bench" and fields.get("op") != "noop":
            sent.append(fields)
        return call(self, cmd, **fields)

    monkeypatch.setattr(RunnerClient, "call", spy)
    records: list[CaseRecord] = []
    with RunnerPool([m for m in load_all() if m.name == "c"]) as pool:
        pool.start()
        runner = GroupRunner(pool, Options(processes=processes), records.append)
        pids = []
        for number, group in enumerate(suite.groups):
            runner.run_group(number, group)
            pids.append({key: client.pid for key, client in pool.further.items()})
    return sent, records, pids


def test_untimed_runs_alloc_passes_and_processes_across_groups(tmp_path, monkeypatch):
    skip_without_runner("c")
    sent, records, pids = _run(tmp_path, monkeypatch, processes=2)
    ok = [r for r in records if r.status == "ok"]
    assert {(r.impl, r.alg) for r in ok} >= {
        ("c/openssl", "sha256"),
        ("c/openssl", "pbkdf2-sha256"),
    }
    warm = Counter(f["impl"] + " " + f["alg"] for f in sent if f.get("warm", True))
    alloc = Counter(f["impl"] + " " + f["alg"] for f in sent if f.get("alloc", True))
    for r in ok:
        key = f"{r.impl} {r.alg}"
        # A fast op: its first process's first request (verify) times two ops instead,
        # the second process warms it once. A slow op: never an untimed run.
        assert warm[key] == (0 if r.alg == "pbkdf2-sha256" else 1), (key, warm)
        assert alloc[key] == 1, (key, alloc)
        assert r.alloc_bytes_per_op is not None  # the C runner counts malloc
        assert set(r.sample_processes) == {0, 1}
    assert all(isinstance(f.get("warm"), bool) for f in sent)
    # one further process for the c runner, started for the first group, kept for the next
    assert list(pids[0]) == [("c", 1)] and pids[0] == pids[1]


def test_a_slow_op_keeps_its_calibration_samples(tmp_path, monkeypatch):
    skip_without_runner("c")
    _, records, _ = _run(tmp_path, monkeypatch, processes=1)
    by = {(r.impl, r.alg): r for r in records if r.status == "ok"}
    slow = by[("c/openssl", "pbkdf2-sha256")]  # 200k iterations: well over budget/8
    fast = by[("c/openssl", "sha256")]
    assert slow.iters == 1 and slow.sample_rounds[0] == 0
    # the verify request's two timed ops: the second kept, the cold first one if steady
    assert slow.sample_rounds.count(0) in (1, 2)
    # three samples, unless a slow machine spent three budgets (0.24 s) first, counting
    # a cold first op that was then dropped (Sampler.settle_cold)
    assert (
        len(slow.samples_ns) >= 3
        or sum(slow.samples_ns) >= 3 * 0.08e9
        or (len(slow.samples_ns) == 2 and slow.sample_rounds.count(0) == 1)
    )
    # a fast op: round 0 holds at most the last window of a steady warm-up, then rounds
    assert fast.sample_rounds.count(0) <= WINDOW and fast.warmup_ns is not None
    assert (fast.sample_rounds.count(0) >= 2) == fast.warmup_steady  # a window: 2 or more
    assert max(fast.sample_rounds) >= 1  # at least one interleaved round


def test_a_password_case_is_primed_at_a_sixteenth_of_its_work_in_each_process(
    tmp_path, monkeypatch
):
    skip_without_runner("c")
    sent, records, _ = _run(tmp_path, monkeypatch, processes=2)
    assert any(r.status == "ok" and r.alg == "pbkdf2-sha256" for r in records)
    for impl in ("c/openssl", "c/libxcrypt"):
        derive = [f for f in sent if f["impl"] == impl and f["alg"] == "pbkdf2-sha256"]
        if not derive:
            continue  # not this library's algorithm
        primers = [f for f in derive if f["params"]["iterations"] == 200_000 // 16]
        # one per process, each before that process's first op at the case's own work
        assert len(primers) == 2, derive
        assert derive[0] is primers[0] and all(f["iters"] == 1 for f in primers)
        assert all(not f["warm"] and not f["alloc"] for f in primers)
        assert [f["params"]["iterations"] for f in derive[1:]].count(200_000 // 16) == 1
    # a digest has no work parameter to cut: never primed
    assert all("params" not in f for f in sent if f["alg"] == "sha256")
