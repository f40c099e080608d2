"""Group summaries ("N× faster than"), computed from the interleaved rounds.

For two implementations measured in the same rounds, the ratio is the median over rounds
of (median time of B in round r) / (median time of A in round r), so a slow drift of the
machine cancels out; without common rounds it falls back to the ratio of medians.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from hashbench.model import CaseRecord


def _round_medians(case: CaseRecord) -> dict[int, float]:
    by_round: dict[int, list[float]] = defaultdict(list)
    iters = case.iters or 1
    rounds = case.sample_rounds or [0] * len(case.samples_ns)
    for r, s in zip(rounds, case.samples_ns, strict=False):
        by_round[r].append(s / iters)
    return {r: float(np.median(v)) for r, v in by_round.items()}


def ratio(fast: CaseRecord, slow: CaseRecord) -> float:
    a, b = _round_medians(fast), _round_medians(slow)
    common = sorted(set(a) & set(b))
    if len(common) >= 3:
        return float(np.median([b[r] / a[r] for r in common]))
    return slow.measured.median / fast.measured.median


def group_summary(cases: list[CaseRecord]) -> tuple[CaseRecord | None, list[tuple[str, float]]]:
    """The fastest valid case (by median) and the ratio of every other to it."""
    valid = [c for c in cases if c.valid]
    if len(valid) < 2:
        return (valid[0] if valid else None), []
    fastest = min(valid, key=lambda c: c.measured.median)
    others = sorted((c for c in valid if c is not fastest), key=lambda c: c.measured.median)
    return fastest, [(c.impl, ratio(fastest, c)) for c in others]


BACKEND_CLASSES = {"wasm": "WASM", "pure": "pure"}  # every other backend runs native code


def backend_class(backend: str) -> str:
    """native (C, Rust, asm, JNA, FFI), WASM or pure (the runtime's own language)."""
    return BACKEND_CLASSES.get(backend, "native")


def by_backend(cases: list[CaseRecord]) -> list[tuple[str, CaseRecord, float]]:
    """The fastest case of each backend class and its ratio to the fastest overall, when
    the group has at least two classes: the question of whoever cannot load native code
    (Deno Deploy, browsers, edge runtimes) is "what is the fastest WASM or pure one"."""
    valid = [c for c in cases if c.valid]
    best: dict[str, CaseRecord] = {}
    for c in sorted(valid, key=lambda c: c.measured.median):
        best.setdefault(backend_class(c.backend), c)
    if len(best) < 2:
        return []
    leader = next(iter(best.values()))
    return [(cls, c, 1.0 if c is leader else ratio(leader, c)) for cls, c in best.items()]
