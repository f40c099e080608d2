"""Fidelity probes against real libraries, for behaviours their own documentation states.

Each expectation cites where the library documents it; a probe that records anything
else is a regression in the probe or a change in the library — either way worth a look.
"""

from __future__ import annotations

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench.fidelity import interop, lengths, probes
from hashbench.fidelity.session import Session
from hashbench.runner.pool import RunnerPool

DOCUMENTED = [
    (
        "php/password_hash",
        "bcrypt.emits",
        "$2y$",
        "PHP manual, password_hash: PASSWORD_BCRYPT makes a crypt() hash with the $2y$ identifier",
    ),
    ("c/libxcrypt", "bcrypt.emits", "$2b$", "libxcrypt crypt(5): bcrypt hash prefix $2b$"),
    (
        "go/x-crypto-bcrypt",
        "bcrypt.emits",
        "$2a$",
        "golang.org/x/crypto/bcrypt: hashes carry major version 2, minor version 'a'",
    ),
    ("node/bcrypt-sync", "bcrypt.emits", "$2b$", "node.bcrypt.js README: hashes use $2b$"),
    ("rust/bcrypt", "bcrypt.emits", "$2b$", "bcrypt crate: HashParts formats with Version::TwoB"),
    (
        "c/argon2",
        "argon2.no-version",
        "accepts",
        "phc-winner-argon2 README/test.c: an encoded hash without v= is version 0x10",
    ),
    (
        "zig/bcrypt",
        "bcrypt.emits",
        "$2b$",
        'Zig 0.17.1 lib/std/crypto/bcrypt.zig: strHashInternal prints prefix "$2" then "b$"',
    ),
    (
        "zig/bcrypt",
        "bcrypt.prefix-2a",
        "rejects",
        "Zig 0.17.1 lib/std/crypto/bcrypt.zig: CryptFormatHasher.verify compares the $2b$ "
        "string it recomputes with the whole given string",
    ),
    (
        "bun/bun-password-sync",
        "bcrypt.emits",
        "$2b$",
        "bun.sh Bun.password: bcrypt hashes in Modular Crypt Format (the bcrypt crate's $2b$)",
    ),
]
# Length probes (fidelity/lengths.py) for behaviours the libraries document: the reference
# reads 72 bytes of a bcrypt password, so a library that truncates there matches it.
DOCUMENTED_LENGTHS = [
    (
        "php/password_hash",
        "len.bcrypt.password.hash.73",
        "matches",
        "PHP manual, password_hash: with PASSWORD_BCRYPT the password is truncated to 72 bytes",
    ),
    (
        "c/libxcrypt",
        "len.bcrypt.password.hash.73",
        "matches",
        "libxcrypt crypt(5): bcrypt uses at most the first 72 characters of the passphrase",
    ),
    (
        "python/bcrypt",
        "len.bcrypt.password.hash.73",
        "refuses",
        "pyca/bcrypt 5.0.0 changelog: passwords over 72 bytes raise ValueError",
    ),
    (
        "go/x-crypto-bcrypt",
        "len.bcrypt.password.hash.73",
        "refuses",
        "golang.org/x/crypto/bcrypt GenerateFromPassword: does not accept passwords longer "
        "than 72 bytes (ErrPasswordTooLong)",
    ),
    (
        "node/bcryptjs-sync",
        "len.bcrypt.password.hash.73",
        "matches",
        "bcryptjs README: the maximum input length is 72 bytes and is not checked by the library",
    ),
    (
        "node/bcrypt-sync",
        "len.bcrypt.2a.password.verify.257",
        "wraps",
        "node.bcrypt.js src/bcrypt.cc: for minor 'a', key_len = (u_int8_t)(key_len + 1)",
    ),
    (
        "node/bcrypt-sync",
        "len.bcrypt.2b.password.verify.257",
        "matches",
        "node.bcrypt.js src/bcrypt.cc: for $2b$, key_len is capped at 72 before the NUL is added",
    ),
    (
        "zig/bcrypt-truncate",
        "len.bcrypt.password.hash.73",
        "matches",
        "Zig 0.17.1 lib/std/crypto/bcrypt.zig: silently_truncate_password = true keeps 72 bytes",
    ),
    (
        "zig/bcrypt",
        "len.bcrypt.password.hash.73",
        "differs",
        "Zig 0.17.1 lib/std/crypto/bcrypt.zig bcrypt(): over 72 bytes and not truncating, the "
        "password is pre-hashed with HMAC-SHA512",
    ),
    (
        "bun/bun-password-sync",
        "len.bcrypt.password.hash.73",
        "differs",
        "bun.sh Bun.password.hash: with bcrypt, passwords longer than 72 bytes are hashed with "
        "SHA-512 first (oven-sh/bun#9010)",
    ),
    (
        "php/password_hash",
        "len.bcrypt.password.hash.nul",
        "refuses",
        "PHP 8.2 ext/standard/password.c: ValueError 'Bcrypt password must not contain null "
        "character'",
    ),
]
NEEDED = {impl.split("/")[0] for impl, *_ in DOCUMENTED + DOCUMENTED_LENGTHS}


@pytest.fixture(scope="module")
def session():
    manifests = [m for m in MANIFESTS if m.name in NEEDED and not runner_unavailable(m)]
    pool = RunnerPool(manifests)
    pool.start()
    yield Session(pool)
    pool.close()


@pytest.mark.parametrize(
    ("impl", "probe", "expected", "source"), DOCUMENTED, ids=[f"{i}:{p}" for i, p, *_ in DOCUMENTED]
)
def test_documented_behaviour(session, impl, probe, expected, source):
    if impl not in session.pool.implementations:
        pytest.skip(f"{impl} is not available here")
    (spec,) = [p for p in probes.all_probes() if p.name == probe]
    behaviour, detail = spec.run(session, impl)
    assert behaviour == expected, f"{impl} {probe}: {detail} — documented: {source}"


@pytest.mark.parametrize(
    ("impl", "probe", "expected", "source"),
    DOCUMENTED_LENGTHS,
    ids=[f"{i}:{p}" for i, p, *_ in DOCUMENTED_LENGTHS],
)
def test_documented_length_behaviour(session, impl, probe, expected, source):
    if impl not in session.pool.implementations:
        pytest.skip(f"{impl} is not available here")
    behaviour, detail = lengths.probe(session, impl, probe)
    assert behaviour == expected, f"{impl} {probe}: {detail} — documented: {source}"


def test_reference_expectations_are_recorded():
    by_name = {p.name: p for p in probes.all_probes()}
    # the reference's own answers, computed live from libxcrypt / libargon2
    assert by_name["bcrypt.prefix-2y"].expected == "accepts"
    assert by_name["bcrypt.truncated"].expected == "rejects"
    assert by_name["argon2.no-version"].expected == "accepts"
    assert all(p.source for p in probes.all_probes())


def test_interop_bcrypt_round_trips_between_c_and_php(session):
    if not {"c/libxcrypt", "php/crypt"} <= set(session.pool.implementations):
        pytest.skip("needs the c and php runners")
    narrowed = Session(session.pool, r"^(c/libxcrypt|php/crypt)$")
    (matrix,) = [m for m in interop.run(narrowed) if m.algorithm == "bcrypt"]
    for producer in ("c/libxcrypt", "php/crypt"):
        row = matrix.cells[producer]
        assert row["c/libxcrypt"] == row["php/crypt"] == row[interop.REFERENCE] == "ok", row


def test_interop_pbkdf2_jvm_strings_and_a_verifier_without_a_string_api():
    """Spring's parameterless hex and password4j's $3$ string each verify in their own
    library and in the reference (Spring's at the parameters it was made with), not in
    each other; python/cryptography, which has no PBKDF2 string at all, is n/a."""
    wanted = [m for m in MANIFESTS if m.name in ("java", "python") and not runner_unavailable(m)]
    if len(wanted) < 2:
        pytest.skip("needs the java and python runners")
    with RunnerPool(wanted) as pool:
        pool.start()
        narrowed = Session(pool, r"^(java/(spring|password4j)-pbkdf2|python/cryptography)$")
        (matrix,) = [m for m in interop.run(narrowed) if m.algorithm == "pbkdf2-sha256"]
    spring, p4j = matrix.cells["java/spring-pbkdf2"], matrix.cells["java/password4j-pbkdf2"]
    assert spring["java/spring-pbkdf2"] == spring[interop.REFERENCE] == "ok", spring
    assert p4j["java/password4j-pbkdf2"] == p4j[interop.REFERENCE] == "ok", p4j
    assert spring["java/password4j-pbkdf2"] != "ok" and p4j["java/spring-pbkdf2"] != "ok"
    assert spring["python/cryptography"] == p4j["python/cryptography"] == "n/a"
    assert not any("python/cryptography" in line for line in interop.divergences([matrix]))
