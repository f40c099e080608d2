"""One case in one run as a history plot draws it: `history CASE --html` and the site's
group pages both plot these (report/history_page.py). A case's history is one series per
measure (time, instructions, cycles): a timed point and a counted one are never drawn,
joined or compared together."""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.model.counts import COUNT_THRESHOLD, Measure

# what a series' figure is, as its table, plot and change points name it
UNITS: dict[str, str] = {"time": "time/op", "instructions": "instructions/op",
                         "cycles": "cycles/op"}  # fmt: skip
TIME_THRESHOLD = 0.05  # the smallest move of a timed median marked by default


def threshold(measure: Measure, given: float | None = None) -> float:
    """The smallest move a series' change point needs: `given` (`--threshold`), else 5% of
    a median for times and `compare`'s 0.5% for counts."""
    if given is not None:
        return given
    return TIME_THRESHOLD if measure == "time" else COUNT_THRESHOLD


@dataclass(frozen=True)
class HistoryPoint:
    run: int
    started: str
    machine: str
    median: float  # a counted series: the count per op (low and high the same)
    low: float
    high: float
    change: str  # what moved and why; "" when nothing did
