"""PyNaCl (libsodium), as its docs show: `nacl.pwhash.argon2id.str(password, opslimit,
memlimit)`, `nacl.pwhash.argon2id.verify(hash, password)`, `nacl.pwhash.argon2id.kdf(size,
password, salt, opslimit, memlimit)`; the same for argon2i and scrypt; `nacl.hash.blake2b/
sha256/sha512(data, encoder=RawEncoder)` and `nacl.hashlib.blake2b` for a hasher object.

Parameter mapping: libsodium speaks opslimit/memlimit, not t/m/p.
- argon2: opslimit = t, memlimit = m * 1024 bytes; libsodium always uses one lane and
  version 19, so p != 1 or version 16 is `unsupported`; so are what libsodium refuses but
  the catalog allows: argon2i t < 3, outputs under 16 bytes, kdf salts other than 16 bytes.
- str() always makes its own salt and a 32-byte tag: `hash` with a salt or another length
  is `unsupported`.
- scrypt kdf() picks N, r, p itself from opslimit/memlimit, so `derive` with exact N, r, p
  goes through the binding PyNaCl exposes for that, `nacl.bindings.
  crypto_pwhash_scryptsalsa208sha256_ll`. scrypt str() also picks N, r, p: libsodium's
  pickparams gives r=8, p=1 and N = opslimit/32 when memlimit > 32*opslimit, so `hash`
  is offered for r=8, p=1, N >= 1024 (opslimit >= 32768) and checked against the `$7$`
  string it emits.
- verify: libsodium reports a malformed string and a wrong password alike (-1), so both
  are `valid: false`.
"""

from __future__ import annotations

import nacl
import nacl.bindings
import nacl.hash
import nacl.hashlib
import nacl.pwhash
from nacl.encoding import RawEncoder
from nacl.exceptions import InvalidkeyError
from nacl.pwhash import argon2i, argon2id, scrypt

from hbrunner.adapters import Adapter, unsupported_mode
from hbrunner.errors import InvalidInput, InvalidParams, LibraryError, Unsupported

ARGON2 = {"argon2id": argon2id, "argon2i": argon2i}
MODULES = {**ARGON2, "scrypt": scrypt}
ITOA64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _argon2_limits(alg: str, params: dict[str, int]) -> tuple[int, int]:
    module = ARGON2[alg]
    if params["p"] != 1:
        raise Unsupported(f"libsodium's {alg} uses one lane only (p={params['p']} asked)")
    if params["version"] != 19:
        raise Unsupported(f"libsodium's {alg} is version 19 only")
    if params["t"] < module.OPSLIMIT_MIN:
        raise Unsupported(f"libsodium's {alg} needs t >= {module.OPSLIMIT_MIN}")
    return params["t"], params["m"] * 1024


def _scrypt_limits(params: dict[str, int]) -> tuple[int, int]:
    n, r, p = params["n"], params["r"], params["p"]
    if r != 8 or p != 1 or n < 1024:
        raise Unsupported(
            "nacl.pwhash.scrypt.str picks N, r, p itself: only r=8, p=1, "
            f"N>=1024 can be asked for (n={n}, r={r}, p={p})"
        )
    opslimit = 32 * n
    return opslimit, max(64 * opslimit, scrypt.MEMLIMIT_MIN)


def _itoa_int(chars: str) -> int:
    return sum(ITOA64.index(ch) << (6 * i) for i, ch in enumerate(chars))


def _check_scrypt_string(encoded: str, params: dict[str, int]) -> str:
    got = (1 << ITOA64.index(encoded[3]), _itoa_int(encoded[4:9]), _itoa_int(encoded[9:14]))
    if got != (params["n"], params["r"], params["p"]):
        raise LibraryError(f"libsodium chose N, r, p = {got}, not the requested ones")
    return encoded


class PyNaCl(Adapter):
    id = "python/pynacl"
    version = f"{nacl.__version__} (libsodium 1.0.20-stable, bundled)"
    ops = ["derive", "hash", "verify", "digest", "bench"]
    modes = ["oneshot", "new"]
    encoding = "phc"
    defaults = True
    notes = (
        "libsodium: argon2 with p=1, v=19 only (argon2i t>=3); str() makes its own salt "
        "and a 32-byte tag; scrypt strings are $7$ (MCF), hash only at r=8, p=1; "
        "'new' mode for blake2b-512 only (nacl.hashlib.blake2b)"
    )

    def derive_op(self, alg, password, salt, params, length, secret, ad):
        if secret or ad:
            raise Unsupported("libsodium's pwhash takes no secret or associated data")
        module = MODULES[alg]
        if length < module.BYTES_MIN:
            raise Unsupported(f"libsodium's {alg} outputs at least {module.BYTES_MIN} bytes")
        if alg == "scrypt":
            n, r, p = params["n"], params["r"], params["p"]
            maxmem = 128 * r * (n + 2) + 128 * r * p
            return lambda: nacl.bindings.crypto_pwhash_scryptsalsa208sha256_ll(
                password, salt, n, r, p, dklen=length, maxmem=maxmem
            )
        if len(salt) != module.SALTBYTES:
            raise Unsupported(f"libsodium's {alg} takes a {module.SALTBYTES}-byte salt only")
        opslimit, memlimit = _argon2_limits(alg, params)
        return lambda: module.kdf(length, password, salt, opslimit=opslimit, memlimit=memlimit)

    def hash_op(self, alg, password, salt, params, length):
        if salt is not None:
            raise Unsupported("nacl.pwhash str() makes its own salt; it cannot take one")
        if length != 32:
            raise Unsupported("nacl.pwhash str() always makes a 32-byte tag")
        if alg == "scrypt":
            opslimit, memlimit = _scrypt_limits(params)
            return lambda: _check_scrypt_string(
                scrypt.str(password, opslimit=opslimit, memlimit=memlimit).decode(), params
            )
        module = ARGON2[alg]
        opslimit, memlimit = _argon2_limits(alg, params)
        return lambda: module.str(password, opslimit=opslimit, memlimit=memlimit).decode()

    def hash_defaults_op(self, alg, password):
        module = MODULES[alg]  # opslimit/memlimit default to the INTERACTIVE limits
        return lambda: module.str(password).decode()

    def verifier(self, alg):
        module = MODULES[alg]

        def verify(password: bytes, encoded: str) -> bool:
            if alg in ARGON2 and encoded.startswith(f"${alg}$") and "$v=19$" not in encoded:
                # libsodium answers -1 (as for a wrong password) to other versions.
                raise Unsupported("libsodium verifies argon2 version 19 strings only")
            try:
                return module.verify(encoded.encode(), password)
            except InvalidkeyError:
                return False
            except ValueError as exc:  # e.g. a string longer than libsodium's buffer
                raise InvalidInput(f"PyNaCl refused the hash: {exc}") from None

        return verify

    def digest_op(self, alg, mode, data):
        if mode == "oneshot":
            if alg == "blake2b-512":
                return lambda: nacl.hash.blake2b(data, digest_size=64, encoder=RawEncoder)
            if alg == "sha256":
                return lambda: nacl.hash.sha256(data, encoder=RawEncoder)
            return lambda: nacl.hash.sha512(data, encoder=RawEncoder)
        if mode == "new" and alg == "blake2b-512":

            def op():
                h = nacl.hashlib.blake2b(digest_size=64)
                h.update(data)
                return h.digest()

            return op
        raise unsupported_mode(self, alg, mode)

    def translate(self, exc):
        if isinstance(exc, ValueError):
            return InvalidParams(f"PyNaCl refused the parameters: {exc}")
        return None


ADAPTER = PyNaCl()
