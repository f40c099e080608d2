"""The timed loop, the allocation pass and peak RSS.

A sample is: read time.perf_counter_ns (CLOCK_MONOTONIC), call the prepared op `iters`
times, read the clock. The loop body is the op call, one store and the sink update — no
JSON, no allocation of the runner's own. There is one loop per result type so the sink
update stays one operation: bytes feed their first byte, strings their length, booleans
themselves. The result of the last call is kept for the reply.

`noop` times the same bytes loop around a function that returns a constant: the loop's
own cost plus one Python call, which is what every op pays on top of its work.

Bytes per op (a separate, untimed pass, so tracing never slows the timed loop): for each
of a few calls, tracemalloc's traced peak during the call minus the traced size just
before it, averaged: the most memory the op held at once through Python's allocators
(its objects and its output). Memory a C or Rust library takes from malloc directly
(argon2's blocks, scrypt's V, OpenSSL's contexts) is not traced by tracemalloc.
"""

from __future__ import annotations

import resource
import time
import tracemalloc
from collections.abc import Callable
from itertools import repeat
from typing import Any

_CONSTANT = b"\x01"


def noop() -> bytes:
    return _CONSTANT


def _loop_bytes(op: Callable[[], bytes], iters: int, samples: int) -> tuple[list[int], int, Any]:
    clock = time.perf_counter_ns
    out: list[int] = []
    sink = 0
    r = None
    for _ in range(samples):
        rounds = repeat(None, iters)
        t0 = clock()
        for _ in rounds:
            r = op()
            sink ^= r[0]
        t1 = clock()
        out.append(t1 - t0)
    return out, sink, r


def _loop_str(op: Callable[[], str], iters: int, samples: int) -> tuple[list[int], int, Any]:
    clock = time.perf_counter_ns
    out: list[int] = []
    sink = 0
    r = None
    for _ in range(samples):
        rounds = repeat(None, iters)
        t0 = clock()
        for _ in rounds:
            r = op()
            sink ^= len(r)
        t1 = clock()
        out.append(t1 - t0)
    return out, sink, r


def _loop_bool(op: Callable[[], bool], iters: int, samples: int) -> tuple[list[int], int, Any]:
    clock = time.perf_counter_ns
    out: list[int] = []
    sink = 0
    r = None
    for _ in range(samples):
        rounds = repeat(None, iters)
        t0 = clock()
        for _ in rounds:
            r = op()
            sink ^= r
        t1 = clock()
        out.append(t1 - t0)
    return out, sink, r


def _loop_pair(
    op: Callable[[], tuple[str, bool]], iters: int, samples: int
) -> tuple[list[int], int, Any]:
    clock = time.perf_counter_ns
    out: list[int] = []
    sink = 0
    r = None
    for _ in range(samples):
        rounds = repeat(None, iters)
        t0 = clock()
        for _ in rounds:
            r = op()
            sink ^= r[1]
        t1 = clock()
        out.append(t1 - t0)
    return out, sink, r


LOOPS = {"bytes": _loop_bytes, "str": _loop_str, "bool": _loop_bool, "pair": _loop_pair}


def run(
    op: Callable[[], Any], result: str, iters: int, samples: int, warm: bool, alloc: bool
) -> tuple[list[int], str, Any, float | None]:
    """Time `samples` samples, after one untimed call when `warm`; then the allocation
    pass when `alloc` (None otherwise). A case's later requests skip both: the
    orchestrator warms the case up itself and needs its bytes per op once.

    Returns (samples_ns, check, last result, alloc_bytes_per_op).
    """
    if warm:
        op()
    samples_ns, sink, last = LOOPS[result](op, iters, samples)
    if not alloc:
        return samples_ns, f"{sink & 0xFF:02x}", last, None
    op_ns = min(samples_ns) // iters
    return samples_ns, f"{sink & 0xFF:02x}", last, alloc_per_op(op, op_ns, iters)


def alloc_per_op(op: Callable[[], Any], op_ns: int, iters: int) -> float:
    # A few calls, within about 0.2 s of the op's own time (at least one call).
    calls = max(1, min(iters, 100, 200_000_000 // max(op_ns, 1)))
    tracemalloc.start()
    try:
        total = 0
        for _ in range(calls):
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            result = op()
            total += tracemalloc.get_traced_memory()[1] - before
            del result
    finally:
        tracemalloc.stop()
    return total / calls


def peak_rss_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
