"""Writers of the hash string formats that verify/hash_string_parse.py reads, so the
reference can hand a library a string in the library's own format (the length probes'
verify targets, the cross-verification's reference row): PHC argon2 and scrypt, scrypt's
`$7$` (libxcrypt, libsodium), the lambdaworks scrypt string (Spring, password4j),
password4j's PBKDF2 string and Spring's bare hex of salt‖key. Each takes the salt, the
parameters and a key the caller computed; none computes anything itself.
"""

from __future__ import annotations

import base64

from hashbench.verify.hash_string_parse import ITOA64, PASSWORD4J_HMACS


def b64(data: bytes, pad: bool = True) -> str:
    text = base64.b64encode(data).decode()
    return text if pad else text.rstrip("=")


def phc_argon2(alg: str, params: dict[str, int], salt: bytes, key: bytes) -> str:
    """The reference's own layout: `$argon2id$v=19$m=…,t=…,p=…$salt$tag`, no padding."""
    version = params.get("version", 19)
    fields = f"m={params['m']},t={params['t']},p={params['p']}"
    return f"${alg}$v={version}${fields}${b64(salt, False)}${b64(key, False)}"


def _log2(n: int) -> int:
    if n < 2 or n & (n - 1):
        raise ValueError(f"scrypt N={n} is not a power of 2")
    return n.bit_length() - 1


def phc_scrypt(params: dict[str, int], salt: bytes, key: bytes) -> str:
    """RustCrypto's and passlib's `$scrypt$ln=…,r=…,p=…$salt$key`, no padding."""
    ln = _log2(params["n"])
    head = f"$scrypt$ln={ln},r={params['r']},p={params['p']}"
    return f"{head}${b64(salt, False)}${b64(key, False)}"


def lambdaworks(params: dict[str, int], salt: bytes, key: bytes) -> str:
    """`$<hex log2N<<16 | r<<8 | p>$<base64 salt>$<base64 key>` (Spring, password4j)."""
    value = _log2(params["n"]) << 16 | params["r"] << 8 | params["p"]
    return f"${value:x}${b64(salt)}${b64(key)}"


def password4j_pbkdf2(alg: str, iterations: int, salt: bytes, key: bytes) -> str:
    """password4j's CompressedPBKDF2Function: `$<hmac>$<iterations<<32 | key bits>$…$…`."""
    code = {name: n for n, name in PASSWORD4J_HMACS.items()}[alg]
    return f"${code}${iterations << 32 | 8 * len(key)}${b64(salt)}${b64(key)}"


def spring_hex(salt: bytes, key: bytes) -> str:
    """Spring's Pbkdf2PasswordEncoder: hex of salt‖key, no parameters at all."""
    return (salt + key).hex()


def itoa64(data: bytes) -> str:
    """crypt(3)'s base-64 of bytes (yescrypt's encode64): little-endian groups of three
    bytes, six bits a character, the lowest first."""
    out: list[str] = []
    for i in range(0, len(data), 3):
        chunk = data[i : i + 3]
        value = int.from_bytes(chunk, "little")
        out.extend(ITOA64[(value >> (6 * j)) & 63] for j in range((8 * len(chunk) + 5) // 6))
    return "".join(out)


def _itoa_uint(value: int, chars: int) -> str:
    return "".join(ITOA64[(value >> (6 * i)) & 63] for i in range(chars))


def scrypt_setting(params: dict[str, int], salt_text: str) -> str:
    """`$7$` setting: N as log2 in one character, r and p in five each, then the salt as
    written (scrypt is given those characters themselves, not their decoding)."""
    ln = _log2(params["n"])
    return f"$7${ITOA64[ln]}{_itoa_uint(params['r'], 5)}{_itoa_uint(params['p'], 5)}{salt_text}"


def mcf_scrypt(params: dict[str, int], salt_text: str, key: bytes) -> str:
    return f"{scrypt_setting(params, salt_text)}${itoa64(key)}"
