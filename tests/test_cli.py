"""The CLI end to end with a real runner, and its exit codes for bad usage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import hashbench, runner_unavailable, skip_without_runner

from hashbench.cli import parser
from hashbench.results.files import load
from hashbench.runner.manifest import load_all

TINY = Path(__file__).parent / "fixtures" / "tiny.toml"


def test_tiny_suite_end_to_end_with_the_c_runner(tmp_path):
    manifests = {m.name: m for m in load_all()}
    if "c" not in manifests:
        pytest.skip("runner c: runners/c/runner.toml is not in this checkout")
    why = runner_unavailable(manifests["c"])
    if why:
        pytest.skip(why)
    out = tmp_path / "tiny.json"
    proc = hashbench("run", str(TINY), "--runner", "c", "--out", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = load(out)  # validates against the results schema
    assert data.finished and data.runners["c"].available
    assert data.runners["c"].loop_overhead_ns > 0
    groups = {c.group_title for c in data.cases}
    assert groups == {
        "sha256 1 KiB oneshot",
        "sha256 1 KiB reset",
        "bcrypt cost=4 hash",
        "bcrypt cost=4 verify",
        "argon2id m=256 KiB,t=1,p=1 derive",
    }
    for title in groups:
        ok = [c for c in data.cases if c.group_title == title and c.status == "ok"]
        assert ok, f"no verified case in {title}"
        for c in ok:
            assert c.verification.ok and c.stats.median > 0
            assert len(c.samples_ns) == c.stats.n
    assert all(c.status in ("ok", "not_applicable") for c in data.cases)
    shown = hashbench("show", str(out))
    assert shown.returncode == 0
    assert "group sha256 1 KiB oneshot" in shown.stdout and "c/openssl" in shown.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "no-such-suite"], "unknown suite 'no-such-suite'; known:"),
        (["run", "quick", "--filter", "("], "--filter-regex '(' is not a valid regex"),
        (["run", "quick", "--budget", "-1"], "--budget must be a positive number"),
        (["show", "/nonexistent.json"], "cannot read /nonexistent.json"),
        (["run", "quick", "--runner", "cobol"], "unknown runner cobol; known: bun, c, "),
        (["fidelity", "--runner", "cobol"], "unknown runner cobol; known: bun, c, "),
        (["build", "cobol"], "unknown runner cobol; known: bun, c, "),
    ],
)
def test_bad_usage_exits_2_with_a_clear_message(args, message):
    proc = hashbench(*args)
    assert proc.returncode == 2
    assert message in proc.stderr


def test_a_filter_that_selects_nothing_exits_2(tmp_path):
    proc = hashbench(
        "run",
        str(TINY),
        "--filter-regex",
        "^no-such-implementation",
        "--out",
        str(tmp_path / "r.json"),
    )
    assert proc.returncode == 2
    assert "nothing to run in suite tiny: selection --filter-regex" in proc.stderr
    assert not (tmp_path / "r.json").exists()


def test_malformed_suite_exits_2_naming_file_and_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[bench]]\nop = "hash"\nalg = "bcrypt"\nparams = { cost = 99 }\n')
    proc = hashbench("run", str(bad))
    assert proc.returncode == 2
    assert f"{bad}:1: [[bench]] #1: bcrypt: parameter cost=99 out of range: 4–31" in proc.stderr


def test_show_refuses_a_file_that_breaks_the_schema(tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text(json.dumps({"schema": "hashbench-results", "version": 1, "suite": "x"}))
    proc = hashbench("show", str(bad))
    assert proc.returncode == 2 and "does not match the results format" in proc.stderr


def test_list_json_has_every_catalog_row():
    proc = hashbench("list", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)["implementations"]
    assert rows
    for row in rows:
        assert row["available"] or row["reason"], row


def test_a_case_needing_more_memory_than_is_free_is_refused(tmp_path):
    manifests = {m.name: m for m in load_all()}
    if "c" not in manifests or runner_unavailable(manifests["c"]):
        pytest.skip("needs the c runner")
    suite = tmp_path / "huge.toml"
    suite.write_text(
        '[[bench]]\nop = "derive"\nalg = "scrypt"\n'
        "params = { n = 1073741824, r = 8, p = 1 }\nbudget = 0.1\n"
    )
    out = tmp_path / "huge.json"
    proc = hashbench("run", str(suite), "--runner", "c", "--out", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    cases = [c for c in load(out).cases if c.alg == "scrypt"]
    refused = [c for c in cases if c.status == "refused"]
    assert refused and all("needs 1048576 MiB for scrypt" in c.reason for c in refused)
    assert "MiB free" in refused[0].reason


def test_help_lists_every_command_and_each_shows_an_example():
    from hashbench.commands import modules

    top = hashbench("--help")
    assert top.returncode == 0
    for module in modules():
        assert f"  {module.NAME} " in top.stdout, module.NAME
        own = hashbench(module.NAME, "--help")
        assert own.returncode == 0 and "example:" in own.stdout, module.NAME
        assert module.EXAMPLE.splitlines()[0] in own.stdout
    version = hashbench("--version")
    assert version.returncode == 0 and version.stdout.startswith("hashbench ")


def test_no_command_shows_the_command_list_not_an_error():
    from hashbench.commands import modules

    bare = hashbench()
    assert bare.returncode == 0, bare.stderr
    assert "error" not in bare.stderr
    assert bare.stdout == hashbench("--help").stdout
    for module in modules():
        assert f"  {module.NAME} " in bare.stdout, module.NAME


def test_what_a_suite_leaves_out_is_said_after_the_run_and_when_asked_for(tmp_path):
    skip_without_runner("c")
    suite = tmp_path / "without-openssl.toml"
    suite.write_text(
        'name = "without-openssl"\n[defaults]\nbudget = 0.02\nimpl = "^c/(?!openssl$)"\n'
        '[[bench]]\nop = "digest"\nalg = "sha256"\ninput_size = 64\n'
    )
    out = tmp_path / "r.json"
    proc = hashbench("run", str(suite), "--runner", "c", "--out", str(out), "--no-store")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    said = " ".join(proc.stdout.split())
    left_out = "(its impl filter, without-openssl.toml): 1 implementation: c/openssl"
    assert f"not in suite without-openssl {left_out}" in said
    assert "c/openssl" not in {c.impl for c in load(out).cases}
    asked = hashbench("run", str(suite), "--runner", "c", "--impl", "c/openssl", "--no-store")
    assert asked.returncode == 2
    assert "without-openssl.toml leaves out c/openssl (its impl filter)" in asked.stderr


def test_the_readme_opening_calls_nothing_planned_that_a_command_does():
    from hashbench import paths
    from hashbench.commands import modules

    opening = (paths.root() / "README.md").read_text().split("\n## ", 1)[0]
    bullets = opening.split("\n- ")[1:]
    assert bullets, "the README opens with a list of what hashbench answers"
    names = {m.NAME for m in modules()}
    for bullet in bullets:
        title = bullet.split("**")[1]
        if "(planned)" in bullet:
            assert title not in names, f"README calls {title} planned: hashbench {title} exists"
    strength = next(b for b in bullets if b.startswith("**strength**"))
    for command in ("strength", "calibrate", "capacity"):
        assert command in names and f"`{command}`" in strength.replace("hashbench ", ""), command


@pytest.mark.parametrize(
    ("old", "new", "field", "value"),
    [
        (["list", "--json"], "--format json", "format", "json"),
        (["fidelity", "--json"], "--format json", "format", "json"),
        (["fidelity", "--filter", "c/"], "--filter-regex", "filter_regex", "c/"),
        (["run", "--filter", "sha"], "--filter-regex", "filter_regex", "sha"),
        (["capacity", "--ref", "a", "--ref", "b"], "--reference", "reference", ["a", "b"]),
        (["history", "x", "--html", "h.html"], "--format html -o PATH", "html", Path("h.html")),
    ],
)
def test_an_old_spelling_still_works_and_names_the_new(old, new, field, value, capsys):
    """Renamed options keep their old spelling for a release (command_support/deprecated)."""
    args = parser().parse_args(old)
    assert getattr(args, field) == value
    err = capsys.readouterr().err
    flag = next(a for a in old if a.startswith("--"))
    assert f"{flag} is deprecated" in err and f"use {new}" in err
