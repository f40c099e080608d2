"""`hashbench site` from real data: a bcrypt run at cost 4 of two Python libraries and
libxcrypt, a fidelity run of them and a strength run, all made here by the real runners (a
few seconds), kept in a history store of the test's own as two machines (the same run
under another host's fingerprint) and three runs on the first, the last with libxcrypt
three times slower (a change point). The site is then opened in headless Chromium (the
Debian package, as tests/test_html_report.py drives it): every page loads without a
console error and draws its plots, every internal link resolves to a file of the site,
a page works with the network off, and the chart library is one shared file."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import msgspec
import pytest
from conftest import hashbench, skip_without_runner
from test_html_report import (  # noqa: F401  (browser: a fixture)
    ALL_PLOTTED,
    assert_every_plot_rendered,
    browser,
)

from hashbench.errors import UsageError
from hashbench.model import RunFile
from hashbench.report.site.build import files
from hashbench.results.files import load, load_fidelity
from hashbench.site.gather import gather
from hashbench.store import open_store

pytestmark = pytest.mark.timeout(600)
IMPLS = "python/bcrypt,python/libpass,c/libxcrypt"
FIDELITY = "^(python/(bcrypt|libpass)|c/libxcrypt)$"
OTHER_HOST = "site-test-other-machine"


def _slower(run: RunFile, impl: str, started: str) -> RunFile:
    """The run again, later, with `impl` three times slower than the top of its interval
    (a change point whatever the noise of the real run)."""
    cases = []
    for c in run.cases:
        if c.impl == impl and c.stats is not None:
            s = c.stats
            top = s.median_ci[1]
            factor = 3 * top / s.median
            stats = msgspec.structs.replace(
                s, median=3 * top, mean=s.mean * factor, min=s.min * factor,
                max=s.max * factor, p75=s.p75 * factor, p99=s.p99 * factor,
                p995=s.p995 * factor, std=s.std * factor, ops_per_s=s.ops_per_s / factor,
                mean_ci=(s.mean_ci[0] * factor, s.mean_ci[1] * factor),
                median_ci=(2.9 * top, 3.1 * top),
            )  # fmt: skip
            samples = [round(x * factor) for x in c.samples_ns]
            c = msgspec.structs.replace(c, stats=stats, samples_ns=samples)
        cases.append(c)
    return msgspec.structs.replace(run, cases=cases, started=started)


PLANTED = "2099-01-01T00:00:00+00:00"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The results files and a store holding them: on this machine the real run, the
    same again later and a planted third; the real run again on another machine; the
    fidelity run."""
    skip_without_runner("python")
    skip_without_runner("c")
    folder = tmp_path_factory.mktemp("site-data")
    out = {name: folder / f"{name}.json" for name in ("run", "fidelity", "strength")}
    done = hashbench("run", "--alg", "bcrypt", "--params", "cost=4", "--op", "hash",
                     "--impl", IMPLS, "--budget", "0.05", "--no-store", "--out",
                     str(out["run"]))  # fmt: skip
    assert done.returncode == 0, done.stderr
    done = hashbench("fidelity", "--runner", "python", "--runner", "c", "--filter-regex", FIDELITY,
                     "--no-store", "--out", str(out["fidelity"]))  # fmt: skip
    assert out["fidelity"].exists(), done.stderr
    done = hashbench("strength", "--times", "6ms", "--alg", "bcrypt", "--impl", "c/libxcrypt",
                     "--bcrypt-cost", "none", "--no-references", "--fidelity", "none",
                     "--samples", "3", "--out", str(out["strength"]))  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    store_path = folder / "history.sqlite"
    store = open_store(str(store_path))
    first = load(out["run"])
    store.record_run(first)
    store.record_run(msgspec.structs.replace(first, started="2098-01-01T00:00:00+00:00"))
    store.record_run(_slower(first, "c/libxcrypt", PLANTED))
    env = msgspec.structs.replace(first.environment, host=OTHER_HOST, cpu="Other CPU")
    store.record_run(msgspec.structs.replace(first, environment=env))
    store.record_fidelity(load_fidelity(out["fidelity"]))
    store.close()
    return {**out, "store": store_path}


@pytest.fixture(scope="module")
def site(made: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "public"
    done = hashbench("site", "-o", str(folder), "--store", str(made["store"]),
                     "--strength", str(made["strength"]))  # fmt: skip
    assert done.returncode == 0, done.stderr
    return folder


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _links(page: Path) -> list[str]:
    """Every href and src of a page (the site writes every attribute in double quotes)."""
    return [html.unescape(v) for v in re.findall(r'\s(?:href|src)="([^"]*)"', page.read_text())]


def _group_page(site: Path) -> Path:
    (page,) = list((site / "groups").glob("bcrypt-hash-oneshot-cost-4*.html"))
    return page


# -- without a browser ------------------------------------------------------------------
def test_every_internal_link_resolves_to_a_file_of_the_site(site: Path):
    checked = 0
    for page in _pages(site):
        for link in _links(page):
            url = urlparse(link)
            assert not url.scheme and not url.netloc, f"{page}: {link} leaves the site"
            assert not link.startswith("/"), f"{page}: {link} is not relative"
            target = (page.parent / unquote(url.path)).resolve()
            assert target.is_file(), f"{page.relative_to(site)}: {link} → nothing"
            assert site.resolve() in target.parents
            checked += 1
    assert checked > 3 * len(_pages(site))  # the navigation bar of every page, and more


def test_shared_assets_once_and_pages_small(site: Path):
    plotly = [p.relative_to(site).as_posix() for p in site.rglob("*") if "plotly" in p.name]
    assert plotly == ["assets/plotly.min.js"]
    assert (site / "assets/plotly.min.js").stat().st_size > 1_000_000  # the library itself
    for page in _pages(site):
        size = page.stat().st_size
        assert size < 200_000, f"{page.relative_to(site)}: {size} bytes"
        text = page.read_text()
        assert "<style>" not in text and "Plotly.newPlot" not in text  # shared files
    with_plots = [p for p in _pages(site) if 'class="plot"' in p.read_text()]
    assert _group_page(site) in with_plots and site / "fidelity.html" in with_plots
    for page in with_plots:
        assert sum("plotly.min.js" in link for link in _links(page)) == 1
    without = set(_pages(site)) - set(with_plots)
    assert site / "index.html" in without
    assert all("plotly.min.js" not in page.read_text() for page in without)  # loads nothing


def test_the_index_lists_both_machines_the_runs_and_the_groups(site: Path, made):
    text = (site / "index.html").read_text()
    assert "Other CPU #" in text and text.count("<tr><td>") >= 2
    machines = open_store(str(made["store"])).machines()
    assert len({m.fingerprint for m in machines}) == 2
    assert all(m.fingerprint in text for m in machines)
    assert "bcrypt cost=4 hash" in text
    assert "No `seeds` run in the history store" in text and "hashbench run seeds" in text


def test_a_group_page_ranks_each_machine_s_newest_records(site: Path, made):
    text = _group_page(site).read_text()
    assert text.count("<h2>Newest on ") == 2
    here, other = text.split('<table class="ranking">')[1:3]
    planted = _slower(load(made["run"]), "c/libxcrypt", PLANTED)
    for table, run in ((here, planted), (other, load(made["run"]))):
        valid = sorted((c for c in run.cases if c.valid), key=lambda c: c.measured.median)
        rows = table.split("</tbody>")[0].split("<tr>")[2:]
        assert len(rows) == len(valid)
        for row, case in zip(rows, valid, strict=True):  # fastest first
            assert f">{case.impl}</a>" in row
    assert "run 3 (adhoc" in here and "run 4 (adhoc" in other  # each machine's newest


def test_pages_say_which_command_fills_what_is_missing(tmp_path: Path):
    """An empty store: each page without data names the command that fills it."""
    data = gather(str(tmp_path / "empty.sqlite"), [], 0.05)
    pages = files(data, 0.05)
    assert "hashbench run" in pages["index.html"]
    assert "hashbench fidelity" in pages["fidelity.html"]
    assert "hashbench strength" in pages["strength.html"]
    assert "hashbench run seeds" in pages["seeds.html"]
    card = pages["libraries/python-bcrypt.html"]
    assert "hashbench fidelity --runner python" in card and "no machine yet" in card


def test_a_rebuild_removes_what_is_gone_and_a_foreign_folder_is_refused(made, tmp_path: Path):
    folder = tmp_path / "public"
    args = ["site", "-o", str(folder), "--store", str(made["store"]), "--strength",
            str(made["strength"])]  # fmt: skip
    assert hashbench(*args).returncode == 0
    stale = folder / "groups" / "gone.html"
    marker = folder / ".hashbench-site"
    marker.write_text(json.dumps([*json.loads(marker.read_text()), "groups/gone.html"]))
    stale.write_text("old")
    assert hashbench(*args).returncode == 0 and not stale.exists()
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep")
    done = hashbench("site", "-o", str(foreign), "--store", str(made["store"]))
    assert done.returncode == 2 and "not a hashbench site" in done.stderr
    assert (foreign / "notes.txt").read_text() == "keep"
    with pytest.raises(UsageError):
        gather(str(made["store"]), [made["run"]], 0.05)  # a run file is no strength file


# -- in Chromium --------------------------------------------------------------------------
class _Watched:
    """A browser tab that keeps what each page logged as an error and fetched."""

    def __init__(self, browser) -> None:  # noqa: F811
        self.page = browser.new_page()
        self.errors: list[str] = []
        self.fetched: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.fetched.append(r.url))

    def open(self, page_file: Path):
        self.errors.clear()
        self.fetched.clear()
        self.page.goto(page_file.as_uri())
        self.page.wait_for_load_state("load")
        self.page.wait_for_function(ALL_PLOTTED, timeout=120_000)
        return self.page


def _open(browser, page_file: Path):  # noqa: F811
    tab = _Watched(browser)
    return tab.open(page_file), tab.errors, tab.fetched


def test_every_page_loads_without_errors_and_fetches_only_the_site(browser, site):  # noqa: F811
    tab = _Watched(browser)
    for page_file in _pages(site):
        assert_every_plot_rendered(tab.open(page_file))
        assert tab.errors == [], page_file.relative_to(site)
        assert tab.fetched and tab.fetched[0] == page_file.as_uri()
        for url in tab.fetched:
            assert url.startswith("file://"), url
            assert Path(unquote(urlparse(url).path)).is_file(), url
    tab.page.close()


def test_a_group_page_plots_rankings_and_histories_with_the_change_point(browser, site):  # noqa: F811
    page, errors, _ = _open(browser, _group_page(site))
    assert assert_every_plot_rendered(page) == 2 + 3  # a ranking per machine, a history per case
    histories = page.locator("div.plot[id^=history]")
    marked = [
        histories.nth(i).locator("g.trace").nth(1).locator("path.point").count()
        for i in range(histories.count())
    ]
    assert sorted(marked) == [0, 0, 1]  # libxcrypt's planted slowdown, one diamond
    assert page.locator("ul.changes li").count() == 1
    assert "run 3: +" in page.locator("ul.changes").inner_text()
    assert errors == []
    page.close()


def test_the_fidelity_page_draws_each_interop_matrix(browser, site, made):  # noqa: F811
    data = json.loads(made["fidelity"].read_text())
    page, errors, _ = _open(browser, site / "fidelity.html")
    matrices = [m for m in data["interop"] if m["cells"]]
    assert matrices and assert_every_plot_rendered(page) == len(matrices)
    assert page.locator("#kat tbody tr").count() == len(data["kat"])
    assert errors == []
    page.close()


def test_a_library_page_shows_its_card_on_each_machine(browser, site):  # noqa: F811
    page, errors, _ = _open(browser, site / "libraries" / "python-bcrypt.html")
    headings = page.locator("h2").all_inner_texts()
    assert sum(h.startswith("Card on ") for h in headings) == 2
    assert "refuses a password of 73" in page.content()  # from the fidelity run
    page.locator("a", has_text="bcrypt cost=4 hash").click()
    page.wait_for_load_state("load")
    assert page.url == _group_page(site).as_uri()
    assert errors == []
    page.close()


def test_a_page_works_offline(browser, site):  # noqa: F811
    browser.set_offline(True)
    try:
        page, errors, fetched = _open(browser, _group_page(site))
        assert assert_every_plot_rendered(page) == 5 and errors == []
        assert {urlparse(u).scheme for u in fetched} == {"file"}
        page.close()
    finally:
        browser.set_offline(False)


def test_the_strength_page_shows_the_tables(browser, site):  # noqa: F811
    page, errors, _ = _open(browser, site / "strength.html")
    assert page.locator("table").count() >= 1
    assert "At 6.00 ms per hash here" in page.content()
    assert errors == []
    page.close()
