"""Differential `derive` (fidelity/differential.py) against real libraries: the seeded cases
and how each answer is classified (match, differs, error, not applicable)."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench.fidelity import differential
from hashbench.fidelity.session import Session
from hashbench.runner.pool import RunnerPool


def _run(runner: str, pattern: str) -> list[differential.Result]:
    wanted = [m for m in MANIFESTS if m.name == runner and not runner_unavailable(m)]
    if not wanted:
        pytest.skip(f"needs the {runner} runner")
    with RunnerPool(wanted) as pool:
        pool.start()
        return differential.run(Session(pool, pattern))


def test_the_cases_are_seeded_and_cover_the_edge_lengths():
    first, again = (
        differential.cases(["scrypt", "argon2id"]),
        differential.cases(["scrypt", "argon2id"]),
    )
    assert first == again
    assert [len(c.password) for c in first[:7]] == list(differential.PASSWORD_LENGTHS)
    assert {c.alg for c in first} == {"scrypt", "argon2id"}
    label = first[0].label()
    assert label.startswith("scrypt pw=0B salt=") and " n=" in label and label.endswith("len=32")
    assert all(c.params["m"] >= 8 * c.params["p"] for c in first if c.alg == "argon2id")


def test_the_c_libraries_match_the_reference_or_say_why_not():
    results = _run("c", "^c/(openssl|argon2|libsodium)$")
    counts = Counter((r.impl, r.status) for r in results)
    assert counts == {
        ("c/openssl", "match"): 28,  # scrypt and PBKDF2-SHA-1/256/512, 7 passwords each
        ("c/argon2", "match"): 21,  # argon2i/d/id
        ("c/libsodium", "match"): 9,
        ("c/libsodium", "n/a"): 12,  # 16-byte salts, p=1 only: 'unsupported', not a divergence
    }
    na = [r.detail for r in results if r.status == "n/a"]
    kinds = {d.split(":", 1)[0] for d in na}
    assert kinds <= {"unsupported", "invalid_params"} and all("c/libsodium" in d for d in na), na


def test_a_library_that_hashes_other_bytes_differs():
    """password4j takes the password as a Java String: random bytes that are not UTF-8 are
    replaced before hashing, so its scrypt differs from the reference's (a known
    divergence); one byte under 0x80 is valid UTF-8 and matches; an empty password is
    refused as unsupported."""
    results = {r.case.split()[1]: r for r in _run("java", "^java/password4j-scrypt$")}
    assert results["pw=0B"].status == "n/a"
    assert results["pw=1B"].status == "match"
    for n in (71, 72, 73, 255, 256):
        assert results[f"pw={n}B"].status == "differs", results[f"pw={n}B"]
        assert "reference" in results[f"pw={n}B"].detail


def test_a_library_error_on_a_valid_input_is_an_error():
    """hash-wasm refuses an empty argon2 password with a library error (RFC 9106 allows
    0 bytes): an error, unlike `unsupported`, which is not applicable."""
    results = _run("node", "^node/hash-wasm$")
    empty = [r for r in results if r.case.startswith("argon2") and " pw=0B " in r.case]
    assert [r.status for r in empty] == ["error"] * 3, empty
    assert all(r.detail.startswith("library_error") for r in empty)
    others = {r.status for r in results if r not in empty}
    assert others <= {"match", "n/a"}, others
