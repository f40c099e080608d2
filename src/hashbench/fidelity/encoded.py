"""Read the algorithm and parameters out of an encoded hash string.

Formats: PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash, $scrypt$ln=…,r=…,p=…$…) and
modular crypt ($2a$/$2b$/$2y$/$2x$ bcrypt, $7$ scrypt, $y$ yescrypt, $6$ sha512crypt).
Returns None for a format hashbench cannot read (e.g. Spring Security's own formats).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ITOA64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Encoded:
    algorithm: str
    params: dict[str, int] = field(default_factory=dict)
    variant: str = ""  # e.g. "2b" for bcrypt, "phc" / "mcf"


_BCRYPT = re.compile(r"^\$(2[abxy]?)\$(\d\d)\$[./A-Za-z0-9]{53}$")
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
        if alg == "scrypt":
            if not {"ln", "r", "p"} <= set(nums):
                return None
            return Encoded("scrypt", {"n": 1 << nums["ln"], "r": nums["r"], "p": nums["p"]}, "phc")
        if not {"m", "t", "p"} <= set(nums):
            return None
        version = int(m.group(3)) if m.group(3) else 16  # no v= means version 0x10
        params = {"m": nums["m"], "t": nums["t"], "p": nums["p"], "version": version}
        return Encoded(alg, params, "phc")
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
    return None


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
