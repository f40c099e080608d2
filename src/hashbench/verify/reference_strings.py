"""The reference as a producer, for the length probes: argon2 with a secret and associated
data (libargon2's `argon2_ctx`, which `argon2_hash` does not reach), argon2 PHC strings
made by libargon2, modular-crypt strings made by libxcrypt for any bcrypt prefix ($2a$,
$2b$, $2y$, $2x$) and yescrypt, and scrypt and PBKDF2 strings in every format a library
reads (`kdf_string`: hashlib's key in verify/hash_string_format.py's layouts).

`reference.py` checks what a library made; this module makes what a library is asked to
read, so a verify answer can be compared with the reference's own output on the same
bytes. Each function returns None where the reference refuses the input (or is absent).
"""

from __future__ import annotations

import ctypes
import threading

from hashbench.verify import hash_string_format, reference
from hashbench.verify.hash_string_parse import parse
from hashbench.verify.reference import _ARGON2_TYPES, _lib, argon2_hash, derive

_LOCK = threading.Lock()  # crypt_gensalt() returns a static buffer


class _Argon2Context(ctypes.Structure):
    """argon2.h `argon2_context`, field for field."""

    _fields_ = [
        ("out", ctypes.c_char_p),
        ("outlen", ctypes.c_uint32),
        ("pwd", ctypes.c_char_p),
        ("pwdlen", ctypes.c_uint32),
        ("salt", ctypes.c_char_p),
        ("saltlen", ctypes.c_uint32),
        ("secret", ctypes.c_char_p),
        ("secretlen", ctypes.c_uint32),
        ("ad", ctypes.c_char_p),
        ("adlen", ctypes.c_uint32),
        ("t_cost", ctypes.c_uint32),
        ("m_cost", ctypes.c_uint32),
        ("lanes", ctypes.c_uint32),
        ("threads", ctypes.c_uint32),
        ("version", ctypes.c_uint32),
        ("allocate_cbk", ctypes.c_void_p),
        ("free_cbk", ctypes.c_void_p),
        ("flags", ctypes.c_uint32),
    ]


def argon2(
    alg: str,
    password: bytes,
    salt: bytes,
    params: dict[str, int],
    length: int,
    secret: bytes = b"",
    ad: bytes = b"",
) -> str | None:
    """Raw argon2 output (hex) with every input of RFC 9106, or None if libargon2
    refuses (a salt under 8 bytes, say) or is not installed."""
    lib = _lib("argon2")
    if lib is None:
        return None
    out = ctypes.create_string_buffer(max(length, 1))
    ctx = _Argon2Context(
        ctypes.cast(out, ctypes.c_char_p),
        length,
        password,
        len(password),
        salt,
        len(salt),
        secret or None,
        len(secret),
        ad or None,
        len(ad),
        params["t"],
        params["m"],
        params["p"],
        params["p"],
        params.get("version", 19),
        None,
        None,
        0,
    )
    rc = lib.argon2_ctx(ctypes.byref(ctx), ctypes.c_int(_ARGON2_TYPES[alg]))
    return out.raw[:length].hex() if rc == 0 else None


def argon2_encoded(
    alg: str, password: bytes, salt: bytes, params: dict[str, int], length: int
) -> str | None:
    """libargon2's own PHC string for these inputs (`argon2_hash` with an encoded buffer)."""
    made = argon2_hash(alg, password, salt, params, length, encoded=True)
    return made.decode() if made is not None else None


def crypt_setting(prefix: str, count: int) -> str | None:
    """A fresh setting from libxcrypt's crypt_gensalt: `$2b$04$<salt>` or `$y$j9T$<salt>`.
    A bcrypt prefix libxcrypt will not generate ($2x$) is written over a $2b$ setting:
    the salt encoding is the same."""
    lib = _lib("crypt")
    if lib is None:
        return None
    lib.crypt_gensalt.restype = ctypes.c_char_p
    asked = "$2b$" if prefix == "$2x$" else prefix
    with _LOCK:
        setting = lib.crypt_gensalt(asked.encode(), ctypes.c_ulong(count), None, 0)
    if not setting:
        return None
    return prefix + str(setting.decode())[len(asked) :]


def crypt(password: bytes, setting: str) -> str | None:
    """libxcrypt's crypt(): the password is a C string, so it ends at its first NUL —
    the reference's own behaviour for a NUL inside a bcrypt or yescrypt password."""
    out = reference.crypt(password.split(b"\0", 1)[0], setting.encode())
    text = out.decode() if out else ""
    return text if text.startswith("$") else None


# The string formats of the key-derivation functions that have several, by the name the
# length probes give them: which libraries read which is found by asking them.
KDF_FORMATS = {
    "scrypt": ("7", "phc", "lambdaworks"),
    **{alg: ("password4j", "spring") for alg in ("pbkdf2-sha1", "pbkdf2-sha256", "pbkdf2-sha512")},
}


def kdf_string(
    alg: str, fmt: str, password: bytes, salt: bytes, params: dict[str, int], length: int
) -> str | None:
    """The reference's scrypt or PBKDF2 string of `password` in format `fmt` (KDF_FORMATS):
    hashlib's key, laid out by verify/hash_string_format.py. For `$7$` the salt is written as its
    crypt base-64 text, and that text is what scrypt is given (as libxcrypt and libsodium
    do). None if hashlib refuses."""
    if fmt == "7":
        return scrypt_mcf(
            password,
            hash_string_format.scrypt_setting(params, hash_string_format.itoa64(salt)),
            length,
        )
    key_hex = derive(alg, password, salt, params, length)
    if key_hex is None:
        return None
    key = bytes.fromhex(key_hex)
    writers = {
        "phc": lambda: hash_string_format.phc_scrypt(params, salt, key),
        "lambdaworks": lambda: hash_string_format.lambdaworks(params, salt, key),
        "password4j": lambda: hash_string_format.password4j_pbkdf2(
            alg, params["iterations"], salt, key
        ),
        "spring": lambda: hash_string_format.spring_hex(salt, key),
    }
    return writers[fmt]()


def scrypt_mcf(password: bytes, setting: str, length: int = 32) -> str | None:
    """A `$7$` string for a setting (or a whole string), computed by hashlib at any password
    length — libxcrypt's crypt() stops at 511 bytes, scrypt itself does not."""
    head = setting.rsplit("$", 1)[0] if setting.count("$") > 2 else setting
    info = parse(head + "$")
    if info is None or info.algorithm != "scrypt" or len(head) < 14:
        return None
    salt_text = head[14:]
    key = derive("scrypt", password, salt_text.encode(), info.params, length)
    return (
        hash_string_format.mcf_scrypt(info.params, salt_text, bytes.fromhex(key)) if key else None
    )
