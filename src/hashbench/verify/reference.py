"""Independent reference computations, used to verify what every benchmark timed.

Digests and PBKDF2/scrypt come from Python's hashlib (and the blake3 package); argon2 from
the reference C library (libargon2) and modular-crypt strings from libxcrypt, both through
ctypes. Encoded strings that carry their salt and key (PHC scrypt, the JVM formats of
verify/hash_string_parse.py) are checked by recomputing the key. A function returns None when no
reference is available here.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import hmac
from functools import cache

from hashbench.verify.hash_string_parse import parse, split_salt_key

_HASHLIB = {
    "md5": "md5",
    "sha1": "sha1",
    "sha256": "sha256",
    "sha512": "sha512",
    "sha3-256": "sha3_256",
    "blake2b-512": "blake2b",
    "blake2s-256": "blake2s",
}
_ARGON2_TYPES = {"argon2d": 0, "argon2i": 1, "argon2id": 2}


@cache
def pattern(size: int) -> bytes:
    """The digest bench input: byte i is i mod 251 (BLAKE3's test-vector pattern)."""
    return bytes(i % 251 for i in range(size))


@cache
def digest(alg: str, data: bytes) -> str | None:
    if alg in _HASHLIB:
        return hashlib.new(_HASHLIB[alg], data).hexdigest()
    if alg == "blake3":
        try:
            import blake3
        except ImportError:
            return None
        return blake3.blake3(data).hexdigest()
    return None


CRYPT_DATA_SIZE = 32768  # sizeof(struct crypt_data), libxcrypt's crypt.h


@cache
def _lib(name: str) -> ctypes.CDLL | None:
    path = ctypes.util.find_library(name)
    return ctypes.CDLL(path) if path else None


def crypt(password: bytes, setting: bytes) -> bytes | None:
    """libxcrypt's crypt_r with a buffer of its own: what crypt() returns (a failure
    token such as `*0` included), safe to call from several threads at once (crypt()
    writes a static buffer), so a group's strings can be checked side by side."""
    lib = _lib("crypt")
    if lib is None:
        return None
    lib.crypt_r.restype = ctypes.c_char_p
    data = ctypes.create_string_buffer(CRYPT_DATA_SIZE)  # zeroed, as crypt_r asks
    out: bytes | None = lib.crypt_r(password, setting, data)
    return out


def derive(
    alg: str, password: bytes, salt: bytes, params: dict[str, int], length: int
) -> str | None:
    return _derive(alg, password, salt, tuple(sorted(params.items())), length)


@cache
def _derive(
    alg: str, password: bytes, salt: bytes, param_items: tuple[tuple[str, int], ...], length: int
) -> str | None:
    params = dict(param_items)
    if alg.startswith("pbkdf2-"):
        hash_name = alg.split("-", 1)[1]
        return hashlib.pbkdf2_hmac(hash_name, password, salt, params["iterations"], length).hex()
    if alg == "scrypt":
        n, r, p = params["n"], params["r"], params["p"]
        out = hashlib.scrypt(
            password,
            salt=salt,
            n=n,
            r=r,
            p=p,
            dklen=length,
            # OpenSSL needs 128·r·(N+2) + 128·r·p bytes and takes no maxmem from 2 GiB up
            maxmem=min(2**31 - 1, 128 * r * (n + 2) + 128 * r * p + 64 * 1024 * 1024),
        )
        return out.hex()
    if alg in _ARGON2_TYPES:
        raw = argon2_hash(alg, password, salt, params, length, encoded=False)
        return raw.hex() if raw is not None else None
    return None


def argon2_hash(
    alg: str, password: bytes, salt: bytes, params: dict[str, int], length: int, encoded: bool
) -> bytes | None:
    """libargon2's `argon2_hash`: the raw hash of `length` bytes, or (encoded) its PHC
    string as bytes; None without libargon2 or when it refuses the inputs."""
    lib = _lib("argon2")
    if lib is None:
        return None
    kind = _ARGON2_TYPES[alg]
    size = (
        lib.argon2_encodedlen(params["t"], params["m"], params["p"], len(salt), length, kind)
        if encoded
        else 0
    )
    raw = None if encoded else ctypes.create_string_buffer(length)
    text = ctypes.create_string_buffer(size) if encoded else None
    rc = lib.argon2_hash(
        ctypes.c_uint32(params["t"]),
        ctypes.c_uint32(params["m"]),
        ctypes.c_uint32(params["p"]),
        password,
        ctypes.c_size_t(len(password)),
        salt,
        ctypes.c_size_t(len(salt)),
        raw,
        ctypes.c_size_t(length),
        text,
        ctypes.c_size_t(size),
        ctypes.c_int(kind),
        ctypes.c_int(params.get("version", 19)),
    )
    if rc != 0:
        return None
    return text.value if text is not None else raw.raw if raw is not None else None


def verify(
    alg: str,
    password: bytes,
    encoded: str,
    params: dict[str, int] | None = None,
    length: int | None = None,
) -> bool | None:
    """Check an encoded string with an independent implementation; None if we have none.
    `params` and `length` serve only a format that holds no parameters (Spring's PBKDF2 hex
    of salt||key), which is recomputed at them."""
    if alg in _ARGON2_TYPES and encoded.startswith(f"${alg}$"):
        lib = _lib("argon2")
        if lib is None:
            return None
        rc = lib.argon2_verify(
            encoded.encode(),
            password,
            ctypes.c_size_t(len(password)),
            ctypes.c_int(_ARGON2_TYPES[alg]),
        )
        return bool(rc == 0)
    info = parse(encoded)
    if info is not None and info.key is not None and info.salt is not None:
        if info.algorithm != alg:
            return False
        got = derive(alg, password, info.salt, info.params, len(info.key))
        return got is not None and hmac.compare_digest(got, info.key.hex())
    if encoded.startswith(("$2", "$y$", "$6$", "$7$")):
        if _lib("crypt") is None:
            return None
        if b"\0" in password:
            return None  # crypt() takes C strings: not expressible
        out = crypt(password, encoded.encode())
        return out is not None and hmac.compare_digest(out, encoded.encode())
    if info is None and alg.startswith("pbkdf2-") and params and length:
        split = split_salt_key(encoded, length)
        if split is None:
            return None
        salt, key = split
        got = derive(alg, password, salt, params, length)
        return got is not None and hmac.compare_digest(got, key.hex())
    return None
