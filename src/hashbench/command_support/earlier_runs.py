"""The earlier runs `compare` holds a case to: the newest runs of the same suite
on the same machine in the history store, before the two compared
(measure/earlier_noise.py has why). A store that is not there is not made; one that
cannot be read is said, and the comparison goes on without it."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec

from hashbench.measure.earlier_noise import earlier_noise
from hashbench.model import RunFile
from hashbench.report.comparison import Earlier
from hashbench.store import StoreError, default_location, open_store
from hashbench.store.history import fingerprint

DEFAULT_RUNS = 12


def earlier_runs(old: RunFile, new: RunFile, store: str | None, limit: int) -> Earlier | None:
    """Up to `limit` earlier runs' noise for the cases (measure/earlier_noise.py); None
    where there are none."""
    if limit <= 0:
        return None
    location = store or default_location()
    if not location.startswith("postgresql://") and not Path(location).exists():
        return None
    machine = fingerprint(msgspec.to_builtins(new.environment))
    before = min(old.started, new.started)
    try:
        history = open_store(location)
        try:
            ids = history.earlier_runs(machine, new.suite, before, limit)
            told = earlier_noise(history.load_run(i) for i in ids)  # one at a time
        finally:
            history.close()
    except StoreError as exc:
        print(f"compare: without earlier runs: {exc}", file=sys.stderr)
        return None
    return Earlier(len(ids), told.noise, told.shifted) if ids else None
