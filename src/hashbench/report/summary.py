"""Group summaries ("N× faster than") and the fastest case of each backend class.

A ratio is the ratio of the medians printed beside it (slower / fastest), with the
interval the two medians' own intervals allow; when those intervals overlap, the two
are called indistinguishable rather than ranked.
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.measure.compare import intervals_overlap, ratio_interval
from hashbench.model import CaseRecord


@dataclass(frozen=True)
class Ratio:
    impl: str
    ratio: float  # other median / fastest median
    low: float
    high: float
    indistinguishable: bool


def ratio(fast: CaseRecord, slow: CaseRecord) -> Ratio:
    r, low, high = ratio_interval(fast.measured, slow.measured)
    return Ratio(slow.impl, r, low, high, intervals_overlap(fast.measured, slow.measured))


def ranked(cases: list[CaseRecord]) -> list[CaseRecord]:
    """The valid cases, fastest median first."""
    return sorted((c for c in cases if c.valid), key=lambda c: c.measured.median)


def group_summary(cases: list[CaseRecord]) -> tuple[CaseRecord | None, list[Ratio]]:
    """The fastest valid case (by median) and the ratio of every other to it."""
    valid = ranked(cases)
    if not valid:
        return None, []
    return valid[0], [ratio(valid[0], c) for c in valid[1:]]


BACKEND_CLASSES = {"wasm": "WASM", "pure": "pure"}  # every other backend runs native code


def backend_class(backend: str) -> str:
    """native (C, Rust, asm, JNA, FFI), WASM or pure (the runtime's own language)."""
    return BACKEND_CLASSES.get(backend, "native")


def by_backend(cases: list[CaseRecord]) -> list[tuple[str, CaseRecord, float]]:
    """The fastest case of each backend class and its ratio to the fastest overall, when
    the group has at least two classes: the question of whoever cannot load native code
    (Deno Deploy, browsers, edge runtimes) is "what is the fastest WASM or pure one"."""
    best: dict[str, CaseRecord] = {}
    for c in ranked(cases):
        best.setdefault(backend_class(c.backend), c)
    if len(best) < 2:
        return []
    leader = next(iter(best.values()))
    return [(cls, c, 1.0 if c is leader else ratio(leader, c).ratio) for cls, c in best.items()]
