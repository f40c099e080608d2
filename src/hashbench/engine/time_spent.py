"""Where a run's wall time goes: starting runners, verifying and calibrating, warm-up,
sampling requests, starting further processes, writing results.

`sampled` is the sum of the recorded samples themselves: the time spent inside timed
loops. The rest of a sampling request (the JSON round trip, anything the runner does
around its loop) is the request's wall time minus that. A run's report says how much of
its wall time was sampling, so a suite that spends most of its time elsewhere shows it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

PHASES = (
    "start",  # starting the runners and measuring their loop overhead
    "verify",  # verifying each case and calibrating its iterations per sample
    "warm-up",
    "sampling",  # the requests whose samples are recorded (wall time)
    "restart",  # starting further runner processes (processes > 1), once per run
    "yardstick",  # the machine's yardstick, before each group's processes sample
    "write",  # writing results
)


@dataclass
class TimeSpent:
    phases: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PHASES, 0.0))
    sampled_s: float = 0.0  # the recorded samples' own time
    _started: float = field(default_factory=time.monotonic)

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        start = time.monotonic()
        try:
            yield
        finally:
            self.phases[name] += time.monotonic() - start

    def add_samples(self, samples_ns: list[int]) -> None:
        self.sampled_s += sum(samples_ns) / 1e9

    def drop_sample(self, sample_ns: int) -> None:
        """A recorded sample taken back (a cold first op found slower than the rest)."""
        self.sampled_s -= sample_ns / 1e9

    def summary(self) -> dict[str, float]:
        """Seconds per phase, plus `sampled`, `other` (outside every phase) and `wall`."""
        wall = time.monotonic() - self._started
        out = {name: round(s, 6) for name, s in self.phases.items()}
        out["sampled"] = round(self.sampled_s, 6)
        out["other"] = round(max(wall - sum(self.phases.values()), 0.0), 6)
        out["wall"] = round(wall, 6)
        return out
