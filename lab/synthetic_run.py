"""A synthetic run the size of a full `seeds` run, built from a real results file by
repeating its valid cases under new group numbers (for the speed scripts beside this one)."""

from __future__ import annotations

import numpy as np

from hashbench.measure.stats import summarize
from hashbench.model import CaseRecord, RunFile


def synthetic(base: RunFile, cases: int, samples: int, seed: int, shift: float = 0.0) -> RunFile:
    rng = np.random.default_rng(seed)
    valid = [c for c in base.cases if c.valid]
    out: list[CaseRecord] = []
    for i in range(cases):
        template = valid[i % len(valid)]
        centre = template.measured.median * (1 + shift)
        raw = rng.normal(centre, centre * 0.02, samples).clip(1)
        group = i // len(valid)
        params = {**template.params, "k": group}
        record = CaseRecord(
            group=group, group_title=f"{template.group_title} #{group}", impl=template.impl,
            runner=template.runner, backend=template.backend, alg=template.alg,
            op=template.op, params=params, mode=template.mode, input_size=template.input_size,
            status="ok", reason="", iters=1, samples_ns=[int(v) for v in raw],
            sample_rounds=[0] * samples, stats=summarize(raw), mb_per_s=template.mb_per_s,
        )  # fmt: skip
        out.append(record)
    return RunFile(suite="synthetic", started=base.started, environment=base.environment, cases=out)
