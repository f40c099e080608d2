"""Exporters over the results model: every format carries every case it should, the
numbers of the file, and a failed export leaves no file behind."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import msgspec
import pytest
from big_run import seeds_shaped
from conftest import hashbench, skip_without_runner
from rich.console import Console

from hashbench.report import terminal
from hashbench.report.export import FORMATS
from hashbench.results.files import load

FIXTURE = Path(__file__).parent / "fixtures" / "results-v1.json"


def test_csv_has_one_row_per_case_with_its_statistics():
    run = load(FIXTURE)
    rows = list(csv.DictReader(io.StringIO(FORMATS["csv"](run))))
    assert [r["id"] for r in rows] == [c.id for c in run.cases]
    for row, case in zip(rows, run.cases, strict=True):
        assert row["status"] == case.status
        if case.valid:
            assert float(row["median_ns"]) == case.measured.median
            assert float(row["median_ci_low_ns"]) == case.measured.median_ci[0]
        else:
            assert row["median_ns"] == ""


def test_bmf_names_valid_cases_by_id_with_latency_and_its_interval():
    run = load(FIXTURE)
    data = json.loads(FORMATS["bmf"](run))
    valid = [c for c in run.cases if c.valid]
    assert set(data) == {c.id for c in valid}
    for c in valid:
        latency = data[c.id]["latency"]
        assert latency["value"] == c.measured.median
        assert latency["lower_value"] <= latency["value"] <= latency["upper_value"]


def test_json_export_is_the_results_file_again():
    run = load(FIXTURE)
    again = json.loads(FORMATS["json"](run))
    assert again["version"] == 3 and len(again["cases"]) == len(run.cases)


def test_markdown_has_a_table_per_group_ranked_by_median():
    run = load(FIXTURE)
    text = FORMATS["md"](run)
    titles = {c.group_title for c in run.cases}
    assert text.count("\n### ") == len(titles)
    oneshot = text.split("### sha256 1 KiB oneshot")[1].split("###")[0]
    assert oneshot.index("`c/openssl`") < oneshot.index("`c/libsodium`")
    assert "| benchmark | backend | median |" in oneshot


def test_markdown_leaves_out_a_group_with_nothing_but_not_applicable_cases():
    run = load(FIXTURE)
    first = run.cases[0].group
    for i, c in enumerate(run.cases):
        if c.group == first:  # as when --impl selects nobody who measures this group
            run.cases[i] = msgspec.structs.replace(c, status="not_applicable", stats=None)
    text = FORMATS["md"](run)
    titles = {c.group_title for c in run.cases}
    assert text.count("\n### ") == len(titles) - 1
    assert f"### {run.cases[0].group_title}" not in text


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_show_writes_each_format_to_a_file(tmp_path, fmt):
    out = tmp_path / f"report.{fmt}"
    proc = hashbench("show", str(FIXTURE), "--format", fmt, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == FORMATS[fmt](load(FIXTURE))


def test_bad_format_and_unwritable_output_are_usage_errors_with_nothing_written(tmp_path):
    proc = hashbench("show", str(FIXTURE), "--format", "xml")
    assert proc.returncode == 2 and "unknown format 'xml'" in proc.stderr
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = hashbench("show", str(FIXTURE), "--format", "md", "-o", str(blocker / "r.md"))
    assert proc.returncode == 2 and "cannot write" in proc.stderr
    assert not list(tmp_path.glob("**/.*.tmp"))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x00\x01binary", "not a JSON file"),
        (b'{"schema": "hashbench-results", "version": 2', "not a JSON file"),
        (b'{"schema": "other"}', "not a hashbench results file"),
    ],
)
def test_damaged_or_foreign_files_are_refused(tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    proc = hashbench("show", str(bad), "--format", "csv")
    assert proc.returncode == 2 and message in proc.stderr


@pytest.mark.slow
def test_every_format_carries_every_case_of_a_seeds_sized_run():
    """The shape of a full `seeds` run (tests/big_run.py): 72 groups, eight thousand
    records, a case measured in two groups (seeds includes js)."""
    run = seeds_shaped()
    valid = [c for c in run.cases if c.valid]
    groups = {c.group for c in run.cases}
    rows = list(csv.DictReader(io.StringIO(FORMATS["csv"](run))))
    assert len(rows) == len(run.cases)
    assert sum(r["status"] == "ok" for r in rows) == len(valid)
    bmf = json.loads(FORMATS["bmf"](run))
    assert len(bmf) == len(valid)  # the twice-measured case keyed `<id> #2`, not dropped
    assert any(key.endswith(" #2") for key in bmf)
    assert FORMATS["md"](run).count("\n### ") == len(groups)
    page = FORMATS["html"](run)
    table = page.split('<div id="cases">')[1]
    assert table.count("<tr>") == len(run.cases) + 1  # and the header
    assert len(json.loads(FORMATS["json"](run))["cases"]) == len(run.cases)


def test_titles_carry_units_even_from_files_written_without_them():
    run = load(FIXTURE)
    old = run.cases[0]
    old.alg, old.op, old.mode, old.input_size = "argon2id", "hash", "oneshot", None
    old.params = {"m": 65536, "t": 3, "p": 4, "version": 19}
    old.group_title = "argon2id m=65536,t=3,p=4 hash"  # as such a file stores it
    text = FORMATS["md"](run)
    assert "### argon2id m=64 MiB,t=3,p=4 hash" in text and "m=65536" not in text
    out = io.StringIO()
    terminal.render(run, Console(file=out, width=100))
    assert "group argon2id m=64 MiB,t=3,p=4 hash" in out.getvalue()


def test_a_run_writes_every_export_it_is_asked_for(tmp_path):
    skip_without_runner("c")
    out = tmp_path / "run.json"
    exports = {"md": "markdown", "csv": "csv", "json": "json", "bmf": "bmf"}
    flags = [
        arg
        for fmt, name in exports.items()
        for arg in (f"--export-{name}", str(tmp_path / f"r.{fmt}"))
    ]
    proc = hashbench(
        "run", "--alg", "sha256", "--size", "64", "--runner", "c", "--budget", "0.05",
        "--out", str(out), *flags,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    run = load(out)
    for fmt in ("md", "csv", "bmf"):
        assert (tmp_path / f"r.{fmt}").read_text() == FORMATS[fmt](run), fmt
    assert json.loads((tmp_path / "r.json").read_text()) == json.loads(FORMATS["json"](run))
