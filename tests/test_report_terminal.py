"""The terminal reports, rendered from real results: a saved run (tests/fixtures) and a
fresh fidelity run on the C runner's libxcrypt and OpenSSL."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import runner_unavailable
from factories import record
from rich.console import Console

from hashbench import paths
from hashbench.model import CaseWarning, Environment, RunFile
from hashbench.model.fidelity import FidelityFile
from hashbench.report import fidelity_terminal, terminal
from hashbench.report.export import html as html_export
from hashbench.report.export import markdown
from hashbench.report.interval_note import OLD_FILE, ONE_PROCESS
from hashbench.results.files import load, load_fidelity
from hashbench.runner.manifest import load_all

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE_ENV = Environment(cpu="x", cores=2, os="y", load_start=[0.0])


def rendered(draw, data) -> str:
    out = io.StringIO()
    draw(data, Console(file=out, width=200, color_system=None))
    return out.getvalue()


def test_a_saved_run_shows_each_group_fastest_median_first():
    run = load(FIXTURES / "results-v1.json")
    text = rendered(terminal.render, run)
    for title in {c.group_title for c in run.cases}:
        assert f"group {title}" in text
    block = text.split("group sha256 1 KiB oneshot")[1].split("group ")[0]
    # c/openssl's median (690 ns) is below c/libsodium's (3.09 µs): it comes first
    assert block.index("c/openssl") < block.index("c/libsodium")
    assert "689.96 ns" in block and "3.09 µs" in block
    assert "n/a: 2 implementations without sha256" in block
    assert f"runner c: {run.runners['c'].runtime}" in text


def test_unverified_and_failed_cases_are_listed_with_their_reason_never_in_a_table():
    run = load(FIXTURES / "results-v1.json")
    run.cases = [
        record("x/good", median=100.0, group_title="sha256 16 B oneshot"),
        record("x/liar", status="unverified", reason="digest 00 != reference ab"),
        record("x/crash", status="failed", reason="runner crash: exited with status 3"),
    ]
    text = rendered(terminal.render, run)
    assert "unverified x/liar: digest 00 != reference ab" in text
    assert "failed x/crash: runner crash: exited with status 3" in text
    table_rows = [line for line in text.splitlines() if line.startswith("x/")]
    assert [row.split()[0] for row in table_rows] == ["x/good"]


def test_a_run_of_one_process_per_case_says_what_its_interval_does_not_cover():
    run = load(FIXTURES / "results-v1.json")
    run.cases = [record("x/one", median=100.0, next_run_ci=(95.0, 105.0))]
    assert ONE_PROCESS in " ".join(rendered(terminal.render, run).split())
    assert ONE_PROCESS in markdown.render(run)
    assert html_export.esc(ONE_PROCESS) in html_export.render(run)
    assert "±5.0%" in rendered(terminal.render, run)  # the widened ±, not the median's own
    run.cases = [record("x/old", median=100.0)]  # a file written before the ± was widened
    assert OLD_FILE in " ".join(rendered(terminal.render, run).split())
    run.cases = [record("x/three", median=100.0, processes=3)]
    assert "--processes 3" not in rendered(terminal.render, run)
    assert "--processes 3" not in markdown.render(run)
    assert "--processes 3" not in html_export.render(run)


def _warned_run() -> RunFile:
    run = load(FIXTURES / "results-v1.json")
    warnings = [
        CaseWarning("noisy", value=0.12, limit=0.1),
        CaseWarning("processes_disagree", value=0.09, limit=0.05),
        "an older file's sentence",
    ]
    run.cases = [record("x/a", median=100.0, warnings=warnings), record("x/b", median=90.0)]
    return run


def test_a_case_s_warnings_are_letters_in_its_row_and_one_legend_line():
    text = rendered(terminal.render, _warned_run())
    rows = {line.split()[0]: line.split() for line in text.splitlines() if line.startswith("x/")}
    assert "np*" in rows["x/a"] and not {"n", "np*"} & set(rows["x/b"])
    legend = [line for line in text.splitlines() if line.startswith("  ! ")]
    assert legend == [
        "  ! n noisy · p processes disagree · * a warning of an older file "
        "(each case's figures: --verbose)"
    ]


def test_verbose_words_a_case_s_warnings_with_their_figures():
    def verbose(run: RunFile, console: Console) -> None:
        terminal.render(run, console, verbose=True)

    lines = [line for line in rendered(verbose, _warned_run()).splitlines() if "! x/" in line]
    assert lines == [
        "  ! x/a: noisy: std dev is 12% of the mean; processes disagree: their medians span 9% "
        "of the median; an older file's sentence"
    ]


def test_an_empty_run_renders_its_header():
    run = load(FIXTURES / "results-v1.json")
    empty = RunFile(suite="empty", started=run.started, environment=run.environment)
    assert "suite empty" in rendered(terminal.render, empty)


@pytest.fixture(scope="module")
def fidelity_file(tmp_path_factory) -> FidelityFile:
    manifests = {m.name: m for m in load_all()}
    if "c" not in manifests or runner_unavailable(manifests["c"]):
        pytest.skip("needs the c runner")
    out = tmp_path_factory.mktemp("fid") / "fidelity.json"
    proc = subprocess.run(
        [sys.executable, "-m", "hashbench", "fidelity", "--runner", "c"]
        + ["--filter-regex", "c/(openssl|libxcrypt)", "--out", str(out)],
        cwd=paths.root(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode in (0, 1), proc.stderr
    return load_fidelity(out)


def test_a_fidelity_run_shows_every_section_with_the_counts_of_its_file(fidelity_file):
    text = rendered(fidelity_terminal.render, fidelity_file)
    for heading in (
        "known-answer vectors",
        "interop bcrypt",
        "edge-case probes",
        "library defaults",
    ):
        assert heading in text
    passes: dict[str, int] = {}
    for outcome in fidelity_file.kat:
        passes[outcome.impl] = passes.get(outcome.impl, 0) + (outcome.status == "pass")
    for impl, count in passes.items():
        row = next(line for line in text.splitlines() if line.startswith(impl + " "))
        assert row.split()[1] == str(count), row
    for probe in {p.probe for p in fidelity_file.probes}:
        assert probe in text
    for default in fidelity_file.defaults:
        assert default.impl in text


def test_the_net_median_is_shown_where_the_loop_is_a_visible_part():
    python = record("python/hashlib", median=300.0, loop_overhead_ns=33.0)
    c = record("c/openssl", median=250.0, loop_overhead_ns=1.5)
    assert python.net_median == 267.0 and record("x/y", median=5.0).net_median is None
    text = rendered(terminal.render, RunFile(suite="s", started="now", cases=[python, c],
                                             environment=FIXTURE_ENV))  # fmt: skip
    assert "p50 − loop" in text and "267.00 ns" in text and "248.50 ns" in text
    slow = record("c/openssl", median=1e6, loop_overhead_ns=1.5)
    text = rendered(terminal.render, RunFile(suite="s", started="now", cases=[slow],
                                             environment=FIXTURE_ENV))  # fmt: skip
    assert "p50 − loop" not in text


def test_a_narrow_console_drops_columns_whether_or_not_the_net_median_is_shown():
    for loop in (1.5, 40e3):  # without the net-median column, then with it
        rows = [record("c/openssl", median=1e6, loop_overhead_ns=loop)]
        out = io.StringIO()
        console = Console(file=out, width=40, color_system=None)
        console.print(terminal.fitted_table(rows, console))
        assert "p50" in out.getvalue() and "p995" not in out.getvalue()
