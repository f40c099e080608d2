"""Writing runs to the store and reading their history back."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from hashbench.model import CaseRecord, RunFile
from hashbench.store.schema import LATEST, MIGRATIONS, POSTGRES, SQLITE, Dialect, statements

SQLITE_BUSY_MS = 60_000  # concurrent writers wait their turn rather than fail


class StoreError(Exception):
    """The store could not be opened, read or written (the message says which and why)."""


def default_location() -> str:
    env = os.environ.get("HASHBENCH_STORE")
    if env:
        return env
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return str(data / "hashbench" / "history.sqlite")


def open_store(location: str | None = None) -> Store:
    return Store(location or default_location())


@dataclass(frozen=True)
class _RunRow:
    """A run as the runs table holds it."""

    uid: str  # a hash of the run's content: the same run is stored once
    kind: str
    suite: str
    started: str
    finished: str | None
    interrupted: bool
    hashbench_version: str
    source: str
    toolchains: dict[str, str]
    header: bytes


@dataclass(frozen=True)
class RunRow:
    id: int
    suite: str
    kind: str
    started: str
    finished: str | None
    interrupted: bool
    hashbench_version: str
    machine: str
    cases: int


@dataclass(frozen=True)
class CasePoint:
    """One case in one run: what the history of a case is made of."""

    run_id: int
    started: str
    machine: str
    library_version: str
    runtime: str
    status: str
    median: float | None
    median_low: float | None
    median_high: float | None


def _fingerprint(env: dict[str, Any]) -> str:
    keys = ("host", "cpu", "cpu_flags", "cores", "mem_total_bytes", "os")
    text = json.dumps({k: env.get(k) for k in keys}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Store:
    def __init__(self, location: str):
        self.location = location
        self.dialect: Dialect = POSTGRES if location.startswith("postgresql://") else SQLITE
        try:
            self.db = self._connect()
            self._migrate()
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"history store {location}: {exc}") from exc
        except Exception as exc:  # psycopg's errors, when psycopg is the driver
            if type(exc).__module__.startswith("psycopg"):
                raise StoreError(f"history store {_safe(location)}: {exc}") from exc
            raise

    # -- connection and schema -------------------------------------------------------
    def _connect(self) -> Any:
        if self.dialect is POSTGRES:
            import psycopg

            return psycopg.connect(self.location, connect_timeout=10)
        path = Path(self.location)
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=SQLITE_BUSY_MS / 1000, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _sql(self, text: str) -> str:
        return text.replace("?", self.dialect.param)

    def _migrate(self) -> None:
        with self._transaction() as cur:
            cur.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            cur.execute("SELECT version FROM schema_version")
            row = cur.fetchone()
            version = row[0] if row else 0
            if version > LATEST:
                raise StoreError(
                    f"history store {_safe(self.location)} has schema version {version}, newer "
                    f"than this hashbench knows ({LATEST}): upgrade hashbench"
                )
            for number in range(version, LATEST):
                for statement in statements(MIGRATIONS[number], self.dialect):
                    cur.execute(statement)
            if row is None:
                cur.execute(self._sql("INSERT INTO schema_version VALUES (?)"), (LATEST,))
            elif version != LATEST:
                cur.execute(self._sql("UPDATE schema_version SET version = ?"), (LATEST,))

    def _transaction(self) -> Any:
        return _Transaction(self)

    def close(self) -> None:
        self.db.close()

    # -- writing ---------------------------------------------------------------------
    def record_run(self, run: RunFile, source: str = "") -> tuple[int, bool]:
        """Store a run (once: the same run again is recognised); (its id, newly stored)."""
        toolchains = {name: info.runtime for name, info in run.runners.items() if info.available}
        row = _RunRow(
            uid=hashlib.sha256(msgspec.json.encode(run)).hexdigest(),
            kind=run.schema,
            suite=run.suite,
            started=run.started,
            finished=run.finished,
            interrupted=run.interrupted,
            hashbench_version=run.hashbench_version,
            source=source,
            toolchains=toolchains,
            header=msgspec.json.encode(msgspec.structs.replace(run, cases=[])),
        )
        return self._insert(row, msgspec.to_builtins(run.environment), run.cases)

    def record_fidelity(self, data: dict[str, Any], source: str = "") -> tuple[int, bool]:
        """Store a fidelity run whole (its findings are one document, not cases)."""
        encoded = json.dumps(data, sort_keys=True).encode()
        runners = data.get("runners") or {}
        row = _RunRow(
            uid=hashlib.sha256(encoded).hexdigest(),
            kind=str(data.get("schema", "")),
            suite="fidelity",
            started=str(data.get("started", "")),
            finished=data.get("finished"),
            interrupted=not data.get("finished"),
            hashbench_version=str(data.get("hashbench_version", "")),
            source=source,
            toolchains={n: i.get("runtime", "") for n, i in runners.items() if i.get("available")},
            header=encoded,
        )
        return self._insert(row, data.get("environment") or {}, [])

    def _insert(
        self, row: _RunRow, env: dict[str, Any], cases: list[CaseRecord]
    ) -> tuple[int, bool]:
        """One transaction: the run (unless its uid is stored already) and its cases."""
        try:
            with self._transaction() as cur:
                cur.execute(self._sql("SELECT id FROM runs WHERE uid = ?"), (row.uid,))
                found = cur.fetchone()
                if found:
                    return int(found[0]), False
                cur.execute(
                    self._sql(
                        "INSERT INTO runs (uid, kind, suite, started, finished, interrupted, "
                        "hashbench_version, machine_id, source, toolchains, header) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"
                    ),
                    (row.uid, row.kind, row.suite, row.started, row.finished,
                     int(row.interrupted), row.hashbench_version, self._machine(cur, env),
                     row.source, json.dumps(row.toolchains, sort_keys=True),
                     zlib.compress(row.header)),
                )  # fmt: skip
                run_id = int(cur.fetchone()[0])
                if cases:
                    cur.executemany(
                        self._sql(
                            "INSERT INTO cases (run_id, case_id, impl, alg, op, library_version, "
                            "runtime, status, n, median, median_low, median_high, record) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                        ),
                        [_case_row(run_id, c) for c in cases],
                    )
                return run_id, True
        except StoreError:
            raise
        except Exception as exc:
            raise StoreError(f"history store {_safe(self.location)}: {exc}") from exc

    def _machine(self, cur: Any, env: dict[str, Any]) -> int:
        fingerprint = _fingerprint(env)
        cur.execute(self._sql("SELECT id FROM machines WHERE fingerprint = ?"), (fingerprint,))
        found = cur.fetchone()
        if found:
            return int(found[0])
        conflict = " ON CONFLICT (fingerprint) DO NOTHING"
        cur.execute(
            self._sql(
                "INSERT INTO machines (fingerprint, cpu, cpu_flags, cores, mem_total_bytes, os, "
                "distro, governor) VALUES (?, ?, ?, ?, ?, ?, ?, ?)" + conflict
            ),
            (fingerprint, env.get("cpu", ""), " ".join(env.get("cpu_flags") or []),
             env.get("cores"), env.get("mem_total_bytes"), env.get("os", ""), env.get("distro"),
             env.get("governor")),
        )  # fmt: skip
        cur.execute(self._sql("SELECT id FROM machines WHERE fingerprint = ?"), (fingerprint,))
        return int(cur.fetchone()[0])

    # -- reading ---------------------------------------------------------------------
    def runs(self, limit: int = 50) -> list[RunRow]:
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT r.id, r.suite, r.kind, r.started, r.finished, r.interrupted, "
                    "r.hashbench_version, m.cpu, (SELECT COUNT(*) FROM cases c WHERE "
                    "c.run_id = r.id) FROM runs r JOIN machines m ON m.id = r.machine_id "
                    "ORDER BY r.started DESC, r.id DESC LIMIT ?"
                ),
                (limit,),
            )
            return [
                RunRow(int(r[0]), r[1], r[2], r[3], r[4], bool(r[5]), r[6], r[7], int(r[8]))
                for r in cur.fetchall()
            ]

    def case_history(self, case_id: str) -> list[CasePoint]:
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT r.id, r.started, m.cpu || ' #' || m.id, c.library_version, "
                    "c.runtime, c.status, c.median, c.median_low, c.median_high "
                    "FROM cases c JOIN runs r ON r.id = c.run_id "
                    "JOIN machines m ON m.id = r.machine_id "
                    "WHERE c.case_id = ? ORDER BY r.started, r.id"
                ),
                (case_id,),
            )
            return [CasePoint(int(r[0]), *r[1:]) for r in cur.fetchall()]

    def case_ids(self, pattern: str) -> list[str]:
        """Case ids matching a SQL LIKE pattern (from a glob: * → %, ? → _)."""
        like = pattern.replace("%", r"\%").replace("_", r"\_").replace("*", "%").replace("?", "_")
        with self._transaction() as cur:
            cur.execute(
                self._sql("SELECT DISTINCT case_id FROM cases WHERE case_id LIKE ? ESCAPE '\\' "
                          "ORDER BY case_id"),
                (like,),
            )  # fmt: skip
            return [r[0] for r in cur.fetchall()]

    def load_run(self, run_id: int) -> RunFile:
        with self._transaction() as cur:
            cur.execute(self._sql("SELECT header FROM runs WHERE id = ?"), (run_id,))
            row = cur.fetchone()
            if row is None:
                raise StoreError(f"history store {_safe(self.location)}: no run {run_id}")
            run = msgspec.json.decode(zlib.decompress(bytes(row[0])), type=RunFile)
            cur.execute(
                self._sql("SELECT record FROM cases WHERE run_id = ? ORDER BY id"), (run_id,)
            )
            run.cases = [
                msgspec.json.decode(zlib.decompress(bytes(r[0])), type=CaseRecord)
                for r in cur.fetchall()
            ]
            return run


class _Transaction:
    """BEGIN … COMMIT around a block (ROLLBACK on error), for both drivers."""

    def __init__(self, store: Store):
        self.store = store

    def __enter__(self) -> Any:
        db = self.store.db
        if self.store.dialect is SQLITE:
            self.cur = db.cursor()
            self.cur.execute("BEGIN IMMEDIATE")
        else:
            self.cur = db.cursor()
        return self.cur

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None:
            self.store.db.commit() if self.store.dialect is POSTGRES else self.cur.execute("COMMIT")
        elif self.store.dialect is POSTGRES:
            self.store.db.rollback()
        else:
            self.cur.execute("ROLLBACK")


def _case_row(run_id: int, c: CaseRecord) -> tuple[Any, ...]:
    s = c.stats
    return (
        run_id, c.id, c.impl, c.alg, c.op, c.version, c.runtime, c.status,
        s.n if s else None, s.median if s else None,
        s.median_ci[0] if s else None, s.median_ci[1] if s else None,
        zlib.compress(msgspec.json.encode(c)),
    )  # fmt: skip


def _safe(location: str) -> str:
    """A store location without its password, for messages."""
    if "@" in location and "://" in location:
        scheme, rest = location.split("://", 1)
        return f"{scheme}://…@{rest.split('@', 1)[1]}"
    return location
