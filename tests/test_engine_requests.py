"""What the engine asks a real runner for, per case: at most one untimed run per case
and process (`warm`), bytes per op once per case (`alloc`, which the C runner counts),
a primer at a sixteenth of the work that the runner accepts, and one further runner
process per runner for all groups. The requests are read off the client. The rules
themselves are tested exactly, in-process, in test_schedule.py."""

from __future__ import annotations

from collections import Counter

import msgspec
from conftest import skip_without_runner

from hashbench.engine import suite as suites
from hashbench.engine import yardstick
from hashbench.engine.schedule import GroupRunner, Options
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

    def spy(self, request, timeout=None):
        # the cases' own requests: not the loop overhead's, nor the machine yardstick's
        # (engine/yardstick.py: c/openssl sha256 of 1 KiB; this suite's digest is 64 B)
        ours = request.op != "noop" and request.input_size != yardstick.INPUT
        if request.cmd == "bench" and ours:
            sent.append(msgspec.to_builtins(request))
        return call(self, request, timeout)

    monkeypatch.setattr(RunnerClient, "call", spy)
    records: list[CaseRecord] = []
    with RunnerPool([m for m in load_all() if m.name == "c"]) as pool:
        pool.start()
        runner = GroupRunner(pool, Options(processes=processes), records.append)
        pids = []
        for number, group in enumerate(suite.groups):
            runner.run_group(number, group)
            pids.append({key: client.pid for key, client in pool.extra_processes.items()})
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
        # at most one untimed op per case and process: a fast op's in the second process
        # (its first process verified with two timed ops), none for a slow op (whether
        # sha256 counts as slow at this budget depends on the machine: test_schedule.py
        # shows each rule exactly)
        assert warm[key] <= (0 if r.alg == "pbkdf2-sha256" else 1), (key, warm)
        assert alloc[key] == 1, (key, alloc)
        assert r.alloc_bytes_per_op is not None  # the C runner counts malloc
        assert set(r.sample_processes) == {0, 1}
    assert all(isinstance(f.get("warm"), bool) for f in sent)
    # one further process for the c runner, started for the first group, kept for the next
    assert list(pids[0]) == [("c", 1)] and pids[0] == pids[1]


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
