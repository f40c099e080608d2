"""Runner protocol v1 (docs/protocol.md): hello, then one JSON request per stdin line and
one JSON reply per stdout line. Every failure is an error reply; the loop never stops
before `quit` or end of input.

stdout carries protocol lines only: at start the real stdout is kept for replies and
file descriptor 1 is pointed at stderr, so anything a library prints goes to stderr.
"""

from __future__ import annotations

import binascii
import json
import os
import platform
import sys
import time
import traceback
from collections.abc import Iterator
from functools import partial
from typing import Any, BinaryIO

from hbrunner import bench, catalog
from hbrunner.adapters import Adapter, load_all
from hbrunner.errors import InvalidParams, LibraryError, ProtocolError, RunnerError, Unsupported

RUNNER = "python"
MODES = ("oneshot", "new", "reset")
BENCH_OPS = ("digest", "derive", "hash", "verify", "hash_verify", "noop")
MAX_SAMPLES = 1_000_000
MAX_INPUT = 1 << 31
MAX_LINE = 16 * 1024 * 1024  # request bytes before the newline (docs/protocol.md)


class Runner:
    def __init__(self, out: BinaryIO):
        self.out = out
        self.adapters = load_all()
        self.by_id: dict[str, Adapter] = {a.id: a for a in self.adapters}

    # -- output ----------------------------------------------------------------------
    def send(self, obj: dict[str, Any]) -> None:
        self.out.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
        self.out.flush()

    def hello(self) -> dict[str, Any]:
        clock = time.get_clock_info("perf_counter")
        return {
            "hello": 1,
            "runner": RUNNER,
            "runtime": f"CPython {platform.python_version()} ({platform.python_compiler()})",
            "timer": {
                "clock": clock.implementation,
                "resolution_ns": max(1, round(clock.resolution * 1e9)),
            },
            "implementations": [a.hello() for a in self.adapters],
        }

    # -- main loop -------------------------------------------------------------------
    def serve(self, stdin: BinaryIO) -> None:
        self.send(self.hello())
        for line in request_lines(stdin):
            if isinstance(line, int):
                message = f"request line of {line} bytes is over the limit of {MAX_LINE}"
                self.send({"id": None, "error": {"kind": "protocol", "message": message}})
                continue
            reply, stop = self.handle_line(line)
            self.send(reply)
            if stop:
                return

    def handle_line(self, line: bytes) -> tuple[dict[str, Any], bool]:
        req_id = None
        adapter = None
        try:
            try:
                req = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError) as exc:
                raise ProtocolError(f"not a JSON line: {exc}") from None
            if not isinstance(req, dict):
                raise ProtocolError("a request must be a JSON object")
            raw_id = req.get("id")
            if isinstance(raw_id, int) and not isinstance(raw_id, bool):
                req_id = raw_id
            else:
                raise ProtocolError(f"id must be an integer, got {raw_id!r:.40}")
            cmd = req.get("cmd")
            if not isinstance(cmd, str):
                raise ProtocolError("cmd must be a string")
            if cmd == "quit":
                return {"id": req_id, "ok": True}, True
            handler = getattr(self, f"cmd_{cmd}", None) if cmd.isidentifier() else None
            if handler is None:
                raise Unsupported(f"unknown cmd {cmd!r:.40}")
            if "impl" in req or cmd != "bench":
                adapter = self.adapter(req)
            reply = handler(req, adapter)
            return {"id": req_id, **reply}, False
        except RunnerError as err:
            return error(req_id, err), False
        except Exception as exc:  # the library's own exceptions, translated where known
            translated = adapter.translate(exc) if adapter is not None else None
            if translated is None:
                print(traceback.format_exc(), file=sys.stderr, flush=True)
                translated = LibraryError(f"{type(exc).__name__}: {exc}")
            return error(req_id, translated), False

    # -- request fields --------------------------------------------------------------
    def adapter(self, req: dict[str, Any]) -> Adapter:
        impl = req.get("impl")
        if not isinstance(impl, str):
            raise ProtocolError("impl must be a string")
        if impl not in self.by_id:
            raise Unsupported(f"unknown impl {impl!r:.60}")
        return self.by_id[impl]

    @staticmethod
    def alg(req: dict[str, Any], adapter: Adapter, op: str) -> str:
        alg = req.get("alg")
        if not isinstance(alg, str):
            raise ProtocolError("alg must be a string")
        catalog.spec(alg)  # unknown to the catalog: unsupported
        if alg not in adapter.algorithms:
            raise Unsupported(f"{adapter.id} does not offer {alg}")
        if op not in adapter.ops:
            raise Unsupported(f"{adapter.id} does not offer {op}")
        if catalog.is_digest(alg) != (op == "digest"):
            raise Unsupported(f"{op} does not apply to {alg}")
        return alg

    def password_request(
        self, req: dict[str, Any], adapter: Adapter, op: str, need_salt: bool
    ) -> tuple[str, bytes, bytes | None, dict[str, int], int]:
        alg = self.alg(req, adapter, op)
        params = req.get("params", {})
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise ProtocolError("params must be an object")
        check = req.get("unchecked") is not True
        full = catalog.validate_params(alg, params, check)
        length = catalog.validate_length(alg, req.get("length"), op, check)
        password = hex_field(req, "password", required=True)
        salt = hex_field(req, "salt", required=need_salt)
        if check:
            catalog.validate_salt(alg, salt)
        return alg, password, salt, full, length

    # -- commands --------------------------------------------------------------------
    def cmd_derive(self, req, adapter):
        return {"output": self.prepare("derive", req, adapter)[0]().hex()}

    def cmd_hash(self, req, adapter):
        return {"encoded": self.prepare("hash", req, adapter)[0]()}

    def cmd_verify(self, req, adapter):
        return {"valid": self.prepare("verify", req, adapter)[0]()}

    def cmd_digest(self, req, adapter):
        alg = self.alg(req, adapter, "digest")
        data = hex_field(req, "input", required=True)
        mode = "oneshot" if "oneshot" in adapter.modes else adapter.modes[0]
        return {"output": adapter.digest_op(alg, mode, data)().hex()}

    def prepare(self, op: str, req: dict[str, Any], adapter: Adapter):
        """The prepared call for `op` and the type of its result (for the bench loop)."""
        if op == "derive":
            alg, password, salt, params, length = self.password_request(req, adapter, op, True)
            secret, ad = hex_field(req, "secret"), hex_field(req, "ad")
            if (secret or ad) and catalog.spec(alg).get("family") != "argon2":
                raise InvalidParams(f"{alg} takes no secret or associated data")
            return adapter.derive_op(alg, password, salt, params, length, secret, ad), "bytes"
        if op == "hash" and "params" not in req:
            # Library defaults: the call a user makes with no options (docs/protocol.md).
            alg = self.alg(req, adapter, "hash")
            password = hex_field(req, "password", required=True)
            if not adapter.defaults:
                raise Unsupported(f"{adapter.id} has no hash call without parameters")
            if hex_field(req, "salt") is not None:
                raise Unsupported("a library-defaults hash makes its own salt")
            return adapter.hash_defaults_op(alg, password), "str"
        if op == "hash":
            alg, password, salt, params, length = self.password_request(req, adapter, op, False)
            return adapter.hash_op(alg, password, salt, params, length), "str"
        if op == "verify":
            alg = self.alg(req, adapter, "verify")
            password = hex_field(req, "password", required=True)
            encoded = req.get("encoded")
            if encoded is None and req.get("cmd") == "bench":
                # No string given: make one with this implementation's own hash (untimed).
                encoded = self.prepare("hash", req, adapter)[0]()
            if not isinstance(encoded, str):
                raise ProtocolError("encoded must be a string")
            return partial(adapter.verifier(alg), password, encoded), "bool"
        if op == "hash_verify":
            make, _ = self.prepare("hash", req, adapter)
            if "verify" not in adapter.ops:
                raise Unsupported(f"{adapter.id} does not offer verify")
            check = adapter.verifier(req["alg"])
            password = hex_field(req, "password", required=True)

            def hash_then_verify():
                encoded = make()
                return encoded, check(password, encoded)

            return hash_then_verify, "pair"
        if op == "digest":
            alg = self.alg(req, adapter, "digest")
            mode = req.get("mode", "oneshot")
            if not isinstance(mode, str):
                raise ProtocolError("mode must be a string")
            if mode not in MODES or mode not in adapter.modes:
                raise Unsupported(f"{adapter.id} has no mode {mode!r:.40}")
            if "input" in req:
                data = hex_field(req, "input", required=True)
            else:
                size = int_field(req, "input_size", 0, MAX_INPUT)
                data = (bytes(range(251)) * (size // 251 + 1))[:size]
            return adapter.digest_op(alg, mode, data), "bytes"
        raise Unsupported(f"unknown bench op {op!r:.40}")

    def cmd_bench(self, req, adapter):
        op = req.get("op")
        if not isinstance(op, str):
            raise ProtocolError("op must be a string")
        if op not in BENCH_OPS:
            raise Unsupported(f"unknown bench op {op!r:.40}")
        iters = int_field(req, "iters", 1, None)
        samples = int_field(req, "samples", 1, MAX_SAMPLES)
        if op == "noop":
            call, result = bench.noop, "bytes"
        else:
            if adapter is None:
                raise ProtocolError(f"bench {op} needs impl")
            if "bench" not in adapter.ops:
                raise Unsupported(f"{adapter.id} does not offer bench")
            if op != "digest" and req.get("mode", "oneshot") != "oneshot":
                raise Unsupported(f"mode {req.get('mode')!r:.40} applies to digests only")
            call, result = self.prepare(op, req, adapter)
        warm = bool_field(req, "warm", True)
        samples_ns, check, last, alloc = bench.run(
            call, result, iters, samples, warm, bool_field(req, "alloc", True)
        )
        reply: dict[str, Any] = {
            "samples_ns": samples_ns,
            "iters": iters,
            "check": check,
            "peak_rss_bytes": bench.peak_rss_bytes(),
        }
        if alloc is not None:
            reply["alloc_bytes_per_op"] = alloc
        if op in ("digest", "derive"):
            reply["output"] = last.hex()
        elif op == "hash":
            reply["encoded"] = last
        elif op == "verify":
            reply["valid"] = last
        elif op == "hash_verify":
            reply["encoded"], reply["valid"] = last
        return reply


def hex_field(req: dict[str, Any], name: str, required: bool = False) -> bytes | None:
    value = req.get(name)
    if value is None:
        if required:
            raise ProtocolError(f"{name} is required (hex)")
        return None
    if not isinstance(value, str):
        raise ProtocolError(f"{name} must be a hex string")
    try:
        return binascii.unhexlify(value)
    except (binascii.Error, ValueError):
        raise ProtocolError(f"{name} is not valid hex") from None


def bool_field(req: dict[str, Any], name: str, default: bool) -> bool:
    value = req.get(name, default)
    if not isinstance(value, bool):
        raise ProtocolError(f"{name} must be true or false")
    return value


def int_field(req: dict[str, Any], name: str, lo: int, hi: int | None) -> int:
    value = req.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{name} must be an integer")
    if value < lo or (hi is not None and value > hi):
        raise InvalidParams(f"{name}={value} out of range {lo}–{hi if hi is not None else ''}")
    return value


def error(req_id: int | None, err: RunnerError) -> dict[str, Any]:
    return {"id": req_id, "error": {"kind": err.kind, "message": err.message}}


def request_lines(stdin: BinaryIO) -> Iterator[bytes | int]:
    """Each request line; for a line over MAX_LINE, its length instead: it is read through
    to its newline a megabyte at a time and never kept (docs/protocol.md, "Line length")."""
    while line := stdin.readline(MAX_LINE + 1):
        if line.endswith(b"\n") or len(line) <= MAX_LINE:
            yield line
            continue
        size = len(line)
        while line and not line.endswith(b"\n"):
            line = stdin.readline(1 << 20)
            size += len(line)
        yield size - line.endswith(b"\n")


def main() -> None:
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        Runner(out).serve(sys.stdin.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
