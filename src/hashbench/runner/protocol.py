"""Runner protocol v1 as types (docs/protocol.md): the hello, every request and reply,
and the one error every failure becomes.

A line from a runner is decoded here once, into these structs; nothing else reads a
protocol field by its string key. A request is built as a `Request` and encoded here,
its unset fields left out (the protocol's optional fields are absent, never null).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

VERSION = 1

Op = Literal["derive", "hash", "verify", "digest", "hash_verify", "noop"]
Cmd = Literal["derive", "hash", "verify", "digest", "bench", "quit"]

# Error kinds: the first five are a runner's own replies (docs/protocol.md, "Every
# failure is a reply"); the last four are the orchestrator's word for a runner that
# misbehaved: it exited, did not answer in time, printed what is not a reply, or could
# not be started.
REPLY_KINDS = ("unsupported", "invalid_params", "invalid_input", "library_error", "protocol")
FAULT_KINDS = ("crash", "timeout", "garbage", "start")
# A runner refusing what it was asked (not an error of the library or the runner).
REFUSALS = ("unsupported", "invalid_params")


class RunnerError(Exception):
    """Every way a request can fail: a runner's error reply (`kind` one of REPLY_KINDS)
    or a runner fault (`kind` one of FAULT_KINDS: the caller fails the case, and the pool
    restarts the runner for the next)."""

    def __init__(self, kind: str, message: str):
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message

    @property
    def is_fault(self) -> bool:
        return self.kind in FAULT_KINDS

    @property
    def is_refusal(self) -> bool:
        return self.kind in REFUSALS

    def reason(self) -> str:
        """The words a failed case records: faults say they were the runner's."""
        return f"runner {self}" if self.is_fault else str(self)


class Timer(msgspec.Struct, frozen=True):
    clock: str = ""
    resolution_ns: int | float | None = None


class ImplementationInfo(msgspec.Struct, frozen=True):
    """One implementation as its runner's hello describes it."""

    id: str
    library: str = ""
    version: str = ""
    backend: str = ""
    algorithms: list[str] = msgspec.field(default_factory=list)
    ops: list[str] = msgspec.field(default_factory=list)
    modes: list[str] = msgspec.field(default_factory=list)
    encoding: str | dict[str, str | None] | None = None
    alloc: bool = False
    notes: str = ""
    defaults: bool = False  # hashes with no params: the library's own defaults
    unchecked: bool = False  # takes "unchecked": true (parameters past the catalog's range)

    @property
    def runner(self) -> str:
        return self.id.split("/", 1)[0]

    def offers(self, alg: str, op: str) -> bool:
        return alg in self.algorithms and op in self.ops

    def why_unsupported(self, alg: str, op: str, mode: str) -> str | None:
        """None when a bench of `op` on `alg` (in digest `mode`) can run; else why not,
        in the words of a 'not applicable' line."""
        if alg not in self.algorithms:
            return f"no {alg}"
        ops = set(self.ops)
        if "bench" not in ops:
            return "no bench"
        if op == "hash_verify":
            if not {"hash", "verify"} <= ops:
                return "no hash+verify"
        elif op not in ops:
            return f"no {op}"
        if op == "digest" and mode not in self.modes:
            return f"no {mode} mode"
        return None


class Hello(msgspec.Struct, frozen=True):
    hello: int
    implementations: list[ImplementationInfo]
    runner: str = ""
    runtime: str = ""
    timer: Timer = Timer()


class ErrorBody(msgspec.Struct, frozen=True):
    kind: str = "?"
    message: str = ""


class Request(msgspec.Struct, omit_defaults=True, kw_only=True):
    """Every request (docs/protocol.md, "Requests and replies"). Byte strings are hex."""

    cmd: Cmd
    id: int = 0
    impl: str | None = None
    alg: str | None = None
    op: Op | None = None
    mode: str | None = None
    params: dict[str, Any] | None = None
    password: str | None = None
    salt: str | None = None
    secret: str | None = None
    ad: str | None = None
    encoded: str | None = None
    input: str | None = None
    input_size: int | None = None
    length: int | None = None
    iters: int | None = None
    samples: int | None = None
    warm: bool | None = None
    alloc: bool | None = None
    unchecked: bool | None = None


class Reply(msgspec.Struct, frozen=True):
    """Every reply: the fields of each command's reply, each absent (None) unless sent."""

    id: int | None = None
    error: ErrorBody | None = None
    output: str | None = None  # derive, digest, bench of either
    encoded: str | None = None  # hash, bench of hash / hash_verify
    valid: bool | None = None  # verify, bench of verify / hash_verify
    samples_ns: list[int] | None = None  # bench
    iters: int | None = None  # bench
    check: Any = None  # bench: the sink, so no compiler removes the work
    alloc_bytes_per_op: float | None = None
    peak_rss_bytes: int | None = None
    ok: bool | None = None  # quit

    def raise_error(self) -> Reply:
        """This reply, or its error raised as a RunnerError."""
        if self.error is not None:
            raise RunnerError(self.error.kind, self.error.message)
        return self

    @property
    def error_kind(self) -> str | None:
        return None if self.error is None else self.error.kind

    def error_text(self) -> str:
        """The error as fidelity files record it ({'kind': …, 'message': …}), or the
        whole reply when it has no error but lacks what was asked for."""
        if self.error is not None:
            return str({"kind": self.error.kind, "message": self.error.message})
        return str({k: v for k, v in msgspec.structs.asdict(self).items() if v is not None})


def fault_reply(error: RunnerError) -> Reply:
    """A runner fault as an error reply, for callers that collect errors as replies
    (fidelity: one row per request, whatever happened)."""
    return Reply(error=ErrorBody(error.kind, error.message))


_hello = msgspec.json.Decoder(Hello)
_reply = msgspec.json.Decoder(Reply)
_encoder = msgspec.json.Encoder()


class Malformed(ValueError):
    """A line that is not the hello or reply the protocol says it must be."""


def decode_hello(line: bytes) -> Hello:
    try:
        hello = _hello.decode(line)
    except msgspec.DecodeError as exc:
        raise Malformed(f"expected a hello line ({exc})") from None
    if hello.hello != VERSION:
        raise Malformed(f"hello {hello.hello}: this orchestrator speaks protocol {VERSION}")
    return hello


def decode_reply(line: bytes) -> Reply:
    try:
        return _reply.decode(line)
    except msgspec.DecodeError as exc:
        raise Malformed(f"not a reply ({exc})") from None


def encode(request: Request) -> bytes:
    return _encoder.encode(request)
