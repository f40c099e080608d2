"""A case's point in its history, as the store's columns hold it: checked as a results
file's record is (results/values/), so a row stored before values were checked never
reaches a history, a change point or a site."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hashbench.results.values import bounds as b

if TYPE_CHECKING:
    from hashbench.store.history import CasePoint


def check(p: CasePoint) -> None:
    """Raises BadValue at the first figure out of bounds."""
    if p.median is not None:
        b.time_ns("$.stats.median", p.median)
        if p.median_low is not None and p.median_high is not None:
            b.interval("$.stats.median_ci", (p.median_low, p.median_high), p.median)
    if p.per_op is not None:
        b.positive("$.counts", p.per_op)
    if p.yardstick is not None:
        b.time_ns("$.yardstick_ns", p.yardstick)
