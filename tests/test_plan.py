"""What a run will measure, decided once (engine/plan.py): only the runners with something
selected are started, what the suite leaves out is named, and "nothing to run" says what
to ask for instead."""

from __future__ import annotations

import json

from conftest import hashbench, skip_without_runner

from hashbench.catalog import libraries
from hashbench.engine import suite as suites
from hashbench.engine.plan import Plan, catalog_ids, runners_not_needed
from hashbench.engine.selection import Selection

SERVED = {r.runner for r in libraries.load() if r.available}


def test_a_run_for_one_library_needs_one_runner():
    selection = Selection(impl=["c/*"], alg=["bcrypt"])
    groups = suites.ad_hoc(["bcrypt"], {"cost": 4}, ["hash"], [], []).groups
    assert runners_not_needed(selection, groups) == SERVED - {"c"}


def test_the_quick_suite_needs_no_other_build_of_a_runner():
    quick = suites.load("quick").groups
    skipped = runners_not_needed(Selection(), quick)
    assert {"rust-native", "rust-parallel", "c-native"} <= skipped
    assert not skipped & {"c", "rust", "go", "python", "java", "node", "deno", "php"}


def test_the_suite_s_left_out_implementations_include_runners_not_started():
    quick = suites.load("quick").groups
    plan = Plan.make([], Selection(), quick, not_started=catalog_ids({"rust-native"}))
    assert plan.left_out and all(i.startswith("rust-native/") for i in plan.left_out)


def test_an_ad_hoc_run_starts_only_the_runners_it_needs(tmp_path):
    skip_without_runner("c")
    out = tmp_path / "one.json"
    run = hashbench("run", "--alg", "sha256", "--size", "64", "--impl", "c/openssl",
                    "--budget", "0.05", "--no-store", "--out", str(out))  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert set(json.loads(out.read_text())["runners"]) == {"c"}


def test_nothing_to_run_names_the_op_a_library_offers_instead(tmp_path):
    skip_without_runner("c")
    run = hashbench("run", "--alg", "pbkdf2-sha256", "--impl", "c/openssl", "--op", "hash",
                    "--no-store", "--out", str(tmp_path / "none.json"))  # fmt: skip
    assert run.returncode == 2
    assert "c/openssl offers pbkdf2-sha256 as derive only (add --op derive)" in run.stderr


def test_an_ad_hoc_run_without_an_op_measures_the_op_a_library_offers(tmp_path):
    """PBKDF2 is derive only in OpenSSL: without --op, that is what is measured."""
    skip_without_runner("c")
    out = tmp_path / "derive.json"
    run = hashbench("run", "--alg", "pbkdf2-sha256", "--params", "iterations=1000", "--impl",
                    "c/openssl", "--budget", "0.05", "--no-store", "--out", str(out))  # fmt: skip
    assert run.returncode == 0, run.stderr
    measured = [c for c in json.loads(out.read_text())["cases"] if c["status"] == "ok"]
    assert [c["op"] for c in measured] == ["derive"]
