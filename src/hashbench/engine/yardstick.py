"""The machine's own speed through a run: a fixed, tiny workload (OpenSSL's sha256 of 1 KiB,
through the C runner's c/openssl) measured before every interleaved round of a group's
cases, so a comparison between runs can tell the machine moving (every case slower
because the VM's host is busier, or the process landed on a slower CPU) from a library
moving (this case slower, the yardstick not). Read once a round, its readings span the
same seconds as the cases' samples and have a spread of their own: a run of one group
and two libraries still knows how far the machine moved, and how well (measure/
machine_move.py). Its code does not change with the libraries measured; an OpenSSL or
compiler upgrade moves it too, and `compare` says so.

Each reading is three samples of about 2 ms: ~6 ms a round.
"""

from __future__ import annotations

import math
import statistics

from hashbench.engine.runners import Runners
from hashbench.runner.protocol import Request, RunnerError

IMPL = "c/openssl"
RUNNER = IMPL.split("/", 1)[0]
ALG = "sha256"
INPUT = 1024
SAMPLE_NS = 2_000_000
SAMPLES = 3


class Yardstick:
    def __init__(self, runners: Runners):
        self.runners = runners
        self.iters: int | None = None
        self.available = IMPL in runners.implementations

    def measure(self) -> float | None:
        """ns per op now, or None when the C runner is not here or fails."""
        if not self.available:
            return None
        try:
            if self.iters is None:
                one = self._bench(iters=1000, samples=2)
                self.iters = max(1, math.ceil(SAMPLE_NS / (one[-1] / 1000)))
            samples = self._bench(self.iters, SAMPLES)
        except RunnerError:
            self.available = False  # a failed yardstick is not retried in this run
            return None
        return statistics.median(samples) / self.iters

    def _bench(self, iters: int, samples: int) -> list[int]:
        request = Request(
            cmd="bench",
            impl=IMPL,
            op="digest",
            alg=ALG,
            mode="oneshot",
            input_size=INPUT,
            iters=iters,
            samples=samples,
            warm=True,
            alloc=False,
        )
        reply = self.runners.request(IMPL, 0, request)
        if not reply.samples_ns or len(reply.samples_ns) != samples:
            raise RunnerError("garbage", "yardstick: bench reply without its samples")
        return reply.samples_ns
