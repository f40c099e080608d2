"""`hashbench seeds-report`: the seed files load and point at cases the `seeds` suite
measures; the page, made from a real short run, shows each seed's published rows beside
the records' own figures, its differences and its conclusions checked. Values and
structure only, never timings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import hashbench, skip_without_runner
from factories import record

from hashbench.catalog import libraries, seeds
from hashbench.engine import suite as suites
from hashbench.engine.selection import Selection
from hashbench.errors import UsageError
from hashbench.measure import openssl_speed
from hashbench.model import CaseRecord
from hashbench.report import units
from hashbench.report.seeds import claims
from hashbench.report.seeds.lines import pick
from hashbench.results import openssl_speed_file
from hashbench.results.files import load

SEEDS = seeds.load()


def test_the_four_seeds_load_with_every_published_figure():
    assert [s.data.id for s in SEEDS] == ["haskell", "rust", "crystal", "deno"]
    published = {s.data.id: sum(e.published for e in s.entries) for s in SEEDS}
    # the rows as printed: 8 criterion rows; 10 Rust + 4 PHP; 5 × 6 sizes; 8 + 4 deno rows
    assert published == {"haskell": 8, "rust": 14, "crystal": 30, "deno": 12}
    haskell = SEEDS[0]
    assert haskell.entry("cryptonite 16").time_ns == 7.886e9
    assert haskell.entry("bcrypt 4").interval_ns == (922.2e3, 933.0e3)
    assert haskell.entry("cryptonite 4").label == "cost=4/cryptonite"
    assert haskell.entry("bcrypt 8").case.params == {"cost": 8}  # the point fills it in
    crystal = SEEDS[2]
    assert crystal.entry("blake2b.finish 16").time_ns == pytest.approx(192.64)
    assert crystal.entry("blake2b.reset 1024").time_ns == pytest.approx(1410.0)
    assert crystal.entry("md5.new 64").case.size == 64


def _groups_measuring(case: seeds.Case) -> list[suites.Group]:
    def fits(g: suites.Group) -> bool:
        own = re.compile(g.impl_filter) if g.impl_filter else None
        params = dict(g.params)
        return (
            g.alg == case.alg
            and g.op == case.op
            and (case.mode is None or g.mode == case.mode)
            and (case.size is None or g.input_size == case.size)
            and g.library_defaults == case.defaults
            and all(params.get(k) == v for k, v in case.params.items())
            and (own is None or own.search(case.impl) is not None)
            and Selection().takes(case.impl, g)
        )

    return [g for g in suites.load("seeds").groups if fits(g)]


@pytest.mark.parametrize(
    "entry",
    [e for s in SEEDS for e in s.entries if e.case is not None],
    ids=lambda e: e.key,
)
def test_every_seed_row_is_a_case_the_seeds_suite_measures(entry):
    impls = {row.impl: row for row in libraries.load()}
    assert entry.case.impl in impls, f"{entry.key}: no implementation {entry.case.impl}"
    assert entry.case.alg in impls[entry.case.impl].algorithms
    assert _groups_measuring(entry.case), f"{entry.key}: no group of `seeds` measures it"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('time = ["1 ms"]', 'time = ["1 ms", "2 ms"]'), "time has 2 values for 1 point"),
        (('time = ["1 ms"]', 'time = ["fast"]'), "'fast' is not a duration"),
        (('faster = "a"', 'faster = "z"'), "names no row 'z'"),
        (('key = "b"', 'key = "a"'), "row keys used twice: a"),
        (('set = "s"\n', 'colour = "red"\n'), "Object contains unknown field `colour`"),
    ],
)
def test_a_malformed_seed_file_is_refused_naming_file_and_row(tmp_path, change, message):
    path = tmp_path / "t.toml"
    path.write_text(SEED_FILE.replace(*change, 1))
    with pytest.raises(UsageError, match=re.escape(message)) as err:
        seeds.load_file(path)
    assert str(path) in str(err.value)


SEED_FILE = """
id = "t"
title = "t"
file = "t.txt"
origin = "o"
table = "t"
machine = "m"
statistic = "s"
[[row]]
key = "a"
label = "a"
set = "s"
time = ["1 ms"]
case = { impl = "c/openssl", alg = "sha256", op = "digest", size = 16 }
[[row]]
key = "b"
label = "b"
set = "s"
time = ["2 ms"]
missing = "none here"
[[claim]]
text = "a beats b"
faster = "a"
slower = "b"
"""


def _deno_bcrypt(felix_cost: int, da: float, felix: float, felix_equal: float) -> claims.Verdict:
    """The Deno seed's bcrypt claim against records with chosen medians."""
    seed = SEEDS[3]

    def rec(impl: str, cost: int, median: float, defaults: bool) -> CaseRecord:
        return record(
            impl, median=median, alg="bcrypt", op="hash_verify", params={"cost": cost},
            library_defaults=defaults, ci=(median * 0.99, median * 1.01),
        )  # fmt: skip

    records = [
        rec("deno/da-bcrypt", 10, da, True),
        rec("deno/felix-bcrypt", felix_cost, felix, True),
        rec("deno/da-bcrypt", 10, da, False),
        rec("deno/felix-bcrypt", 10, felix_equal, False),
    ]
    lines = {e.key: pick(e, records) for e in seed.entries}
    return claims.check(seed, seed.data.claim[0], lines)


def test_a_claim_that_reverses_at_equal_work_is_said_not_to_hold():
    verdict = _deno_bcrypt(felix_cost=12, da=100e6, felix=300e6, felix_equal=50e6)
    (check,) = verdict.checks
    assert check.published == pytest.approx(368.8 / 135.9)
    assert check.setup.ratio == pytest.approx(3.0)
    assert check.equal.ratio == pytest.approx(0.5)
    assert "cost=10" in check.unequal and "cost=12" in check.unequal
    assert "4× the work" in check.unequal
    assert verdict.summary() == (
        "**Does not hold**: the order is reversed: @felix/bcrypt is 2.00× faster (at equal work)."
    )


def test_overlapping_intervals_are_too_close_to_call():
    verdict = _deno_bcrypt(felix_cost=12, da=100e6, felix=300e6, felix_equal=100.5e6)
    assert "too close to call" in verdict.summary().lower()


def test_a_row_hashbench_cannot_measure_says_why_in_its_claim(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(SEED_FILE)
    seed = seeds.load_file(path)
    lines = {e.key: pick(e, []) for e in seed.entries}
    verdict = claims.check(seed, seed.data.claim[0], lines)
    (check,) = verdict.checks
    assert check.published == pytest.approx(2.0)
    assert verdict.summary() == "**Cannot be checked here**: b: none here"


def test_the_crystal_seeds_reset_rows_are_measured_by_its_two_spellings():
    """The seed's .reset (a new output per op) is a case of its own: the copy its 2019
    table measured, and the allocating `final` its benchmark calls since 2020."""
    crystal = SEEDS[2]
    assert crystal.entry("blake2b.reset 16").case.impl == "crystal/libsodium-copy"
    assert crystal.entry("md5.reset 16").case.impl == "crystal/openssl-digest-copy"
    assert crystal.entry("blake2b.reset-alloc 16").case.impl == "crystal/libsodium-alloc"
    assert all(e.case is not None for e in crystal.entries)
    modes = {m.impl: m for m in crystal.data.mode}
    assert modes["crystal/libsodium-copy, crystal/openssl-digest-copy"].reset.startswith(".reset")


SUITE = """
name = "seeds-sample"
[defaults]
budget = 0.05
min_samples = 3
[[bench]]
op = "digest"
alg = ["md5", "sha256", "blake2b-512"]
input_size = [16, 64]
mode = ["new", "reset", "oneshot"]
impl = "^(crystal/|c/openssl$)"
[[bench]]
op = "hash"
alg = "bcrypt"
params = { cost = 4 }
impl = "^haskell/(cryptonite-bcrypt|bcrypt)$"
"""


@pytest.fixture(scope="module")
def sample_run(tmp_path_factory) -> Path:
    for runner in ("c", "crystal", "haskell"):
        skip_without_runner(runner)
    folder = tmp_path_factory.mktemp("seeds")
    suite = folder / "seeds-sample.toml"
    suite.write_text(SUITE)
    out = folder / "run.json"
    done = hashbench(
        "run", str(suite), "--runner", "c", "--runner", "crystal", "--runner", "haskell",
        "--no-store", "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def _table_row(page: str, section: str, label: str) -> list[str]:
    """The cells of the row starting with `label` in the table under `#### section`."""
    block = page.split(f"#### {section}\n", 1)[1].split("\n####", 1)[0]
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        if cells[0] == label:
            return cells
    raise AssertionError(f"no row {label!r} under {section!r}")


def test_the_page_puts_each_published_row_beside_the_record_of_the_same_work(sample_run, tmp_path):
    out = tmp_path / "seeds.md"
    done = hashbench("seeds-report", str(sample_run), "-o", str(out))
    assert done.returncode == 0, done.stderr
    page = out.read_text()
    run = load(sample_run)
    assert f"`hashbench seeds-report {sample_run}" in page and "`run.json`" in page
    for seed in SEEDS:
        assert f"## {seed.data.title}" in page
    by_id = {(c.impl, c.alg, c.mode, c.input_size): c for c in run.cases if c.valid}
    finish = by_id[("crystal/libsodium", "blake2b-512", "reset", 16)]
    new = by_id[("crystal/libsodium", "blake2b-512", "new", 16)]
    cells = _table_row(page, "16 B", "blake2b.finish 16")
    assert cells[2] == "192.64ns" and cells[4] == "0.0B"  # as the seed printed them
    assert cells[1] == "`crystal/libsodium` reset"
    assert cells[5].startswith(units.duration(finish.measured.median) + " ±")
    assert cells[7] == units.size(finish.alloc_bytes_per_op)
    cells = _table_row(page, "16 B", "blake2b.new 16")
    crystal = [c for c in run.cases if c.valid and c.runner == "crystal" and c.input_size == 16]
    low = min(c.measured.median for c in crystal)  # the set: every Crystal row at 16 B
    assert cells[6].startswith(f"{new.measured.median / low:.2f}× (#")
    copy = by_id[("crystal/libsodium-copy", "blake2b-512", "reset", 16)]
    cells = _table_row(page, "16 B", "blake2b.reset 16")
    assert cells[1] == "`crystal/libsodium-copy` reset" and cells[4] == "592B"
    assert cells[7] == units.size(copy.alloc_bytes_per_op)
    assert page.count("*blake2b.reset*: the seed's `d.digest` was") == 1  # not at every size
    assert "`c/openssl` oneshot" in page and "was not recorded with these results" in page
    # not in this run: the Rust seed's rows say so, and its claims cannot be checked
    assert "*argon2 hash password*: not measured here: not in the results given" in page
    claim = page.split("> In all tests crystal Sodium::Digest::Blake2b(512)", 1)[1]
    verdict = claim.split("\n>", 1)[0]
    assert " at 16 B" in verdict or "**Holds** here" in verdict  # measured at 16 and 64 B
    assert "not measured at 256 B, 1 KiB, 8 KiB, 16 KiB" in verdict


def test_a_new_output_per_op_is_verified_and_allocates_where_reset_does_not(sample_run):
    """The Crystal variants in the seed's .reset shape: every case verified against the
    reference digest; bytes per op above zero where the runner's own reset allocates
    none, and more for the copy of the hasher than for the output alone."""
    run = load(sample_run)
    by_id = {(c.impl, c.alg, c.mode, c.input_size): c for c in run.cases}
    for base, alg in (("crystal/libsodium", "blake2b-512"), ("crystal/openssl-digest", "md5")):
        for size in (16, 64):
            reused, copy, alloc = (
                by_id[(impl, alg, "reset", size)]
                for impl in (base, f"{base}-copy", f"{base}-alloc")
            )
            for case in (reused, copy, alloc):
                assert case.status == "ok", (case.id, case.reason)
                assert case.verification.ok and case.verification.method == "reference"
            assert reused.alloc_bytes_per_op == 0
            assert 0 < alloc.alloc_bytes_per_op < copy.alloc_bytes_per_op, (alloc.id, copy.id)
    for impl in ("crystal/libsodium-copy", "crystal/libsodium-alloc"):  # reset mode only
        assert by_id[(impl, "blake2b-512", "new", 16)].status == "not_applicable"


def test_haskell_growth_and_claim_come_from_the_records(sample_run):
    run = load(sample_run)
    seed = SEEDS[0]
    lines = {e.key: pick(e, run.cases) for e in seed.entries}
    verdict = claims.check(seed, seed.data.claim[0], lines)
    cost4 = verdict.checks[0]
    assert cost4.at == 4 and cost4.published == pytest.approx(1.728 / 0.9266)
    measured = {c.impl: c for c in run.cases if c.valid and c.alg == "bcrypt"}
    if "haskell/bcrypt" in measured:  # built from the mirror where it is reachable
        fast, slow = measured["haskell/bcrypt"], measured["haskell/cryptonite-bcrypt"]
        assert cost4.setup.ratio == pytest.approx(slow.measured.median / fast.measured.median)
    else:
        assert cost4.setup is None and "haskell/bcrypt" not in cost4.why
    assert [c.at for c in verdict.checks] == [4, 8, 12, 16]
    assert all(c.setup is None for c in verdict.checks[1:])  # cost 4 only in this run


def test_openssl_speed_is_measured_recorded_and_shown(sample_run, tmp_path):
    speed = openssl_speed.measure(["md5"], [16], seconds=1)
    (row,) = speed.rows
    assert row.name == "md5" and row.size == 16 and row.ops > 0 and 0.5 < row.seconds < 2
    side = tmp_path / "speed.json"
    openssl_speed_file.save(speed, side)
    assert openssl_speed_file.load(side) == speed
    done = hashbench("seeds-report", str(sample_run), "--openssl-speed", str(side))
    assert done.returncode == 0, done.stderr
    cells = _table_row(done.stdout, "`openssl speed` beside it", "md5")
    assert cells[1] == "16 B" and cells[5] == units.duration(row.ns_per_op)
    assert speed.openssl in done.stdout


def test_bad_side_file_and_foreign_results_are_usage_errors(sample_run, tmp_path):
    bad = tmp_path / "speed.json"
    bad.write_text('{"schema": "other", "openssl": "", "command": "", "measured": "", "cpu": ""}')
    done = hashbench("seeds-report", str(sample_run), "--openssl-speed", str(bad))
    assert done.returncode == 2 and "not an openssl speed file" in done.stderr
    done = hashbench("seeds-report", str(bad))
    assert done.returncode == 2 and "not a hashbench results file" in done.stderr
