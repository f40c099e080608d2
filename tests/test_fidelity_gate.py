"""`hashbench fidelity` as a CI gate: the known divergences as data, the doc generated
from them, and exit codes 0 (all known), 1 (new or gone, named), 2 (bad usage), driven
through the command line with the real c runner."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib

import pytest
from conftest import hashbench, skip_without_runner

from hashbench import paths
from hashbench.catalog import compiled
from hashbench.fidelity import known
from hashbench.fidelity.findings import Finding, involved


def test_the_known_file_names_real_implementations_and_says_why():
    entries = known.load()
    assert entries
    served = json.loads(compiled.ensure().read_text())["runners"]
    ids = {impl for runner in served.values() for impl in runner} | {"reference"}
    for entry in entries:
        assert set(entry.impls) <= ids, entry.impls
        assert entry.why.strip() and entry.input.strip()
        assert "TODO" not in entry.why + entry.input


def test_the_doc_is_what_the_known_file_gives():
    done = subprocess.run(
        [sys.executable, "scripts/fidelity_doc.py", "--check"],
        cwd=paths.root(),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_gone_counts_only_what_the_run_could_see():
    entries = (
        known.Entry("probe", ("bcrypt.nul",), "accepts", ("go/a", "rust/b"), "NUL", "keeps"),
        known.Entry("interop", ("bcrypt from go/a",), "rejects", ("rust/b",), "x", "y"),
    )
    found = [Finding("probe", "bcrypt.nul", "accepts", "rust/b")]
    only_rust = known.compare(found, entries, {"rust/b"})
    assert [f.impl for f in only_rust.known] == ["rust/b"]
    assert only_rust.new == [] and only_rust.gone == []  # go/a did not run: nothing gone
    both = known.compare(found, entries, {"rust/b", "go/a"})
    assert sorted(key for key, _ in both.gone) == [
        ("interop", "bcrypt from go/a", "rejects", "rust/b"),
        ("probe", "bcrypt.nul", "accepts", "go/a"),
    ]
    assert involved("interop", "bcrypt from go/a", "reference") == {"go/a"}


def test_a_key_listed_twice_is_refused(tmp_path):
    row = (
        'check = "probe"\nsubject = "p"\nbehaviour = "b"\nimpls = ["c/x"]\ninput = "i"\nwhy = "w"\n'
    )
    bad = tmp_path / "k.toml"
    bad.write_text(f"[[divergence]]\n{row}\n[[divergence]]\n{row}")
    with pytest.raises(known.KnownFileError, match="both list"):
        known.load(bad)


def _fidelity(*args: str) -> subprocess.CompletedProcess[str]:
    return hashbench("fidelity", "--runner", "c", "--no-store", "--json", *args, timeout=600)


@pytest.mark.slow
def test_exit_codes_and_json_for_known_new_and_gone(tmp_path):
    skip_without_runner("c")
    run = _fidelity("--out", str(tmp_path / "all-known.json"))
    assert run.returncode == 0, run.stderr[-3000:]
    findings = json.loads(run.stdout)
    assert findings["new"] == [] and findings["gone"] == []
    assert findings["known"], "the c runner has known divergences (libxcrypt's 512-byte cap)"
    assert "new" in run.stderr and " 0 new, 0 gone" in run.stderr  # the report's header

    # Drop one c entry (its divergences become new) and add one no run finds (gone).
    raw = tomllib.loads(known.path().read_text())["divergence"]
    dropped = next(r for r in raw if any(i.startswith("c/") for i in r["impls"]))
    kept = [r for r in raw if r is not dropped]
    kept.append(
        {
            "check": "probe",
            "subject": "bcrypt.emits",
            "behaviour": "$2y$",
            "impls": ["c/libxcrypt"],
            "input": "invented for the test",
            "why": "invented for the test",
        }
    )
    edited = tmp_path / "known.toml"
    edited.write_text("\n".join(_toml(r) for r in kept))
    run = _fidelity("--known", str(edited), "--out", str(tmp_path / "changed.json"))
    assert run.returncode == 1, run.stderr[-3000:]
    findings = json.loads(run.stdout)
    subjects = dropped["subject"] if isinstance(dropped["subject"], list) else [dropped["subject"]]
    new = {(f["subject"], f["impl"]) for f in findings["new"]}
    assert new == {(s, i) for s in subjects for i in dropped["impls"] if i.startswith("c/")}
    assert [(g["subject"], g["behaviour"], g["impl"]) for g in findings["gone"]] == [
        ("bcrypt.emits", "$2y$", "c/libxcrypt")
    ]
    assert "known divergences gone (1)" in run.stderr and "new divergences" in run.stderr


def _toml(row: dict) -> str:
    return "[[divergence]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in row.items())


def test_a_missing_known_file_is_bad_usage(tmp_path):
    run = _fidelity("--known", str(tmp_path / "nothing.toml"))
    assert run.returncode == 2, run.stderr
    assert "nothing.toml" in run.stderr
