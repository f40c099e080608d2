"""Idle runner processes are stopped while another is asked, and woken by their next
request: a runtime's background work (a JIT compiling, a collector) must not take CPU
from the runner being measured (runner/pool.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench.runner.placement import Placement
from hashbench.runner.pool import RunnerPool
from hashbench.runner.protocol import Request

RUNNERS = ("c", "python")


def _state(pid: int) -> str:
    """The kernel's one-letter state of a process: T when stopped."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0]


def _pool(pause_idle: bool) -> RunnerPool:
    manifests = [m for m in MANIFESTS if m.name in RUNNERS]
    for manifest in manifests:
        if why := runner_unavailable(manifest):
            pytest.skip(why)
    pool = RunnerPool(manifests, placement=Placement(pause_idle=pause_idle))
    pool.start()
    return pool


def _digest(pool: RunnerPool, impl: str) -> str:
    request = Request(cmd="digest", impl=impl, alg="sha256", input="616263")
    reply = pool.request(impl, 0, request)
    assert reply.output is not None
    return reply.output


ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_only_the_runner_asked_last_is_awake():
    with _pool(pause_idle=True) as pool:
        c, py = pool.clients["c"].pid, pool.clients["python"].pid
        assert c and py
        assert _state(c) == "T" and _state(py) == "T"  # after start, all idle
        assert _digest(pool, "c/openssl") == ABC_SHA256
        assert _state(c) != "T" and _state(py) == "T"
        assert _digest(pool, "python/hashlib") == ABC_SHA256
        assert _state(c) == "T" and _state(py) != "T"
        assert _digest(pool, "c/openssl") == ABC_SHA256  # a stopped runner answers
    # closed: both quit, none left stopped behind
    assert not Path(f"/proc/{c}").exists() or _state(c) == "Z"
    assert not Path(f"/proc/{py}").exists() or _state(py) == "Z"


def test_a_stopped_runner_asked_directly_wakes_itself():
    with _pool(pause_idle=True) as pool:
        client = pool.clients["python"]
        assert client.paused
        reply = client.call(
            Request(cmd="digest", impl="python/hashlib", alg="sha256", input="616263")
        )
        assert reply.output == ABC_SHA256 and not client.paused


def test_left_running_when_asked_to():
    with _pool(pause_idle=False) as pool:
        assert _digest(pool, "c/openssl") == ABC_SHA256
        assert all(_state(client.pid) != "T" for client in pool.clients.values() if client.pid)
        assert pool.placement.describe().endswith("idle runners left running")
