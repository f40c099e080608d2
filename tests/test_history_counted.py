"""Counted runs in the history store: two real counted runs of c/openssl's sha256 (under
the real Valgrind) and a timed run of the same case, each kept by `run --store` in a SQLite
store of the test's own. A case's history is one series per measure, a counted one in
counts per op; a store of schema 1 migrates in place keeping its rows, in SQLite and in a
real PostgreSQL server; the site draws the counted series beside the timed one. Values and
behaviour only, never a timing."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import hashbench, skip_without_runner
from pg_server import binaries, cluster
from test_html_report import assert_every_plot_rendered, browser  # noqa: F401  (a fixture)

from hashbench.model.history_point import threshold
from hashbench.report.site.build import files
from hashbench.results.files import load
from hashbench.site.gather import gather
from hashbench.store import StoreError, open_store
from hashbench.store.changes import changes, series
from hashbench.store.history import CasePoint
from hashbench.store.schema import LATEST

pytestmark = [
    pytest.mark.timeout(600),
    pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed"),
]
CASE = "c/openssl:sha256:digest:oneshot:size=64"
ADHOC = ("--alg", "sha256", "--size", "64", "--impl", "c/openssl", "--mode", "oneshot")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A timed run, then two counted runs, each stored by the run itself."""
    skip_without_runner("c")
    folder = tmp_path_factory.mktemp("counted-history")
    store = folder / "history.sqlite"
    out = {name: folder / f"{name}.json" for name in ("counted1", "counted2", "timed")}
    done = hashbench("run", *ADHOC, "--budget", "0.05", "--store", str(store),
                     "--out", str(out["timed"]))  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    for name in ("counted1", "counted2"):
        done = hashbench("run", *ADHOC, "--measure", "instructions", "--jobs", "1",
                         "--store", str(store), "--out", str(out[name]))  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
    return {**out, "store": store}


def _counts(path: Path) -> float:
    (case,) = [c for c in load(path).cases if c.id == CASE]
    assert case.counted_ok and case.counts is not None
    return case.counts.ir


def test_a_case_has_a_timed_and_a_counted_series_never_mixed(made):
    store = open_store(str(made["store"]))
    split = series(store.case_history(CASE))
    store.close()
    assert list(split) == ["time", "instructions"]
    counted = [p.per_op for p in split["instructions"]]
    assert counted == [_counts(made["counted1"]), _counts(made["counted2"])]
    assert all(p.median is None for p in split["instructions"])
    (timed,) = split["time"]
    (case,) = [c for c in load(made["timed"]).cases if c.id == CASE]
    assert timed.median == case.measured.median and timed.per_op is None
    # two counts of the same code: no step beyond 0.5%, so no change point
    assert changes(split["instructions"], threshold("instructions")) == {}
    with pytest.raises(ValueError, match="one series"):
        changes(split["time"] + split["instructions"], 0.05)


def test_history_prints_each_series_with_its_unit(made):
    done = hashbench("history", CASE, "--store", str(made["store"]))
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert f"{CASE} · time/op" in text and f"{CASE} · instructions/op" in text
    counted = text.split("instructions/op", 1)[1]
    for name in ("counted1", "counted2"):
        assert f"{_counts(made[name]):,.0f}" in counted
    listing = hashbench("history", "--store", str(made["store"])).stdout
    assert listing.count("instructions") == 2 and "time" in listing


def test_a_card_reads_the_newest_timed_record_not_a_counted_one(made):
    store = open_store(str(made["store"]))
    (machine,) = store.machines()
    ((timed, _),) = store.latest_cases(machine.fingerprint)  # older than the counted
    ((counted, _),) = store.latest_cases(machine.fingerprint, measure="instructions")
    store.close()
    assert timed.counts is None and timed.stats is not None
    assert counted.stats is None and counted.counts is not None
    assert counted.counts.ir == _counts(made["counted2"])


def test_a_counted_step_beyond_the_threshold_is_a_change_without_intervals():
    def point(run_id: int, count: float) -> CasePoint:
        return CasePoint(run_id, "t", "m", "1", "r", "ok", None, None, None,
                         measure="instructions", per_op=count)  # fmt: skip

    steps = [point(1, 100_000), point(2, 100_400), point(3, 101_000), point(4, 101_000)]
    marked = changes(steps, threshold("instructions"))
    assert list(marked) == [3] and marked[3].startswith("+0.60%: nothing recorded changed")
    assert changes(steps, 0.01) == {}  # --threshold given: it applies to counts too


def _downgrade(sql) -> None:
    """Make a current store what schema 1 held: no measure, no figure per op."""
    for statement in ("ALTER TABLE runs DROP COLUMN measure",
                      "ALTER TABLE cases DROP COLUMN per_op",
                      "UPDATE schema_version SET version = 1"):  # fmt: skip
        sql(statement)


def _migrates_keeping_its_rows(location: str, made: dict[str, Path], sql) -> None:
    store = open_store(location)
    for name in ("counted1", "timed"):
        store.record_run(load(made[name]))
    before = store.case_history(CASE)
    store.close()
    _downgrade(sql)
    store = open_store(location)  # migrated here, in place
    after = store.case_history(CASE)
    runs = store.runs()
    store.close()
    assert after == before and len(runs) == 2
    assert {p.measure for p in after} == {"time", "instructions"}
    (counted,) = [p for p in after if p.measure == "instructions"]
    assert counted.per_op == _counts(made["counted1"])
    assert sql("SELECT version FROM schema_version") == [(LATEST,)]


def test_a_sqlite_store_of_schema_1_migrates_keeping_its_rows(made, tmp_path):
    path = tmp_path / "old.sqlite"

    def sql(statement: str) -> list[tuple[object, ...]]:
        with sqlite3.connect(path) as db:
            return db.execute(statement).fetchall()

    _migrates_keeping_its_rows(str(path), made, sql)
    sql(f"UPDATE schema_version SET version = {LATEST + 1}")  # another machine's, newer
    with pytest.raises(StoreError, match=f"schema version {LATEST + 1}, newer than"):
        open_store(str(path))


@pytest.mark.skipif(binaries() is None, reason="PostgreSQL not installed (`make setup`)")
def test_a_postgresql_store_of_schema_1_migrates_and_keeps_a_counted_point(made):
    with cluster() as pg:
        _migrates_keeping_its_rows(pg.url, made, pg.sql)


def test_the_site_draws_the_counted_series_beside_the_timed_one(made, browser, tmp_path):  # noqa: F811
    data = gather(str(made["store"]), [], None)
    (group,) = data.groups
    assert [(h.impl, h.measure, len(h.points)) for h in group.histories] == [
        ("c/openssl", "time", 1),
        ("c/openssl", "instructions", 2),
    ]
    assert [p.median for p in group.histories[1].points] == [
        _counts(made["counted1"]),
        _counts(made["counted2"]),
    ]
    pages = files(data, None)
    (path,) = [p for p in pages if p.startswith("groups/")]
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    text = pages[path]
    assert "<h3>instructions/op, run after run</h3>" in text and "beyond 0.5%" in text
    page = browser.new_page()
    page.goto((tmp_path / path).as_uri())
    assert assert_every_plot_rendered(page) == 1 + 2  # the ranking, a plot per measure
    assert "instructions/op (counted under Valgrind)" in page.content()
    page.close()
