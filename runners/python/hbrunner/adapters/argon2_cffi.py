"""argon2-cffi, as its README shows: `PasswordHasher(...)` once, then `ph.hash(password)`
and `ph.verify(hash, password)`; raw output through `argon2.low_level.hash_secret_raw`.

- hash: PasswordHasher with explicit time_cost/memory_cost/parallelism/hash_len/type;
  a given salt goes through `ph.hash(password, salt=...)`. PasswordHasher always emits
  v=19, so a v=16 hash is `unsupported`.
- derive: hash_secret_raw has no secret (pepper) or associated data: vectors with them
  are `unsupported`.
- verify: VerifyMismatchError -> valid false; InvalidHashError and the C library's other
  refusals (VerificationError: "Decoding failed") -> invalid_input.
"""

from __future__ import annotations

from importlib.metadata import version

import argon2
from argon2.exceptions import HashingError, InvalidHashError, VerificationError, VerifyMismatchError
from argon2.low_level import Type, hash_secret_raw

from hbrunner.adapters import Adapter
from hbrunner.errors import InvalidInput, InvalidParams, Unsupported

TYPES = {"argon2id": Type.ID, "argon2i": Type.I, "argon2d": Type.D}


class Argon2Cffi(Adapter):
    id = "python/argon2-cffi"
    version = f"{version('argon2-cffi')} (argon2-cffi-bindings {version('argon2-cffi-bindings')})"
    ops = ["derive", "hash", "verify", "bench"]
    modes = []
    encoding = "phc"
    defaults = True
    notes = (
        "CFFI binding to the reference C argon2 (bundled); lanes on threads; "
        "derive (hash_secret_raw) takes no secret/ad; PasswordHasher emits v=19 only"
    )

    def derive_op(self, alg, password, salt, params, length, secret, ad):
        if secret or ad:
            raise Unsupported("argon2.low_level.hash_secret_raw takes no secret or associated data")
        t, m, p, v, kind = params["t"], params["m"], params["p"], params["version"], TYPES[alg]
        return lambda: hash_secret_raw(
            password,
            salt,
            time_cost=t,
            memory_cost=m,
            parallelism=p,
            hash_len=length,
            type=kind,
            version=v,
        )

    def hash_op(self, alg, password, salt, params, length):
        if params["version"] != 19:
            raise Unsupported("argon2.PasswordHasher emits version 19 only")
        ph = argon2.PasswordHasher(
            time_cost=params["t"],
            memory_cost=params["m"],
            parallelism=params["p"],
            hash_len=length,
            type=TYPES[alg],
        )
        if salt is None:
            return lambda: ph.hash(password)
        return lambda: ph.hash(password, salt=salt)

    def hash_defaults_op(self, alg, password):
        ph = argon2.PasswordHasher(type=TYPES[alg])  # every default but the variant
        return lambda: ph.hash(password)

    def verifier(self, alg):
        ph = argon2.PasswordHasher()
        prefix = f"${alg}$"

        def verify(password: bytes, encoded: str) -> bool:
            if not encoded.startswith(prefix):
                raise InvalidInput(f"not an {alg} hash: {encoded[:20]!r}")
            try:
                return ph.verify(encoded, password)
            except VerifyMismatchError:
                return False
            except (InvalidHashError, VerificationError, ValueError) as exc:
                # The C library's own refusals ("Decoding failed") arrive as VerificationError.
                raise InvalidInput(f"argon2-cffi rejected the hash: {exc}") from None

        return verify

    def translate(self, exc):
        if isinstance(exc, HashingError):
            return InvalidParams(f"argon2-cffi refused the parameters: {exc}")
        return None


ADAPTER = Argon2Cffi()
