"""Cross-verification at the edges (fidelity/cross.py) with real libraries, and how its
cells become findings: only a disagreement no length probe explains is one."""

from __future__ import annotations

import importlib.util

import msgspec
import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench import paths
from hashbench.fidelity import cross, findings
from hashbench.fidelity.session import Session
from hashbench.model import Environment
from hashbench.model.fidelity import CrossMatrix, FidelityFile
from hashbench.runner.pool import RunnerPool
from hashbench.verify import reference_strings

BCRYPT = ("c/libxcrypt", "python/bcrypt")
SCRIPTS = paths.root() / "scripts"


@pytest.fixture(scope="module")
def matrices():
    wanted = [m for m in MANIFESTS if m.name in ("c", "python") and not runner_unavailable(m)]
    if len(wanted) < 2:
        pytest.skip("needs the c and python runners")
    with RunnerPool(wanted) as pool:
        pool.start()
        session = Session(pool, "^(" + "|".join(BCRYPT) + ")$")
        out = {(m.algorithm, m.field, m.label): m for m in cross.run(session)}
    return out


def test_bcrypt_edges_between_libxcrypt_and_pyca(matrices):
    plain = matrices[("bcrypt", "password", "plain")]
    for prod in BCRYPT:  # each verifies the other's string and its own, as the reference does
        assert set(plain.cells[prod].values()) == {"ok"}, plain.cells[prod]
    at_72 = matrices[("bcrypt", "password", "72")]
    assert all(r == "ok" for row in at_72.cells.values() for r in row.values())

    at_73 = matrices[("bcrypt", "password", "73")]
    assert at_73.producers["python/bcrypt"].startswith("error")  # pyca/bcrypt 5 refuses
    assert at_73.cells["c/libxcrypt"]["python/bcrypt"] == "error: invalid_input"
    # explained: pyca/bcrypt refuses the reference's own 73-byte string too
    assert "reference's own string" in at_73.explained["c/libxcrypt"]["python/bcrypt"]

    nul = matrices[("bcrypt", "password", "nul")]
    # pyca/bcrypt keeps the bytes after the NUL; libxcrypt (a C string) stops at it
    assert nul.cells["python/bcrypt"]["reference"] == "rejects"
    assert nul.cells["python/bcrypt"]["c/libxcrypt"] == "rejects"
    assert nul.cells["python/bcrypt"]["python/bcrypt"] == "ok"
    assert "not the reference's" in nul.explained["python/bcrypt"]["c/libxcrypt"]
    assert nul.cells["c/libxcrypt"]["python/bcrypt"] == "rejects"
    assert "c/libxcrypt" in nul.explained and "python/bcrypt" in nul.explained["c/libxcrypt"]


def _with(matrices: list[cross.Matrix]) -> FidelityFile:
    """A fidelity file holding these cross matrices alone."""
    return FidelityFile(
        started="2026-12-01T00:00:00+00:00",
        environment=Environment(cpu="x", cores=2, os="Linux", load_start=[]),
        cross=[msgspec.convert(m.to_dict(), CrossMatrix) for m in matrices],
    )


def test_every_disagreement_here_is_explained(matrices):
    data = _with(list(matrices.values()))
    assert [f for f in findings.collect(data) if f.check == "cross"] == []


def test_an_unexplained_cell_is_a_finding_keyed_by_producer_and_verifier():
    row = {"reference": "ok", "a/x": "ok", "b/y": "rejects", "c/z": "error: library_error"}
    edge = cross.Matrix("bcrypt", "password", "73", {"a/x": "$2b$04$…"}, {"a/x": row})
    edge.explained = {"a/x": {"c/z": "the verifier answers error to the reference's own string"}}
    plain = cross.Matrix("bcrypt", "password", "plain", {"a/x": "$2b$…"}, {"a/x": {"b/y": "no"}})
    found = findings.collect(_with([edge, plain]))
    assert [f.key for f in found] == [
        ("cross", "cross.bcrypt.password.73 from a/x", "rejects", "b/y")
    ]
    assert findings.involved("cross", found[0].subject, "b/y") == {"a/x", "b/y"}


def test_the_format_of_a_string_names_the_reference_string_to_compare_with():
    params, salt = {"n": 1024, "r": 1, "p": 1}, b"somesaltsomesalt"
    strings = {
        fmt: reference_strings.kdf_string("scrypt", fmt, b"pw", salt, params, 32)
        for fmt in ("7", "phc", "lambdaworks")
    }
    for fmt, made in strings.items():
        assert made is not None and cross.variant("scrypt", made) == fmt
    for fmt in ("password4j", "spring"):
        made = reference_strings.kdf_string(
            "pbkdf2-sha256", fmt, b"pw", salt, {"iterations": 1}, 32
        )
        assert made is not None and cross.variant("pbkdf2-sha256", made) == fmt
    assert cross.variant("bcrypt", "$2y$04$" + "C" * 53) == "2y"
    assert cross.variant("argon2id", "$argon2id$v=19$m=256,t=3,p=1$c2FsdHNhbHQ$" + "A" * 43)
    assert cross.variant("argon2i", "$argon2id$v=19$m=256,t=3,p=1$c2FsdHNhbHQ$AAAA") is None
    assert cross.variant("scrypt", "not a hash") is None


def test_the_doc_section_counts_pairs_and_marks_the_unexplained():
    spec = importlib.util.spec_from_file_location("fidelity_doc", SCRIPTS / "fidelity_doc.py")
    doc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(doc)
    row = {"reference": "ok", "a/x": "ok", "b/y": "rejects", "c/z": "rejects"}
    edge = cross.Matrix("bcrypt", "password", "73", {"a/x": "$2b$…"}, {"a/x": row})
    edge.explained = {"a/x": {"c/z": "the producer's string is not the reference's"}}
    plain = cross.Matrix("bcrypt", "password", "plain", {"a/x": "$2b$…"}, {"a/x": {"a/x": "ok"}})
    text = doc.cross_section(
        {"started": "2026-11-25T09:36", "cross": [plain.to_dict(), edge.to_dict()]}
    )
    assert "| bcrypt | password 73 | 3 | 2 | 1 |" in text
    assert "- **bcrypt password 73**, strings from a/x — rejects: b/y*, c/z" in text
    assert "password plain" not in text
