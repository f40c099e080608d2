"""The reference side of the length probes (fidelity/lengths.py): the targets (one input of
one algorithm through one operation), the parameters and plain inputs they use, and what
the reference computes, makes and accepts for any bytes — libargon2's `argon2_ctx` for
secret and associated data, libxcrypt for crypt(3) strings (read as bcrypt reads: to the
NUL, 72 bytes at most), hashlib for scrypt and PBKDF2 in every string format a library
reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hashbench.verify import hash_string_format, reference, reference_strings

LENGTH = 32
ARGON2 = ("argon2id", "argon2i", "argon2d")
PBKDF2 = ("pbkdf2-sha1", "pbkdf2-sha256", "pbkdf2-sha512")
PARAMS: dict[str, dict[str, int]] = {
    "bcrypt": {"cost": 4},
    **{alg: {"m": 256, "t": 3, "p": 1} for alg in ARGON2},  # libsodium's argon2i wants t >= 3
    "scrypt": {"n": 1024, "r": 1, "p": 1},
    **{alg: {"iterations": 1000} for alg in PBKDF2},
    "yescrypt": {"cost": 1},
}
BASE = {"password": b"password", "salt": b"somesaltsomesalt", "secret": b"secret", "ad": b"ad"}
BCRYPT_SALT = "CCCCCCCCCCCCCCCCCCCCC."  # crypt_blowfish wrapper.c's salt


@dataclass(frozen=True)
class Target:
    alg: str
    field: str  # password, salt, secret, ad
    op: str  # derive, hash, verify
    variant: str = ""  # a verify target's string format: bcrypt prefix, KDF format

    def probe(self, label: str) -> str:
        variant = f".{self.variant}" if self.variant else ""
        return f"len.{self.alg}{variant}.{self.field}.{self.op}.{label}"


def targets() -> list[Target]:
    out = [Target("bcrypt", "password", "hash")]
    out += [Target("bcrypt", "password", "verify", v) for v in ("2a", "2b", "2y", "2x")]
    for alg in ARGON2:
        out += [Target(alg, f, "derive") for f in ("password", "salt", "secret", "ad")]
        out += [Target(alg, f, op) for f in ("password", "salt") for op in ("hash", "verify")]
    for alg in ("scrypt", *PBKDF2):
        out += [Target(alg, f, "derive") for f in ("password", "salt")]
        out.append(Target(alg, "password", "hash"))
        out += [Target(alg, "password", "verify", f) for f in reference_strings.KDF_FORMATS[alg]]
    out += [Target("yescrypt", "password", "hash"), Target("yescrypt", "password", "verify")]
    return out


def inputs(t: Target, given: bytes) -> dict[str, bytes]:
    fields = {"password": BASE["password"], "salt": BASE["salt"]}
    fields[t.field] = given
    return fields


@cache
def derived(t: Target, given: bytes) -> str | None:
    f = inputs(t, given)
    if t.alg in ARGON2:
        return reference_strings.argon2(
            t.alg,
            f["password"],
            f["salt"],
            PARAMS[t.alg],
            LENGTH,
            f.get("secret", b""),
            f.get("ad", b""),
        )
    return reference.derive(t.alg, f["password"], f["salt"], PARAMS[t.alg], LENGTH)


@cache
def _setting(t: Target) -> str | None:
    if t.alg == "bcrypt":
        return f"${t.variant or '2b'}$04${BCRYPT_SALT}"
    return reference_strings.crypt_setting("$y$", PARAMS[t.alg]["cost"])


def _crypt(password: bytes, setting: str) -> str | None:
    """libxcrypt's crypt(), which refuses a passphrase of 512 bytes or more (its own
    CRYPT_MAX_PASSPHRASE_SIZE, the NUL counted). For bcrypt that cap is libxcrypt's, not
    the algorithm's: bcrypt reads at most 72 bytes (crypt_blowfish: 'chars after 72 are
    ignored'), so the reference's bcrypt of a longer password is crypt() of its first 72 bytes."""
    if setting.startswith("$2"):
        password = password.split(b"\0", 1)[0][:72]
    return reference_strings.crypt(password, setting)


@cache
def string(alg: str, variant: str, password: bytes, salt: bytes | None = None) -> str | None:
    """The reference's own string of `password` in the format `variant` names (a bcrypt
    prefix, a KDF format of reference_strings.KDF_FORMATS; argon2 and yescrypt have one),
    at the probes' parameters; argon2 with `salt` if given. None where the reference
    refuses."""
    if alg in ARGON2:
        salt = BASE["salt"] if salt is None else salt
        return reference_strings.argon2_encoded(alg, password, salt, PARAMS[alg], LENGTH)
    if alg in reference_strings.KDF_FORMATS:
        # libsodium reads only $7$ strings with its own 43-character salt: 32 bytes, written
        salt = BASE["salt"] * 2 if variant == "7" else BASE["salt"]
        return reference_strings.kdf_string(alg, variant, password, salt, PARAMS[alg], LENGTH)
    setting = _setting(Target(alg, "password", "verify", variant))
    return _crypt(password, setting) if setting else None


def refuses(t: Target, given: bytes) -> bool:
    """Whether the reference refuses this input outright: libxcrypt's yescrypt a password
    from 512 bytes, libargon2 a salt under 8 bytes; the other references take any length."""
    if t.field == "salt":
        return string(t.alg, t.variant, BASE["password"], given) is None
    setting = _setting(t) if t.alg == "yescrypt" else None
    return setting is not None and _crypt(given, setting) is None


def salt_tag_string(t: Target, carried: bytes, used: bytes) -> str | None:
    """A PHC string that carries salt `carried` with the reference's tag for salt `used`:
    what a library that reads the salt as `used` would accept."""
    key = reference_strings.argon2(t.alg, BASE["password"], used, PARAMS[t.alg], LENGTH)
    return (
        hash_string_format.phc_argon2(t.alg, PARAMS[t.alg], carried, bytes.fromhex(key))
        if key
        else None
    )


def accepts(alg: str, password: bytes, encoded: str) -> bool | None:
    """Whether the reference verifies a library's string with these bytes, at any length
    (bcrypt read as bcrypt reads: to the NUL, 72 bytes at most)."""
    if encoded.startswith(("$2", "$y$", "$6$")):  # crypt(3) formats: C strings
        return _crypt(password, encoded) == encoded
    if encoded.startswith("$7$"):  # scrypt takes any bytes: recomputed with hashlib
        return reference_strings.scrypt_mcf(password, encoded) == encoded
    return reference.verify(alg, password, encoded, PARAMS.get(alg), LENGTH)
