"""One case in one run as a history plot draws it: `history CASE --html` and the site's
group pages both plot these (report/history_page.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HistoryPoint:
    run: int
    started: str
    machine: str
    median: float
    low: float
    high: float
    change: str  # what moved and why; "" when nothing did
