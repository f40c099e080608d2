"""Edge-case probes: what each library does at the edges, recorded as a behaviour
(accepts / rejects / changes / crash / n/a) with a one-line explanation.

`expected` is what the reference does (libxcrypt for bcrypt, libargon2 for argon2, both
run by the orchestrator), or, where no reference call applies, the behaviour the
algorithm's specification or reference implementation documents (cited).
A crash, hang or panic is caught (the session reports it as an error) and the run goes on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hashbench.fidelity.session import Session
from hashbench.runner.protocol import Reply
from hashbench.verify import hash_string_parse as enc
from hashbench.verify import reference

FAULTS = ("crash", "timeout", "garbage", "start")
# An out-of-range cost a library accepts can run for hours (bcrypt cost 32): give up
# sooner, and report it as a hang.
UNCHECKED_TIMEOUT_S = 5.0
# A probe body: given the session and an implementation id, (behaviour, detail).
ProbeRun = Callable[[Session, str], tuple[str, str]]
A3_2B = "$2b$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq"
A3 = {
    "2a": "$2a$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq",
    "2b": A3_2B,
    "2y": "$2y$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq",
    "2x": "$2x$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e",
}
UUU = "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"  # "U*U"
ARGON2ID = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
ARGON2I_NO_V = "$argon2i$m=65536,t=2,p=1$c29tZXNhbHQ$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ"


@dataclass(frozen=True)
class Behaviour:
    probe: str
    impl: str
    behaviour: str
    detail: str
    expected: str

    @property
    def diverges(self) -> bool:
        return self.behaviour not in ("n/a", self.expected) and self.expected != "n/a"

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "diverges": self.diverges}


def _err(reply: Reply) -> tuple[str, str] | None:
    e = reply.error
    return None if e is None else (e.kind, e.message[:120])


def _fault(err: tuple[str, str] | None) -> tuple[str, str] | None:
    if err and err[0] in FAULTS:
        return ("hangs" if err[0] == "timeout" else "crash", f"runner {err[0]}: {err[1]}")
    return None


def _verify(s: Session, impl: str, alg: str, pw: bytes, encoded: str) -> tuple[str, str]:
    reply = s.call(impl, "verify", alg=alg, password=pw.hex(), encoded=encoded)
    err = _err(reply)
    if fault := _fault(err):
        return fault
    if err and err[0] == "unsupported":
        return ("n/a", err[1])
    if err:
        return ("rejects", f"{err[0]}: {err[1]}")
    if reply.valid is True:
        return ("accepts", "verifies")
    return ("rejects", "verify says false")


def _ref_verify(alg: str, pw: bytes, encoded: str) -> str:
    got = reference.verify(alg, pw, encoded)
    return "n/a" if got is None else ("accepts" if got else "rejects")


def _hash(
    s: Session,
    impl: str,
    alg: str,
    pw: bytes,
    params: dict[str, int] | None,
    timeout: float | None = None,
    **extra: Any,
) -> tuple[Reply, tuple[str, str] | None]:
    fields: dict[str, Any] = {"alg": alg, "password": pw.hex(), **extra}
    if params is not None:
        fields["params"] = params
    reply = s.call(impl, "hash", timeout=timeout, **fields)
    return reply, _err(reply)


# -- probe bodies: (session, impl) -> (behaviour, detail) ----------------------------------
def verify_probe(
    alg: str, pw: bytes, encoded: str, accepted: str, rejected: str
) -> Callable[[Session, str], tuple[str, str]]:
    def run(s: Session, impl: str) -> tuple[str, str]:
        behaviour, detail = _verify(s, impl, alg, pw, encoded)
        if behaviour == "accepts":
            return behaviour, accepted
        if behaviour == "rejects":
            return behaviour, f"{rejected} ({detail})"
        return behaviour, detail

    return run


def bcrypt_emitted(s: Session, impl: str) -> tuple[str, str]:
    reply, err = _hash(s, impl, "bcrypt", b"x", {"cost": 4})
    if s.at_own_params_only(impl, reply):
        reply, err = _hash(s, impl, "bcrypt", b"x", None)
    if fault := _fault(err):
        return fault
    if err:
        return ("n/a", f"{err[0]}: {err[1]}")
    prefix = (reply.encoded or "")[:4]
    return (prefix, f"emits {prefix}")


def cost_probe(alg: str, key: str, value: int, params: dict[str, int]) -> ProbeRun:
    def run(s: Session, impl: str) -> tuple[str, str]:
        if not s.info(impl).unchecked:
            return ("n/a", "runner cannot pass unchecked parameters to this library")
        reply, err = _hash(
            s, impl, alg, b"x", {**params, key: value}, unchecked=True, timeout=UNCHECKED_TIMEOUT_S
        )
        if fault := _fault(err):
            return fault
        if err:
            return ("rejects", f"refuses {key}={value} ({err[0]}: {err[1]})")
        info = enc.parse(reply.encoded or "")
        used = info.params.get(key) if info else None
        if used is not None and used != value:
            return ("changes", f"silently uses {key}={used} when asked {key}={value}")
        return ("accepts", f"accepts {key}={value}")

    return run


def derive_probe(alg: str, params: dict[str, int], salt: bytes, what: str) -> ProbeRun:
    def run(s: Session, impl: str) -> tuple[str, str]:
        info = s.info(impl)
        if "derive" not in info.ops:
            return ("n/a", "no derive")
        if not info.unchecked:
            return ("n/a", "runner cannot pass unchecked parameters to this library")
        reply = s.call(
            impl,
            "derive",
            alg=alg,
            password="70",
            salt=salt.hex(),
            params=params,
            length=32,
            unchecked=True,
            timeout=UNCHECKED_TIMEOUT_S,
        )
        err = _err(reply)
        if fault := _fault(err):
            return fault
        if err:
            return ("rejects", f"refuses {what} ({err[0]}: {err[1]})")
        return ("accepts", f"accepts {what}")

    return run


@dataclass(frozen=True)
class Probe:
    name: str
    alg: str
    ops: tuple[str, ...]
    run: Callable[[Session, str], tuple[str, str]]
    expected: str
    source: str


def _tamper(text: str, index: int, char: str) -> str:
    return text[:index] + char + text[index + 1 :]


def _verify_probes() -> list[Probe]:
    """Probes whose expected behaviour is what the reference itself does."""
    items = [
        (
            "bcrypt.8bit",
            "bcrypt",
            b"\xa3",
            A3_2B,
            "handles 8-bit bytes correctly",
            "computes another hash for 8-bit bytes",
        ),
        (
            "bcrypt.2a-8bit-safety",
            "bcrypt",
            b"\xff\xff\xa3",
            "$2a$05$/OK.fbVrR/bpIqNJ5ianF.nqd1wy.pTMdcvrRWxyiGL2eMz.2a85.",
            "applies crypt_blowfish's $2a$ safety measure for 8-bit passwords",
            "treats $2a$ as $2b$ for this 8-bit password",
        ),
        (
            "bcrypt.truncated",
            "bcrypt",
            b"U*U",
            UUU[:-1],
            "accepts a truncated hash",
            "refuses a truncated hash",
        ),
        (
            "bcrypt.bad-base64",
            "bcrypt",
            b"U*U",
            _tamper(UUU, 40, "!"),
            "accepts a hash with a non-base64 character",
            "refuses bad base64",
        ),
        (
            "bcrypt.padding-bits",
            "bcrypt",
            b"U*U",
            _tamper(UUU, 28, "/"),
            "ignores non-zero padding bits in the salt",
            "refuses non-zero padding bits",
        ),
        (
            "bcrypt.one-digit-cost",
            "bcrypt",
            b"U*U",
            UUU.replace("$05$", "$5$"),
            "accepts a one-digit cost",
            "refuses a one-digit cost",
        ),
        (
            "argon2.no-version",
            "argon2i",
            b"password",
            ARGON2I_NO_V,
            "reads a missing v= as 0x10",
            "reads a missing v= as 0x13 or refuses it",
        ),
        (
            "argon2.param-order",
            "argon2id",
            b"password",
            ARGON2ID.replace("m=65536,t=2,p=1", "t=2,m=65536,p=1"),
            "accepts parameters out of order",
            "refuses parameters out of order",
        ),
        (
            "argon2.keyid-data",
            "argon2id",
            b"password",
            ARGON2ID.replace("p=1$", "p=1,keyid=a2V5,data=ZGF0YQ$"),
            "accepts keyid/data fields",
            "refuses keyid/data fields",
        ),
        (
            "argon2.truncated",
            "argon2id",
            b"password",
            ARGON2ID[:-1],
            "accepts a truncated tag",
            "refuses a truncated tag",
        ),
        (
            "argon2.padding-bits",
            "argon2id",
            b"password",
            ARGON2ID[:-1] + "d",
            "ignores non-zero padding bits",
            "refuses non-zero padding bits",
        ),
        (
            "argon2.leading-zero",
            "argon2id",
            b"password",
            ARGON2ID.replace("m=65536", "m=065536"),
            "accepts a leading zero in m",
            "refuses a leading zero",
        ),
    ]
    for prefix, encoded in A3.items():
        items.append(
            (
                f"bcrypt.prefix-{prefix}",
                "bcrypt",
                b"\xa3",
                encoded,
                f"accepts ${prefix}$",
                f"rejects ${prefix}$",
            )
        )
    return [
        Probe(
            name,
            alg,
            ("verify",),
            verify_probe(alg, pw, encoded, yes, no),
            _ref_verify(alg, pw, encoded),
            "reference (libxcrypt / libargon2) on the same string",
        )
        for name, alg, pw, encoded, yes, no in items
    ]


CRYPT_BLOWFISH = "openwall crypt_blowfish (wrapper.c) and OpenBSD bcrypt(3)"


@functools.cache
def all_probes() -> list[Probe]:
    """Every probe, made on first use: the verify probes' expected behaviours are the
    reference's own verdicts (argon2 at 64 MiB), a tenth of a second that every command
    paid at start when this was a module constant."""
    return [
        Probe(
            "bcrypt.emits",
            "bcrypt",
            ("hash",),
            bcrypt_emitted,
            "$2b$",
            "OpenBSD bcrypt(3) emits $2b$ since 2014",
        ),
        Probe(
            "bcrypt.cost-3",
            "bcrypt",
            ("hash",),
            cost_probe("bcrypt", "cost", 3, {}),
            "rejects",
            f"{CRYPT_BLOWFISH}: setting $2a$03$ must be refused",
        ),
        Probe(
            "bcrypt.cost-32",
            "bcrypt",
            ("hash",),
            cost_probe("bcrypt", "cost", 32, {}),
            "rejects",
            f"{CRYPT_BLOWFISH}: setting $2a$32$ must be refused",
        ),
        Probe(
            "argon2.m-below-8p",
            "argon2id",
            ("hash",),
            cost_probe("argon2id", "m", 8, {"t": 1, "p": 2}),
            "rejects",
            "RFC 9106 §3.1: m must be at least 8·p KiB",
        ),
        Probe(
            "argon2.short-salt",
            "argon2id",
            ("derive",),
            derive_probe("argon2id", {"m": 64, "t": 1, "p": 1}, b"abcd", "a 4-byte salt"),
            "rejects",
            "argon2 reference: ARGON2_SALT_TOO_SHORT below 8 bytes",
        ),
        Probe(
            "scrypt.n-not-power-of-2",
            "scrypt",
            ("derive",),
            derive_probe("scrypt", {"n": 1000, "r": 8, "p": 1}, b"salt", "N=1000"),
            "rejects",
            "RFC 7914 §2: N must be a power of 2 greater than 1",
        ),
        *_verify_probes(),
    ]


def run(session: Session) -> list[Behaviour]:
    out = []
    for probe in all_probes():
        for impl in session.impls():
            if probe.alg not in impl.algorithms:
                continue
            missing = [op for op in probe.ops if op not in impl.ops]
            if missing:
                out.append(
                    Behaviour(probe.name, impl.id, "n/a", f"no {missing[0]}", probe.expected)
                )
                continue
            behaviour, detail = probe.run(session, impl.id)
            out.append(Behaviour(probe.name, impl.id, behaviour, detail, probe.expected))
    return out


def defaults(session: Session) -> list[dict[str, Any]]:
    """What each library does when called with no parameters (parameter honesty)."""
    rows = []
    for alg in ("bcrypt", "argon2id", "argon2i", "scrypt"):
        for impl in session.impls_with(alg, "hash"):
            if not session.info(impl).defaults:
                rows.append(
                    {
                        "impl": impl,
                        "alg": alg,
                        "params": None,
                        "detail": "n/a: the runner does not expose the no-argument call",
                    }
                )
                continue
            reply, err = _hash(session, impl, alg, b"password", None)
            if err:
                rows.append(
                    {"impl": impl, "alg": alg, "params": None, "detail": f"{err[0]}: {err[1]}"}
                )
                continue
            info = enc.parse(reply.encoded or "")
            rows.append(
                {
                    "impl": impl,
                    "alg": alg,
                    "params": info.params if info else None,  # type: ignore[dict-item]
                    "detail": (reply.encoded or "")[:40],
                }
            )
    return rows
