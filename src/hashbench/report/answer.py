"""The run's answer in a few lines, above its tables: each group's fastest and how far
behind its slowest is, then what failed verification or was refused."""

from __future__ import annotations

from hashbench.model import CaseRecord, RunFile
from hashbench.report import units
from hashbench.report.summary import group_summary
from hashbench.report.titles import groups, title

NAMED = 4  # failed cases named before "and N more"


def group_line(cases: list[CaseRecord]) -> str | None:
    """ "bcrypt cost=10 hash: c/libxcrypt 52.1 ms (fastest of 9; the slowest 3.2×)"; None
    for a group without a valid case."""
    fastest, ratios = group_summary(cases)
    if fastest is None:
        return None
    line = f"{title(fastest)}: {fastest.impl} {units.duration(fastest.measured.median)}"
    if ratios:
        line += f" (fastest of {len(ratios) + 1}; the slowest {ratios[-1].ratio:.1f}×)"
    return line


def failures(cases: list[CaseRecord], where: str = "see below") -> list[str]:
    """A line for the implementations that failed verification, one for those that
    failed, each naming the first few."""
    said = []
    for status, what in (("unverified", "failed verification"), ("failed", "failed")):
        bad = sorted({c.impl for c in cases if c.status == status})
        if bad:
            more = f" and {len(bad) - NAMED} more" if len(bad) > NAMED else ""
            said.append(f"{len(bad)} {what}: {', '.join(bad[:NAMED])}{more} ({where})")
    return said


def lines(run: RunFile) -> list[str]:
    said = [line for cases in groups(run) if (line := group_line(cases))]
    return said + failures(run.cases)
