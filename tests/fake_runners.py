"""Runners in-process, behind the engine's `Runners` seam (engine/runners.py), for
testing the schedule on hand-made timings: rounds, the stop rule, warm-up, priming,
further processes and the settling of a cold first op, exactly and in milliseconds.

A fake implementation answers every request as a runner would, with right outputs (the
reference's own: hashlib's digests and PBKDF2, libxcrypt's bcrypt strings), so the engine
verifies them as it verifies a real library's. Only the times are made up: each op's
time in ns comes from the implementation's `timing`, given the process and how many ops
that process has run of it, so a test says when a case is cold, noisy or slow.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec

from hashbench.runner.pool import Implementation
from hashbench.runner.protocol import ImplementationInfo, Reply, Request, RunnerError
from hashbench.verify import reference, reference_strings

# (process, ops this process has run of the case before this one, the request) -> ns
Timing = Callable[[int, int, Request], float]


def steady(ns: float) -> Timing:
    """Every op takes `ns`, times the work of a password hash's parameters (its
    iterations or 2**cost over 1000 and 16): a primer at a sixteenth is cheaper."""

    def timing(_process: int, _done: int, request: Request) -> float:
        return ns * work(request)

    return timing


def work(request: Request) -> float:
    params = request.params or {}
    if "iterations" in params:
        return params["iterations"] / 1000
    if "cost" in params:
        return 2 ** params["cost"] / 16
    return 1.0


@dataclass
class FakeImpl:
    id: str
    algorithms: list[str]
    ops: list[str]
    timing: Timing
    modes: list[str] = field(default_factory=lambda: ["oneshot", "new", "reset"])
    wrong_output: bool = False  # a liar: digests and keys that are not the reference's
    accepts_anything: bool = False  # verify says true to every password
    fault: str | None = None  # every request of this implementation raises this fault
    alloc: float | None = 0.0  # bytes per op, when asked

    def implementation(self) -> Implementation:
        info = ImplementationInfo(
            id=self.id,
            library=self.id.split("/", 1)[1],
            version="1",
            backend="c",
            algorithms=self.algorithms,
            ops=self.ops,
            modes=self.modes,
        )
        return Implementation(self.id, self.id.split("/", 1)[0], info)


@dataclass
class Sent:
    process: int
    request: Request


class FakeRunners:
    def __init__(self, *impls: FakeImpl, fail_start: dict[int, str] | None = None):
        self.fakes = {i.id: i for i in impls}
        self.implementations = {i.id: i.implementation() for i in impls}
        self.sent: list[Sent] = []
        self.started: list[tuple[list[str], int]] = []
        self.fail_start = fail_start or {}  # process number -> why it cannot start
        self._ops: dict[tuple[str, int, str], int] = {}  # (impl, process, alg) -> ops run
        self.restarts: dict[tuple[str, int], int] = {}  # (runner, process) -> restarts
        self.jit_warmup_s = 0.0  # every fake runner's manifest `jit_warmup_s`

    # -- the seam ----------------------------------------------------------------------
    def request(self, impl_id: str, process: int, request: Request) -> Reply:
        self.sent.append(Sent(process, request))
        fake = self.fakes[impl_id]
        if fake.fault:
            raise RunnerError(fake.fault, f"fake {fake.fault}")
        if request.cmd == "hash":
            return Reply(id=request.id, encoded=self._hash(request))
        if request.cmd == "verify":
            return Reply(id=request.id, valid=self._verify(fake, request))
        assert request.cmd == "bench", request
        return self._bench(fake, process, request)

    def start_processes(self, runners: list[str], process: int) -> dict[str, str]:
        self.started.append((runners, process))
        why = self.fail_start.get(process)
        return dict.fromkeys(runners, why) if why else {}

    def launches(self, runner: str, process: int) -> int:
        return self.restarts.get((runner, process), 0) + 1

    def runtime(self, runner: str) -> str:
        return f"fake {runner}"

    def jit(self, runner: str) -> bool:
        return False

    def warmup_floor_ns(self, runner: str) -> float:
        return self.jit_warmup_s * 1e9

    def loop_overhead_ns(self, runner: str) -> float:
        return 1.0

    # -- what a runner would answer -----------------------------------------------------
    def _bench(self, fake: FakeImpl, process: int, request: Request) -> Reply:
        iters, n = request.iters or 1, request.samples or 1
        key = (fake.id, process, request.alg or "")
        if request.warm is not False:
            self._ops[key] = self._ops.get(key, 0) + 1  # one untimed op
        samples = []
        for _ in range(n):
            done = self._ops.get(key, 0)
            ns = sum(fake.timing(process, done + k, request) for k in range(iters))
            self._ops[key] = done + iters
            samples.append(round(ns))
        reply = Reply(id=request.id, samples_ns=samples, iters=iters, check=0)
        op = request.op
        if op == "digest":
            data = reference.pattern(request.input_size or 0)
            output = hashlib.new(request.alg or "", data).hexdigest()
            reply = _with(reply, output=_spoil(output) if fake.wrong_output else output)
        elif op == "derive":
            output = self._derive(request)
            reply = _with(reply, output=_spoil(output) if fake.wrong_output else output)
        elif op == "hash":
            reply = _with(reply, encoded=self._hash(request))
        elif op == "verify":
            reply = _with(reply, valid=self._verify(fake, request))
        elif op == "hash_verify":
            reply = _with(reply, encoded=self._hash(request), valid=True)
        if request.alloc is not False and fake.alloc is not None:
            reply = _with(reply, alloc_bytes_per_op=fake.alloc)
        return _with(reply, peak_rss_bytes=4096)

    @staticmethod
    def _derive(request: Request) -> str:
        assert request.alg == "pbkdf2-sha256", request.alg
        params = request.params or {}
        return hashlib.pbkdf2_hmac(
            "sha256",
            bytes.fromhex(request.password or ""),
            bytes.fromhex(request.salt or ""),
            params["iterations"],
            request.length or 32,
        ).hex()

    @staticmethod
    def _hash(request: Request) -> str:
        assert request.alg == "bcrypt", request.alg
        cost = (request.params or {}).get("cost", 4)
        setting = reference_strings.crypt_setting("$2b$", cost)
        assert setting is not None
        made = reference_strings.crypt(bytes.fromhex(request.password or ""), setting)
        assert made is not None
        return made

    @staticmethod
    def _verify(fake: FakeImpl, request: Request) -> bool:
        if fake.accepts_anything:
            return True
        password = bytes.fromhex(request.password or "")
        return bool(reference.verify("bcrypt", password, request.encoded or ""))

    # -- what the tests read -------------------------------------------------------------
    def benches(self, impl_id: str) -> list[Sent]:
        return [s for s in self.sent if s.request.cmd == "bench" and s.request.impl == impl_id]


def _with(reply: Reply, **fields: object) -> Reply:
    return msgspec.structs.replace(reply, **fields)


def _spoil(hex_output: str) -> str:
    return ("0" if hex_output[0] != "0" else "1") + hex_output[1:]
