"""The HTML report in a real headless Chromium (Debian's package, driven by Playwright):
it loads offline with no console error, every plot renders, and the table of cases holds
one row per case of the results file."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import runner_unavailable

from hashbench import paths
from hashbench.results.files import load
from hashbench.runner.manifest import load_all

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


def hashbench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hashbench", *args],
        cwd=paths.root(),
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium not found: `make setup` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True
        )
        yield context
        context.close()


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> tuple[Path, Path]:
    """A real run of the C runner with a size sweep, exported to HTML."""
    manifests = {m.name: m for m in load_all()}
    if "c" not in manifests or runner_unavailable(manifests["c"]):
        pytest.skip("needs the c runner")
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
    page = browser.new_page()
    errors: list[str] = []
    fetched: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(html_file.as_uri())
    page.wait_for_load_state("load")
    plots = page.locator("div.plot")
    assert plots.count() >= 2 + 1  # two algorithms × three sizes: 6 groups, and sweeps
    for i in range(plots.count()):
        svg = plots.nth(i).locator("svg.main-svg").first
        box = svg.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 100, i
        assert plots.nth(i).locator("g.trace").count() >= 1, i
    rows = page.locator("#cases tbody tr")
    assert rows.count() == len(load(results).cases)
    page.screenshot(path=str(html_file.with_suffix(".png")), full_page=False)
    assert errors == []
    assert fetched == [html_file.as_uri()]  # nothing but the file itself: works offline
    assert fetched == [html_file.as_uri()]  # nothing but the file itself: works offline


def test_a_case_history_page_plots_the_medians_and_marks_the_change(browser, tmp_path):
    from test_store import a_run

    from hashbench.store import open_store

    location = str(tmp_path / "h.sqlite")
    store = open_store(location)
    for tag, median in ((1, 100.0), (2, 101.0), (3, 150.0)):
        store.record_run(a_run(tag, median))
    store.close()
    page_file = tmp_path / "history.html"
    proc = subprocess.run(
        [sys.executable, "-m", "hashbench", "history", "x/lib:*", "--store", location,
         "--html", str(page_file)],
        cwd=paths.root(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri())
    plot = page.locator("#history")
    assert plot.locator("g.trace").count() == 2  # the medians, and the change points
    assert plot.locator("g.trace").nth(1).locator("path.point").count() == 1
    assert page.locator("tbody tr").count() == 3 and "library 1.2 → 1.3" in page.content()
    assert errors == []
