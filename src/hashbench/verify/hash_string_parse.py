"""Read the algorithm and parameters out of an encoded hash string.

Formats: PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash, $scrypt$ln=…,r=…,p=…$…),
modular crypt ($2a$/$2b$/$2y$/$2x$ bcrypt, $7$ scrypt, $y$ yescrypt, $6$ sha512crypt), and
two JVM formats whose salt and key can be recomputed: the lambdaworks scrypt string
($<hex log2N<<16 | r<<8 | p>$<base64 salt>$<base64 key>, Spring Security's
SCryptPasswordEncoder and password4j) and password4j's CompressedPBKDF2Function
($<hmac code>$<iterations<<32 | key bits>$<base64 salt>$<base64 key>), and passlib's
PBKDF2 string, which pbkdf2_elixir also writes ($pbkdf2-sha512$<iterations>$<salt>$<key>,
base64 with `.` for `+` and no padding).
Returns None for a format hashbench cannot read. Spring's Pbkdf2PasswordEncoder emits bare
hex of salt||key with no parameters at all: `split_salt_key` reads it, given the key length.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field

ITOA64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Encoded:
    algorithm: str
    params: dict[str, int] = field(default_factory=dict)
    variant: str = ""  # e.g. "2b" for bcrypt, "phc" / "mcf" / "lambdaworks" / "password4j"
    salt: bytes | None = None  # set where the string holds them (PHC and the JVM formats)
    key: bytes | None = None


_BCRYPT = re.compile(r"^\$(2[abxy]?)\$(\d\d)\$[./A-Za-z0-9]{53}$")
_B64 = r"[A-Za-z0-9+/]+={0,2}"
_LAMBDAWORKS = re.compile(rf"^\$([0-9a-f]{{5,}})\$({_B64})\$({_B64})$")
_PASSWORD4J_PBKDF2 = re.compile(rf"^\$([1-5])\$(\d+)\$({_B64})\$({_B64})$")
_AB64 = r"[./A-Za-z0-9]"  # passlib's adapted base64: "." for "+", no padding
_PASSLIB_PBKDF2 = re.compile(rf"^\$pbkdf2(-sha256|-sha512)?\$(\d+)\$({_AB64}*)\$({_AB64}+)$")
# password4j's Hmac codes (com.password4j.types.Hmac); 224 and 384 are not in the catalog.
PASSWORD4J_HMACS = {1: "pbkdf2-sha1", 3: "pbkdf2-sha256", 5: "pbkdf2-sha512"}
_PHC = re.compile(r"^\$(argon2id|argon2i|argon2d|scrypt)\$(v=(\d+)\$)?([a-z0-9=,]+)\$")


def _itoa_int(chars: str) -> int:
    """yescrypt / $7$ little-endian base-64 integer."""
    value = 0
    for i, ch in enumerate(chars):
        value |= ITOA64.index(ch) << (6 * i)
    return value


def parse(encoded: str) -> Encoded | None:
    if m := _BCRYPT.match(encoded):
        return Encoded("bcrypt", {"cost": int(m.group(2))}, m.group(1))
    if m := _PHC.match(encoded):
        alg = m.group(1)
        kv = dict(item.split("=", 1) for item in m.group(4).split(",") if "=" in item)
        try:
            nums = {k: int(v) for k, v in kv.items()}
        except ValueError:
            return None
        salt_text, _, key_text = encoded[m.end() :].partition("$")
        salt, key = _b64(_pad(salt_text)), _b64(_pad(key_text))
        if alg == "scrypt":
            if not {"ln", "r", "p"} <= set(nums):
                return None
            params = {"n": 1 << nums["ln"], "r": nums["r"], "p": nums["p"]}
            return Encoded("scrypt", params, "phc", salt, key)
        if not {"m", "t", "p"} <= set(nums):
            return None
        version = int(m.group(3)) if m.group(3) else 16  # no v= means version 0x10
        params = {"m": nums["m"], "t": nums["t"], "p": nums["p"], "version": version}
        return Encoded(alg, params, "phc", salt, key)
    if encoded.startswith("$7$") and len(encoded) > 14:
        try:
            ln = ITOA64.index(encoded[3])
            r = _itoa_int(encoded[4:9])
            p = _itoa_int(encoded[9:14])
        except ValueError:
            return None
        return Encoded("scrypt", {"n": 1 << ln, "r": r, "p": p}, "mcf")
    if m := re.match(r"^\$6\$(rounds=(\d+)\$)?", encoded):
        return Encoded("sha512crypt", {"rounds": int(m.group(2) or 5000)}, "mcf")
    if encoded.startswith("$y$"):
        return Encoded("yescrypt", {}, "mcf")
    return _parse_jvm(encoded)


def _pad(text: str) -> str:
    """PHC strings drop base64 padding."""
    return text + "=" * (-len(text) % 4)


def _b64(text: str) -> bytes | None:
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error:
        return None


def _parse_jvm(encoded: str) -> Encoded | None:
    if m := _LAMBDAWORKS.match(encoded):
        value = int(m.group(1), 16)
        log2n, r, p = value >> 16, (value >> 8) & 0xFF, value & 0xFF
        salt, key = _b64(m.group(2)), _b64(m.group(3))
        if log2n < 1 or r < 1 or p < 1 or not salt or not key:
            return None
        return Encoded("scrypt", {"n": 1 << log2n, "r": r, "p": p}, "lambdaworks", salt, key)
    if m := _PASSWORD4J_PBKDF2.match(encoded):
        alg = PASSWORD4J_HMACS.get(int(m.group(1)))
        value = int(m.group(2))
        iterations, bits = value >> 32, value & 0xFFFFFFFF
        salt, key = _b64(m.group(3)), _b64(m.group(4))
        if alg is None or iterations < 1 or not salt or not key or bits != 8 * len(key):
            return None
        return Encoded(alg, {"iterations": iterations}, "password4j", salt, key)
    if m := _PASSLIB_PBKDF2.match(encoded):
        salt, key = (_b64(_pad(t.replace(".", "+"))) for t in (m.group(3), m.group(4)))
        if int(m.group(2)) < 1 or salt is None or not key:
            return None
        alg = "pbkdf2" + (m.group(1) or "-sha1")
        return Encoded(alg, {"iterations": int(m.group(2))}, "passlib", salt, key)
    return None


def split_salt_key(encoded: str, key_length: int) -> tuple[bytes, bytes] | None:
    """Spring's Pbkdf2PasswordEncoder string: hex of salt||key, nothing else. The split
    needs the key length the caller asked for; None if the string is not such hex."""
    if not re.fullmatch(r"(?:[0-9a-f]{2})+", encoded):
        return None
    raw = bytes.fromhex(encoded)
    if key_length < 1 or len(raw) <= key_length:
        return None
    return raw[:-key_length], raw[-key_length:]


def canonical_phc(encoded: str) -> str | None:
    """An argon2 PHC string with its parameters in the standard order m, t, p (followed by
    any others), or None if it is not one."""
    parts = encoded.split("$")
    if len(parts) < 5 or not parts[1].startswith("argon2"):
        return None
    i = 3 if parts[2].startswith("v=") else 2
    items = parts[i].split(",")
    order = {"m": 0, "t": 1, "p": 2}
    items.sort(key=lambda item: order.get(item.split("=", 1)[0], 3))
    return "$".join([*parts[:i], ",".join(items), *parts[i + 1 :]])
