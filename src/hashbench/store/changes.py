"""Change points in a case's history: where its median moved beyond a threshold between
two consecutive runs whose intervals are apart, and what changed with it (library,
toolchain, machine, the machine's own yardstick). `history` and `site` mark them."""

from __future__ import annotations

from hashbench.model.history_point import HistoryPoint
from hashbench.store.history import CasePoint


def changes(points: list[CasePoint], limit: float) -> dict[int, str]:
    """Run id → what changed, where a case's median moved beyond `limit` between two
    consecutive runs with intervals apart (a change point)."""
    marked: dict[int, str] = {}
    valid = [p for p in points if p.median is not None]
    for before, after in zip(valid, valid[1:], strict=False):
        assert before.median and after.median is not None
        apart = after.median_low > before.median_high or after.median_high < before.median_low  # type: ignore[operator]
        moved = after.median / before.median - 1
        if apart and abs(moved) > limit:
            what = [
                f"{label} {a} → {b}"
                for label, a, b in (
                    ("library", before.library_version, after.library_version),
                    ("toolchain", before.runtime, after.runtime),
                    ("machine", before.machine, after.machine),
                )
                if a != b
            ]
            machine = ""
            if before.yardstick and after.yardstick:
                stick = after.yardstick / before.yardstick - 1
                machine = f" (the machine's yardstick {stick:+.1%})"
            marked[after.run_id] = f"{moved:+.1%}{machine}: " + (
                "; ".join(what) or "nothing recorded changed"
            )
    return marked


def plotted(points: list[CasePoint], limit: float) -> list[HistoryPoint]:
    """The measured points of a case's history, each with its change (if any)."""
    marked = changes(points, limit)
    return [
        HistoryPoint(p.run_id, p.started, p.machine, p.median, p.median_low or p.median,
                     p.median_high or p.median, marked.get(p.run_id, ""))
        for p in points
        if p.median is not None
    ]  # fmt: skip
