"""The inputs of the length probes, and what a library might have done to one instead.

Lengths sit on every boundary where a library could truncate, refuse or wrap: 0 and 1;
each documented limit minus one, at and plus one (bcrypt's 72 bytes, the 64- or 128-byte
block of the HMAC inside PBKDF2 and scrypt, argon2's 8-byte minimum salt); and the
lengths where a count kept in 8 or 16 bits wraps (255, 256, 257; 65535, 65536, 65537).
Besides lengths: a NUL byte inside, and bytes >= 0x80 that are not UTF-8.

When a library's answer is not the reference's, `alternatives` lists what it may have
hashed instead — the input cut at the NUL or at a limit, its length wrapped, or its
invalid UTF-8 replaced or re-encoded — so the probe can say *how* it differs. Each is
tried by asking the reference for those other bytes: a class is proven by an output, never
inferred from the length alone.
"""

from __future__ import annotations

WRAPS = (255, 256, 257, 65535, 65536, 65537)
EDGES = (0, 1, *WRAPS)
NUL = "nul"  # b"pass\0word"
HIGH = "8bit"  # bytes >= 0x80, not valid UTF-8
SPECIAL = (NUL, HIGH)
# where a library might cut an input: bcrypt's 72 and the hash blocks of 64 and 128 bytes
CUTS = (64, 72, 128, 255, 256)
CRYPT_MAX = 512  # libxcrypt's CRYPT_MAX_PASSPHRASE_SIZE, NUL counted: crypt() refuses 512 bytes
PASSLIB_MAX = 4096  # passlib's MAX_PASSWORD_SIZE: every passlib hash refuses longer passwords


def limits(alg: str, field: str) -> tuple[int, ...]:
    """The documented limits of one input, each probed at -1, 0 and +1."""
    if field == "password" and alg != "bcrypt" and alg != "yescrypt":
        return (PASSLIB_MAX, *_limits(alg, field))
    if field == "ad" and alg.startswith("argon2"):
        return (32,)  # RustCrypto argon2: AssociatedData::MAX_LEN
    return _limits(alg, field)


def _limits(alg: str, field: str) -> tuple[int, ...]:
    if alg == "bcrypt" and field == "password":
        return (72, CRYPT_MAX, PASSLIB_MAX)  # crypt_blowfish: 'chars after 72 are ignored'
    if alg == "yescrypt":
        return (CRYPT_MAX, PASSLIB_MAX)
    if field == "password" and alg == "scrypt":
        return (64, CRYPT_MAX)  # HMAC-SHA-256's 64-byte block; libxcrypt's cap for $7$
    if field == "password" and alg in ("pbkdf2-sha1", "pbkdf2-sha256"):
        return (64,)  # HMAC-SHA-1/-256: a key over the 64-byte block is hashed first
    if field == "password" and alg == "pbkdf2-sha512":
        return (128,)  # HMAC-SHA-512's block
    if field == "salt" and alg.startswith("argon2"):
        return (8,)  # RFC 9106 §3.1: at least 8 bytes
    return ()


def labels(alg: str, field: str) -> list[str]:
    """Every input of one field, as the probe names it: a length or `nul` / `8bit`."""
    sizes = set(EDGES)
    for limit in limits(alg, field):
        sizes |= {limit - 1, limit, limit + 1}
    return [str(n) for n in sorted(sizes)] + list(SPECIAL)


def data(label: str) -> bytes:
    """The bytes of one input: printable ASCII cycling through 62 letters and digits, so
    every prefix is distinct and nothing but its length is special."""
    if label == NUL:
        return b"pass\x00word"
    if label == HIGH:
        return b"p\xe4ss\xa3w\xf6rd\xff\x80"
    alphabet = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    n = int(label)
    return (alphabet * (n // len(alphabet) + 1))[:n]


def alternatives(given: bytes, alg: str = "", field: str = "") -> list[tuple[str, str, bytes]]:
    """(behaviour, how, bytes) a library may have used instead of `given` as input `field`
    of `alg`: cut at the NUL, its length wrapped, cut at a block size or at one of the
    field's limits (or one byte short of it, a NUL counted), invalid UTF-8 changed."""
    out: list[tuple[str, str, bytes]] = []
    if b"\0" in given:
        out.append(("truncates", "at the NUL", given[: given.index(0)]))
    n = len(given)
    for bits in (8, 16):
        if n >= 1 << bits:
            out.append(("wraps", f"its length mod 2^{bits}", given[: n % (1 << bits)]))
    if alg == "bcrypt" and field == "password":
        out.extend(_bcrypt_key_wraps(given))
    cuts = set(CUTS) | {c for limit in limits(alg, field) for c in (limit - 1, limit)}
    out.extend(("truncates", f"at {cut} bytes", given[:cut]) for cut in sorted(cuts) if cut < n)
    try:
        given.decode()
    except UnicodeDecodeError:
        replaced = given.decode(errors="replace").encode()
        out.append(("replaces", "invalid UTF-8 with U+FFFD", replaced))
        out.append(("reencodes", "each byte as a Latin-1 character in UTF-8", _latin1(given)))
    return out


def _latin1(given: bytes) -> bytes:
    return given.decode("latin-1").encode()


def _bcrypt_key_wraps(given: bytes) -> list[tuple[str, str, bytes]]:
    """bcrypt's key is the password and its NUL, repeated over 72 bytes. OpenBSD's bcrypt.c
    before 2014 kept that length (NUL counted, for $2a$) in 8 bits: from 255 bytes its key
    is the first (n + 1) mod 256 bytes repeated, with no NUL (0 reads byte 0 over and over).
    That key is the reference's for a 72-byte password of those bytes repeated, so the
    reference can prove the wrap. Both countings are tried: with and without the NUL."""
    n, out = len(given), {}
    for kept, how in (((n + 1) % 256, "(n + 1) mod 256"), (n % 256, "n mod 256")):
        used = given[: max(kept, 1)]
        key = (used * 72)[:72]
        if kept < min(n, 72) and b"\0" not in used and key not in out:
            out[key] = ("wraps", f"its key length in 8 bits: {how} = {kept} bytes", key)
    return list(out.values())
