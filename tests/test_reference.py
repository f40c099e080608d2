"""The orchestrator's own reference implementations agree with every known-answer vector
(and so can be trusted to verify what the runners timed)."""

import pytest

from hashbench.fidelity import encoded, reference, vectors


@pytest.mark.parametrize("alg", vectors.algorithms())
def test_reference_matches_vectors(alg):
    checked = 0
    for vec in vectors.load(alg):
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
    assert checked or all(v.secret for v in vectors.load(alg))


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
    info = encoded.parse(text)
    assert info is not None and info.algorithm == alg and info.params == params


def test_unreadable_formats_are_none():
    assert encoded.parse("{bcrypt}$2a$10$whatever") is None
    assert encoded.parse("e0a1f2") is None
    assert encoded.parse("$argon2id$v=19$m=x,t=2,p=1$c2FsdA$aGFzaA") is None


def test_canonical_phc_reorders_parameters():
    node_style = "$argon2id$v=19$m=1024,p=1,t=2$Ue0voB3XVNfn/9sXuT7aBQ$F8PZ0dQou3fJmX9"
    assert encoded.canonical_phc(node_style) == (
        "$argon2id$v=19$m=1024,t=2,p=1$Ue0voB3XVNfn/9sXuT7aBQ$F8PZ0dQou3fJmX9"
    )
    assert encoded.canonical_phc("$2b$05$abc") is None


def test_reference_refuses_out_of_order_but_accepts_the_canonical_string():
    good = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
    shuffled = good.replace("m=65536,t=2,p=1", "m=65536,p=1,t=2")
    assert reference.verify("argon2id", b"password", shuffled) is False
    assert reference.verify("argon2id", b"password", encoded.canonical_phc(shuffled)) is True
