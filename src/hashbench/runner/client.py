"""The orchestrator's side of runner protocol v1: one runner process, JSON lines over stdio.

Requests and replies are the typed structs of runner/protocol.py. A runner that crashes,
hangs past its timeout or prints garbage raises a RunnerError whose kind is a fault
(`is_fault`); the caller fails that case and the pool restarts the runner for the next.
"""

from __future__ import annotations

import collections
import ctypes
import itertools
import json
import os
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from hashbench import paths
from hashbench.catalog import compiled
from hashbench.runner.manifest import Manifest
from hashbench.runner.placement import Placement
from hashbench.runner.protocol import (
    Hello,
    Malformed,
    Reply,
    Request,
    RunnerError,
    decode_hello,
    decode_reply,
    encode,
)

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """In the runner's process, before exec: the kernel kills it (SIGKILL) when the
    orchestrator dies, however it dies (kill -9 included), so no runner is left behind
    still computing. Launch wrappers `exec` the real runner, which keeps this setting."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the runner ends at end of input instead
        pass


class RunnerClient:
    def __init__(
        self,
        manifest: Manifest,
        start_timeout: float = 60.0,
        placement: Placement | None = None,
        wrap: list[str] | None = None,
        env: dict[str, str] | None = None,
    ):
        """`wrap`: a command the launch command is put behind (Valgrind, for a counted
        process); `env`: variables set for the runner besides the usual ones."""
        self.manifest = manifest
        self.wrap = wrap or []
        self.env = env or {}
        self.placement = placement or Placement()
        self.start_timeout = start_timeout
        self.hello: Hello | None = None
        self.hello_json: dict[str, Any] = {}  # the same line as sent, for conformance tests
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._ids = itertools.count(1)
        self._paused = False
        self.launches = 0  # processes started, a restart included

    # -- lifecycle -------------------------------------------------------------------
    def start(self) -> Hello:
        self.launch()
        return self.await_hello()

    def launch(self) -> None:
        """Start the process without waiting for its hello: runners launched one after
        another then greet while the others start (`await_hello`)."""
        self.launches += 1
        launch = list(self.manifest.launch)
        first = paths.root() / launch[0]
        if first.exists():
            launch[0] = str(first)
        launch = self.wrap + launch
        try:
            self._proc = subprocess.Popen(
                launch,
                cwd=paths.root(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                preexec_fn=self._before_exec,
                env={
                    **os.environ,
                    "HASHBENCH_ROOT": str(paths.root()),
                    "HASHBENCH_CATALOG": str(compiled.ensure()),
                    **self.env,
                },
            )
        except OSError as exc:
            raise RunnerError("start", f"cannot launch {' '.join(launch)}: {exc}") from exc
        self._lines = queue.Queue()
        self._paused = False
        threading.Thread(target=_pump_stdout, args=(self._proc, self._lines), daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(self._proc,), daemon=True).start()

    def _before_exec(self) -> None:
        """A session of its own: a terminal's hangup or Ctrl-C, sent to the orchestrator's
        process group, reaches the orchestrator alone, which ends its runners in order
        (under `nohup` a hangup once killed the Deno runner mid-run: Deno resets SIGHUP
        to its default, where the others inherit it ignored)."""
        os.setsid()
        _die_with_parent()
        self.placement.pin_runner()

    def await_hello(self) -> Hello:
        line = self._line(self.start_timeout)
        try:
            self.hello = decode_hello(line)
        except Malformed as exc:
            self.close()
            raise RunnerError("garbage", f"{exc}, got {_short(line)}") from None
        self.hello_json = json.loads(line)
        return self.hello

    def pause(self) -> None:
        """Stop the idle process (SIGSTOP) so that nothing it does in the background — a
        JIT compiling, a collector, a runtime's timers — takes CPU from the runner being
        measured; any request resumes it first."""
        if self.alive and not self._paused and self._proc is not None:
            os.kill(self._proc.pid, signal.SIGSTOP)
            self._paused = True
            _await_stopped(self._proc.pid)

    def resume(self) -> None:
        if self._paused and self.alive and self._proc is not None:
            os.kill(self._proc.pid, signal.SIGCONT)
        self._paused = False

    @property
    def paused(self) -> bool:
        return self._paused and self.alive

    def close(self, wait_s: float = 5.0) -> None:
        """Ask the runner to quit and give it `wait_s` to exit before it is killed (a
        counted process writes Valgrind's totals as it exits)."""
        self.resume()
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                assert proc.stdin is not None
                proc.stdin.write(b'{"id": 0, "cmd": "quit"}\n')
                proc.stdin.flush()
                proc.wait(timeout=wait_s)
            except (OSError, subprocess.TimeoutExpired, ValueError):
                proc.kill()
                proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream:
                stream.close()

    def restart(self) -> Hello:
        self.kill()
        return self.start()

    def kill(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait()
        self.close()

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def pid(self) -> int | None:
        """The runner process's id while it runs (its /proc entry: memory as the kernel sees
        it — getrusage's ru_maxrss inside the runner keeps the forking orchestrator's peak
        across exec)."""
        return self._proc.pid if self.alive and self._proc is not None else None

    def __enter__(self) -> RunnerClient:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests --------------------------------------------------------------------
    def send_raw(self, line: bytes) -> None:
        """Write one raw line (for conformance tests of malformed input)."""
        if not self.alive:
            raise RunnerError("crash", self._death_message())
        self.resume()
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(line.rstrip(b"\n") + b"\n")
            self._proc.stdin.flush()
        except OSError as exc:
            raise RunnerError("crash", f"{self._death_message()} ({exc})") from exc

    def send(self, request: Request, timeout: float | None = None) -> Reply:
        """The reply to `request`, error replies included (see `call`); a runner fault
        raises RunnerError."""
        request.id = next(self._ids)
        self.send_raw(encode(request))
        return self._reply(request.id, timeout or self.manifest.timeout_s)

    def call(self, request: Request, timeout: float | None = None) -> Reply:
        """The reply to `request`; an error reply raises RunnerError, as a fault does."""
        return self.send(request, timeout).raise_error()

    def loop_overhead_ns(self) -> float:
        """The timed loop's own cost per iteration: the median of 11 samples of 100,000
        empty ops (`noop`)."""
        reply = self.call(Request(cmd="bench", op="noop", iters=100_000, samples=11))
        samples, iters = reply.samples_ns, reply.iters
        if not samples or not iters:
            raise RunnerError("garbage", "a noop bench reply without samples_ns or iters")
        return sorted(samples)[len(samples) // 2] / iters

    # -- the wire itself, for conformance tests ----------------------------------------
    def read_reply(self, timeout: float | None = None) -> dict[str, Any]:
        """The next line as a JSON object, whatever its id."""
        return self._json(self._line(timeout or self.manifest.timeout_s))

    def wire(self, cmd: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """A request of any fields, however wrong, and the reply as the JSON object it is:
        for tests of what a runner puts on the wire. A field given as None is left out."""
        req_id = next(self._ids)
        given = {k: v for k, v in fields.items() if v is not None}
        self.send_raw(json.dumps({"id": req_id, "cmd": cmd, **given}).encode())
        obj = self._json(self._line(timeout or self.manifest.timeout_s))
        if obj.get("id") != req_id:
            self.kill()
            raise RunnerError("garbage", f"reply id {obj.get('id')!r}, expected {req_id}")
        return obj

    def wire_ok(self, cmd: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """As `wire`; an error reply raises RunnerError."""
        reply = self.wire(cmd, timeout, **fields)
        decode_reply(json.dumps(reply).encode()).raise_error()
        return reply

    # -- internals -------------------------------------------------------------------
    def _reply(self, expect_id: int, timeout: float) -> Reply:
        """The next line, which must be the reply to request `expect_id`."""
        line = self._line(timeout)
        try:
            reply = decode_reply(line)
        except Malformed as exc:
            self.kill()
            raise RunnerError("garbage", f"{exc}: {_short(line)}") from None
        if reply.id != expect_id:
            self.kill()
            raise RunnerError("garbage", f"reply id {reply.id!r}, expected {expect_id}")
        return reply

    def _line(self, timeout: float) -> bytes:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            self.kill()
            raise RunnerError("timeout", f"no reply within {timeout:g} s") from None
        if line is None:
            raise RunnerError("crash", self._death_message())
        return line

    def _json(self, line: bytes) -> dict[str, Any]:
        try:
            obj = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError):
            self.kill()
            raise RunnerError("garbage", f"not a JSON line: {_short(line)}") from None
        if not isinstance(obj, dict):
            self.kill()
            raise RunnerError("garbage", f"not a JSON object: {_short(line)}")
        return obj

    def _death_message(self) -> str:
        code = None
        if self._proc is not None:
            try:
                code = self._proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        tail = " | ".join(list(self._stderr)[-3:])
        what = f"runner {self.manifest.name} exited"
        if code is not None:
            what += f" with status {code}" if code >= 0 else f" on signal {-code}"
        return what + (f"; stderr: {tail}" if tail else "")

    def _pump_stderr(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stderr is not None
        try:
            for line in proc.stderr:
                self._stderr.append(line.decode(errors="replace").rstrip())
        except (ValueError, OSError):  # the stream closed under it by `close`/`kill`
            pass


def _pump_stdout(proc: subprocess.Popen[bytes], lines: queue.Queue[bytes | None]) -> None:
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if line.strip():
                lines.put(line)
    except (ValueError, OSError):  # the stream closed under it by `close`/`kill`
        pass
    lines.put(None)


def _await_stopped(pid: int, timeout: float = 1.0) -> None:
    """Until the kernel has stopped `pid` (SIGSTOP is delivered, not done, when kill
    returns): so the next sample does not start while it still runs. Where /proc cannot
    say, at once."""
    stat = Path(f"/proc/{pid}/stat")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return
        if state in ("T", "t", "Z", "X"):
            return
        time.sleep(0.0005)


def _short(value: object, limit: int = 120) -> str:
    text = value.decode(errors="replace") if isinstance(value, bytes) else repr(value)
    text = text.strip()
    return text if len(text) <= limit else text[:limit] + "…"
