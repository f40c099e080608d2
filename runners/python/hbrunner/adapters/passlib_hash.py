"""libpass, the maintained fork of passlib (imported as `passlib`), as its docs show:
`passlib.hash.bcrypt.using(rounds=12).hash(password)` and `.verify(password, hash)`;
`passlib.hash.argon2.using(type="ID", memory_cost=…, time_cost=…, parallelism=…)`.

passlib chooses a backend per scheme: bcrypt runs on pyca/bcrypt, argon2 on argon2-cffi
(both pinned here), so this row measures passlib's layer over the same native code as
python/bcrypt and python/argon2-cffi. A given salt goes through `.using(salt=…)`.
"""

from __future__ import annotations

from importlib.metadata import version

from passlib import hash as schemes

from hbrunner.adapters import Adapter
from hbrunner.adapters.bcrypt_pyca import bcrypt_b64
from hbrunner.errors import InvalidInput, InvalidParams, Unsupported

TYPES = {"argon2id": "ID", "argon2i": "I", "argon2d": "D"}


class Passlib(Adapter):
    id = "python/libpass"
    version = version("libpass")
    ops = ["hash", "verify", "bench"]
    modes = []
    encoding = "mcf"
    defaults = True
    notes = (
        "passlib.hash.bcrypt (backend pyca/bcrypt, $2b$) and passlib.hash.argon2 "
        "(backend argon2-cffi, PHC, version 19 only)"
    )

    def hello(self) -> dict:
        entry = super().hello()
        entry["encoding"] = {"bcrypt": "mcf", **{alg: "phc" for alg in TYPES}}
        return entry

    def _handler(self, alg, params, salt, length):
        if alg == "bcrypt":
            options = {"rounds": params["cost"], "ident": "2b"}
            if salt is not None:
                options["salt"] = bcrypt_b64(salt).decode()[:22]
            return schemes.bcrypt.using(**options)
        if params["version"] != 19:
            raise Unsupported("passlib.hash.argon2 emits version 19 only")
        options = {
            "type": TYPES[alg],
            "memory_cost": params["m"],
            "time_cost": params["t"],
            "parallelism": params["p"],
            "digest_size": length,
        }
        if salt is not None:
            options["salt"] = salt
        return schemes.argon2.using(**options)

    def hash_op(self, alg, password, salt, params, length):
        handler = self._handler(alg, params, salt, length or 32)
        return lambda: handler.hash(password)

    def hash_defaults_op(self, alg, password):
        handler = schemes.bcrypt if alg == "bcrypt" else schemes.argon2.using(type=TYPES[alg])
        return lambda: handler.hash(password)

    def verifier(self, alg):
        handler = schemes.bcrypt if alg == "bcrypt" else schemes.argon2
        return lambda password, encoded: bool(handler.verify(password, encoded))

    def translate(self, exc):
        if isinstance(exc, ValueError):
            text = str(exc)
            if "password" in text or "hash" in text or "salt" in text:
                return InvalidInput(f"passlib refused the input: {text}")
            return InvalidParams(f"passlib refused the parameters: {text}")
        return None


ADAPTER = Passlib()
