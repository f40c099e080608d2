"""`hashbench fidelity` as a CI gate: the known divergences as data, the doc generated
from them, and exit codes 0 (all known), 1 (new or gone, named), 2 (bad usage), driven
through the command line with the real c runner."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from dataclasses import replace

import pytest
from conftest import hashbench, skip_without_runner

from hashbench import paths
from hashbench.catalog import compiled, libraries
from hashbench.fidelity import known
from hashbench.fidelity.findings import FROM, Finding, involved


def test_the_known_file_names_real_implementations_and_says_why():
    entries = known.load()
    assert entries
    served = json.loads(compiled.ensure().read_text())["runners"]
    ids = {impl for runner in served.values() for impl in runner} | {"reference"}
    for entry in entries:
        assert set(entry.impls) <= ids, entry.impls
        assert {impl for impl, _ in entry.differs} <= ids, entry.differs
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
    return hashbench(
        "fidelity", "--runner", "c", "--no-store", "--format", "json", *args, timeout=600
    )


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


def _toml_value(value: object) -> str:
    """JSON's strings and lists are TOML's; a table is written inline."""
    if isinstance(value, dict):
        inner = ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }"
    return json.dumps(value)


def _toml(row: dict) -> str:
    return "[[divergence]]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in row.items())


def test_a_missing_known_file_is_bad_usage(tmp_path):
    run = _fidelity("--known", str(tmp_path / "nothing.toml"))
    assert run.returncode == 2, run.stderr
    assert "nothing.toml" in run.stderr


ARGON2I_V10 = "$argon2i$m=65536,t=2,p=1$c29tZXNhbHQ$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ"


def test_the_catalog_names_each_variant_and_binding_base():
    bases = libraries.bases()
    ids = {row.impl for row in libraries.load()}
    assert set(bases.values()) <= ids and set(bases) <= ids
    for variant in ("rust-native/argon2", "rust-parallel/argon2", "rust-parallel/scrypt"):
        assert bases[variant] == "rust/" + variant.split("/")[1]
    assert bases["c-native/argon2"] == "c/argon2"
    for binding in ("python/pynacl", "php/sodium", "crystal/libsodium"):
        assert bases[binding] == "c/libsodium"


def test_libsodium_bindings_inherit_or_say_why_not():
    """php/sodium and crystal/libsodium were missing from two of libsodium's entries
    (documented for c/libsodium and PyNaCl only: strings of 128 characters or more are
    refused). Checked by the gate, they verify those strings: each entry now says so for
    them (`differs`), and a binding that says nothing would inherit them."""
    entries = known.load()
    for subject in ("argon2id from java/password4j-argon2", "len.argon2id.salt.verify.255"):
        entry = next(e for e in entries if subject in e.subjects and "c/libsodium" in e.impls)
        assert "python/pynacl" in entry.impls
        # the Ruby and Haskell bindings (issue 47) verify them too, and crypto-sodium has
        # no verify at all
        bindings = {"haskell/crypto-sodium", "haskell/libsodium", "haskell/saltine", "ruby/rbnacl"}
        assert dict(entry.differs).keys() == {"php/sodium", "crystal/libsodium", *bindings}
        assert entry.heirs() == []
        silent = replace(entry, differs=(), inherited=())
        (inherits,) = known.inherit((silent,), libraries.bases(), libraries.offered())
        assert inherits.heirs() == sorted(["crystal/libsodium", "php/sodium", *bindings])
        argon2i = {i for s, i in inherits.inherited if s.startswith(("argon2i ", "len.argon2i."))}
        assert argon2i <= {"haskell/libsodium", "haskell/saltine", "ruby/rbnacl"}  # php, crystal
        # and crypto-sodium offer argon2id only


def _one(impls: tuple[str, ...], **more) -> tuple[known.Entry, ...]:
    entry = known.Entry("kat", (ARGON2I_V10,), "wrong verify", impls, "no v=", "0x13", **more)
    return known.inherit((entry,), libraries.bases(), libraries.offered())


def test_build_variants_inherit_unless_they_differ():
    (entry,) = _one(("rust/argon2",))
    assert entry.heirs() == ["rust-native/argon2", "rust-parallel/argon2"]
    (entry,) = _one(("rust/argon2",), differs=(("rust-parallel/argon2", "threads"),))
    assert entry.heirs() == ["rust-native/argon2"]
    (entry,) = _one(("c/argon2",))
    assert entry.heirs() == ["c-native/argon2"]
    (entry,) = _one(("c/libsodium",))  # argon2i: php, crystal and crypto-sodium lack it
    assert entry.heirs() == ["haskell/libsodium", "haskell/saltine", "python/pynacl", "ruby/rbnacl"]
    with pytest.raises(known.KnownFileError, match="not variants or bindings"):
        _one(("rust/argon2",), differs=(("go/x-crypto-argon2", "unrelated"),))


def test_the_gate_holds_a_variant_to_what_its_base_does():
    (entry,) = _one(("rust/argon2",))
    base_only = [Finding("kat", ARGON2I_V10, "wrong verify", "rust/argon2")]
    ran = {"rust/argon2", "rust-native/argon2"}
    gone = known.compare(base_only, (entry,), ran).gone
    assert [key for key, _ in gone] == [
        ("kat", ARGON2I_V10, "wrong verify", "rust-native/argon2")
    ]  # rust-parallel did not run: nothing said of it
    both = [*base_only, Finding("kat", ARGON2I_V10, "wrong verify", "rust-native/argon2")]
    assert known.compare(both, (entry,), ran).gone == []


def test_a_variant_of_the_producer_inherits_an_interop_entry():
    """The node20, node22, node24 and bun rows of node/argon2 run the same code: their
    strings are answered as node/argon2's are, and the gate expects that of them."""
    subject = "argon2d" + FROM + "node/argon2"
    entry = known.Entry("interop", (subject,), "rejects", ("reference",), "m=,p=,t=", "order")
    (inherits,) = known.inherit((entry,), libraries.bases(), libraries.offered())
    producers = {s.split(FROM, 1)[1] for s, impl in inherits.inherited if impl == "reference"}
    assert {"node20/argon2", "node24/argon2", "bun/argon2"} <= producers
    assert "node/argon2" not in producers and "deno/argon2" not in producers
    found = [Finding("interop", subject, "rejects", "reference")]
    gone = known.compare(found, (inherits,), {"node/argon2", "node20/argon2"}).gone
    assert [key[1] for key, _ in gone] == ["argon2d" + FROM + "node20/argon2"]
    differs = (("node20/argon2", "another build"),)
    (apart,) = known.inherit(
        (replace(entry, differs=differs),), libraries.bases(), libraries.offered()
    )
    assert "argon2d" + FROM + "node20/argon2" not in {s for s, _ in apart.inherited}
