"""The orchestrator's own reference implementations agree with every known-answer vector
(and so can be trusted to verify what the runners timed)."""

import base64
import hashlib

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench.fidelity import vectors
from hashbench.runner.client import RunnerClient
from hashbench.verify import check, hash_string_parse, reference


@pytest.mark.parametrize("alg", vectors.algorithms())
def test_reference_matches_vectors(alg):
    checked = 0
    for vec in vectors.load(alg, sets=True):  # Wycheproof's too
        assert vec.source, vec
        if vec.secret:
            continue  # RFC 9106 vectors need secret + associated data: the runners' job
        if vec.input is not None:
            assert reference.digest(alg, vec.input) == vec.output, vec.label()
            checked += 1
        elif vec.output:
            got = reference.derive(alg, vec.password, vec.salt, vec.params, vec.length)
            assert got == vec.output, vec.label()
            checked += 1
        if vec.encoded:
            assert reference.verify(alg, vec.password, vec.encoded) is True, vec.label()
            assert reference.verify(alg, b"!" + vec.password, vec.encoded) is False
            checked += 1
    assert checked or all(v.secret for v in vectors.load(alg, sets=True))


def test_digest_pattern_is_blake3s():
    assert reference.pattern(5) == bytes([0, 1, 2, 3, 4])
    assert reference.pattern(253)[251:] == bytes([0, 1])


@pytest.mark.parametrize(
    ("text", "alg", "params"),
    [
        (
            "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc",
            "argon2id",
            {"m": 65536, "t": 2, "p": 1, "version": 19},
        ),
        (
            "$argon2i$m=65536,t=2,p=1$c29tZXNhbHQ$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ",
            "argon2i",
            {"m": 65536, "t": 2, "p": 1, "version": 16},
        ),
        ("$2y$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq", "bcrypt", {"cost": 5}),
        ("$scrypt$ln=16,r=8,p=1$c2FsdA$aGFzaA", "scrypt", {"n": 65536, "r": 8, "p": 1}),
        ("$6$rounds=10000$salt$hash", "sha512crypt", {"rounds": 10000}),
        ("$6$salt$hash", "sha512crypt", {"rounds": 5000}),
    ],
)
def test_encoded_parameters_are_read_back(text, alg, params):
    info = hash_string_parse.parse(text)
    assert info is not None and info.algorithm == alg and info.params == params


def test_unreadable_formats_are_none():
    assert hash_string_parse.parse("{bcrypt}$2a$10$whatever") is None
    assert hash_string_parse.parse("e0a1f2") is None
    assert hash_string_parse.parse("$argon2id$v=19$m=x,t=2,p=1$c2FsdA$aGFzaA") is None


def test_canonical_phc_reorders_parameters():
    node_style = "$argon2id$v=19$m=1024,p=1,t=2$Ue0voB3XVNfn/9sXuT7aBQ$F8PZ0dQou3fJmX9"
    assert hash_string_parse.canonical_phc(node_style) == (
        "$argon2id$v=19$m=1024,t=2,p=1$Ue0voB3XVNfn/9sXuT7aBQ$F8PZ0dQou3fJmX9"
    )
    assert hash_string_parse.canonical_phc("$2b$05$abc") is None


def test_reference_refuses_out_of_order_but_accepts_the_canonical_string():
    good = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
    shuffled = good.replace("m=65536,t=2,p=1", "m=65536,p=1,t=2")
    assert reference.verify("argon2id", b"password", shuffled) is False
    assert (
        reference.verify("argon2id", b"password", hash_string_parse.canonical_phc(shuffled)) is True
    )


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def test_jvm_formats_are_read_back_with_salt_and_key():
    salt = bytes(range(16))
    key = hashlib.scrypt(b"pw", salt=salt, n=1024, r=8, p=2, dklen=32)
    lambdaworks = f"${(10 << 16) | (8 << 8) | 2:x}${_b64(salt)}${_b64(key)}"
    info = hash_string_parse.parse(lambdaworks)
    assert info is not None and info.algorithm == "scrypt" and info.variant == "lambdaworks"
    assert info.params == {"n": 1024, "r": 8, "p": 2} and (info.salt, info.key) == (salt, key)
    assert reference.verify("scrypt", b"pw", lambdaworks) is True
    assert reference.verify("scrypt", b"pW", lambdaworks) is False

    key = hashlib.pbkdf2_hmac("sha512", b"pw", salt, 1000, 64)
    password4j = f"$5${(1000 << 32) | 512}${_b64(salt)}${_b64(key)}"
    info = hash_string_parse.parse(password4j)
    assert info is not None and info.algorithm == "pbkdf2-sha512"
    assert info.params == {"iterations": 1000} and info.key == key
    assert reference.verify("pbkdf2-sha512", b"pw", password4j) is True
    # key bits that disagree with the key are not password4j's format
    assert (
        hash_string_parse.parse(
            password4j.replace(f"{(1000 << 32) | 512}", f"{(1000 << 32) | 256}")
        )
        is None
    )


def test_passlib_pbkdf2_strings_are_read_back_with_salt_and_key():
    """passlib's format, which pbkdf2_elixir writes: adapted base64 ('.' for '+')."""
    salt = bytes([0xFB, 0xFF] + list(range(14)))  # bytes whose base64 holds a '+'
    key = hashlib.pbkdf2_hmac("sha512", b"pw", salt, 1000, 64)
    ab64 = _b64(salt).replace("+", ".").rstrip("="), _b64(key).replace("+", ".").rstrip("=")
    encoded = f"$pbkdf2-sha512$1000${ab64[0]}${ab64[1]}"
    assert "." in encoded
    info = hash_string_parse.parse(encoded)
    assert info is not None and info.algorithm == "pbkdf2-sha512" and info.variant == "passlib"
    assert info.params == {"iterations": 1000} and (info.salt, info.key) == (salt, key)
    assert reference.verify("pbkdf2-sha512", b"pw", encoded) is True
    assert reference.verify("pbkdf2-sha512", b"pW", encoded) is False
    assert reference.verify("pbkdf2-sha256", b"pw", encoded) is False  # another digest
    sha1 = hash_string_parse.parse(f"$pbkdf2$1000${ab64[0]}${ab64[1]}")
    assert sha1 is not None and sha1.algorithm == "pbkdf2-sha1"
    assert hash_string_parse.parse(f"$pbkdf2-sha512$0${ab64[0]}${ab64[1]}") is None


def test_bare_hex_pbkdf2_is_checked_at_the_asked_parameters():
    salt = bytes(16)
    key = hashlib.pbkdf2_hmac("sha256", b"pw", salt, 1000, 32)
    spring = (salt + key).hex()
    assert hash_string_parse.parse(spring) is None  # nothing to read back
    assert hash_string_parse.split_salt_key(spring, 32) == (salt, key)
    assert check.check_encoded("pbkdf2-sha256", b"pw", {"iterations": 1000}, 32, spring).ok
    other = check.check_encoded("pbkdf2-sha256", b"pw", {"iterations": 999}, 32, spring)
    assert not other.ok and "does not match" in other.detail


JAVA = next((m for m in MANIFESTS if m.name == "java"), None)


@pytest.mark.skipif(JAVA is None or runner_unavailable(JAVA) is not None, reason="java runner")
@pytest.mark.parametrize(
    ("impl", "alg", "params"),
    [
        ("java/spring-scrypt", "scrypt", {"n": 1024, "r": 8, "p": 2}),
        ("java/password4j-scrypt", "scrypt", {"n": 2048, "r": 4, "p": 1}),
        ("java/password4j-pbkdf2", "pbkdf2-sha512", {"iterations": 1200}),
        ("java/spring-pbkdf2", "pbkdf2-sha1", {"iterations": 1100}),
    ],
)
def test_jvm_library_strings_verify_only_at_their_parameters(impl, alg, params):
    """Strings from the real libraries: verified at the asked parameters, refused at others."""
    client = RunnerClient(JAVA)
    client.start()
    try:
        made = client.wire_ok(
            "hash", impl=impl, alg=alg, password=b"pw".hex(), params=params, length=32
        )
    finally:
        client.kill()
    assert check.check_encoded(alg, b"pw", params, 32, made["encoded"]).ok, made
    for key in params:
        other = {**params, key: params[key] * 2}
        assert not check.check_encoded(alg, b"pw", other, 32, made["encoded"]).ok, (key, made)
    assert not check.check_encoded(alg, b"pw", params, 16, made["encoded"]).ok
    assert not check.check_encoded(alg, b"pW", params, 32, made["encoded"]).ok
