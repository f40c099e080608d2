"""cryptography (pyca), as its docs show: a KDF object per derivation —
`Argon2id(salt=..., length=..., iterations=..., lanes=..., memory_cost=...).derive(pw)`,
`Scrypt(...)`, `PBKDF2HMAC(...)` (each object derives once, so one is made per op) — and
`hashes.Hash(hashes.SHA256())`, `update`, `finalize` for digests.

- Argon2id/Argon2i/Argon2d take secret and ad; version 19 only (16 is `unsupported`).
- hash: `derive_phc_encoded`, which needs the salt up front: without a given salt the op
  makes one with `os.urandom(16)`, as the docs do. verify: `verify_phc_encoded`, whose
  InvalidKey covers both a wrong password ("Keys do not match.") -> valid false, and a
  malformed string -> invalid_input.
- digests: only the `new` mode is real (no one-shot function, no reset; `copy()` is a
  different pattern).
"""

from __future__ import annotations

import os

import cryptography
from cryptography.exceptions import InvalidKey, UnsupportedAlgorithm
from cryptography.hazmat.backends.openssl import backend as openssl
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.argon2 import Argon2d, Argon2i, Argon2id
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from hbrunner.adapters import Adapter, unsupported_mode
from hbrunner.errors import InvalidInput, InvalidParams, Unsupported

ARGON2 = {"argon2id": Argon2id, "argon2i": Argon2i, "argon2d": Argon2d}
PBKDF2 = {
    "pbkdf2-sha1": hashes.SHA1,
    "pbkdf2-sha256": hashes.SHA256,
    "pbkdf2-sha512": hashes.SHA512,
}
DIGESTS = {
    "md5": hashes.MD5,
    "sha1": hashes.SHA1,
    "sha256": hashes.SHA256,
    "sha512": hashes.SHA512,
    "sha3-256": hashes.SHA3_256,
    "blake2b-512": lambda: hashes.BLAKE2b(64),
    "blake2s-256": lambda: hashes.BLAKE2s(32),
}


class Cryptography(Adapter):
    id = "python/cryptography"
    version = f"{cryptography.__version__} ({' '.join(openssl.openssl_version_text().split()[:2])})"
    ops = ["derive", "hash", "verify", "digest", "bench"]
    modes = ["new"]
    encoding = "phc"
    notes = (
        "Rust bindings over the OpenSSL statically linked in the wheel; argon2 v=19 only, "
        "PHC strings via derive_phc_encoded; scrypt/PBKDF2 raw output only; "
        "digests: hashes.Hash per op (no one-shot, no reset)"
    )

    def derive_op(self, alg, password, salt, params, length, secret, ad):
        if alg in ARGON2:
            kdf, t, m, p = ARGON2[alg], params["t"], params["m"], params["p"]
            if params["version"] != 19:
                raise Unsupported("cryptography's Argon2 is version 19 only")
            return lambda: kdf(
                salt=salt, length=length, iterations=t, lanes=p, memory_cost=m, ad=ad, secret=secret
            ).derive(password)
        if alg == "scrypt":
            n, r, p = params["n"], params["r"], params["p"]
            return lambda: Scrypt(salt=salt, length=length, n=n, r=r, p=p).derive(password)
        if alg in PBKDF2:
            algorithm, iterations = PBKDF2[alg], params["iterations"]
            return lambda: PBKDF2HMAC(
                algorithm=algorithm(), length=length, salt=salt, iterations=iterations
            ).derive(password)
        raise Unsupported(f"{self.id} has no derive for {alg}")

    def hash_op(self, alg, password, salt, params, length):
        if alg not in ARGON2:
            raise Unsupported(f"cryptography has no encoded string for {alg}")
        if params["version"] != 19:
            raise Unsupported("cryptography's Argon2 is version 19 only")
        kdf, t, m, p = ARGON2[alg], params["t"], params["m"], params["p"]
        if salt is None:
            return lambda: kdf(
                salt=os.urandom(16), length=length, iterations=t, lanes=p, memory_cost=m
            ).derive_phc_encoded(password)
        return lambda: kdf(
            salt=salt, length=length, iterations=t, lanes=p, memory_cost=m
        ).derive_phc_encoded(password)

    def verifier(self, alg):
        if alg not in ARGON2:
            raise Unsupported(f"cryptography has no encoded string for {alg}")
        kdf = ARGON2[alg]

        def verify(password: bytes, encoded: str) -> bool:
            if encoded.startswith(f"${alg}$") and "$v=19$" not in encoded:
                raise Unsupported("cryptography's Argon2 verifies version 19 strings only")
            try:
                kdf.verify_phc_encoded(password, encoded)
                return True
            except InvalidKey as exc:
                if str(exc) == "Keys do not match.":
                    return False
                raise InvalidInput(f"cryptography rejected the hash: {exc}") from None
            except ValueError as exc:  # parameters in the string it cannot take
                raise InvalidInput(f"cryptography rejected the hash: {exc}") from None

        return verify

    def digest_op(self, alg, mode, data):
        if mode != "new":
            raise unsupported_mode(self, alg, mode)
        algorithm = DIGESTS[alg]

        def op():
            h = hashes.Hash(algorithm())
            h.update(data)
            return h.finalize()

        return op

    def translate(self, exc):
        if isinstance(exc, (ValueError, TypeError)):
            return InvalidParams(f"cryptography refused the parameters: {exc}")
        if isinstance(exc, UnsupportedAlgorithm):
            return Unsupported(f"cryptography: {exc}")
        return None


ADAPTER = Cryptography()
