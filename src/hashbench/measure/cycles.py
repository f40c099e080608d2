"""Cycles estimated from Valgrind's cache simulation: a model, not a measurement.

    cycles = L1 hits + 5 · LL hits + 35 · RAM accesses

where an L1 hit is an instruction fetch or data access the first-level caches served
(Ir + Dr + Dw − I1mr − D1mr − D1mw), an LL hit one the last level served (first-level
misses − last-level misses) and a RAM access a last-level miss (ILmr + DLmr + DLmw).
These are the weights of Itamar Turner-Trauring's formula
(pythonspeed.com/articles/consistent-benchmarking-in-ci/), which iai-callgrind's
`EstimatedCycles` uses too. CodSpeed's CPU simulation also weighs cache and memory
accesses into "cycles" but publishes no weights. Where this differs from both: the cache
geometry is fixed (runner/valgrind.py), not the host's, so a figure does not change with
the machine it was counted on; see docs/instructions.md.
"""

from __future__ import annotations

from collections.abc import Mapping

WEIGHTS: dict[str, float] = {"l1_hit": 1.0, "ll_hit": 5.0, "ram": 35.0}


def estimate(events: Mapping[str, float], weights: Mapping[str, float] = WEIGHTS) -> float | None:
    """Cycles from cachegrind's events (its names: Ir, Dr, …); None without the cache
    simulation's events."""
    names = ("Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw")
    if any(n not in events for n in names):
        return None
    accesses = events["Ir"] + events["Dr"] + events["Dw"]
    l1_misses = events["I1mr"] + events["D1mr"] + events["D1mw"]
    ram = events["ILmr"] + events["DLmr"] + events["DLmw"]
    return (
        weights["l1_hit"] * (accesses - l1_misses)
        + weights["ll_hit"] * (l1_misses - ram)
        + weights["ram"] * ram
    )
