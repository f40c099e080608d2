"""One adapter per library. Each turns a request into a *prepared call*: a function of
no arguments that makes exactly the library call a user would write, so the bench loop
can call it `iters` times with nothing else in between.

An adapter subclasses Adapter, fills in the class attributes for the hello line, and
overrides what its library offers; everything else replies `unsupported`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

from hbrunner import catalog
from hbrunner.errors import RunnerError, Unsupported

# Modules under hbrunner.adapters, one per library. A module whose library fails to
# import is left out of the hello (with a line on stderr); the runner still starts.
MODULES = [
    "hashlib_std",
    "bcrypt_pyca",
    "argon2_cffi",
    "pynacl",
    "pyca_cryptography",
    "blake3_py",
    "passlib_hash",
]


class Adapter:
    id = ""
    library = ""
    version = ""
    backend = ""
    algorithms: list[str] = []
    ops: list[str] = []
    modes: list[str] = []
    encoding: str | None = None
    defaults = False  # offers hash_defaults_op: the user's call with no options
    notes = ""

    def hello(self) -> dict:
        entry = {
            "id": self.id,
            "library": self.library,
            "version": self.version,
            "backend": self.backend,
            "algorithms": self.algorithms,
            "ops": self.ops,
            "modes": self.modes,
            "encoding": self.encoding,
            "alloc": True,
            "defaults": self.defaults,
            "unchecked": True,
        }
        if self.notes:
            entry["notes"] = self.notes
        return entry

    # Each returns a prepared call; params are already range-checked against the catalog.
    def derive_op(
        self,
        alg: str,
        password: bytes,
        salt: bytes,
        params: dict[str, int],
        length: int,
        secret: bytes | None,
        ad: bytes | None,
    ) -> Callable[[], bytes]:
        raise Unsupported(f"{self.id} has no derive")

    def hash_op(
        self, alg: str, password: bytes, salt: bytes | None, params: dict[str, int], length: int
    ) -> Callable[[], str]:
        raise Unsupported(f"{self.id} has no hash")

    def hash_defaults_op(self, alg: str, password: bytes) -> Callable[[], str]:
        raise Unsupported(f"{self.id} has no hash call without parameters")

    def verifier(self, alg: str) -> Callable[[bytes, str], bool]:
        """A function (password, encoded) -> valid."""
        raise Unsupported(f"{self.id} has no verify")

    def digest_op(self, alg: str, mode: str, data: bytes) -> Callable[[], bytes]:
        raise Unsupported(f"{self.id} has no digest")

    def translate(self, exc: Exception) -> RunnerError | None:
        """The error reply for an exception the library raised (None: library_error)."""
        return None


def load_all() -> list[Adapter]:
    """The adapters of the implementations the compiled catalog lists for this runner,
    each given the catalog's library name, backend and algorithms."""
    served = catalog.served()
    adapters = []
    for name in MODULES:
        try:
            adapter = importlib.import_module(f"hbrunner.adapters.{name}").ADAPTER
        except Exception as exc:  # a missing or broken library must not stop the runner
            print(f"hbrunner: adapter {name} unavailable: {exc!r}", file=sys.stderr)
            continue
        row = served.get(adapter.id)
        if row is None:
            print(f"hbrunner: {adapter.id} is not in the catalog; left out", file=sys.stderr)
            continue
        adapter.library, adapter.backend = row["library"], row["backend"]
        adapter.algorithms = list(row["algorithms"])
        adapters.append(adapter)
    return adapters


def unsupported_mode(adapter: Adapter, alg: str, mode: str) -> Unsupported:
    return Unsupported(f"{adapter.id} has no {mode!r} mode for {alg}")
