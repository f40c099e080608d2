"""The HTML report in a real headless Chromium (Debian's package, driven by Playwright):
it loads offline with no console error, every plot renders, and the tables hold one row
per case (or per known-answer check) of the results file."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from big_run import seeds_shaped
from conftest import hashbench, skip_in_fast_tier, skip_without_runner

from hashbench.report.export import html
from hashbench.results.files import load

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SI_TIME = re.compile(r"^\d+(\.\d+)? (ps|ns|µs|ms|s)$")  # a time axis' tick: "2 µs", "40 ms"
ALL_PLOTTED = (
    "Number(document.body.dataset.plotted) === document.querySelectorAll('div.plot').length"
)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    skip_in_fast_tier("browser")
    if not Path(CHROMIUM).exists():
        pytest.skip(
            "chromium not found: `make setup` installs Debian's chromium package "
            "(scripts/system-packages.txt), or `apt-get install chromium`"
        )
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True
        )
        yield context
        context.close()


def open_report(browser, html_file: Path):
    """The page with every plot drawn, and what it logged and fetched on the way."""
    page = browser.new_page()
    errors: list[str] = []
    fetched: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(html_file.as_uri())
    page.wait_for_load_state("load")
    page.wait_for_function(ALL_PLOTTED, timeout=120_000)
    return page, errors, fetched


def assert_every_plot_rendered(page) -> int:
    plots = page.locator("div.plot")
    for i in range(plots.count()):
        svg = plots.nth(i).locator("svg.main-svg").first
        box = svg.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 100, i
        assert plots.nth(i).locator("g.trace, g.hm").count() >= 1, i
    return plots.count()


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> tuple[Path, Path]:
    """A real run of the C runner with a size sweep, exported to HTML."""
    skip_without_runner("c")
    folder = tmp_path_factory.mktemp("html")
    results, page = folder / "run.json", folder / "run.html"
    proc = hashbench(
        "run", "--alg", "sha256,md5", "--size", "16,256,4096", "--runner", "c",
        "--budget", "0.05", "--out", str(results), "--export-html", str(page),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return results, page


def test_the_report_loads_offline_and_every_plot_renders(browser, report):
    results, html_file = report
    page, errors, fetched = open_report(browser, html_file)
    groups = {c.group for c in load(results).cases if c.valid}
    assert assert_every_plot_rendered(page) == len(groups) + 2  # and a sweep per algorithm
    assert page.locator("#cases tbody tr").count() == len(load(results).cases)
    for plot in page.locator("div.plot[id^=group]").all():  # times: each tick with its unit
        ticks = plot.locator("g.xtick text").all_text_contents()
        assert len(ticks) >= 2 and all(SI_TIME.match(t) for t in ticks), ticks
        assert plot.locator("g.g-xtitle").text_content() == "time per op"
    for plot in page.locator("div.plot[id^=sweep]").all():  # digests: MB/s over bytes
        assert plot.locator("g.g-xtitle").text_content() == "input size (bytes)"
        assert plot.locator("g.g-ytitle").text_content() == "throughput (MB/s)"
    page.screenshot(path=str(html_file.with_suffix(".png")), full_page=True)
    assert errors == []
    assert fetched == [html_file.as_uri()]  # nothing but the file itself: works offline


def test_a_fidelity_file_shows_its_interop_matrices_as_grids(browser, tmp_path):
    skip_without_runner("c")
    results, html_file = tmp_path / "fidelity.json", tmp_path / "fidelity.html"
    proc = hashbench("fidelity", "--runner", "c", "--out", str(results), "--no-store")
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr  # 1: a finding, still a file
    shown = hashbench("show", str(results), "--format", "html", "-o", str(html_file))
    assert shown.returncode == 0, shown.stderr
    data = json.loads(results.read_text())
    page, errors, fetched = open_report(browser, html_file)
    matrices = [m for m in data["interop"] if m["cells"]]
    assert matrices and assert_every_plot_rendered(page) == len(matrices)
    for i, matrix in enumerate(data["interop"]):
        if matrix["cells"]:  # one labelled row per producer
            rows = page.locator(f"#interop-{i} g.ytick text").all_text_contents()
            assert sorted(rows) == sorted(matrix["cells"]), matrix["algorithm"]
    assert page.locator("#kat tbody tr").count() == len(data["kat"])
    assert errors == [] and fetched == [html_file.as_uri()]


@pytest.mark.slow
def test_a_seeds_sized_report_renders_every_plot_and_case(browser, tmp_path):
    """A report the size of a full `seeds` run (tests/big_run.py): eighty plots drawn one
    after the other, and a table of eight thousand rows."""
    run = seeds_shaped()
    html_file = tmp_path / "seeds.html"
    html_file.write_text(html.render(run))
    page, errors, _ = open_report(browser, html_file)
    groups = {c.group for c in run.cases if c.valid}
    assert assert_every_plot_rendered(page) > len(groups)  # and the sweeps
    assert page.locator("#cases tbody tr").count() == len(run.cases)
    assert errors == []


def test_text_from_the_file_cannot_end_the_script(tmp_path):
    """An implementation named like a closing tag stays inside the figures' JSON."""
    run = load(Path(__file__).parent / "fixtures" / "results-v1.json")
    run.cases[0].impl = "</script><script>alert(1)</script>"
    text = html.render(run)
    assert "</script><script>alert(1)" not in text


def test_a_case_history_page_plots_the_medians_and_marks_the_change(browser, tmp_path):
    from test_store import a_run

    from hashbench.store import open_store

    location = str(tmp_path / "h.sqlite")
    store = open_store(location)
    for tag, median in ((1, 100.0), (2, 101.0), (3, 150.0)):
        store.record_run(a_run(tag, median))
    store.close()
    page_file = tmp_path / "history.html"
    proc = hashbench("history", "x/lib:*", "--store", location, "--format", "html",
                     "-o", str(page_file), timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri())
    page.wait_for_function(ALL_PLOTTED, timeout=120_000)
    plot = page.locator("#history")
    assert plot.locator("g.trace").count() == 2  # the medians, and the change points
    assert plot.locator("g.trace").nth(1).locator("path.point").count() == 1
    ticks = plot.locator("g.ytick text").all_text_contents()  # 100 ns to 150 ns, from 0
    assert "0 s" in ticks and all(SI_TIME.match(t) for t in ticks), ticks
    assert plot.locator("g.g-ytitle").text_content() == "median time per op"
    assert page.locator("tbody tr").count() == 3 and "library 1.2 → 1.3" in page.content()
    assert page.locator("tbody td.n").all_inner_texts() == ["100.00 ns", "101.00 ns", "150.00 ns"]
    assert errors == []
