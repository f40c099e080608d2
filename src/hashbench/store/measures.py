"""Migration 2's data: the counted runs a store of schema 1 kept (their cases' medians
empty, their measure only in the compressed header) found and marked, each counted case's
figure per op filled in. Runs with a median anywhere are timed and left as they are."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

import msgspec

from hashbench.model.counts import Counts, Measure, counted_figure

# a run with cases, none of them with a median: a counted run, or a timed run that measured
# nothing (its header tells which)
UNTIMED = (
    "SELECT r.id, r.header FROM runs r WHERE EXISTS (SELECT 1 FROM cases c WHERE "
    "c.run_id = r.id) AND NOT EXISTS (SELECT 1 FROM cases c WHERE c.run_id = r.id "
    "AND c.median IS NOT NULL)"
)


class _Header(msgspec.Struct):
    measure: Measure = "time"


class _Record(msgspec.Struct):
    counts: Counts | None = None


def _decoded(blob: Any, kind: type[msgspec.Struct]) -> Any:
    return msgspec.json.decode(zlib.decompress(bytes(blob)), type=kind)


def fill(cur: Any, sql: Callable[[str], str]) -> None:
    """In the migration's transaction: each counted run's measure, its cases' figures."""
    cur.execute(UNTIMED)
    for run_id, header in cur.fetchall():
        measure = _decoded(header, _Header).measure
        if measure == "time":
            continue
        cur.execute(sql("UPDATE runs SET measure = ? WHERE id = ?"), (measure, run_id))
        cur.execute(sql("SELECT id, record FROM cases WHERE run_id = ?"), (run_id,))
        for row_id, record in cur.fetchall():
            counts = _decoded(record, _Record).counts
            if counts is not None:
                cur.execute(
                    sql("UPDATE cases SET per_op = ? WHERE id = ?"),
                    (counted_figure(measure, counts), row_id),
                )
