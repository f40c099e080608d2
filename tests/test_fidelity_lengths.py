"""Length probes against real libraries, for limits their own sources document, and the
inputs and alternatives the probes are built from."""

from __future__ import annotations

import json

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench import paths
from hashbench.fidelity import length_inputs, lengths
from hashbench.fidelity.session import Session
from hashbench.runner.pool import RunnerPool


def test_lengths_sit_on_every_boundary():
    bcrypt = length_inputs.labels("bcrypt", "password")
    for n in ("0", "1", "71", "72", "73", "255", "256", "257", "65535", "65536", "65537"):
        assert n in bcrypt
    assert {"63", "64", "65"} <= set(length_inputs.labels("pbkdf2-sha256", "password"))
    assert {"127", "128", "129"} <= set(length_inputs.labels("pbkdf2-sha512", "password"))
    assert {"7", "8", "9"} <= set(length_inputs.labels("argon2id", "salt"))
    assert {"nul", "8bit"} <= set(length_inputs.labels("argon2id", "secret"))
    assert length_inputs.data("73")[:3] == b"abc" and len(length_inputs.data("65537")) == 65537
    assert len(set(length_inputs.data(str(n))[:n] for n in range(0, 80))) == 80


def test_alternatives_name_what_a_library_may_have_hashed():
    given = length_inputs.data("257")
    found = {(b, how): alt for b, how, alt in length_inputs.alternatives(given)}
    assert found[("wraps", "its length mod 2^8")] == given[:1]
    assert found[("truncates", "at 72 bytes")] == given[:72]
    assert ("wraps", "its length mod 2^16") not in found
    nul = dict(((b, h), a) for b, h, a in length_inputs.alternatives(b"pass\0word"))
    assert nul[("truncates", "at the NUL")] == b"pass"
    high = {b: a for b, _, a in length_inputs.alternatives(b"p\xe4ss")}
    assert high["replaces"] == "p\ufffdss".encode() and high["reencodes"] == "päss".encode()


def test_every_vector_cites_its_source():
    for path in sorted(paths.vectors_dir().glob("*.json")):
        data = json.loads(path.read_text())
        for n, vector in enumerate(data["vectors"]):
            assert str(vector.get("source", "")).strip(), f"{path.name} vector {n}"


DOCUMENTED = [
    # (impl, probe, behaviour, where the library documents it)
    ("c/libxcrypt", "len.bcrypt.password.hash.73", "matches", "crypt(5): at most 72 characters"),
    ("c/libxcrypt", "len.bcrypt.password.hash.511", "matches", "CRYPT_MAX_PASSPHRASE_SIZE 512"),
    (
        "c/libxcrypt",
        "len.bcrypt.password.hash.512",
        "refuses",
        "crypt(3): ERANGE from 512, NUL counted",
    ),
    ("c/libxcrypt", "len.bcrypt.2b.password.verify.nul", "matches", "a C string ends at NUL"),
    (
        "c/argon2",
        "len.argon2id.salt.derive.7",
        "matches",
        "ARGON2_SALT_TOO_SHORT, as the reference",
    ),
    ("c/argon2", "len.argon2id.secret.derive.65537", "matches", "argon2.h: secret up to 2^32-1"),
    ("python/bcrypt", "len.bcrypt.password.hash.72", "matches", "pyca/bcrypt 5: up to 72 bytes"),
    ("python/bcrypt", "len.bcrypt.password.hash.73", "refuses", "pyca/bcrypt 5: ValueError"),
    ("python/libpass", "len.argon2id.password.hash.4096", "matches", "MAX_PASSWORD_SIZE 4096"),
    ("python/libpass", "len.argon2id.password.hash.4097", "refuses", "PasswordSizeError"),
    ("python/hashlib", "len.pbkdf2-sha256.password.derive.65", "matches", "HMAC hashes long keys"),
]


@pytest.fixture(scope="module")
def probed():
    wanted = [m for m in MANIFESTS if m.name in ("c", "python") and not runner_unavailable(m)]
    if not wanted:
        pytest.skip("needs the c or python runner")
    impls = sorted({impl for impl, *_ in DOCUMENTED})
    with RunnerPool(wanted) as pool:
        pool.start()
        session = Session(pool, "^(" + "|".join(impls) + ")$")
        rows = lengths.run(session)
    return {(b.impl, b.probe): b for b in rows}


@pytest.mark.parametrize(
    ("impl", "probe", "behaviour", "source"),
    DOCUMENTED,
    ids=[f"{i}:{p}" for i, p, *_ in DOCUMENTED],
)
def test_documented_limits(probed, impl, probe, behaviour, source):
    if not any(i == impl for i, _ in probed):
        pytest.skip(f"{impl} is not available here")
    got = probed[(impl, probe)]
    assert got.behaviour == behaviour, f"{impl} {probe}: {got.detail} — documented: {source}"


def test_a_refusal_where_the_reference_refuses_matches(probed):
    """libargon2 refuses a 7-byte salt as the reference does: that is not a divergence."""
    if ("c/argon2", "len.argon2id.salt.derive.7") not in probed:
        pytest.skip("needs the c runner")
    row = probed[("c/argon2", "len.argon2id.salt.derive.7")]
    assert not row.diverges and "as the reference does" in row.detail
