"""`hashbench breach`: the grid's arithmetic against strength's own rates, the century cap,
the policies' spaces, the attacker classes, the formats, bad input, and the estimator's
password never in the output (no runner starts: breach measures nothing)."""

from __future__ import annotations

import csv
import io
import json
import math
import subprocess

import pytest
from conftest import hashbench

from hashbench import catalog
from hashbench.cli import main
from hashbench.errors import UsageError
from hashbench.model.breach import AttackerClass
from hashbench.strength import attacker_classes, breach, costing, grid, policies, sources

CENTURY = 100 * 365.25 * 86400


def _priced(alg: str, **params: int) -> breach.Priced:
    return breach.Priced(alg, catalog.validate(alg, params))


def _file(alg: str = "bcrypt", **params: int):
    sets = [_priced(alg, **(params or {"cost": 10}))]
    return breach.breach(sets, policies.standard(), attacker_classes.Counts(), "test")


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return hashbench("breach", *args, input=stdin, timeout=60)


# -- the policies ---------------------------------------------------------------------


def test_policy_spaces():
    p = policies.random_password(8, "lower")
    assert p.candidates == 26**8 and p.expected == 26**8 / 2
    assert p.bits == pytest.approx(8 * math.log2(26))
    assert policies.random_password(12, "+symbols").candidates == 95.0**12
    assert policies.passphrase(5).candidates == 7776.0**5
    assert policies.given(2**40).candidates == 2**40
    assert policies.estimated(1e9, "zxcvbn").expected == 1e9  # already the expected count
    rows = policies.standard()
    assert len(rows) == 5 * 9 + 5  # five sets × lengths 8–16, passphrases of 3–7 words


@pytest.mark.parametrize(("text", "value"), [("1e12", 1e12), ("2^40", 2.0**40), ("1_000_000", 1e6)])
def test_guess_counts_parse(text, value):
    assert policies.parse_count(text) == value


@pytest.mark.parametrize("text", ["", "many", "0", "-5", "nan", "1e999"])
def test_bad_guess_counts_are_refused(text):
    with pytest.raises(UsageError):
        policies.parse_count(text)


# -- one model: the grid's rates are strength's ----------------------------------------


@pytest.mark.parametrize(
    ("alg", "params"),
    [
        ("bcrypt", {"cost": 10}),
        ("argon2id", {"m": 65536, "t": 3, "p": 1}),
        ("scrypt", {"n": 65536, "r": 8, "p": 1}),
        ("pbkdf2-sha256", {"iterations": 600_000}),
    ],
)
def test_the_gpu_classes_use_strengths_guesses_per_second(alg, params):
    full = catalog.validate(alg, params)
    attack = costing.estimate(alg, full)
    by_id = {a.id: a for a in attacker_classes.classes(alg, full, attacker_classes.Counts())}
    for cls in ("gpu", "rig", "rented"):
        assert by_id[cls].rate_per_s == attack.rate_per_s
    assert by_id["rig"].count == 12 and by_id["rented"].count == 100


def test_the_bcrypt_10_grid_by_hand():
    file = _file("bcrypt", cost=10)
    (g,) = file.grids
    ids = {a.id for a in g.attackers if a.rate_per_s is not None}
    assert {"gpu", "rig", "rented", "fpga"} <= ids  # at least four classes with a figure
    cells = {(c.policy, c.attacker): c for c in g.cells}
    # 8 random lower: 26^8 candidates at 184,000 × 2^-5 = 5,750 guesses/s on one 4090
    one = cells[("random-8-lower", "gpu")]
    assert one.seconds_all == pytest.approx(26**8 / 5750)
    assert one.seconds_expected == pytest.approx(26**8 / 2 / 5750)
    # owned: 450 W for that long, at $0.15/kWh
    assert one.joules_all == pytest.approx(450 * 26**8 / 5750)
    assert one.usd_all == pytest.approx(450 / 1000 * 0.15 * 26**8 / 5750 / 3600)
    # a rig of 12: a twelfth of the time, the same energy and dollars
    rig = cells[("random-8-lower", "rig")]
    assert rig.seconds_all == pytest.approx(one.seconds_all / 12)
    assert rig.joules_all == pytest.approx(one.joules_all)
    # rented: strength's dollars per guess (the cheapest listing, $0.15/h) times the space
    rented = cells[("random-8-lower", "rented")]
    usd_each = costing.estimate("bcrypt", catalog.validate("bcrypt", {"cost": 10})).usd_per_guess
    assert rented.usd_all == pytest.approx(26**8 * usd_each)
    assert rented.seconds_all == pytest.approx(26**8 / (100 * 5750))
    # the FPGA: 2.1 MH/s at cost 5, 585 W
    fpga = cells[("random-8-lower", "fpga")]
    assert fpga.seconds_all == pytest.approx(26**8 / (2_100_000 / 32))
    assert fpga.joules_all == pytest.approx(585 * 26**8 / (2_100_000 / 32))


def test_a_cell_beyond_a_century_says_so():
    file = _file("bcrypt", cost=12)
    cells = {(c.policy, c.attacker): c for c in file.grids[0].cells}
    far = cells[("random-16-+symbols", "gpu")]
    assert far.beyond_century and far.seconds_expected > CENTURY
    near = cells[("random-8-digits", "gpu")]
    assert not near.beyond_century
    from hashbench.report import breach_rows

    assert breach_rows.seconds(far.seconds_expected, far.beyond_century) == "> a century"
    text = "".join(row[2] for row in breach_rows.time_table(file.grids[0]).rows)
    assert "> a century" in text and "e+" not in text  # no 30-digit number in a time cell


def test_a_class_without_a_figure_has_no_cells_figures():
    argon = AttackerClass(id="x", short="x", label="x", device="x", device_name="x", count=1,
                          rate_per_s=None, pays="electricity")  # fmt: skip
    c = grid.cell(policies.passphrase(4), argon)
    assert c.seconds_all is None and c.usd_all is None and not c.beyond_century
    # bcrypt has no published CPU figure; argon2id has no FPGA one
    file = _file("argon2id", m=65536, t=3, p=1)
    by_id = {a.id: a for a in file.grids[0].attackers}
    assert by_id["fpga"].rate_per_s is None and by_id["cpu"].rate_per_s == 96


def test_every_argon2_rate_carries_its_memory():
    data = sources.attackers()
    for rate in data.rates:
        if rate.alg.startswith("argon2"):
            assert rate.measured_memory_mib == rate.params["m"] / 1024
    text = " ".join(breach.assumptions())
    assert "128 MiB per lane" in text


def test_a_published_rig_is_set_beside_n_times_one_gpu():
    full = catalog.validate("bcrypt", {"cost": 10})
    rig = next(a for a in attacker_classes.classes("bcrypt", full, attacker_classes.Counts())
               if a.id == "rig")  # fmt: skip
    (note,) = [n for n in rig.notes if "published 14" in n]
    assert f"{3_180_000 / (14 * 184_000):.2f}×" in note


# -- the command ----------------------------------------------------------------------


def test_json_holds_every_cell_with_its_inputs():
    done = _run("--alg", "bcrypt", "--params", "cost=10", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["schema"] == "hashbench-breach"
    (g,) = data["grids"]
    assert g["alg"] == "bcrypt" and g["params"]["cost"] == 10
    assert len(g["cells"]) == len(g["policies"]) * len(g["attackers"])
    policy = {p["id"]: p for p in g["policies"]}
    attacker = {a["id"]: a for a in g["attackers"]}
    for c in g["cells"]:
        a, p = attacker[c["attacker"]], policy[c["policy"]]
        if a["rate_per_s"] is None:
            assert c["seconds_all"] is None
            continue
        assert c["seconds_all"] == pytest.approx(p["candidates"] / (a["count"] * a["rate_per_s"]))


def test_csv_has_one_line_per_cell():
    done = _run("--alg", "bcrypt", "--params", "cost=10", "--format", "csv", "--lengths", "8")
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    classes = {r["attacker"] for r in rows}
    assert len(rows) == (5 + 5) * len(classes)  # 5 sets at one length + 5 passphrases
    assert {r["attacker"] for r in rows} >= {"gpu", "rig", "rented", "cpu", "fpga"}


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_md_and_html_show_the_grid(fmt):
    done = _run("--alg", "bcrypt", "--params", "cost=10", "--format", fmt)
    assert done.returncode == 0, done.stderr
    assert "> a century" in done.stdout.replace("&gt;", ">")
    assert "7-word passphrase" in done.stdout and "FPGA" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--alg", "nope", "--params", "cost=10"],
        ["--alg", "bcrypt", "--params", "cost=99"],
        ["--alg", "sha256"],
        ["--alg", "bcrypt", "--format", "xml"],
        ["--alg", "bcrypt", "--gpu", "voodoo"],
        ["--alg", "bcrypt", "--lengths", "16-8"],
        ["--alg", "bcrypt", "--charsets", "emoji"],
        ["--alg", "bcrypt", "--rig", "1"],
        ["/nonexistent/strength.json"],
        [],
    ],
)
def test_bad_input_exits_2(args, capsys):
    assert main(["breach", *args]) == 2, args
    assert "error" in capsys.readouterr().err


def test_the_estimators_password_is_never_printed_or_kept(tmp_path):
    pytest.importorskip("zxcvbn")
    secret = "Tr0ub4dour&3-unmistakable"
    for fmt in ("json", "md", "csv", "html"):
        out = tmp_path / f"breach.{fmt}"
        done = _run("--alg", "bcrypt", "--params", "cost=10", "--estimate", "--format", fmt,
                    "-o", str(out), stdin=secret + "\n")  # fmt: skip
        assert done.returncode == 0, done.stderr
        text = out.read_text()
        assert "zxcvbn" in text
        assert secret not in text and secret not in done.stdout + done.stderr
    terminal = _run("--alg", "bcrypt", "--params", "cost=10", "--estimate", stdin=secret + "\n")
    assert terminal.returncode == 0 and secret not in terminal.stdout + terminal.stderr
    assert [p for p in tmp_path.iterdir() if secret in p.read_text()] == []


def test_the_estimate_is_zxcvbns_guess_number():
    zxcvbn = pytest.importorskip("zxcvbn")
    done = _run("--alg", "bcrypt", "--params", "cost=10", "--estimate", "--format", "json",
                stdin="correcthorse\n")  # fmt: skip
    (g,) = json.loads(done.stdout)["grids"]
    (row,) = [p for p in g["policies"] if p["kind"] == "estimate"]
    assert row["expected"] == float(zxcvbn.zxcvbn("correcthorse")["guesses"])


def test_an_empty_password_for_the_estimator_exits_2():
    assert _run("--alg", "bcrypt", "--estimate", stdin="\n").returncode == 2


# -- the site's strength page ---------------------------------------------------------


def _strength_file():
    from hashbench.model.run_file import Environment
    from hashbench.model.strength import Equivalence, ParamSet, StrengthFile

    def row(kind, alg, params, ms):
        full = catalog.validate(alg, params)
        return ParamSet(kind=kind, label="", alg=alg, params=full, impl="c/x", median_ns=ms * 1e6)

    return StrengthFile(
        command="strength",
        started="2026-12-01T10:00:00Z",
        environment=Environment(cpu="Example CPU", cores=2, os="Linux", load_start=[0.1]),
        equivalences=[
            Equivalence(
                bcrypt=row("reference", "bcrypt", {"cost": 10}, 50.0),
                equal_time=[
                    row("equal_time", "argon2id", {"m": 47104, "t": 1, "p": 1}, 49.0),
                    row("equal_time", "pbkdf2-sha256", {"iterations": 450_000}, 49.5),
                ],
            )
        ],
    )


def test_the_strength_page_shows_the_grid_and_a_plot_per_equal_strength_table():
    from hashbench.model.site import SiteData
    from hashbench.report.site import breach_section, documents_pages

    file = _strength_file()
    (tables,) = [breach.equal_strength(file)]
    (grids,) = tables
    assert [g.alg for g in grids] == ["bcrypt", "argon2id", "pbkdf2-sha256"]
    figures: dict = {}
    html = "\n".join(breach_section.section(tables, figures, 0))
    (figure,) = figures.values()
    assert [line["name"] for line in figure["data"]] == [
        "bcrypt cost=10", "argon2id m=47104,t=1,p=1", "pbkdf2-sha256 iterations=450000"
    ]  # fmt: skip
    years = 365.25 * 86400
    for line, g in zip(figure["data"], grids, strict=True):
        want = [c.seconds_expected / years for c in g.cells if c.attacker == "gpu"]
        assert line["y"] == pytest.approx(want)
    assert figure["layout"]["yaxis"]["type"] == "log"
    assert "> a century".replace(">", "&gt;") in html and "4-word passphrase" in html
    page = documents_pages.strength(
        SiteData(made="now", store="x", strength=[(file, "s.json")], breach={"s.json": tables})
    )
    assert "What a breach costs at equal defender time to bcrypt cost=10" in page
    assert 'id="breach-0-0"' in page and "const figures" in page
