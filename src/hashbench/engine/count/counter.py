"""One counted runner process: the runner started under Valgrind, one bench request of
`ops` ops (no warm op, no allocation pass), quit, and the totals Valgrind wrote as the
process exited. Nothing of this touches a timed run: the wrapper is given to this
process's client only."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import msgspec

from hashbench.model.counts import CountedProcess
from hashbench.runner import valgrind
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import Manifest
from hashbench.runner.protocol import Reply, Request, RunnerError

SLOWDOWN = 200  # a request under Valgrind may take this many times its manifest's timeout
START_S = 600.0  # an interpreter's start-up under Valgrind takes seconds; allow minutes
EXIT_S = 120.0  # writing the totals at exit


@dataclass(frozen=True)
class Counter:
    cache_sim: bool

    def count(self, manifest: Manifest, request: Request, ops: int) -> tuple[CountedProcess, Reply]:
        """The process's totals and its reply; a runner fault or an error reply raises
        RunnerError, and totals Valgrind did not write raise it as a crash."""
        asked = msgspec.structs.replace(request, iters=ops, samples=1, warm=False, alloc=False)
        with tempfile.TemporaryDirectory(prefix="hashbench-count-") as folder:
            out = Path(folder) / "cachegrind.out"
            client = RunnerClient(
                manifest,
                start_timeout=START_S,
                wrap=valgrind.wrapper(out, self.cache_sim),
                env=manifest.count_env,
            )
            try:
                client.start()
                reply = client.call(asked, timeout=manifest.timeout_s * SLOWDOWN)
            finally:
                client.close(wait_s=EXIT_S)
            try:
                totals = valgrind.read_totals(out)
            except valgrind.NoCounts as exc:
                raise RunnerError("crash", f"under Valgrind: {exc}") from None
        return CountedProcess(ops, totals), reply
