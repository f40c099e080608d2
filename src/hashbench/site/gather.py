"""Everything a site shows, read once: the store is opened, read and closed here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from hashbench.errors import UsageError
from hashbench.model.site import Machine, RunSummary, SiteData
from hashbench.site import documents, fidelity_join
from hashbench.site.groups import groups
from hashbench.site.libraries import libraries
from hashbench.store import StoreError, open_store
from hashbench.store.history import RunRow, Store, safe_location

RUNS_LISTED = 10_000  # every run, for the newest fidelity and seeds runs; the index shows 30


def _state(r: RunRow) -> str:
    return "interrupted" if r.interrupted else "finished" if r.finished else "unfinished"


def _machines(store: Store) -> list[Machine]:
    return [
        Machine(m.label, m.fingerprint, m.cpu, m.cores, m.mem_total_bytes, m.os, m.distro,
                m.runs, m.latest)
        for m in store.machines()
    ]  # fmt: skip


def gather(location: str, strength_files: list[Path], given: float | None) -> SiteData:
    """`given`: the smallest move a history marks as a change point (else each measure's
    default: 5% of a median, 0.5% of a count)."""
    strength = documents.strength(strength_files)
    try:
        store = open_store(location)
    except StoreError as exc:
        raise UsageError(str(exc)) from exc
    try:
        runs = store.runs(RUNS_LISTED)
        machines = _machines(store)
        return SiteData(
            made=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            store=safe_location(location),
            machines=machines,
            runs=[
                RunSummary(
                    r.id,
                    r.suite,
                    r.started,
                    _state(r),
                    f"{r.machine} #{r.machine_id}",
                    r.cases,
                    r.hashbench_version,
                )
                for r in runs
            ],  # fmt: skip
            groups=groups(store, machines, given),
            libraries=libraries(store, machines),
            fidelity=fidelity_join.newest(store, runs),
            strength=strength,
            seeds=documents.newest_seeds(store, runs),
        )
    except StoreError as exc:
        raise UsageError(str(exc)) from exc
    finally:
        store.close()
