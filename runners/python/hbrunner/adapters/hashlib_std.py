"""hashlib, the standard library: digests, scrypt and pbkdf2_hmac.

Modes, as users write them:
- oneshot: `hashlib.sha256(data).digest()` (the constructor takes the data: Python's
  single-call form; there is no call that writes into a caller's buffer);
- new: `h = hashlib.sha256(); h.update(data); h.digest()`.
No `reset`: hashlib objects cannot be reset (`copy()` of a fresh object is a different
pattern, not offered here).

scrypt needs `maxmem` raised above OpenSSL's 32 MiB default (N=2^16, r=8 needs 64 MiB);
CPython caps `maxmem` at INT_MAX, so cases needing more than 2 GiB are `unsupported`.
"""

from __future__ import annotations

import hashlib
import platform
import ssl

from hbrunner.adapters import Adapter, unsupported_mode
from hbrunner.errors import InvalidParams, Unsupported

DIGESTS = {
    "md5": hashlib.md5,
    "sha1": hashlib.sha1,
    "sha256": hashlib.sha256,
    "sha512": hashlib.sha512,
    "sha3-256": hashlib.sha3_256,
    "blake2b-512": hashlib.blake2b,  # digest_size defaults to 64
    "blake2s-256": hashlib.blake2s,  # digest_size defaults to 32
}
PBKDF2 = {"pbkdf2-sha1": "sha1", "pbkdf2-sha256": "sha256", "pbkdf2-sha512": "sha512"}
INT_MAX = 2**31 - 1
OPENSSL = " ".join(ssl.OPENSSL_VERSION.split()[:2])  # "OpenSSL 3.0.19"


class Hashlib(Adapter):
    id = "python/hashlib"
    version = f"{platform.python_version()} ({OPENSSL})"
    ops = ["derive", "digest", "bench"]
    modes = ["oneshot", "new"]
    notes = (
        f"standard library; md5/sha1/sha2/sha3, scrypt and pbkdf2_hmac from {OPENSSL}, "
        "blake2b/blake2s from CPython's own C; raw output only (no encoded strings); "
        "scrypt maxmem is capped at INT_MAX by CPython"
    )

    def derive_op(self, alg, password, salt, params, length, secret, ad):
        if alg == "scrypt":
            n, r, p = params["n"], params["r"], params["p"]
            # OpenSSL refuses unless 128*r*(N+2) + 128*r*p <= maxmem.
            need = 128 * r * (n + 2) + 128 * r * p
            if need > INT_MAX:
                raise Unsupported(f"scrypt needs {need} bytes; hashlib caps maxmem at {INT_MAX}")
            return lambda: hashlib.scrypt(
                password, salt=salt, n=n, r=r, p=p, maxmem=need, dklen=length
            )
        if alg in PBKDF2:
            name, iterations = PBKDF2[alg], params["iterations"]
            return lambda: hashlib.pbkdf2_hmac(name, password, salt, iterations, length)
        raise Unsupported(f"{self.id} has no derive for {alg}")

    def digest_op(self, alg, mode, data):
        new = DIGESTS[alg]
        if mode == "oneshot":
            return lambda: new(data).digest()
        if mode == "new":

            def op():
                h = new()
                h.update(data)
                return h.digest()

            return op
        raise unsupported_mode(self, alg, mode)

    def translate(self, exc):
        if isinstance(exc, ValueError):
            return InvalidParams(f"hashlib refused the parameters: {exc}")
        return None


ADAPTER = Hashlib()
