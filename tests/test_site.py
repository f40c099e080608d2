"""`hashbench site` from real data: a bcrypt run at cost 4 of two Python libraries and
libxcrypt, a fidelity run of them and a strength run, all made here by the real runners (a
few seconds), kept in a history store of the test's own as two machines (the same run
under another host's fingerprint) and three runs on the first, the last with libxcrypt
three times slower (a change point), and a newer fidelity run of the C runner alone (the
page must still show the Python libraries' results). The site is then opened in headless
Chromium (the Debian package, as tests/test_html_report.py drives it): every page loads
without a console error and draws its plots, every internal link resolves to a file of the
site, a page works with the network off, and the chart library is one shared file."""

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
    SI_TIME,
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
C_ONLY = "^c/libxcrypt$"
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
    fidelity run of all three, then a newer one of libxcrypt alone."""
    skip_without_runner("python")
    skip_without_runner("c")
    folder = tmp_path_factory.mktemp("site-data")
    names = ("run", "fidelity", "c-fidelity", "strength")
    out = {name: folder / f"{name}.json" for name in names}
    done = hashbench("run", "--alg", "bcrypt", "--params", "cost=4", "--op", "hash",
                     "--impl", IMPLS, "--budget", "0.05", "--no-store", "--out",
                     str(out["run"]))  # fmt: skip
    assert done.returncode == 0, done.stderr
    done = hashbench("fidelity", "--runner", "python", "--runner", "c", "--filter-regex", FIDELITY,
                     "--no-store", "--out", str(out["fidelity"]))  # fmt: skip
    assert out["fidelity"].exists(), done.stderr
    done = hashbench("fidelity", "--runner", "c", "--filter-regex", C_ONLY, "--no-store",
                     "--out", str(out["c-fidelity"]))  # fmt: skip
    assert out["c-fidelity"].exists(), done.stderr
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
    store.record_fidelity(load_fidelity(out["c-fidelity"]))  # newer, of one runner
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


def _figures(page: Path) -> dict[str, tuple[list[dict], dict]]:
    """A page's figures as it hands them to the drawing script: id → (traces, layout)."""
    found = re.search(r"const figures = (.*?);</script>", page.read_text())
    assert found is not None
    return {div: (data, layout) for div, data, layout in json.loads(found.group(1))}


def test_a_group_page_draws_each_case_as_a_line_through_its_runs(site: Path, made):
    """Three cases, each in 3 runs here and 1 on the other machine: one plot, a line of 4
    points per case on x axis of the 4 runs in the order they started."""
    figures = _figures(_group_page(site))
    assert sorted(figures) == ["history-time", "ranking-0", "ranking-1"]
    traces, layout = figures["history-time"]
    lines, marks = traces[:-1], traces[-1]
    assert sorted(t["name"] for t in lines) == sorted(IMPLS.split(","))
    assert [len(t["y"]) for t in lines] == [4, 4, 4]
    runs = layout["xaxis"]["categoryarray"]
    assert [r.split(" · ")[0] for r in runs] == ["run 1", "run 4", "run 2", "run 3"]
    assert all(set(t["x"]) == set(runs) for t in lines)
    assert len(marks["y"]) == 1 and marks["text"][0].startswith("c/libxcrypt: ")
    first = load(made["run"])
    for t in lines:  # the medians in seconds, as the run measured them
        case = next(c for c in first.cases if c.impl == t["name"])
        assert t["y"][0] == pytest.approx(case.measured.median / 1e9)
    assert (
        layout["yaxis"]["type"] == "log"
        and layout["yaxis"]["title"]["text"] == "median time per op"
    )
    assert all(SI_TIME.match(t) for t in layout["yaxis"]["ticktext"])


def test_the_index_opens_with_a_summary(site: Path):
    main = (site / "index.html").read_text().split("<main>", 1)[1]
    assert main.lstrip().startswith('<h1>hashbench results</h1>\n<ul id="summary">')
    summary = main.split('<ul id="summary">', 1)[1].split("</ul>", 1)[0]
    assert "4 runs on 2 machines" in summary and "3 implementations" in summary
    assert "Fidelity: 3 implementations checked, in 2 fidelity runs" in summary
    groups = main.split('<table id="groups">', 1)[1].split("</table>", 1)[0]
    assert "bcrypt cost=4 hash" in groups and "×</td>" in groups


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


def test_a_group_page_plots_rankings_and_one_history_with_the_change_point(browser, site):  # noqa: F811
    page, errors, _ = _open(browser, _group_page(site))
    assert assert_every_plot_rendered(page) == 2 + 1  # a ranking per machine, one history
    history = page.locator("#history-time")
    lines = history.locator("g.trace.scatter")
    assert lines.count() == 3 + 1  # a line per case, and the change points
    assert [lines.nth(i).locator("path.point").count() for i in range(4)] == [4, 4, 4, 1]
    assert page.locator("ul.changes li").count() == 1
    assert "c/libxcrypt, run 3: +" in page.locator("ul.changes").inner_text()
    assert errors == []
    page.close()


def test_every_time_axis_tick_carries_its_unit(browser, site):  # noqa: F811
    """The rankings' x axes and the history's y axis: each tick plotly drew reads like
    "2 µs" or "40 ms" (its own log-axis labels dropped the unit between decades)."""
    page, errors, _ = _open(browser, _group_page(site))
    for axis in (*(f"#ranking-{n} g.xtick text" for n in range(2)), "#history-time g.ytick text"):
        ticks = page.locator(axis).all_text_contents()
        assert len(ticks) >= 2, axis
        assert all(SI_TIME.match(t) for t in ticks), (axis, ticks)
    titles = page.locator("g.g-xtitle, g.g-ytitle").all_text_contents()
    assert titles.count("time per op") == 2 and "median time per op" in titles
    assert errors == []
    page.close()


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])  # fmt: skip


def test_plot_titles_are_clear_of_the_toolbar(browser, site):  # noqa: F811
    for page_file in (_group_page(site), site / "fidelity.html"):
        page, errors, _ = _open(browser, page_file)
        titled = page.locator("div.plot:has(text.gtitle)")
        assert titled.count() >= 1
        for i in range(titled.count()):
            plot = titled.nth(i)
            plot.hover()  # the toolbar shows on hover
            toolbar = plot.locator(".modebar").bounding_box()
            title = plot.locator("text.gtitle").bounding_box()
            assert toolbar and title and title["width"] > 50
            assert not _overlap(title, toolbar), (page_file.name, i, title, toolbar)
        assert errors == []
        page.close()


def test_the_fidelity_page_joins_the_newest_result_of_each_implementation(made):
    """A newer run of the C runner alone: libxcrypt's results from it, the Python
    libraries' from the older run of all three; a grid's cell from the newest run that
    checked that pair."""
    both, c_only = load_fidelity(made["fidelity"]), load_fidelity(made["c-fidelity"])
    joined = gather(str(made["store"]), [], 0.05).fidelity
    assert joined is not None
    assert [impls for _, impls in joined.sources] == [
        ["c/libxcrypt"],
        ["python/bcrypt", "python/libpass"],
    ]
    assert "fidelity run 6 (" in joined.sources[0][0] and "fidelity run 5 (" in joined.sources[1][0]
    expected = [o for o in c_only.kat] + [o for o in both.kat if o.impl.startswith("python/")]
    assert sorted(joined.kat, key=repr) == sorted(expected, key=repr) and expected
    (bcrypt,) = [m for m in joined.interop if m.algorithm == "bcrypt"]
    (older,) = [m for m in both.interop if m.algorithm == "bcrypt"]
    (newer,) = [m for m in c_only.interop if m.algorithm == "bcrypt"]
    assert bcrypt.cells["c/libxcrypt"]["c/libxcrypt"] == newer.cells["c/libxcrypt"]["c/libxcrypt"]
    assert bcrypt.cells["python/bcrypt"] == older.cells["python/bcrypt"]  # with its c cells
    assert set(bcrypt.cells) == set(older.cells)

    def of(lines: list[str], impls: set[str]) -> list[str]:  # the lines naming only these
        return [d for d in lines if set(d.rsplit(" — ", 1)[1].split(", ")) <= impls]

    python = of(both.divergences, {"python/bcrypt", "python/libpass"})
    c = of(c_only.divergences, {"c/libxcrypt"})
    assert python and c and set(python + c) <= set(joined.divergences)


def test_the_fidelity_page_draws_each_joined_matrix(browser, site, made):  # noqa: F811
    joined = gather(str(made["store"]), [], 0.05).fidelity
    assert joined is not None
    page, errors, _ = _open(browser, site / "fidelity.html")
    matrices = [m for m in joined.interop if m.cells]
    assert matrices and assert_every_plot_rendered(page) == len(matrices)
    assert page.locator("#kat tbody tr").count() == len(joined.kat)
    sources = page.locator("#fidelity-sources tbody tr").all_inner_texts()
    assert len(sources) == 2 and "c: libxcrypt" in sources[0]
    assert "python: bcrypt, libpass" in sources[1]
    assert errors == []
    page.close()


def test_a_library_page_shows_its_card_on_each_machine(browser, site):  # noqa: F811
    page, errors, _ = _open(browser, site / "libraries" / "python-bcrypt.html")
    headings = page.locator("h2").all_inner_texts()
    assert sum(h.startswith("Card on ") for h in headings) == 2
    cards = page.locator("section.card")
    assert cards.count() == 2 and page.locator("section.card li").count() == 0
    first = cards.first
    assert first.locator("p.head").inner_text().startswith("python/bcrypt — ")
    sections = first.locator("dt").all_inner_texts()  # as `hashbench card` prints them
    assert sections[0] == "from" and "speed at each algorithm's reference case" in sections
    assert any(s.startswith("divergences, worst first") for s in sections)
    box = first.bounding_box()
    assert box is not None and box["height"] > 100
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
        assert assert_every_plot_rendered(page) == 3 and errors == []
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
