"""The history store, on a real SQLite file and a real PostgreSQL server: runs kept once,
read back whole, a case's history with its change points, concurrent writers losing
nothing, a newer schema refused, and a run that still ends well when the store fails."""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import sqlite3
import statistics
import subprocess
from pathlib import Path

import msgspec
import pytest
from conftest import hashbench, skip_in_fast_tier
from factories import record
from pg_server import binaries, server
from scipy.stats import t as student_t

from hashbench.model import Environment, Resumption, RunFile
from hashbench.model.fidelity import FidelityFile
from hashbench.results.files import load
from hashbench.store import StoreError, open_store
from hashbench.store.changes import changes
from hashbench.store.history import CasePoint, fingerprint
from hashbench.store.run_to_run import RUNS, run_to_run

FIXTURE = Path(__file__).parent / "fixtures" / "results-v1.json"


def a_run(
    tag: int, median: float = 100.0, yardstick: float | None = None, version: str = ""
) -> RunFile:
    base = load(FIXTURE)
    version = version or f"1.{tag}"
    case = record("x/lib", median=median, ci=(median * 0.99, median * 1.01), version=version)
    case.yardstick_ns = [yardstick] if yardstick else []
    return RunFile(
        suite=f"s{tag}", started=f"2026-11-25T00:{tag // 60:02d}:{tag % 60:02d}+00:00",
        environment=base.environment, cases=[case],
    )  # fmt: skip


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request, tmp_path):
    if request.param == "sqlite":
        yield str(tmp_path / "history.sqlite")
        return
    skip_in_fast_tier("PostgreSQL server")
    if binaries() is None:
        pytest.skip("PostgreSQL not installed: `make setup` installs Debian's postgresql")
    with server() as url:
        yield url


def test_a_run_is_kept_once_and_read_back_whole(location):
    store = open_store(location)
    run = load(FIXTURE)
    run_id, new = store.record_run(run, source="fixture")
    assert new and store.record_run(run)[0] == run_id and not store.record_run(run)[1]
    again = store.load_run(run_id)
    assert [c.id for c in again.cases] == [c.id for c in run.cases]
    assert again.cases[0].samples_ns == run.cases[0].samples_ns
    assert again.environment.cpu == run.environment.cpu
    assert [r.id for r in store.runs()] == [run_id]
    store.close()


def test_a_case_history_marks_a_move_and_what_changed(location):
    store = open_store(location)
    for tag, median in ((1, 100.0), (2, 101.0), (3, 150.0)):
        store.record_run(a_run(tag, median))
    (case_id,) = store.case_ids("x/lib:*")
    points = store.case_history(case_id)
    assert [p.median for p in points] == [100.0, 101.0, 150.0]
    marked = changes(points, 0.05)
    assert list(marked) == [points[2].run_id]
    assert "+48.5%" in marked[points[2].run_id] and "library 1.2 → 1.3" in marked[points[2].run_id]
    store.close()


def test_each_machine_with_its_runs_and_its_newest_cases(location):
    """Two machines (another host: another fingerprint): each listed once with its runs,
    and each one's newest record of a case read by its fingerprint."""
    store = open_store(location)
    here = a_run(1, 100.0)
    other = msgspec.structs.replace(
        a_run(2, 300.0),
        environment=msgspec.structs.replace(here.environment, host="elsewhere", cpu="Other"),
    )
    for run in (here, a_run(3, 110.0), other):
        store.record_run(run)
    machines = {m.cpu: m for m in store.machines()}
    assert {m.runs for m in machines.values()} == {2, 1} and machines["Other"].runs == 1
    assert machines["Other"].latest == other.started
    assert machines["Other"].fingerprint == fingerprint(msgspec.to_builtins(other.environment))
    newest = {
        cpu: [r.measured.median for r, _ in store.latest_cases(m.fingerprint)]
        for cpu, m in machines.items()
    }
    assert newest == {"Other": [300.0], here.environment.cpu: [110.0]}
    assert {r.machine_id for r in store.runs()} == {m.id for m in machines.values()}
    store.close()


def test_a_change_point_says_how_far_the_machine_moved(location):
    store = open_store(location)
    for tag, median, stick in ((1, 100.0, 500.0), (2, 130.0, 600.0)):
        store.record_run(a_run(tag, median, stick))
    points = store.case_history(store.case_ids("x/lib:*")[0])
    assert [p.yardstick for p in points] == [500.0, 600.0]
    marked = changes(points, 0.05)
    assert marked[points[1].run_id].startswith("+30.0% (the machine's yardstick +20.0%): ")
    store.close()


def _write_runs(location: str, worker: int) -> None:
    store = open_store(location)
    for i in range(5):
        store.record_run(a_run(worker * 10 + i))
    store.close()


@pytest.mark.slow
def test_eight_writers_at_once_lose_nothing(location):
    open_store(location).close()  # the schema, made once
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_write_runs, args=(location, w)) for w in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
        assert w.exitcode == 0
    store = open_store(location)
    runs = store.runs(limit=1000)
    assert len(runs) == 40 and all(r.cases == 1 for r in runs)
    assert len(store.case_history(store.case_ids("x/lib:*")[0])) == 40
    store.close()


def test_a_store_of_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "h.sqlite"
    open_store(str(path)).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="schema version 99, newer than this hashbench knows"):
        open_store(str(path))


def test_changes_need_intervals_apart_and_a_move_beyond_the_threshold():
    def point(run_id: int, median: float, spread: float) -> CasePoint:
        return CasePoint(run_id, "t", "m", "1", "r", "ok", median, median - spread, median + spread)

    assert changes([point(1, 100, 1), point(2, 110, 20)], 0.05) == {}  # intervals overlap
    assert changes([point(1, 100, 1), point(2, 103, 1)], 0.05) == {}  # under the threshold
    assert list(changes([point(1, 100, 1), point(2, 110, 1)], 0.05)) == [2]


def test_a_run_ends_well_when_the_store_cannot_be_written(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    out = tmp_path / "r.json"
    proc = hashbench("run", "--alg", "sha256", "--size", "16", "--runner", "c",
                     "--budget", "0.05", "--out", str(out),
                     "--store", str(blocker / "history.sqlite"))  # fmt: skip
    if "runner c skipped" in proc.stderr + proc.stdout:
        pytest.skip("needs the c runner")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "the history store was not updated" in proc.stdout
    assert f"hashbench history import {out}" in proc.stdout.replace("\n", "")
    assert load(out).finished


def test_history_import_and_list_from_the_command_line(tmp_path):
    store = str(tmp_path / "h.sqlite")

    def hb(*args: str) -> subprocess.CompletedProcess[str]:
        return hashbench("history", "--store", store, *args, timeout=120)

    first = hb("import", str(FIXTURE))
    assert first.returncode == 0 and "stored as run 1" in first.stdout
    assert "already stored as run 1" in hb("import", str(FIXTURE)).stdout
    assert "tiny" in hb().stdout
    case = hb("c/openssl:sha256:digest:oneshot:*")
    assert case.returncode == 0 and "689.96 ns" in case.stdout
    missing = hb("nothing:*")
    assert missing.returncode == 2 and "no case matching" in missing.stderr


def test_a_fidelity_run_is_kept_and_imported_once(tmp_path):
    store = open_store(str(tmp_path / "h.sqlite"))
    data = FidelityFile(
        started="2026-11-25T00:00:00", finished="2026-11-25T00:01:00", hashbench_version="0.1.0",
        environment=Environment(cpu="x", cores=2, os="Linux", load_start=[0.1, 0.1, 0.1]),
    )  # fmt: skip
    run_id, new = store.record_fidelity(data, source="f.json")
    assert new and store.record_fidelity(data) == (run_id, False)
    assert store.fidelity_run(run_id) == data
    (row,) = store.runs()
    assert row.suite == "fidelity" and row.kind == "hashbench-fidelity" and row.cases == 0
    store.close()


def test_a_resumed_run_counts_once_in_a_case_history(location):
    part = a_run(1)  # interrupted, kept in the store as it stopped
    part.interrupted, part.finished = True, "2026-11-25T00:10:00+00:00"
    whole = a_run(1)  # the same run resumed to its end: the part's case kept, one more
    whole.finished = "2026-11-25T00:20:00+00:00"
    whole.resumptions = [Resumption(ended=part.finished, how="interrupted",
                                    resumed="2026-11-25T00:15:00+00:00", kept=1)]  # fmt: skip
    whole.cases.append(record("y/lib", median=50.0, ci=(49.0, 51.0)))
    other = a_run(2)  # another run, interrupted and never resumed
    other.interrupted, other.finished = True, "2026-11-25T00:30:00+00:00"
    store = open_store(location)
    store.record_run(part)
    whole_id, _ = store.record_run(whole)
    other_id, _ = store.record_run(other)
    (case_id,) = store.case_ids("x/lib:*")
    assert [p.run_id for p in store.case_history(case_id)] == [whole_id, other_id]
    assert len(store.runs()) == 3  # every part listed; counted once in a history
    store.close()


def _series(medians: list[float]) -> list[CasePoint]:
    """A timed series whose every interval is ±0.5%: apart from any move over 1%."""
    return [
        CasePoint(i, f"t{i:02d}", "m", "1", "r", "ok", m, m * 0.995, m * 1.005)
        for i, m in enumerate(medians, start=1)
    ]


def test_a_timed_change_is_marked_where_it_lasts_and_a_spike_is_not():
    """The same code run after run with one run lost to a slow minute (+40%), and a case
    that lands in one of two speeds: neither is a change. A step of +10% that lasts is
    marked at its run, once."""
    steady = [100, 101, 99, 100, 102, 100, 99, 101, 100, 100, 101, 99]
    spiked = steady[:5] + [140] + steady[6:]
    assert changes(_series(spiked), 0.05) == {}
    assert changes(_series([100, 160] * 6), 0.05) == {}
    stepped = steady[:6] + [m * 1.1 for m in steady[6:]]
    marked = changes(_series(stepped), 0.05)
    assert list(marked) == [7] and marked[7].startswith("+10.")


def test_the_newest_run_is_marked_to_be_confirmed_beyond_what_came_before():
    steady = [100, 101, 99, 100, 102, 100, 99, 101]
    marked = changes(_series([*steady, 130]), 0.05)
    assert list(marked) == [9] and marked[9].endswith("to be confirmed")
    assert changes(_series([*steady, 103]), 0.05) == {}  # under the threshold
    noisy = [100, 130, 95, 125, 100, 128, 97, 131]
    assert changes(_series([*noisy, 140]), 0.05) == {}  # within what came before


def test_the_next_run_s_interval_comes_from_the_newest_alike_runs():
    """Its width is t·s·√2 of the log medians of the newest runs of one machine, library
    and toolchain: a runner of ±1% run to run gets a narrow one, ±20% a wide one, a new
    library version starts anew, and under three runs there is none."""
    steady = run_to_run(_series([100, 101, 99, 100, 102, 100]))
    swinging = run_to_run(_series([100, 130, 95, 125, 100, 128]))
    assert steady is not None and swinging is not None
    logs = [math.log(m) for m in (100, 101, 99, 100, 102, 100)]
    expected = math.expm1(student_t.ppf(0.975, 5) * statistics.stdev(logs) * math.sqrt(2))
    assert steady.half_width == pytest.approx(expected)
    assert (steady.runs, steady.newest) == (6, 6)
    assert swinging.half_width > 10 * steady.half_width
    assert run_to_run(_series([100, 101])) is None
    upgraded = _series([100, 130, 95, 125, 100, 128])
    upgraded[-3:] = [dataclasses.replace(p, library_version="2") for p in upgraded[-3:]]
    fresh = run_to_run(upgraded)
    assert fresh is not None and fresh.runs == 3
    longest = run_to_run(_series(list(range(100, 120))))
    assert longest is not None and longest.runs == RUNS


def test_history_says_where_the_next_run_s_median_should_land(tmp_path):
    store = open_store(str(tmp_path / "h.sqlite"))
    for tag, median in ((1, 100.0), (2, 110.0), (3, 90.0), (4, 100.0)):
        store.record_run(a_run(tag, median, version="1.0"))
    store.close()
    shown = hashbench("history", "x/lib:*", "--store", str(tmp_path / "h.sqlite"), timeout=120)
    assert shown.returncode == 0, shown.stderr
    spread = run_to_run(_series([100.0, 110.0, 90.0, 100.0]))
    assert spread is not None
    said = " ".join(shown.stdout.split())
    assert f"within ±{spread.half_width:.1%} of run 4's" in said
    assert "last 4 runs" in said
