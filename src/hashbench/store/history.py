"""Writing runs to the store and reading their history back."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from hashbench.model import CaseRecord, RunFile
from hashbench.model.counts import Measure, counted_figure
from hashbench.model.fidelity import FidelityFile
from hashbench.results.values import fidelity as fidelity_values
from hashbench.results.values import record as record_values
from hashbench.results.values import run_file as run_values
from hashbench.results.values.bounds import BadValue
from hashbench.store import measures, row_values
from hashbench.store.schema import LATEST, MIGRATIONS, POSTGRES, SQLITE, Dialect, statements

T = TypeVar("T")
SQLITE_BUSY_MS = 60_000  # concurrent writers wait their turn rather than fail
# how long a PostgreSQL store that cannot be reached (a server restarting, a dropped
# connection) is tried again before giving up; HASHBENCH_STORE_WAIT overrides it
PG_WAIT_S = 30.0
# what a migration's statements cannot do alone, done after them in their transaction:
# the migration's number → the step (a cursor, and the dialect's placeholder filler)
DATA_STEPS: dict[int, Callable[[Any, Callable[[str], str]], None]] = {2: measures.fill}


# An interrupted run (`r`) that `run --resume` went on with: a later part of the same run
# (same start, suite and machine) holds its cases again. A case's history counts it once.
SUPERSEDED = (
    "(r.interrupted = 1 AND EXISTS (SELECT 1 FROM runs l WHERE l.id <> r.id "
    "AND l.started = r.started AND l.suite = r.suite AND l.machine_id = r.machine_id "
    "AND (l.interrupted = 0 OR l.finished > r.finished)))"
)


class StoreError(Exception):
    """The store could not be opened, read or written (the message says which and why)."""


DEFAULT_STORE_TEXT = (
    "$HASHBENCH_STORE, else hashbench/history.sqlite under $XDG_DATA_HOME or ~/.local/share"
)


def default_location() -> str:
    env = os.environ.get("HASHBENCH_STORE")
    if env:
        return env
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return str(data / "hashbench" / "history.sqlite")


def open_store(location: str | None = None, on_wait: Callable[[str], None] | None = None) -> Store:
    """`on_wait` hears, once, that a PostgreSQL store is being tried again (and why)."""
    return Store(location or default_location(), on_wait)


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
    measure: Measure = "time"


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
    machine_id: int = 0
    measure: str = "time"


@dataclass(frozen=True)
class MachineRow:
    """A machine the store has runs of (its fingerprint: host, CPU, flags, cores, memory,
    OS), with how many runs and the newest one's start."""

    id: int
    fingerprint: str
    cpu: str
    cores: int | None
    mem_total_bytes: int | None
    os: str
    distro: str | None
    runs: int
    latest: str

    @property
    def label(self) -> str:
        """As a case's history names it: the CPU and the machine's number."""
        return f"{self.cpu} #{self.id}"


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
    yardstick: float | None = None  # the machine's yardstick around the case, ns per op
    measure: Measure = "time"  # the run's: a case's history is one series per measure
    per_op: float | None = None  # a counted case's count per op (median empty)

    @property
    def value(self) -> float | None:
        """The point's figure in its series' unit: the median time, or the count per op."""
        return self.median if self.measure == "time" else self.per_op


class _Yardstick(msgspec.Struct):
    """The one field of a stored record that a case's history reads besides its columns."""

    yardstick_ns: list[float] = []


def _yardstick(blob: bytes) -> float | None:
    values = msgspec.json.decode(zlib.decompress(blob), type=_Yardstick).yardstick_ns
    return sorted(values)[len(values) // 2] if values else None


def fingerprint(env: dict[str, Any]) -> str:
    keys = ("host", "cpu", "cpu_flags", "cores", "mem_total_bytes", "os")
    text = json.dumps({k: env.get(k) for k in keys}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _wait_s() -> float:
    try:
        return max(0.0, float(os.environ.get("HASHBENCH_STORE_WAIT", PG_WAIT_S)))
    except ValueError:
        return PG_WAIT_S


def _lost(exc: BaseException) -> bool:
    """A PostgreSQL connection that failed or dropped (not a refusal of the statement):
    worth a new connection and the whole transaction again."""
    return type(exc).__module__.startswith("psycopg") and type(exc).__name__ in {
        "OperationalError", "AdminShutdown", "CrashShutdown", "CannotConnectNow",
        "ConnectionFailure", "ConnectionException", "SqlclientUnableToEstablishSqlconnection",
        "ConnectionDoesNotExist", "ProtocolViolation", "IdleSessionTimeout",
    }  # fmt: skip


class Store:
    def __init__(self, location: str, on_wait: Callable[[str], None] | None = None):
        self.location = location
        self.on_wait = on_wait
        self.dialect: Dialect = POSTGRES if location.startswith("postgresql://") else SQLITE
        self.wait_s = _wait_s() if self.dialect is POSTGRES else 0.0
        self.db: Any = None
        try:
            self._again(self._migrate)
        except StoreError:
            self.close()
            raise
        except (sqlite3.Error, OSError) as exc:
            self.close()
            raise StoreError(f"history store {location}: {exc}") from exc
        except Exception as exc:  # psycopg's errors, when psycopg is the driver
            self.close()
            if type(exc).__module__.startswith("psycopg"):
                raise StoreError(_explain(location, exc)) from exc
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

    def _again(self, work: Callable[[], T]) -> T:
        """`work` (one transaction, or the connection and migration), on a connection of
        its own; a PostgreSQL connection that cannot be made or drops midway is made again
        and the work done again from its start, until the wait is over. The server rolls
        back a transaction whose connection dropped, so nothing is ever half-written, and
        the work is idempotent (a run is recognised by its content)."""
        deadline = time.monotonic() + self.wait_s
        while True:
            try:
                if self.db is None:
                    self.db = self._connect()
                return work()
            except Exception as exc:
                if not _lost(exc) or time.monotonic() >= deadline:
                    raise
                if self.on_wait is not None:
                    self.on_wait(
                        f"history store {safe_location(self.location)}: {_first_line(exc)}; trying "
                        f"again for up to {self.wait_s:.0f} s (HASHBENCH_STORE_WAIT)"
                    )
                    self.on_wait = None  # said once
                self.close()
                time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))

    def _version(self, cur: Any) -> int:
        """The schema version, read without writing (a role that may only read can)."""
        if self.dialect is POSTGRES:
            cur.execute("SELECT to_regclass('schema_version') IS NOT NULL")
        else:
            cur.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'schema_version'")
        if not cur.fetchone()[0]:
            return 0
        cur.execute("SELECT version FROM schema_version")
        row = cur.fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        with self._transaction() as cur:
            version = self._version(cur)
            if version == LATEST:
                return
            if version < LATEST and self.dialect is POSTGRES:
                # two machines upgrading one store at once: one after the other
                cur.execute("SELECT pg_advisory_xact_lock(7046301)")
                version = self._version(cur)
            if version > LATEST:
                raise StoreError(
                    f"history store {safe_location(self.location)} has schema version "
                    f"{version}, newer than this hashbench knows ({LATEST}): another machine's "
                    "newer hashbench upgraded it; upgrade hashbench here to read or write it"
                )
            cur.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            cur.execute("SELECT version FROM schema_version")
            row = cur.fetchone()
            for number in range(version, LATEST):
                for statement in statements(MIGRATIONS[number], self.dialect):
                    cur.execute(statement)
                if number + 1 in DATA_STEPS:
                    DATA_STEPS[number + 1](cur, self._sql)
            if row is None:
                cur.execute(self._sql("INSERT INTO schema_version VALUES (?)"), (LATEST,))
            elif version != LATEST:
                cur.execute(self._sql("UPDATE schema_version SET version = ?"), (LATEST,))

    def _transaction(self) -> Any:
        return _Transaction(self)

    def close(self) -> None:
        if self.db is not None:
            with contextlib.suppress(Exception):  # a connection already lost
                self.db.close()
            self.db = None

    # -- writing ---------------------------------------------------------------------
    def record_run(self, run: RunFile, source: str = "") -> tuple[int, bool]:
        """Store a run (once: the same run again is recognised); (its id, newly stored).
        A run whose values are out of bounds is refused: what is stored reads back."""
        self._checked(f"run of {run.started}", run_values.check, run, stored=False)
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
            measure=run.measure,
        )
        return self._insert(row, msgspec.to_builtins(run.environment), run.cases)

    def record_fidelity(self, data: FidelityFile, source: str = "") -> tuple[int, bool]:
        """Store a fidelity run whole (its findings are one document, not cases)."""
        self._checked(f"fidelity run of {data.started}", fidelity_values.check, data, stored=False)
        encoded = msgspec.json.encode(data)
        row = _RunRow(
            uid=hashlib.sha256(encoded).hexdigest(),
            kind=data.schema,
            suite="fidelity",
            started=data.started,
            finished=data.finished,
            interrupted=not data.finished,
            hashbench_version=data.hashbench_version,
            source=source,
            toolchains={n: i.runtime for n, i in data.runners.items() if i.available},
            header=encoded,
        )
        return self._insert(row, msgspec.to_builtins(data.environment), [])

    def _insert(
        self, row: _RunRow, env: dict[str, Any], cases: list[CaseRecord]
    ) -> tuple[int, bool]:
        """One transaction: the run (unless its uid is stored already) and its cases. Two
        machines storing the same run at once store it once: the second waits for the
        first's transaction, then finds its row."""
        try:
            return self._again(lambda: self._insert_once(row, env, cases))
        except StoreError:
            raise
        except Exception as exc:
            raise StoreError(_explain(self.location, exc)) from exc

    def _insert_once(
        self, row: _RunRow, env: dict[str, Any], cases: list[CaseRecord]
    ) -> tuple[int, bool]:
        with self._transaction() as cur:
            cur.execute(self._sql("SELECT id FROM runs WHERE uid = ?"), (row.uid,))
            found = cur.fetchone()
            if found:
                return int(found[0]), False
            cur.execute(
                self._sql(
                    "INSERT INTO runs (uid, kind, suite, started, finished, interrupted, "
                    "hashbench_version, machine_id, source, toolchains, header, measure) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (uid) DO NOTHING RETURNING id"
                ),
                (row.uid, row.kind, row.suite, row.started, row.finished,
                 int(row.interrupted), row.hashbench_version, self._machine(cur, env),
                 row.source, json.dumps(row.toolchains, sort_keys=True),
                 zlib.compress(row.header), row.measure),
            )  # fmt: skip
            inserted = cur.fetchone()
            if inserted is None:  # stored by another writer meanwhile
                cur.execute(self._sql("SELECT id FROM runs WHERE uid = ?"), (row.uid,))
                return int(cur.fetchone()[0]), False
            run_id = int(inserted[0])
            if cases:
                cur.executemany(
                    self._sql(
                        "INSERT INTO cases (run_id, case_id, impl, alg, op, library_version, "
                        "runtime, status, n, median, median_low, median_high, record, per_op) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    ),
                    [_case_row(run_id, c, row.measure) for c in cases],
                )
            return run_id, True

    def _machine(self, cur: Any, env: dict[str, Any]) -> int:
        key = fingerprint(env)
        cur.execute(self._sql("SELECT id FROM machines WHERE fingerprint = ?"), (key,))
        found = cur.fetchone()
        if found:
            return int(found[0])
        conflict = " ON CONFLICT (fingerprint) DO NOTHING"
        cur.execute(
            self._sql(
                "INSERT INTO machines (fingerprint, cpu, cpu_flags, cores, mem_total_bytes, os, "
                "distro, governor) VALUES (?, ?, ?, ?, ?, ?, ?, ?)" + conflict
            ),
            (key, env.get("cpu", ""), " ".join(env.get("cpu_flags") or []),
             env.get("cores"), env.get("mem_total_bytes"), env.get("os", ""), env.get("distro"),
             env.get("governor")),
        )  # fmt: skip
        cur.execute(self._sql("SELECT id FROM machines WHERE fingerprint = ?"), (key,))
        return int(cur.fetchone()[0])

    # -- reading ---------------------------------------------------------------------
    def runs(self, limit: int = 50) -> list[RunRow]:
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT r.id, r.suite, r.kind, r.started, r.finished, r.interrupted, "
                    "r.hashbench_version, m.cpu, (SELECT COUNT(*) FROM cases c WHERE "
                    "c.run_id = r.id), m.id, r.measure FROM runs r "
                    "JOIN machines m ON m.id = r.machine_id "
                    "ORDER BY r.started DESC, r.id DESC LIMIT ?"
                ),
                (limit,),
            )
            return [
                RunRow(int(r[0]), r[1], r[2], r[3], r[4], bool(r[5]), r[6], r[7], int(r[8]),
                       int(r[9]), r[10])
                for r in cur.fetchall()
            ]  # fmt: skip

    def machines(self) -> list[MachineRow]:
        """Every machine with a run, the one that ran most recently first."""
        with self._transaction() as cur:
            cur.execute(
                "SELECT m.id, m.fingerprint, m.cpu, m.cores, m.mem_total_bytes, m.os, m.distro, "
                "COUNT(r.id), MAX(r.started) FROM machines m JOIN runs r ON r.machine_id = m.id "
                "GROUP BY m.id, m.fingerprint, m.cpu, m.cores, m.mem_total_bytes, m.os, "
                "m.distro ORDER BY MAX(r.started) DESC, m.id"
            )
            return [
                MachineRow(int(r[0]), r[1], r[2], r[3], r[4], r[5], r[6], int(r[7]), r[8])
                for r in cur.fetchall()
            ]

    def case_history(self, case_id: str) -> list[CasePoint]:
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT r.id, r.started, m.cpu || ' #' || m.id, c.library_version, "
                    "c.runtime, c.status, c.median, c.median_low, c.median_high, c.record, "
                    "r.measure, c.per_op "
                    "FROM cases c JOIN runs r ON r.id = c.run_id "
                    "JOIN machines m ON m.id = r.machine_id "
                    "WHERE c.case_id = ? AND NOT " + SUPERSEDED + " ORDER BY r.started, r.id"
                ),
                (case_id,),
            )
            points = [
                CasePoint(int(r[0]), r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8],
                          _yardstick(bytes(r[9])), r[10], r[11])
                for r in cur.fetchall()
            ]  # fmt: skip
        for point in points:
            self._checked(f"run {point.run_id}, case {case_id}", row_values.check, point)
        return points

    def case_ids(self, pattern: str, measures: tuple[Measure, ...] = ()) -> list[str]:
        """Case ids matching a SQL LIKE pattern (from a glob: * → %, ? → _); `measures`:
        only cases with a run of one of these measures."""
        like = pattern.replace("%", r"\%").replace("_", r"\_").replace("*", "%").replace("?", "_")
        only = ""
        if measures:
            only = (" AND c.run_id IN (SELECT id FROM runs WHERE measure IN "
                    f"({', '.join('?' * len(measures))}))")  # fmt: skip
        with self._transaction() as cur:
            cur.execute(
                self._sql("SELECT DISTINCT case_id FROM cases c WHERE case_id LIKE ? "
                          f"ESCAPE '\\'{only} ORDER BY case_id"),
                (like, *measures),
            )  # fmt: skip
            return [r[0] for r in cur.fetchall()]

    def latest_cases(
        self, machine: str, algs: list[str] | None = None, measure: Measure = "time"
    ) -> list[tuple[CaseRecord, str]]:
        """The newest record of each case measured on the machine of this fingerprint
        (`fingerprint(env)`), each with the run it came from in words: what a library card
        shows as a machine's latest results. `algs`: only these algorithms' cases;
        `measure`: only runs of this measure (a counted run's records hold no times)."""
        only = f" AND c.alg IN ({', '.join('?' * len(algs))})" if algs else ""
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT c.id, c.case_id, r.id, r.suite, r.started FROM cases c "
                    "JOIN runs r ON r.id = c.run_id JOIN machines m ON m.id = r.machine_id "
                    f"WHERE m.fingerprint = ? AND r.measure = ?{only} AND NOT {SUPERSEDED} "
                    "ORDER BY r.started, r.id"
                ),
                (machine, measure, *(algs or [])),
            )
            newest = {row[1]: (int(row[0]), f"run {row[2]} ({row[3]}, {row[4]})")
                      for row in cur.fetchall()}  # fmt: skip
            out = []
            for row_id, label in newest.values():
                cur.execute(self._sql("SELECT record FROM cases WHERE id = ?"), (row_id,))
                out.append((self._record(bytes(cur.fetchone()[0]), label), label))
            return out

    def earlier_runs(self, machine: str, suite: str, before: str, limit: int) -> list[int]:
        """Ids of the newest `limit` finished timed runs of `suite` on the machine of this
        fingerprint that started before `before` (the runs `compare` judges), oldest first."""
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT r.id FROM runs r JOIN machines m ON m.id = r.machine_id "
                    "WHERE m.fingerprint = ? AND r.suite = ? AND r.kind = 'hashbench-results' "
                    "AND r.measure = 'time' AND r.interrupted = 0 AND r.started < ? "
                    "ORDER BY r.started DESC, r.id DESC LIMIT ?"
                ),
                (machine, suite, before, limit),
            )
            return [int(r[0]) for r in reversed(cur.fetchall())]

    def latest_fidelity(self, machine: str, limit: int = 10) -> list[tuple[int, str]]:
        """The newest fidelity runs of the machine of this fingerprint, newest first: (run
        id, the run in words). `fidelity_run` reads one whole."""
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT r.id, r.started FROM runs r JOIN machines m ON m.id = r.machine_id "
                    "WHERE m.fingerprint = ? AND r.kind = 'hashbench-fidelity' "
                    "ORDER BY r.started DESC, r.id DESC LIMIT ?"
                ),
                (machine, limit),
            )
            return [(int(r[0]), f"fidelity run {r[0]} ({r[1]})") for r in cur.fetchall()]

    def fidelity_run(self, run_id: int) -> FidelityFile:
        """A fidelity run's results, whole, as its file held them (checked as a file is)."""
        with self._transaction() as cur:
            cur.execute(self._sql("SELECT header FROM runs WHERE id = ?"), (run_id,))
            row = cur.fetchone()
            if row is None:
                raise StoreError(f"history store {safe_location(self.location)}: no run {run_id}")
            blob = bytes(row[0])
        data = self._decoded(f"fidelity run {run_id}", blob, FidelityFile)
        self._checked(f"fidelity run {run_id}", fidelity_values.check, data)
        return data

    def load_run(self, run_id: int) -> RunFile:
        with self._transaction() as cur:
            cur.execute(self._sql("SELECT header FROM runs WHERE id = ?"), (run_id,))
            row = cur.fetchone()
            if row is None:
                raise StoreError(f"history store {safe_location(self.location)}: no run {run_id}")
            run = self._decoded(f"run {run_id}", bytes(row[0]), RunFile)
            cur.execute(
                self._sql("SELECT record FROM cases WHERE run_id = ? ORDER BY id"), (run_id,)
            )
            run.cases = [self._record(bytes(r[0]), f"run {run_id}") for r in cur.fetchall()]
        self._checked(f"run {run_id}", run_values.check, run)
        return run

    # -- what is read back is checked as a file is ------------------------------------
    def _decoded(self, what: str, blob: bytes, kind: type[T]) -> T:
        try:
            return msgspec.json.decode(zlib.decompress(blob), type=kind)
        except (msgspec.DecodeError, zlib.error) as exc:
            where = f"history store {safe_location(self.location)}"
            raise StoreError(f"{where}: {what} cannot be read ({exc})") from None

    def _record(self, blob: bytes, what: str) -> CaseRecord:
        record = self._decoded(what, blob, CaseRecord)
        self._checked(f"{what}, case {record.id}", lambda r: record_values.check(r, "$"), record)
        return record

    def _checked(
        self, what: str, check: Callable[[Any], None], data: Any, stored: bool = True
    ) -> None:
        """A run whose values are out of bounds: not stored, or, stored before values were
        checked, refused when read, naming the run, so no report, card or site shows it."""
        try:
            check(data)
        except BadValue as exc:
            cure = (
                " (stored before hashbench checked values: a store made again from the "
                "results files leaves it out)"
                if stored
                else ""
            )
            where = f"history store {safe_location(self.location)}"
            raise StoreError(f"{where}: {what}: {exc}{cure}") from None


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
            return
        # the error that ended the block is the one to raise, even when the connection is
        # gone and cannot roll back (the server rolls back a transaction it lost)
        with contextlib.suppress(Exception):
            if self.store.dialect is POSTGRES:
                self.store.db.rollback()
            else:
                self.cur.execute("ROLLBACK")


def _case_row(run_id: int, c: CaseRecord, measure: Measure) -> tuple[Any, ...]:
    s = c.stats
    return (
        run_id, c.id, c.impl, c.alg, c.op, c.version, c.runtime, c.status,
        s.n if s else None, s.median if s else None,
        s.median_ci[0] if s else None, s.median_ci[1] if s else None,
        zlib.compress(msgspec.json.encode(c)),
        counted_figure(measure, c.counts) if c.counts is not None else None,
    )  # fmt: skip


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _explain(location: str, exc: BaseException) -> str:
    """A store error in a sentence: where, and why (a role's missing rights named)."""
    where = f"history store {safe_location(location)}"
    text = _first_line(exc)
    if type(exc).__name__ == "InsufficientPrivilege":
        user = ""
        if "://" in location and "@" in location:
            user = location.split("://", 1)[1].split("@", 1)[0].split(":", 1)[0]
        who = f"role {user!r}" if user else "this role"
        return (
            f"{where}: {who} may not write to it ({text}); the store's owner can grant it "
            "SELECT and INSERT on its tables"
        )
    return f"{where}: {text}"


def safe_location(location: str) -> str:
    """A store location without its password, for messages."""
    if "@" in location and "://" in location:
        scheme, rest = location.split("://", 1)
        return f"{scheme}://…@{rest.split('@', 1)[1]}"
    return location
