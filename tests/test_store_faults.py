"""The fleet store under faults, on a real PostgreSQL server each test starts (Debian's
package, a throwaway cluster): the server stopped and started again while a run is in
progress, a connection dropped mid-transaction, two machines importing one file at once,
a schema another machine upgraded, a role that may only read. Each asserts what is in the
store and in the results file afterwards, never how long anything took."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from factories import record
from pg_server import Cluster, binaries, cluster

from hashbench import paths
from hashbench.model import RunFile
from hashbench.results.files import load
from hashbench.store import StoreError, open_store
from hashbench.store.schema import LATEST

pytestmark = [pytest.mark.faults, pytest.mark.slow]  # servers stopped: not the fast tier

FIXTURE = Path(__file__).parent / "fixtures" / "results-v1.json"
SUITE = """name = "fleet"
[[bench]]
op = "digest"
alg = "sha256"
input_size = [16, 32, 64, 128, 256, 512, 1024, 2048]
budget = 0.05
"""


@pytest.fixture
def pg() -> Iterator[Cluster]:
    if binaries() is None:
        pytest.skip("PostgreSQL not installed: `make setup` installs Debian's postgresql")
    with cluster() as server:
        yield server


def hashbench(*args: str, wait: float = 0, **popen: object) -> subprocess.Popen[str]:
    env = {**os.environ, "HASHBENCH_STORE_WAIT": str(wait), "PYTHONUNBUFFERED": "1",
           "COLUMNS": "1000"}  # fmt: skip
    return subprocess.Popen(
        [sys.executable, "-m", "hashbench", *args],
        cwd=paths.root(), env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **popen,  # type: ignore[arg-type]
    )  # fmt: skip


def finish(proc: subprocess.Popen[str]) -> tuple[int, str]:
    output = proc.communicate(timeout=300)[0]
    if "runner c skipped" in output:
        pytest.skip("needs the c runner built")
    return proc.returncode, " ".join(output.split())


def a_run_of(suite: Path, out: Path, store: str, wait: float) -> subprocess.Popen[str]:
    return hashbench(
        "run", str(suite), "--runner", "c", "--out", str(out), "--store", store, wait=wait
    )


def written(out: Path) -> dict[str, object]:
    try:
        data = json.loads(out.read_text())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def until(condition: object, what: str, limit: float = 120) -> None:
    deadline = time.monotonic() + limit
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.02)


def stored_ids(url: str) -> list[str]:
    store = open_store(url)
    try:
        runs = store.runs()
        assert len(runs) == 1, runs
        return sorted(c.id for c in store.load_run(runs[0].id).cases)
    finally:
        store.close()


@pytest.fixture
def suite(tmp_path) -> Path:
    path = tmp_path / "fleet.toml"
    path.write_text(SUITE)
    return path


def test_a_server_restarted_during_a_run_gets_the_run_once_it_is_back(pg, suite, tmp_path):
    out = tmp_path / "r.json"
    proc = a_run_of(suite, out, pg.url, wait=120)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")))
    reader.start()
    until(lambda: written(out).get("cases"), "a group on disk")
    pg.stop()  # mid-run
    until(lambda: written(out).get("finished"), "the run's file complete")
    until(lambda: "trying again for up to 120 s" in "".join(lines), "the run waiting")
    assert proc.poll() is None  # waiting for the store, its results already on disk
    pg.start()
    assert proc.wait(timeout=300) == 0
    reader.join(60)
    output = " ".join("".join(lines).split())
    if "runner c skipped" in output:
        pytest.skip("needs the c runner built")
    assert "history: run 1 in" in output and "not updated" not in output, output
    assert stored_ids(pg.url) == sorted(c.id for c in load(out).cases)


def test_a_server_still_down_when_a_run_ends_is_said_and_imported_later(pg, suite, tmp_path):
    out = tmp_path / "r.json"
    proc = a_run_of(suite, out, pg.url, wait=1)
    until(lambda: written(out).get("cases"), "a group on disk")
    pg.stop()
    rc, output = finish(proc)
    assert rc == 0, output  # the run's own outcome, not the store's
    assert "the history store was not updated" in output
    assert f"hashbench history import {out}" in output
    run = load(out)
    assert run.finished and not run.interrupted and run.cases
    pg.start()
    rc, output = finish(hashbench("history", "import", str(out), "--store", pg.url))
    assert rc == 0 and "stored as run 1" in output, output
    assert stored_ids(pg.url) == sorted(c.id for c in run.cases)


def big_run() -> RunFile:
    run = load(FIXTURE)
    run.cases = [record(f"x/lib{i}", median=100.0 + i) for i in range(300)]
    return run


def lock_waiters(pg: Cluster) -> list[int]:
    """The server processes waiting for a lock (a writer the test holds back)."""
    rows = pg.sql(
        "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> "
        "pg_backend_pid()"
    )
    return [int(str(r[0])) for r in rows]


def count(pg: Cluster, table: str) -> int:
    return int(str(pg.sql(f"SELECT COUNT(*) FROM {table}")[0][0]))


class CasesLocked:
    """The cases table locked by another session: a writer's transaction stops at its
    first case, its run row written but not committed."""

    def __init__(self, pg: Cluster):
        self.db = psycopg.connect(pg.url)
        self.db.execute("LOCK TABLE cases IN EXCLUSIVE MODE")

    def release(self) -> None:
        self.db.commit()
        self.db.close()


def test_a_connection_dropped_mid_transaction_leaves_nothing_half_written(
    pg, monkeypatch, tmp_path
):
    open_store(pg.url).close()  # the schema
    run = big_run()
    outcome: dict[str, object] = {}

    def write(wait: str) -> None:
        monkeypatch.setenv("HASHBENCH_STORE_WAIT", wait)
        store = open_store(pg.url)
        try:
            outcome["stored"] = store.record_run(run, source="big")
        except StoreError as exc:
            outcome["error"] = str(exc)
        finally:
            store.close()

    # no waiting: the drop is an error, and the store holds nothing of the run
    locked = CasesLocked(pg)
    writer = threading.Thread(target=write, args=("0",))
    writer.start()
    until(lambda: lock_waiters(pg), "the writer stopped at its cases")
    (pid,) = lock_waiters(pg)
    pg.sql("SELECT pg_terminate_backend(%s)", pid)
    writer.join(60)
    locked.release()
    assert "server closed the connection" in str(outcome.get("error")), outcome
    assert (count(pg, "runs"), count(pg, "cases")) == (0, 0)

    # waiting: the transaction starts again on a new connection, and lands whole
    outcome.clear()
    locked = CasesLocked(pg)
    writer = threading.Thread(target=write, args=("60",))
    writer.start()
    for _ in range(2):  # dropped twice
        until(lambda: lock_waiters(pg), "the writer stopped at its cases")
        (pid,) = lock_waiters(pg)
        pg.sql("SELECT pg_terminate_backend(%s)", pid)
        until(lambda p=pid: p not in lock_waiters(pg), "the connection gone")
        assert (count(pg, "runs"), count(pg, "cases")) == (0, 0)  # nothing half-written
    until(lambda: lock_waiters(pg), "the writer back at its cases")
    locked.release()
    writer.join(60)
    assert list(outcome) == ["stored"], outcome  # no error: it waited and wrote again
    run_id, new = outcome["stored"]  # type: ignore[misc]
    assert new and (count(pg, "runs"), count(pg, "cases")) == (1, 300)
    store = open_store(pg.url)
    assert [c.id for c in store.load_run(run_id).cases] == [c.id for c in run.cases]
    store.close()


def test_two_machines_importing_one_file_at_once_store_it_once(pg, tmp_path):
    open_store(pg.url).close()
    locked = CasesLocked(pg)  # holds the first importer inside its transaction
    importers = [hashbench("history", "import", str(FIXTURE), "--store", pg.url) for _ in "ab"]
    until(lambda: len(lock_waiters(pg)) == 2, "both importers inside their transactions")
    locked.release()
    outputs = sorted(finish(p)[1] for p in importers)
    assert [p.returncode for p in importers] == [0, 0], outputs
    assert outputs == sorted([f"{FIXTURE}: stored as run 1", f"{FIXTURE}: already stored as run 1"])
    assert (count(pg, "runs"), count(pg, "cases")) == (1, len(load(FIXTURE).cases))


def test_a_store_another_machine_upgraded_is_refused_naming_both_versions(pg):
    open_store(pg.url).close()
    newer = LATEST + 1  # a newer hashbench elsewhere
    pg.sql(f"UPDATE schema_version SET version = {newer}")
    said = f"schema version {newer}, newer than this hashbench knows ({LATEST})"
    with pytest.raises(StoreError, match=re.escape(said)):
        open_store(pg.url)
    rc, output = finish(hashbench("history", "import", str(FIXTURE), "--store", pg.url))
    assert rc == 2, output
    assert said in output
    assert "upgrade hashbench" in output
    assert pg.sql("SELECT version FROM schema_version") == [(newer,)]
    assert count(pg, "runs") == 0


def test_a_role_that_may_only_read_is_told_so_and_the_results_file_is_kept(pg, tmp_path):
    open_store(pg.url).close()
    pg.sql("CREATE ROLE reader LOGIN")
    pg.sql("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
    reader = pg.url_for("reader")

    rc, output = finish(hashbench("history", "--store", reader))
    assert rc == 0, output  # reading needs no more than SELECT

    copy = tmp_path / "old.json"
    copy.write_bytes(FIXTURE.read_bytes())
    rc, output = finish(hashbench("history", "import", str(copy), "--store", reader))
    assert rc == 2, output
    assert "role 'reader' may not write to it (permission denied for table" in output
    assert copy.read_bytes() == FIXTURE.read_bytes()

    out = tmp_path / "r.json"
    rc, output = finish(
        hashbench("run", "--alg", "sha256", "--size", "16", "--runner", "c", "--budget",
                  "0.05", "--out", str(out), "--store", reader)
    )  # fmt: skip
    assert rc == 0, output
    assert "role 'reader' may not write to it" in output
    assert f"hashbench history import {out}" in output
    run = load(out)
    assert run.finished and run.cases and not run.interrupted
    assert count(pg, "runs") == 0
    rc, output = finish(hashbench("history", "import", str(out), "--store", pg.url))
    assert rc == 0 and "stored as run 1" in output, output
