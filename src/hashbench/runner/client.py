"""The orchestrator's side of runner protocol v1: one runner process, JSON lines over stdio.

A runner that crashes, hangs past its timeout or prints garbage raises RunnerFault; the
caller fails that case and calls restart() for the next one.
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
from typing import Any

from hashbench import paths
from hashbench.catalog import compiled
from hashbench.runner.manifest import Manifest

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


class RunnerFault(Exception):
    """The runner process misbehaved: kind is 'crash', 'timeout', 'garbage' or 'start'."""

    def __init__(self, kind: str, message: str):
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class RunnerError(Exception):
    """The runner replied with a protocol error object: {"kind": ..., "message": ...}."""

    def __init__(self, kind: str, message: str):
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class RunnerClient:
    def __init__(self, manifest: Manifest, start_timeout: float = 60.0):
        self.manifest = manifest
        self.start_timeout = start_timeout
        self.hello: dict[str, Any] = {}
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._ids = itertools.count(1)

    # -- lifecycle -------------------------------------------------------------------
    def start(self) -> dict[str, Any]:
        self.launch()
        return self.await_hello()

    def launch(self) -> None:
        """Start the process without waiting for its hello: runners launched one after
        another then greet while the others start (`await_hello`)."""
        launch = list(self.manifest.launch)
        first = paths.root() / launch[0]
        if first.exists():
            launch[0] = str(first)
        try:
            self._proc = subprocess.Popen(
                launch,
                cwd=paths.root(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                preexec_fn=_die_with_parent,
                env={
                    **os.environ,
                    "HASHBENCH_ROOT": str(paths.root()),
                    "HASHBENCH_CATALOG": str(compiled.ensure()),
                },
            )
        except OSError as exc:
            raise RunnerFault("start", f"cannot launch {' '.join(launch)}: {exc}") from exc
        self._lines = queue.Queue()
        threading.Thread(target=_pump_stdout, args=(self._proc, self._lines), daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(self._proc,), daemon=True).start()

    def await_hello(self) -> dict[str, Any]:
        hello = self._read(self.start_timeout, expect_id=None)
        if hello.get("hello") != 1 or not isinstance(hello.get("implementations"), list):
            self.close()
            raise RunnerFault("garbage", f"expected a hello line, got {_short(hello)}")
        self.hello = hello
        return hello

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                assert proc.stdin is not None
                proc.stdin.write(b'{"id": 0, "cmd": "quit"}\n')
                proc.stdin.flush()
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired, ValueError):
                proc.kill()
                proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream:
                stream.close()

    def restart(self) -> dict[str, Any]:
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
            raise RunnerFault("crash", self._death_message())
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(line.rstrip(b"\n") + b"\n")
            self._proc.stdin.flush()
        except OSError as exc:
            raise RunnerFault("crash", f"{self._death_message()} ({exc})") from exc

    def read_reply(self, timeout: float | None = None) -> dict[str, Any]:
        return self._read(timeout or self.manifest.timeout_s, expect_id=None)

    def call(self, cmd: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """Send a request and return the reply; RunnerError if the reply is an error."""
        reply = self.call_raw(cmd, timeout=timeout, **fields)
        if "error" in reply:
            err = reply["error"] if isinstance(reply["error"], dict) else {}
            raise RunnerError(str(err.get("kind", "?")), str(err.get("message", reply["error"])))
        return reply

    def call_raw(self, cmd: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """Send a request and return the reply as is, error replies included. A field given
        as None is left out: the protocol's optional fields are absent, never null."""
        req_id = next(self._ids)
        given = {k: v for k, v in fields.items() if v is not None}
        self.send_raw(json.dumps({"id": req_id, "cmd": cmd, **given}).encode())
        return self._read(timeout or self.manifest.timeout_s, expect_id=req_id)

    # -- internals -------------------------------------------------------------------
    def _read(self, timeout: float, expect_id: int | None) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            self.kill()
            raise RunnerFault("timeout", f"no reply within {timeout:g} s") from None
        if line is None:
            raise RunnerFault("crash", self._death_message())
        try:
            obj = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError):
            self.kill()
            raise RunnerFault("garbage", f"not a JSON line: {_short(line)}") from None
        if not isinstance(obj, dict):
            self.kill()
            raise RunnerFault("garbage", f"not a JSON object: {_short(line)}")
        if expect_id is not None and obj.get("id") != expect_id:
            self.kill()
            raise RunnerFault("garbage", f"reply id {obj.get('id')!r}, expected {expect_id}")
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
        for line in proc.stderr:
            self._stderr.append(line.decode(errors="replace").rstrip())


def _pump_stdout(proc: subprocess.Popen[bytes], lines: queue.Queue[bytes | None]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip():
            lines.put(line)
    lines.put(None)


def _short(value: object, limit: int = 120) -> str:
    text = value.decode(errors="replace") if isinstance(value, bytes) else repr(value)
    text = text.strip()
    return text if len(text) <= limit else text[:limit] + "…"
