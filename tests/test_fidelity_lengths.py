"""Length probes against real libraries, for limits their own sources document, and the
inputs and alternatives the probes are built from."""

from __future__ import annotations

import json

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench import paths
from hashbench.fidelity import length_inputs, length_reference, lengths, vectors
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


def test_a_wrapped_bcrypt_key_length_is_an_alternative_the_reference_can_prove():
    """OpenBSD's old bcrypt.c keeps the key length (NUL counted) in 8 bits: at 257 bytes
    the key is the first 2 bytes repeated, which is the reference's 72-byte password
    `abab…`; below 255 bytes nothing wraps."""
    given = length_inputs.data("257")
    wraps = [
        (how, alt)
        for b, how, alt in length_inputs.alternatives(given, "bcrypt", "password")
        if b == "wraps" and "key length" in how
    ]
    assert wraps[0] == ("its key length in 8 bits: (n + 1) mod 256 = 2 bytes", b"ab" * 36)
    at_255 = length_inputs.alternatives(length_inputs.data("255"), "bcrypt", "password")
    assert ("wraps", "its key length in 8 bits: (n + 1) mod 256 = 0 bytes", b"a" * 72) in at_255
    assert not [
        a
        for a in length_inputs.alternatives(length_inputs.data("254"), "bcrypt", "password")
        if "key length" in a[1]
    ]
    assert not [a for a in length_inputs.alternatives(given) if "key length" in a[1]]


def test_alternatives_cut_at_each_limit_of_the_field():
    cuts = {
        how
        for b, how, _ in length_inputs.alternatives(
            length_inputs.data("65"), "pbkdf2-sha256", "password"
        )
        if b == "truncates"
    }
    assert {"at 63 bytes", "at 64 bytes"} <= cuts
    salt = {
        how for _, how, _ in length_inputs.alternatives(length_inputs.data("9"), "argon2id", "salt")
    }
    assert salt == {"at 7 bytes", "at 8 bytes"}


def test_every_target_has_a_reference_string_at_a_plain_input():
    """Each verify target's format is one the reference writes (bcrypt prefixes, argon2
    PHC, yescrypt, scrypt $7$/PHC/lambdaworks, PBKDF2 $N$ and Spring hex)."""
    for t in length_reference.targets():
        if t.op == "verify":
            made = length_reference.string(t.alg, t.variant, b"password")
            assert made and length_reference.accepts(t.alg, b"password", made), t
            assert not length_reference.accepts(t.alg, b"passwore", made), t


def test_a_probe_name_names_one_target():
    names = {t.probe("73") for t in length_reference.targets()}
    assert "len.scrypt.7.password.verify.73" in names
    assert "len.argon2id.salt.hash.73" in names
    with pytest.raises(ValueError, match="not a length probe"):
        lengths.probe(None, "c/x", "bcrypt.nul")  # type: ignore[arg-type]


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
    ("python/bcrypt", "len.bcrypt.2x.password.verify.8bit", "differs", "computes $2x$ as $2b$"),
    ("c/libxcrypt", "len.scrypt.7.password.verify.511", "matches", "CRYPT_MAX_PASSPHRASE_SIZE"),
    ("c/libxcrypt", "len.scrypt.7.password.verify.512", "refuses", "crypt(3): ERANGE from 512"),
    ("c/libxcrypt", "len.scrypt.7.password.verify.nul", "truncates", "a C string ends at NUL"),
    (
        "c/libsodium",
        "len.scrypt.7.password.verify.65537",
        "matches",
        "crypto_pwhash_scryptsalsa208sha256_str_verify takes the password's length",
    ),
    ("c/argon2", "len.argon2id.salt.verify.65537", "matches", "argon2.h: salt up to 2^32-1"),
    ("c/libsodium", "len.argon2id.salt.verify.255", "refuses", "crypto_pwhash_STRBYTES 128"),
    ("python/argon2-cffi", "len.argon2id.salt.hash.257", "matches", "libargon2 takes any salt"),
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


def test_a_prefix_read_as_2b_is_said(probed):
    row = probed.get(("python/bcrypt", "len.bcrypt.2x.password.verify.8bit"))
    if row is None:
        pytest.skip("needs the python runner")
    assert row.detail.startswith("computes $2x$ as $2b$"), row.detail


def test_a_refusal_where_the_reference_refuses_matches(probed):
    """libargon2 refuses a 7-byte salt as the reference does: that is not a divergence."""
    if ("c/argon2", "len.argon2id.salt.derive.7") not in probed:
        pytest.skip("needs the c runner")
    row = probed[("c/argon2", "len.argon2id.salt.derive.7")]
    assert not row.diverges and "as the reference does" in row.detail


def test_wycheproof_pbkdf2_vectors_name_their_file_and_commit():
    """Wycheproof's PBKDF2 sets, converted by scripts/wycheproof_vectors.py: each vector
    names its file, test case and commit; the fidelity run loads them, the conformance
    test (vectors.load without sets) only the project's own files."""
    for alg in ("pbkdf2-sha1", "pbkdf2-sha256", "pbkdf2-sha512"):
        path = paths.vectors_dir() / f"{alg}.wycheproof.json"
        data = json.loads(path.read_text())
        commit = data["source"]["commit"]
        assert len(commit) == 40 and data["source"]["file"].startswith("testvectors_v1/pbkdf2_")
        own = vectors.load(alg)
        every = vectors.load(alg, sets=True)
        assert len(every) == len(own) + len(data["vectors"])
        assert all(commit in v.source and "tcId" in v.source for v in every[len(own) :])
        left_out = {s["why"] for s in data["skipped"]}
        assert left_out <= {"already in the RFC vectors", "16777216 iterations"}
