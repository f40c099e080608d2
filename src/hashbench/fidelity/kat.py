"""Known-answer vectors against one implementation: each applicable check is an Outcome.

A vector the library cannot express (secret, associated data, a salt length it refuses,
a prefix it does not take) is not applicable, not a failure.
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.fidelity.vectors import Vector
from hashbench.runner.client import RunnerClient
from hashbench.runner.protocol import ImplementationInfo, Reply, Request


@dataclass(frozen=True)
class Outcome:
    impl: str
    vector: str
    source: str
    op: str
    status: str  # "pass", "fail", "n/a"
    detail: str = ""
    expected: str = ""  # the vector's expected output or encoded string

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.impl, self.op, self.expected)

    def to_dict(self) -> dict[str, str]:
        return dict(self.__dict__)


def _error(reply: Reply) -> tuple[str, str] | None:
    err = reply.error
    return None if err is None else (err.kind, err.message)


def _refused_long_bcrypt(vec: Vector, kind: str) -> bool:
    """Refusing a bcrypt password over 72 bytes (pyca/bcrypt ≥ 5 does) is a documented
    choice, not a wrong answer; the probes record it as a behaviour."""
    return vec.algorithm == "bcrypt" and len(vec.password or b"") > 72 and kind == "invalid_input"


def _wrong(password: bytes) -> bytes:
    """A wrong password of the same length, so a 72-byte limit is not what rejects it.

    The last byte bcrypt reads (at most the 72nd) becomes a different ASCII letter: an
    ASCII byte, because under $2x$'s sign-extension bug a byte >= 0x80 wipes out the
    bytes before it in its key word, and flipping one of those would go unnoticed.
    """
    if not password:
        return b"x"
    i = min(len(password), 72) - 1
    letter = b"z" if password[i] == ord("y") else b"y"
    return password[:i] + letter + password[i + 1 :]


def check_vector(client: RunnerClient, impl: ImplementationInfo, vec: Vector) -> list[Outcome]:
    ops, impl_id = impl.ops, impl.id
    out: list[Outcome] = []

    def record(op: str, status: str, detail: str = "") -> None:
        expected = vec.encoded if op == "verify" else (vec.output or "")
        out.append(Outcome(impl_id, vec.label(), vec.source, op, status, detail, expected or ""))

    if vec.input is not None and "digest" in ops:
        reply = client.send(
            Request(cmd="digest", impl=impl_id, alg=vec.algorithm, input=vec.input.hex())
        )
        got = reply.output
        record(
            "digest",
            "pass" if got == vec.output else "fail",
            "" if got == vec.output else f"got {got or _error(reply)}",
        )
    if vec.output and vec.password is not None and "derive" in ops:
        req = Request(
            cmd="derive",
            impl=impl_id,
            alg=vec.algorithm,
            password=vec.password.hex(),
            salt=(vec.salt or b"").hex(),
            params=vec.params,
            length=vec.length,
        )
        if vec.secret:
            req.secret, req.ad = vec.secret.hex(), (vec.ad or b"").hex()
        reply = client.send(req)
        err = _error(reply)
        if err and err[0] == "unsupported":
            record("derive", "n/a", err[1])
        elif reply.output == vec.output:
            record("derive", "pass")
        else:
            record("derive", "fail", f"got {reply.output or err}")
    if vec.encoded and "verify" in ops:
        reply = client.send(
            Request(
                cmd="verify",
                impl=impl_id,
                alg=vec.algorithm,
                password=(vec.password or b"").hex(),
                encoded=vec.encoded,
            )
        )
        err = _error(reply)
        if err and (err[0] == "unsupported" or _refused_long_bcrypt(vec, err[0])):
            record("verify", "n/a", err[1])
        elif vec.optional and reply.valid is not True:
            answer = err if reply.valid is None else reply.valid
            record("verify", "n/a", f"{vec.optional} (got {answer})")
        elif reply.valid is True:
            wrong = client.send(
                Request(
                    cmd="verify",
                    impl=impl_id,
                    alg=vec.algorithm,
                    password=_wrong(vec.password or b"").hex(),
                    encoded=vec.encoded,
                )
            )
            werr = _error(wrong)
            if wrong.valid is False:
                record("verify", "pass")
            elif werr and werr[0] == "unsupported":
                record("verify", "n/a", werr[1])
            else:
                record("verify", "fail", f"a wrong password gave {wrong}")
        else:
            record("verify", "fail", f"got {reply.valid if not err else err}")
    return out
