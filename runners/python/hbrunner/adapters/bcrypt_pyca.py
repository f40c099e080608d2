"""bcrypt (pyca), as its README shows: `bcrypt.hashpw(password, bcrypt.gensalt(rounds))`
and `bcrypt.checkpw(password, hashed)`.

A given salt becomes the setting string gensalt would have made: `$2b$<cost>$` and the
16 salt bytes in bcrypt's base64 (hashpw takes any such setting).

bcrypt 5.0 raises ValueError for passwords over 72 bytes in hashpw AND checkpw (4.x
truncated silently): replied `invalid_input` naming the refusal, which hashbench's
fidelity reports as a divergence. A malformed hash string is `invalid_input` too.
"""

from __future__ import annotations

import base64

import bcrypt

from hbrunner.adapters import Adapter
from hbrunner.errors import InvalidInput, InvalidParams

_STD = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_BCRYPT = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_TO_BCRYPT = bytes.maketrans(_STD, _BCRYPT)


def bcrypt_b64(raw: bytes) -> bytes:
    """bcrypt's base64: standard bit order, its own alphabet, no padding (16 bytes -> 22)."""
    return base64.b64encode(raw).rstrip(b"=").translate(_TO_BCRYPT)


def _refusal(exc: ValueError, password: bytes) -> Exception:
    if len(password) > 72:
        return InvalidInput(
            f"bcrypt {bcrypt.__version__} refuses passwords over 72 bytes "
            f"({len(password)} given): {exc}"
        )
    return InvalidInput(f"bcrypt refused the input: {exc}")


def _hashpw(password: bytes, setting: bytes) -> str:
    try:
        return bcrypt.hashpw(password, setting).decode()
    except ValueError as exc:
        raise _refusal(exc, password) from None


def _checkpw(password: bytes, encoded: str) -> bool:
    try:
        return bcrypt.checkpw(password, encoded.encode())
    except ValueError as exc:
        raise _refusal(exc, password) from None


class Bcrypt(Adapter):
    id = "python/bcrypt"
    version = bcrypt.__version__
    ops = ["hash", "verify", "bench"]
    modes = []
    encoding = "mcf"
    defaults = True
    notes = (
        "pyca/bcrypt (Rust core); emits $2b$, verifies $2a$/$2b$/$2y$; "
        "5.x raises ValueError for passwords over 72 bytes (replied invalid_input)"
    )

    def hash_op(self, alg, password, salt, params, length):
        cost = params["cost"]
        if salt is None:
            return lambda: _hashpw(password, bcrypt.gensalt(rounds=cost))
        setting = b"$2b$%02d$" % cost + bcrypt_b64(salt)
        return lambda: _hashpw(password, setting)

    def hash_defaults_op(self, alg, password):
        return lambda: _hashpw(password, bcrypt.gensalt())

    def verifier(self, alg):
        return _checkpw

    def translate(self, exc):
        if isinstance(exc, ValueError):  # e.g. gensalt(rounds=3) with "unchecked"
            return InvalidParams(f"bcrypt refused the parameters: {exc}")
        return None


ADAPTER = Bcrypt()
