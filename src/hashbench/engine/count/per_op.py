"""Events per op from counted processes: (high − low) / (ops between them) for each pair,
averaged over the pairs (how far they are apart: model.counts.ir_spread)."""

from __future__ import annotations

from hashbench.measure import cycles
from hashbench.model.counts import CountedProcess, Counts

TOLERANCE = 1e-4  # two counts of a case further apart than 0.01%: a warning
FIELDS = {
    "Ir": "ir",
    "Dr": "dr",
    "Dw": "dw",
    "I1mr": "i1mr",
    "D1mr": "d1mr",
    "D1mw": "d1mw",
    "ILmr": "ilmr",
    "DLmr": "dlmr",
    "DLmw": "dlmw",
}


def pair_events(low: CountedProcess, high: CountedProcess) -> dict[str, float]:
    ops = high.ops - low.ops
    return {e: (high.totals[e] - low.totals.get(e, 0)) / ops for e in high.totals}


def per_op(pairs: list[tuple[CountedProcess, CountedProcess]]) -> Counts:
    """The mean over the pairs of each event per op, and the cycles estimated from them."""
    each = [pair_events(low, high) for low, high in pairs]
    names = [e for e in FIELDS if all(e in x for x in each)]
    # an event no op causes (a cache miss of sha256 on 1 KiB) differs between the two
    # processes by a few counts either way: below zero per op is that jitter, not a count
    mean = {e: max(0.0, sum(x[e] for x in each) / len(each)) for e in names}
    return Counts(
        **{FIELDS[e]: v for e, v in mean.items()},
        cycles=cycles.estimate(mean),
    )
