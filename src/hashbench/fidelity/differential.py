"""Differential testing of `derive`: every implementation against the reference on a
seeded random set of passwords, salts and parameters, edge lengths included.

Bounded: a few cases per algorithm at small costs, so all runners finish in minutes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hashbench.fidelity.session import Session
from hashbench.runner.protocol import REFUSALS
from hashbench.verify import reference

SEED = 20261122
PASSWORD_LENGTHS = (0, 1, 71, 72, 73, 255, 256)


@dataclass(frozen=True)
class Case:
    alg: str
    password: bytes
    salt: bytes
    params: dict[str, int]
    length: int

    def label(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in self.params.items())
        return (
            f"{self.alg} pw={len(self.password)}B salt={len(self.salt)}B {params} len={self.length}"
        )


def _params(alg: str, rng: random.Random) -> dict[str, int]:
    if alg.startswith("argon2"):
        p = rng.choice((1, 1, 2))
        return {
            "m": rng.choice((64, 256, 1024)) * p,
            "t": rng.choice((1, 2, 3)),
            "p": p,
            "version": 19,
        }
    if alg == "scrypt":
        return {"n": rng.choice((16, 256, 1024)), "r": rng.choice((1, 8)), "p": rng.choice((1, 2))}
    return {"iterations": rng.choice((1, 2, 1000))}


def cases(algorithms: list[str]) -> list[Case]:
    rng = random.Random(SEED)
    out = []
    for alg in algorithms:
        for n in PASSWORD_LENGTHS:
            password = bytes(rng.randrange(256) for _ in range(n))
            salt = bytes(rng.randrange(256) for _ in range(rng.choice((8, 16, 32))))
            length = rng.choice((16, 32, 64))
            out.append(Case(alg, password, salt, _params(alg, rng), length))
    return out


@dataclass(frozen=True)
class Result:
    impl: str
    case: str
    status: str  # "match", "differs", "error", "n/a"
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


DERIVE_ALGS = (
    "argon2id",
    "argon2i",
    "argon2d",
    "scrypt",
    "pbkdf2-sha1",
    "pbkdf2-sha256",
    "pbkdf2-sha512",
)


def run(session: Session) -> list[Result]:
    results = []
    for case in cases(list(DERIVE_ALGS)):
        want = reference.derive(case.alg, case.password, case.salt, case.params, case.length)
        for impl in session.impls_with(case.alg, "derive"):
            reply = session.call(
                impl,
                "derive",
                alg=case.alg,
                password=case.password.hex(),
                salt=case.salt.hex(),
                params=case.params,
                length=case.length,
            )
            err = reply.error
            if err:
                status = "n/a" if err.kind in REFUSALS else "error"
                results.append(Result(impl, case.label(), status, f"{err.kind}: {err.message}"))
            elif want is None:
                results.append(Result(impl, case.label(), "n/a", "no reference"))
            elif reply.output == want:
                results.append(Result(impl, case.label(), "match"))
            else:
                results.append(
                    Result(
                        impl,
                        case.label(),
                        "differs",
                        f"got {str(reply.output)[:16]}…, reference {want[:16]}…",
                    )
                )
    return results
