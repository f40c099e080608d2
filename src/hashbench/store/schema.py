"""The store's schema as plain, numbered SQL migrations (no ORM): the same statements
serve SQLite and PostgreSQL once the few type names are filled in, and a reader sees the
whole schema here. `schema_version` holds the number of the last migration applied; a
store of a newer number than this code knows is refused."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    name: str
    key: str  # an auto-increment primary key column
    blob: str
    param: str  # the DB-API placeholder


SQLITE = Dialect("sqlite", "INTEGER PRIMARY KEY AUTOINCREMENT", "BLOB", "?")
POSTGRES = Dialect("postgresql", "BIGSERIAL PRIMARY KEY", "BYTEA", "%s")

MIGRATIONS: list[str] = [
    # 1: machines, runs and cases
    """
    CREATE TABLE machines (
        id {key},
        fingerprint TEXT NOT NULL UNIQUE,
        cpu TEXT NOT NULL,
        cpu_flags TEXT NOT NULL,
        cores INTEGER,
        mem_total_bytes BIGINT,
        os TEXT NOT NULL,
        distro TEXT,
        governor TEXT
    );
    CREATE TABLE runs (
        id {key},
        uid TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        suite TEXT NOT NULL,
        started TEXT NOT NULL,
        finished TEXT,
        interrupted INTEGER NOT NULL,
        hashbench_version TEXT NOT NULL,
        machine_id BIGINT NOT NULL REFERENCES machines(id),
        source TEXT NOT NULL,
        toolchains TEXT NOT NULL,
        header {blob} NOT NULL
    );
    CREATE TABLE cases (
        id {key},
        run_id BIGINT NOT NULL REFERENCES runs(id),
        case_id TEXT NOT NULL,
        impl TEXT NOT NULL,
        alg TEXT NOT NULL,
        op TEXT NOT NULL,
        library_version TEXT NOT NULL,
        runtime TEXT NOT NULL,
        status TEXT NOT NULL,
        n INTEGER,
        median DOUBLE PRECISION,
        median_low DOUBLE PRECISION,
        median_high DOUBLE PRECISION,
        record {blob} NOT NULL
    );
    CREATE INDEX cases_by_case ON cases (case_id, run_id);
    CREATE INDEX cases_by_run ON cases (run_id);
    """,
    # 2: what a run measured (time, instructions or cycles: a store of version 1 held
    # timed runs, and the counted runs it held are found by store/measures.py), and a
    # counted case's figure per op (instructions, or estimated cycles), its median empty
    """
    ALTER TABLE runs ADD COLUMN measure TEXT NOT NULL DEFAULT 'time';
    ALTER TABLE cases ADD COLUMN per_op DOUBLE PRECISION;
    """,
]
LATEST = len(MIGRATIONS)


def statements(migration: str, dialect: Dialect) -> list[str]:
    sql = migration.format(key=dialect.key, blob=dialect.blob)
    return [s.strip() for s in sql.split(";") if s.strip()]
