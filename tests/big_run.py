"""A synthetic run of the size and shape of a full `seeds` run, for tests of the exporters
and `compare` on a big file, and for the speed figures in docs/reports.md
(lab/report_speed.py). Never timed in tests.

Shape: the groups of suites/seeds.toml × every implementation the catalog lists as
available; a case is measured when the implementation has the algorithm, and otherwise
not applicable, as a real run records it (docs/benchmarks/time-and-harnesses.md: 72
groups, 7,368 records, 1,054 measured). Samples per case follow the suite's budget (a
bcrypt cost 16 hash gets its minimum of a few, a digest up to `max_samples`), around a
median set by the work.
"""

from __future__ import annotations

import dataclasses
import zlib

import numpy as np

from hashbench import catalog
from hashbench.catalog import libraries
from hashbench.engine import suite as suites
from hashbench.measure.stats import mb_per_s, summarize
from hashbench.model import CaseRecord, Environment, RunFile


def _median_ns(group: suites.Group) -> float:
    """A plausible time per op for the group's work, in ns."""
    p = group.param_dict
    if group.input_size is not None:
        return 150.0 + group.input_size * 1.5
    if group.alg == "bcrypt":
        return 45e6 * 2.0 ** (p["cost"] - 10)
    return 1e8  # argon2id 64 MiB, scrypt N=2^16: about a tenth of a second


def _speed(impl: str) -> float:
    """How much slower than the plain work an implementation is: 0.8 to 3.0, the same
    in every run (seeded by its name, so a catalog that grows does not reshuffle it)."""
    return 0.8 + 2.2 * (zlib.crc32(impl.encode()) % 1000) / 1000


def _implementations() -> list[tuple[str, str, set[str]]]:
    return sorted(
        (row.impl, row.backend, set(row.algorithms)) for row in libraries.load() if row.available
    )


def seeds_shaped(seed: int = 1, shift: float = 0.0, max_samples: int = 250) -> RunFile:
    """`shift` makes every measured case that much slower (0.1: 10%)."""
    impls = _implementations()
    rng = np.random.default_rng(seed)
    cases: list[CaseRecord] = []
    for number, group in enumerate(suites.load("seeds").groups):
        if group.library_defaults:  # as if every library's defaults were the catalog's
            params = catalog.validate(group.alg, {})
            group = dataclasses.replace(group, params=tuple(params.items()))
        title = group.title()
        for impl, backend, algorithms in impls:
            fields = dict(
                group=number, group_title=title, impl=impl, runner=impl.split("/")[0],
                backend=backend, alg=group.alg, op=group.op, params=group.param_dict,
                length=group.length, input_size=group.input_size, mode=group.mode,
                library_defaults=group.library_defaults,
            )  # fmt: skip
            if group.alg not in algorithms:
                cases.append(
                    CaseRecord(**fields, status="not_applicable", reason=f"no {group.alg}")
                )
                continue
            centre = _median_ns(group) * _speed(impl) * (1 + shift)
            n = int(np.clip(group.budget * 1e9 / centre, group.min_samples, max_samples))
            per_op = rng.lognormal(np.log(centre), 0.02, n)
            stats = summarize(per_op)
            record = CaseRecord(
                **fields, status="ok", reason="", iters=1, samples_ns=[int(v) for v in per_op],
                sample_rounds=list(range(n)), stats=stats, stop="budget",
                mb_per_s=(
                    mb_per_s(group.input_size, stats.median) if group.input_size else None
                ),
            )  # fmt: skip
            cases.append(record)
    environment = Environment(cpu="synthetic", cores=2, os="Linux", load_start=[0.0, 0.0, 0.0])
    return RunFile(
        suite="seeds",
        started="2026-11-25T00:00:00+00:00",
        finished="2026-11-25T01:00:00+00:00",
        environment=environment,
        cases=cases,
    )
